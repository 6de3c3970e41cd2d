/// Recognises fence lines, following CommonMark's fenced code block rules.
public enum Lexer {
    /// An opening or closing code fence: at most three spaces of indent, then three or more
    /// backticks or tildes.
    public struct Fence: Sendable, Equatable {
        /// "`" or "~".
        public var character: Character
        public var length: Int
        /// Spaces before the fence.
        public var indent: Int
        /// The text after the fence, trimmed of surrounding spaces and tabs.
        public var info: String
    }

    /// The fence that `line` opens, if any. A backtick fence's info string may not hold a backtick.
    public static func openingFence(_ line: Line) -> Fence? {
        guard let fence = fenceRun(line.text) else { return nil }
        if fence.character == "`" && fence.info.contains("`") { return nil }
        return fence
    }

    /// True when `line` closes a block opened by `opening`: the same character, at least as long,
    /// and nothing but spaces after it.
    public static func closes(_ line: Line, _ opening: Fence) -> Bool {
        guard let fence = fenceRun(line.text) else { return false }
        return fence.character == opening.character && fence.length >= opening.length && fence.info.isEmpty
    }

    private static func fenceRun(_ text: String) -> Fence? {
        // Fast path: most lines are prose, and a fence's first non-space byte is ` or ~.
        guard let first = text.utf8.first(where: { $0 != UInt8(ascii: " ") }),
            first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
        else { return nil }
        var rest = Substring(text)
        let indent = rest.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        rest = rest.dropFirst(indent)
        guard let first = rest.first, first == "`" || first == "~" else { return nil }
        let length = rest.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        let info = rest.dropFirst(length).trimmingBlanks()
        return Fence(character: first, length: length, indent: indent, info: String(info))
    }
}

extension Substring {
    /// Drops leading and trailing spaces and tabs.
    func trimmingBlanks() -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }), let end = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return self[start...end]
    }
}
