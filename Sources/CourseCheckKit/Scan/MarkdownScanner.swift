/// Finds the fenced code blocks of a markdown file.
///
/// Each loop iteration consumes at least one line, so the scan ends on any input.
public enum MarkdownScanner {
    /// What scanning found: the closed blocks, in order, and any unterminated fence.
    public struct Result: Sendable {
        public var blocks: [FencedBlock]
        public var diagnostics: [Diagnostic]
    }

    public static func scan(_ file: SourceFile) -> Result {
        let lines = file.lines
        var blocks: [FencedBlock] = []
        var diagnostics: [Diagnostic] = []
        var index = 0
        while index < lines.count {
            guard let fence = Lexer.openingFence(lines[index]) else {
                index += 1
                continue
            }
            let opening = lines[index]
            var cursor = index + 1
            while cursor < lines.count && !Lexer.closes(lines[cursor], fence) {
                cursor += 1
            }
            guard cursor < lines.count else {
                let what = String(repeating: fence.character, count: fence.length)
                diagnostics.append(.error(
                    .unterminatedFence,
                    at: SourceLocation(path: file.path, line: opening.number, column: fence.indent + 1),
                    "unterminated code fence '\(what)'; no closing fence before the end of the file"))
                break
            }
            blocks.append(FencedBlock(
                opening: opening, fence: fence, body: Array(lines[(index + 1)..<cursor]), closing: lines[cursor]))
            index = cursor + 1
        }
        return Result(blocks: blocks, diagnostics: diagnostics)
    }
}
