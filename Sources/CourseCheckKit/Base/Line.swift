/// One line of a lesson, knowing its 1-based number and how it ended.
package struct Line: Sendable, Equatable {
    /// The 1-based line number in the file.
    package var number: Int
    /// The line's text without its terminator.
    package var text: String
    package var ending: LineEnding

    package init(number: Int, text: String, ending: LineEnding) {
        self.number = number
        self.text = text
        self.ending = ending
    }

    /// The line exactly as it stands in the file, terminator included.
    package var raw: String { text + ending.rawValue }

    /// The line for display in a diff: tabs shown as "→", trailing spaces as "·", a CR or CRLF
    /// ending as "␍", a missing final newline as "⌁", an invisible or look-alike character as
    /// `⟨U+200B ZERO WIDTH SPACE⟩`.
    package var visible: String {
        // Trailing spaces by bytes: building the body from reversed Characters cost thousands of
        // instructions a character, and a tree printing 200 KB made every check take 300 ms.
        let trailing = text.utf8.reversed().prefix { $0 == UInt8(ascii: " ") }.count
        let body = String(decoding: text.utf8.dropLast(trailing), as: UTF8.self)
        let shown =
            Invisible.marked(body.replacingOccurrences("\t", with: "→")) + String(repeating: "·", count: trailing)
        return switch ending {
        case .lf: shown
        case .crlf, .cr: shown + "␍"
        case .none: shown + "⌁"
        }
    }

    /// The line as a renderer shows it in a code block: CommonMark reads LF, CRLF and CR alike as a
    /// line ending, so a lesson saved with CRLF shows the same code and output as one with LF.
    package var rendered: Line {
        ending == .crlf || ending == .cr ? Line(number: number, text: text, ending: .lf) : self
    }

    /// True for a line that is empty or holds only spaces and tabs.
    package var isBlank: Bool { text.allSatisfy { $0 == " " || $0 == "\t" } }
}

/// How a line ended in the file. CommonMark accepts all three terminators.
package enum LineEnding: String, Sendable {
    case lf = "\n"
    case crlf = "\r\n"
    case cr = "\r"
    /// The last line of a file with no final newline.
    case none = ""

    /// A human name for messages, e.g. "CRLF".
    package var name: String {
        switch self {
        case .lf: "LF"
        case .crlf: "CRLF"
        case .cr: "CR"
        case .none: "no line terminator"
        }
    }
}
