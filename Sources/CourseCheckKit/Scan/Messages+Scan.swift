/// Reading a lesson file: its bytes, and the markdown structure around its fenced blocks.
extension Diagnostic {
    /// The file holds a NUL byte (`invalidByte` nil) or invalid UTF-8 (the byte, in hex, at its offset).
    static func encoding(at location: SourceLocation, invalidByte: (hex: String, offset: Int)?) -> Diagnostic {
        guard let invalidByte else {
            return Diagnostic(
                .encoding, at: location, "file holds a NUL byte; it looks binary, not like a markdown lesson")
        }
        return Diagnostic(
            .encoding, at: location,
            "file is not valid UTF-8 (byte 0x\(invalidByte.hex) at offset \(invalidByte.offset))")
    }

    static func byteOrderMark(in path: String) -> Diagnostic {
        Diagnostic(
            .byteOrderMark, at: SourceLocation(path: path, line: 1),
            "file starts with a UTF-8 byte order mark; it is ignored, but editors and diffs may show it; save the file "
                + "without it (as UTF-8 with no BOM)")
    }

    /// A fence never closed: by the end of the file, or (`container` given) by the end of the
    /// block quote or list item it stands in, after line `containerEnd`.
    static func unterminatedFence(
        at location: SourceLocation, fence: String, container: FencedBlock.Container?, containerEnd: Int
    ) -> Diagnostic {
        guard let container = container?.rawValue else {
            return Diagnostic(
                .unterminatedFence, at: location,
                "unterminated code fence '\(fence)'; no closing fence before the end of the file")
        }
        return Diagnostic(
            .unterminatedFence, at: location,
            "code fence '\(fence)' is ended by its \(container), which ends after line \(containerEnd), not by a "
                + "closing fence; close it inside the \(container)")
    }

    static func markdownNesting(at location: SourceLocation, maximumDepth: Int) -> Diagnostic {
        Diagnostic(
            .markdownNesting, at: location,
            "block quotes and list items nested deeper than \(maximumDepth) levels are not supported; "
                + "the rest of the line is read as text")
    }

    /// A markdown file beside the lessons whose name is not a lesson's; it is left unchecked.
    static func uncheckedMarkdown(_ path: String) -> Diagnostic {
        Diagnostic(
            .uncheckedMarkdown, at: SourceLocation(path: path, line: 1),
            "markdown file is not named like a lesson (NN-slug.md) and is not checked: move it out of the lessons "
                + "directory, or name it NN-slug.md to check it as a lesson")
    }

    /// The course index saved as `name` (`README.txt`, `README`, `index.md`, at `path`), which
    /// coursecheck does not read it from and GitHub does not render as the index.
    static func indexStandIn(_ path: String, name: String) -> Diagnostic {
        let shown =
            name.lowercased() == "index.md"
            ? "GitHub shows only a README beside the lessons"
            : "GitHub shows \(name) as plain text, so its links are not links"
        return Diagnostic(
            .courseIndex, at: SourceLocation(path: path, line: 1, column: 1),
            "rename \(name) to README.md: it holds the course index, which coursecheck reads from README.md, "
                + "and \(shown)")
    }

    /// A file named like a lesson in `folder`, a sub-folder of the lessons directory `lessons`:
    /// only the files of the directories given are read, so it is not checked.
    static func nestedLesson(_ path: String, folder: String, lessons: String) -> Diagnostic {
        Diagnostic(
            .uncheckedMarkdown, at: SourceLocation(path: path, line: 1),
            "lesson file in a sub-folder is not checked: coursecheck reads the lessons of \(lessons) itself, not of "
                + "its sub-folders (\(folder)/); move it into \(lessons), or out of \(lessons) if it is not a lesson")
    }

    /// A lesson whose name differs from `other`'s only in case.
    static func caseCollision(at location: SourceLocation, other: String) -> Diagnostic {
        Diagnostic(
            .caseCollision, at: location,
            "this name differs from \(other) only in case: here they are two lessons, but on macOS and Windows one file, "
                + "so a checkout there loses one of them; rename one")
    }
}

extension Diagnostic {
    /// A lesson's file name holding a decomposed letter; `composed` is the name to give it.
    static func decomposedName(at location: SourceLocation, letter: Character, composed: String) -> Diagnostic {
        Diagnostic(
            .decomposed, at: location,
            "the file name has \(Decomposed.describe(letter)); rename it to \(composed) (composed): git and a Linux "
                + "file system take the two forms for two names")
    }

    /// A page's text holding decomposed letters: the first, and how many others.
    static func decomposedText(at location: SourceLocation, letter: Character, others: Int) -> Diagnostic {
        Diagnostic(
            .decomposed, at: location,
            Decomposed.describe(letter, verb: "is saved ")
                + (others > 0 ? ", here and in \(Plural.count(others, "more place")) of this file" : "")
                + "; write it composed, or save the file as NFC")
    }
}
