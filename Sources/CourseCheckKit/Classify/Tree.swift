/// A runnable program of a lesson together with the output the lesson says it prints.
package struct Tree: Sendable, Equatable {
    package var block: FencedBlock
    package var expected: FencedBlock

    /// The `// main.swift — ...` line, which names the tree in every report.
    package var header: Line { block.body[0] }

    /// The header's description after `// main.swift`, e.g. "alti degisiklik, dort tetik".
    package var title: String { Self.title(ofHeader: header.text) }

    /// The description in a `// main.swift — ...` header line.
    package static func title(ofHeader header: String) -> String {
        var rest = Substring(header.dropFirst(BlockRole.treeMarker.count))
        rest = rest.trimmingBlanks()
        for dash in ["—", "–", "-"] where rest.hasPrefix(dash) {
            rest = rest.dropFirst(dash.count).trimmingBlanks()
            break
        }
        return String(rest)
    }

    /// The tree's source, as `main.swift` would hold it.
    package var source: String { block.content }

    /// A location in the tree's source (a line of the file, a column of the rendered line) as a
    /// location in the file: in a block quote or list item, the container prefix is added back.
    package func location(line: Int, column: Int, in path: String) -> SourceLocation {
        SourceLocation(path: path, line: line, column: block.fileColumn(line: line, column))
    }

    package func headerLocation(in path: String) -> SourceLocation {
        SourceLocation(path: path, line: header.number, column: block.fileColumn(bodyLine: 0, 1))
    }
}
