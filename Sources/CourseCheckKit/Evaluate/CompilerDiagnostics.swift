import Foundation

/// Reads swiftc's `file:line:col: error: message` output and maps the generated `main.swift`
/// lines back to the lesson lines they came from.
package enum CompilerDiagnostics {
    /// One error swiftc reported.
    package struct Entry: Sendable, Equatable, Codable {
        package var file: String
        package var line: Int
        package var column: Int
        package var message: String
    }

    /// The errors in swiftc's output (warnings and notes are dropped).
    package static func errors(in output: String) -> [Entry] {
        var entries: [Entry] = []
        for line in output.split(separator: "\n") {
            guard let range = line.range(of: ": error: ") else { continue }
            let position = line[..<range.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard position.count >= 3, let row = Int(position[position.count - 2]),
                let column = Int(position[position.count - 1])
            else { continue }
            let file = position.dropLast(2).joined(separator: ":")
            entries.append(Entry(file: file, line: row, column: column, message: String(line[range.upperBound...])))
        }
        return entries
    }
}
