/// What a finding shows under its message. Kept as structure, not text, so that a reporter styles
/// each line by what it is (an added line, a hunk header) instead of by its first character.
public enum Attachment: Sendable, Equatable {
    /// A unified diff, as hunks.
    case diff(DiffHunks)
    /// Output captured from a run that failed.
    case excerpt(OutputExcerpt)
    /// A sentence shown in place of a diff (when a diff would mislead, as for line endings).
    case sentence(String)

    /// One printed line and what it is.
    public struct Line: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// `--- old` and `+++ new`.
            case fileHeader
            /// `@@ -1,2 +1,2 @@`.
            case hunkHeader
            case context
            case removed
            case added
            /// git's `\ No newline at end of file`.
            case noNewlineMarker
            /// Anything else: a sentence, an excerpt's title or lines.
            case plain
        }

        public var kind: Kind
        /// The whole line as printed, its diff prefix included, without the newline.
        public var text: String

        public init(_ kind: Kind, _ text: String) {
            self.kind = kind
            self.text = text
        }
    }

    /// The lines in order.
    public var lines: [Line] {
        switch self {
        case .diff(let diff): diff.lines
        case .excerpt(let excerpt): excerpt.lines
        case .sentence(let sentence): [Line(.plain, sentence)]
        }
    }

    /// The plain rendering: every line followed by a newline (JSON, JUnit, the job summary, LSP).
    public var text: String {
        lines.map { $0.text + "\n" }.joined()
    }
}

/// Captured output of a failed run, in titled sections (`partial output:`, `stderr:`), each cut to
/// its first lines with a count of the rest.
public struct OutputExcerpt: Sendable, Equatable {
    public struct Section: Sendable, Equatable {
        public var title: String
        public var lines: [String]
        /// Lines left out after `lines`.
        public var omitted: Int

        public init(title: String, lines: [String], omitted: Int) {
            self.title = title
            self.lines = lines
            self.omitted = omitted
        }
    }

    public var sections: [Section]

    public init(sections: [Section]) {
        self.sections = sections
    }

    /// Lines of captured output shown under a failed run.
    static let excerptLines = 10

    /// A section holding the first `excerptLines` lines of `bytes`, or nil when there are none.
    static func section(_ title: String, _ bytes: [UInt8]) -> Section? {
        guard !bytes.isEmpty else { return nil }
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return Section(
            title: title, lines: lines.prefix(excerptLines).map(String.init), omitted: max(lines.count - excerptLines, 0))
    }

    var lines: [Attachment.Line] {
        sections.flatMap { section in
            var lines = [Attachment.Line(.plain, section.title + ":")]
            lines += section.lines.map { Attachment.Line(.plain, "    " + $0) }
            if section.omitted > 0 {
                lines.append(Attachment.Line(.plain, "    ... \(Plural.count(section.omitted, "more line"))"))
            }
            return lines
        }
    }
}
