/// What a finding shows under its message. Kept as structure, not text, so that a reporter styles
/// each line by what it is (an added line, a hunk header) instead of by its first character.
package enum Attachment: Sendable, Equatable {
    /// A unified diff, as hunks.
    case diff(DiffHunks)
    /// Output captured from a run that failed.
    case excerpt(OutputExcerpt)
    /// A sentence shown in place of a diff (when a diff would mislead, as for line endings).
    case sentence(String)

    /// One printed line and what it is.
    package struct Line: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
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

        package var kind: Kind
        /// The whole line as printed, its diff prefix included, without the newline.
        package var text: String

        package init(_ kind: Kind, _ text: String) {
            self.kind = kind
            self.text = text
        }
    }

    /// The lines in order.
    package var lines: [Line] {
        switch self {
        case .diff(let diff): diff.lines
        case .excerpt(let excerpt): excerpt.lines
        case .sentence(let sentence): [Line(.plain, sentence)]
        }
    }

    /// The plain rendering: every line followed by a newline (JSON, JUnit, the job summary, LSP).
    package var text: String {
        lines.map { $0.text + "\n" }.joined()
    }
}

/// Captured output of a failed run, in titled sections (`partial output:`, `stderr:`), each cut to
/// its first lines with a count of the rest.
package struct OutputExcerpt: Sendable, Equatable {
    package struct Section: Sendable, Equatable {
        package var title: String
        package var lines: [String]
        /// Lines left out after `lines`.
        package var omitted: Int

        package init(title: String, lines: [String], omitted: Int) {
            self.title = title
            self.lines = lines
            self.omitted = omitted
        }
    }

    package var sections: [Section]

    package init(sections: [Section]) {
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
            title: title, lines: lines.prefix(excerptLines).map(String.init),
            omitted: max(lines.count - excerptLines, 0))
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
