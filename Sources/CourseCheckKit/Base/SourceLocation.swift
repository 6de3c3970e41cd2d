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

extension String {
    /// The path without its last component, as `NSString.deletingLastPathComponent` gives it
    /// (`a/b` → `a`, `a` → ``, `/a` → `/`), which traps on a one-character path in this Foundation.
    package var parentPath: String {
        var path = Substring(self)
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
