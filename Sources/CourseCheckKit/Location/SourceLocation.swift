/// A position in a lesson file: a display path, a 1-based line and a 1-based column.
///
/// Columns count UTF-8 bytes, as swiftc and clang do. The description is `path:line:col`; the
/// order is by path, then as the file reads.
package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var path: String
    package var line: Int
    package var column: Int

    package init(path: String, line: Int, column: Int = 1) {
        self.path = path
        self.line = line
        self.column = column
    }

    package var description: String { "\(path):\(line):\(column)" }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}
