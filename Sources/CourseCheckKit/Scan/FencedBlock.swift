/// A fenced code block: its opening fence, info string, body lines and closing fence.
public struct FencedBlock: Sendable, Equatable {
    public var opening: Line
    public var fence: Lexer.Fence
    public var body: [Line]
    public var closing: Line

    /// The info string, e.g. "swift"; empty for a bare fence.
    public var info: String { fence.info }

    /// The first word of the info string, which names the language.
    public var language: String {
        String(info.prefix { $0 != " " && $0 != "\t" && $0 != "{" })
    }

    /// The block's content exactly as in the file: every body line with its terminator.
    public var content: String { body.map(\.raw).joined() }

    /// The location of the opening fence.
    public func openingLocation(in path: String) -> SourceLocation {
        SourceLocation(path: path, line: opening.number, column: fence.indent + 1)
    }
}
