import Foundation

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
    /// By bytes, as the OS reads a path: walking Characters cost ~10 K instructions a call, and the
    /// golden store asks for hundreds.
    package var parentPath: String {
        let bytes = utf8
        var end = bytes.endIndex
        while bytes.distance(from: bytes.startIndex, to: end) > 1, bytes[bytes.index(before: end)] == UInt8(ascii: "/")
        {
            end = bytes.index(before: end)
        }
        guard let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == bytes.startIndex ? "/" : String(self[..<slash])
    }

    /// `trimmingCharacters(in: .whitespaces)` without Foundation's cost (~37 K instructions a call):
    /// a text whose first and last bytes are ASCII and neither space nor tab (the only ASCII members
    /// of `.whitespaces`) is returned as it is; any other drops the set's scalars (tab and the space
    /// separators) from both ends, scalar by scalar as Foundation does. Tested against Foundation.
    package var trimmingWhitespaces: String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        if first < 0x80, last < 0x80, first != 0x20, first != 0x09, last != 0x20, last != 0x09 { return self }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !Self.isSpaceOrTab($0) }),
            let end = scalars.lastIndex(where: { !Self.isSpaceOrTab($0) })
        else { return "" }
        return String(scalars[start...end])
    }

    /// A member of `CharacterSet.whitespaces` in this Foundation: a tab, a space separator (general
    /// category Zs), or ZERO WIDTH SPACE (which it counts too; the test pins this set to it).
    private static func isSpaceOrTab(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// The path's last component, as `NSString.lastPathComponent` gives it (`a/b.md` → `b.md`,
    /// `a/b/` → `b`, `/` → `/`), by bytes: Foundation's cost tens of thousands of instructions a call.
    package var lastPathComponent: String {
        let slash = UInt8(ascii: "/")
        var end = utf8.endIndex
        while end > utf8.index(after: utf8.startIndex), utf8[utf8.index(before: end)] == slash {
            end = utf8.index(before: end)
        }
        let body = utf8[..<end]
        if body.count == 1 && body.first == slash { return "/" }
        guard let last = body.lastIndex(of: slash) else { return String(self[..<end]) }
        return String(self[utf8.index(after: last)..<end])
    }
}
