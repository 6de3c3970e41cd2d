import Foundation

/// The confinement tests' one scan of `Sources/`: every code line (comment lines aside) of every
/// Swift file `skipping` does not exclude that `patterns` match, as `path:line: code`.
enum SourceScan {
    static func offenders(matching patterns: [String], skipping: (String) -> Bool) throws -> (
        offenders: [String], scanned: Int
    ) {
        let sources = Binary.packageRoot.appendingPathComponent("Sources")
        let pattern = try NSRegularExpression(pattern: patterns.joined(separator: "|"))
        var offenders: [String] = []
        var scanned = 0
        let walker = FileManager.default.enumerator(atPath: sources.path)
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let path = "Sources/" + relative
            guard !skipping(path) else { continue }
            scanned += 1
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                let range = NSRange(code.startIndex..., in: code)
                if pattern.firstMatch(in: code, range: range) != nil {
                    offenders.append("\(path):\(number + 1): \(code)")
                }
            }
        }
        return (offenders, scanned)
    }
}
