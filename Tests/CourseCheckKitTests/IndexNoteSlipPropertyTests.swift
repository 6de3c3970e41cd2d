import Foundation
import XCTest

@testable import CourseCheckKit

/// One index or note-label slip, one finding, at the slip. In a copy of the real course, one
/// random slip of the kinds that make the renderer restructure the index or unmake a note: an
/// index item's number longer than CommonMark allows, an item copied or moved into another part
/// of the index, a note's label written in a near form (not bold, other punctuation, the full stop
/// outside the bold, a leading zero, a space, another case, a look-alike letter or digit, a
/// no-break space, a capital of another script, a letter for a digit, a backslash, an invisible
/// character after the bold, an HTML comment (an empty one, `<!-->`, too) before it, a Turkish
/// `İ` or `ı` for a `1` of its number, the paragraph indented as code, any mark
/// for its full stop or between its letters and number, its number typed twice, a fullwidth full
/// stop, asterisks typed escaped or as character references (`&#42;`, `&ast;`, one side's only),
/// a letter of its prefix dropped, doubled or changed, no space after it (`**DR4.**Bu`), the label
/// wrapped in a code span, struck through, in an image's alt text or in an HTML comment, a link's
/// text not in bold), a front
/// matter's opening or closing line written as a near form of `---` (`+++` too, an opening with
/// trailing blanks; or the closing deleted), a key with no space after its colon, or a part
/// heading of the index (the first part's too) without its `## ` or at another level (a `===`
/// underline too), or a setext underline (`---`, `===`) typed right under a note's paragraph; a
/// reference in lower case, with a space or a letter for a digit. Whatever it
/// breaks downstream, the run reports
/// exactly one finding, on the slipped line. So
/// do the slips of the index's list (an item's link target replaced by another item's, an item
/// written as a bullet, a line with no blank line after it that a list not starting at 1 runs on
/// into, a marker without its space, with a comma, colon, dash or doubled full stop for its own,
/// a space before it, a Unicode space or a letter for a digit (`l2.`), a space between a link's
/// `]` and `(`, the next item run on into an item's line, a second lesson linked, a reference
/// link whose label is a typo of the one defined; a marker slip and a comment closed on the next
/// line in a later item of its list, one finding each) and a typo in
/// one of the three places that state a lesson's title (its front matter, its heading, its index
/// item) or a title written so it is none (`#Title`, `## Title`, `Title:`); two items
/// swapping their link targets are one finding each. Rewrites GitHub renders the same
/// (checked with cmark-gfm: a label's bold as `__`, `<strong>`, `<b>` or with an entity (for a digit or
/// its full stop) or an escaped full stop, in emphasis, a link or raw `<code>`; an index item renumbered where the list's numbering ignores it; a link reference
/// definition between items with blank lines around it; no blank line before a list starting at
/// 1; a title quoted otherwise or a heading closed with `#`; a front matter closed with `--- ` or
/// `...`) give none.
///
/// `COURSECHECK_PROPERTY_CASES` sets the number of slipped courses (`make soak` runs many); `make test`
/// runs one or two of each (every case is a run of the whole course), so each everyday run still
/// meets a fresh random instance. A failure names its seed, and `COURSECHECK_PROPERTY_SEED` replays it.
final class IndexNoteSlipPropertyTests: XCTestCase {
    typealias Generator = BlockStructurePropertyTests.Generator

    /// An index item line: its 0-based line, its number's digits, and the part (`## ` heading) it is under.
    struct IndexItem {
        var line: Int
        var digits: Int
        var part: Int
        /// True for the first item of its list (after a blank line or a heading).
        var first: Bool
    }

    static func indexItems(_ lines: [String]) -> [IndexItem] {
        var items: [IndexItem] = []
        var part = -1
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("## ") { part += 1 }
            let digits = line.prefix { $0.isASCII && $0.isNumber }.count
            guard digits > 0, line.dropFirst(digits).hasPrefix(". [") else { continue }
            items.append(
                IndexItem(line: index, digits: digits, part: part, first: index > 0 && lines[index - 1].isEmpty))
        }
        return items
    }

    /// Every note label opening a paragraph in the course: file, 0-based line, prefix and number.
    static func notes(in lessons: URL, names: [String]) throws -> [(
        file: String, line: Int, prefix: String, number: String
    )] {
        var notes: [(file: String, line: Int, prefix: String, number: String)] = []
        for name in names {
            let text = try String(contentsOf: lessons.appendingPathComponent(name), encoding: .utf8)
            for (index, line) in text.components(separatedBy: "\n").enumerated()
            where line.range(of: #"^\*\*[A-Z]{1,4}[0-9]+\.\*\* "#, options: .regularExpression) != nil {
                let label = line.dropFirst(2).prefix { $0 != "." }
                let prefix = String(label.prefix { $0.isLetter })
                notes.append((name, index, prefix, String(label.dropFirst(prefix.count))))
            }
        }
        return notes
    }

    /// A near form of the label `**PREFIXnumber.**`, with what it is.
    static func nearForm(prefix: String, number: String, _ random: inout Generator) -> (String, String) {
        let lower = prefix.lowercased()
        var forms: [(String, String)] = [
            ("\(prefix)\(number).", "not bold"),
            ("\(prefix)\(number):", "not bold, a colon"),
            ("**\(prefix)\(number):**", "a colon"),
            ("**\(prefix)\(number) -**", "a dash"),
            ("**\(prefix)\(number)**:", "a colon after the bold"),
            ("**\(prefix)\(number)**", "no full stop"),
            ("**\(prefix)\(number)**.", "the full stop outside the bold"),
            ("**\(prefix)0\(number).**", "a leading zero"),
            ("**\(prefix)0\(number)**.", "a leading zero, the full stop outside the bold"),
            ("**\(prefix) \(number).**", "a space"),
            ("**\(prefix)  \(number).**", "two spaces"),
            ("**\(prefix)\u{A0}\(number).**", "a no-break space"),
            ("**\(lower)\(number).**", "lower case"),
            ("**\(prefix.prefix(1))\(lower.dropFirst())\(number).**", "mixed case"),
            ("*\(prefix)\(number).*", "emphasis, not bold"),
            ("**\(prefix)-\(number).**", "a hyphen"),
            ("**\(prefix)\u{2013}\(number).**", "an en dash"),
            ("\(prefix)\u{2011}\(number).", "a non-breaking hyphen, not bold"),
            ("** \(prefix)\(number).**", "a space after the opening '**'"),
        ]
        // Look-alikes: Cyrillic and Greek letters, Izhitsa for V, a fullwidth digit; and letters that
        // look like another Latin letter (Cyrillic VE like B, ER like P) in the one series they fit.
        let letters: [Character: [String]] = [
            "E": ["\u{0415}", "\u{0395}", "\u{FF25}"], "K": ["\u{041A}", "\u{039A}"], "V": ["\u{0474}", "\u{0412}"],
            "R": ["\u{0420}"], "G": ["\u{FF27}"],
        ]
        for (offset, letter) in prefix.enumerated() {
            for alike in letters[letter] ?? [] {
                var written = Array(prefix).map(String.init)
                written[offset] = alike
                forms.append(("**\(written.joined())\(number).**", "look-alike \(alike)"))
                forms.append(("\(written.joined())\(number):", "look-alike \(alike), not bold"))
            }
        }
        let digit =
            number.last.flatMap(\.wholeNumberValue).flatMap { Unicode.Scalar(0xFF10 + $0) }.map(String.init) ?? ""
        forms.append(("**\(prefix)\(number.dropLast())\(digit).**", "fullwidth digit"))
        // A capital of another script that looks like no Latin letter, for any of the letters.
        let foreign = ["\u{0414}", "\u{0413}", "\u{03A3}", "\u{0416}", "\u{03A6}"][Int(random.next() % 5)]
        var other = Array(prefix).map(String.init)
        other[Int(random.next() % UInt64(other.count))] = foreign
        forms.append(("**\(other.joined())\(number).**", "another script's capital \(foreign)"))
        // A letter for a digit after the number's first (`EK2l`), a backslash before the label, an
        // invisible character that keeps the bold from closing, an HTML comment before it.
        if let at = number.dropFirst().firstIndex(where: { $0 == "1" || $0 == "0" }) {
            var typed = number
            typed.replaceSubrange(at...at, with: number[at] == "1" ? "l" : "O")
            forms.append(("**\(prefix)\(typed).**", "a letter for a digit"))
        }
        // A letter for the number's first digit (`GVl.`, `GVI2.`): the letters of no series.
        if number.first == "1" {
            forms.append(("**\(prefix)l\(number.dropFirst()).**", "l for its first digit"))
            forms.append(("**\(prefix)I\(number.dropFirst()).**", "I for its first digit"))
            forms.append(("**\(prefix)L\(number.dropFirst()).**", "L for its first digit"))
            forms.append(("**\(prefix)|\(number.dropFirst()).**", "a bar for its first digit"))
            // A Roman numeral, capital or small, whose compatibility form is a letter read as 1.
            forms.append(("**\(prefix)\u{2160}\(number.dropFirst()).**", "Roman numeral one for its first digit"))
            forms.append(("**\(prefix)\u{217C}\(number.dropFirst()).**", "small Roman fifty for its first digit"))
        }
        // A Cyrillic or Greek O, capital or small, for any 0 of its number (`DR1О.`), and a Cyrillic
        // palochka for any 1.
        var edges: [(String, String)] = []
        if let at = number.firstIndex(of: "0") {
            var typed = number
            typed.replaceSubrange(
                at...at, with: ["\u{41E}", "\u{43E}", "\u{39F}", "\u{3BF}"][Int(random.next() % 4)])
            edges.append(("**\(prefix)\(typed).**", "another script's O for a 0"))
        }
        if let at = number.firstIndex(of: "1") {
            var typed = number
            typed.replaceSubrange(at...at, with: ["\u{4C0}", "\u{4CF}"][Int(random.next() % 2)])
            edges.append(("**\(prefix)\(typed).**", "a palochka for a 1"))
        }
        // The opening bold lost a mark (`*DR5.**`, `_DR5.__`), or a stray mark typed after the closing
        // one (`**DR5.***`): a mark shows after the label.
        edges.append(("*\(prefix)\(number).**", "its opening bold lost a mark"))
        edges.append(("_\(prefix)\(number).__", "its opening bold lost a mark"))
        edges.append(("**\(prefix)\(number).***", "a stray mark after its bold"))
        edges.append(("__\(prefix)\(number).___", "a stray mark after its bold"))
        forms += edges
        // `Z` for a 2, Cyrillic ZE for a 3, a superscript digit for the number's first.
        if number.first == "2" { forms.append(("**\(prefix)Z\(number.dropFirst()).**", "Z for its first digit")) }
        if number.first == "3" {
            forms.append(("**\(prefix)\u{417}\(number.dropFirst()).**", "Cyrillic ZE for its first digit"))
        }
        let superscripts = [
            "\u{2070}", "\u{B9}", "\u{B2}", "\u{B3}", "\u{2074}", "\u{2075}", "\u{2076}", "\u{2077}", "\u{2078}",
            "\u{2079}",
        ]
        if let first = number.first?.wholeNumberValue {
            forms.append(("**\(prefix)\(superscripts[first])\(number.dropFirst()).**", "a superscript digit"))
        }
        // A number of characters that read as no number (any of `numberForms`, for the number or
        // its last digit), or none: the note its series is due, named so ("letters in its number").
        let numberForm = Self.numberForms[Int(random.next() % UInt64(Self.numberForms.count))]
        forms.append(("**\(prefix)\(numberForm).**", "letters in its number"))
        forms.append(("**\(prefix)\(number.dropLast())\(numberForm).**", "letters in its number"))
        forms.append(("**\(prefix).**", "letters in its number"))
        // A space between two digits of its number (`DR1 7`).
        if number.count > 1 {
            forms.append(("**\(prefix)\(number.prefix(1)) \(number.dropFirst()).**", "a space inside its number"))
        }
        // D with stroke for D, a space inside the letters.
        if prefix.first == "D" { forms.append(("**\u{110}\(prefix.dropFirst())\(number).**", "D with stroke for D")) }
        forms.append(("**\(prefix.prefix(1)) \(prefix.dropFirst())\(number).**", "a space inside its letters"))
        forms.append(("**\\\(prefix)\(number).**", "a backslash before it"))
        for invisible in ["\u{200B}", "\u{2060}"] {
            forms.append(("**\(prefix)\(number).**\(invisible)", "an invisible character after the bold"))
        }
        forms.append(("<!-- not -->**\(prefix)\(number).**", "an HTML comment before it"))
        // An empty comment (`<!-->`, `<!--->`, closed at once for the browser) before it: the line raw.
        let empty = ["<!-->", "<!--->"][Int(random.next() % 2)]
        forms.append(("\(empty)\(random.next() % 2 == 0 ? " " : "")**\(prefix)\(number).**", "\(empty) before it"))
        // A Turkish keyboard's own I-letters (`İ`, `ı`) for any `1` of its number (`DRİ.`, `GVİ2.`).
        if let at = number.firstIndex(of: "1") {
            var typed = number
            typed.replaceSubrange(at...at, with: ["\u{130}", "\u{131}"][Int(random.next() % 2)])
            forms.append(("**\(prefix)\(typed).**", "a Turkish I-letter for a digit"))
        }
        // Any mark for the full stop (in bold, in emphasis, plain) or between the letters and the
        // number; a fullwidth full stop; asterisks typed escaped, so they show.
        let mark = Self.mark(&random)
        forms.append(("**\(prefix)\(number)\(mark)**", "\(Invisible.describe(mark)) for the full stop"))
        forms.append(("*\(prefix)\(number)\(mark)*", "\(Invisible.describe(mark)) for the full stop, in emphasis"))
        forms.append(("\(prefix)\(number)\(mark)", "\(Invisible.describe(mark)) for the full stop, not bold"))
        forms.append(("**\(prefix)\(number)\(mark)\(mark)**", "\(Invisible.describe(mark)) twice for the full stop"))
        forms.append(("**\(prefix)\(number).\(number).**", "its number typed twice"))
        forms.append(("**\(prefix)\(mark)\(number).**", "\(Invisible.describe(mark)) before the number"))
        forms.append(("**\(prefix)\(number)\u{FF0E}**", "a fullwidth full stop"))
        forms.append(("\\*\\*\(prefix)\(number).\\*\\*", "escaped asterisks"))
        forms.append(("\\**\(prefix)\(number).**", "an escaped first asterisk"))
        // Asterisks typed as character references, all of them or one side's, or one side escaped:
        // they show, as escaped ones do (`&#42;&#42;DR4.&#42;&#42;`, `**DR4.&ast;&ast;`, `**DR4.\*\*`).
        let entity = ["&#42;", "&#x2A;", "&#x2a;", "&ast;", "&midast;", "&#042;"][Int(random.next() % 6)]
        let twice = entity + entity
        forms.append(("\(twice)\(prefix)\(number).\(twice)", "asterisks typed as entities"))
        forms.append(
            (
                [
                    "\(twice)\(prefix)\(number).**", "**\(prefix)\(number).\(twice)", "\(entity)*\(prefix)\(number).**",
                    "**\(prefix)\(number).\\*\\*",
                ][Int(random.next() % 4)], "one side's asterisks typed as entities or escaped"
            ))
        forms.append(("&lowbar;&lowbar;\(prefix)\(number).&lowbar;&lowbar;", "underscores typed as entities"))
        // The label wrapped in other inline syntax that shows no bold label: a code span (its marks
        // in code font, `` `**DR4.**` ``, `` `` __DR4.__ `` ``), a strikethrough.
        let marks = ["**", "__"][Int(random.next() % 2)]
        let ticks = ["`", "`` "][Int(random.next() % 2)]
        forms.append(
            ("\(ticks)\(marks)\(prefix)\(number).\(marks)\(String(ticks.reversed()))", "in a code span"))
        // A code span from the label running on into the text after it (`` `**DR4.** Bu` ``).
        forms.append(("`\(marks)\(prefix)\(number).\(marks) Bu`", "in a code span running on past it"))
        // Struck through, outside the bold or inside it, or as raw HTML; a link's text not in bold.
        let struck = [("~~", "~~"), ("~", "~"), ("<del>", "</del>"), ("<s>", "</s>"), ("<strike>", "</strike>")][
            Int(random.next() % 5)]
        forms.append(("\(struck.0)**\(prefix)\(number).**\(struck.1)", "struck through"))
        forms.append(("**\(struck.0)\(prefix)\(number).\(struck.1)**", "struck through inside the bold"))
        forms.append(("\(struck.0)\(prefix)\(number).\(struck.1)", "struck through, not bold"))
        forms.append(("[\(prefix)\(number).](x)", "a link's text, not bold"))
        forms.append(("![\(marks)\(prefix)\(number).\(marks)](x)", "an image's alt text"))
        forms.append(("<!-- \(marks)\(prefix)\(number).\(marks) -->", "an HTML comment around it"))
        // A few characters of text before the bold label (an emoji, a bracket or quote around it,
        // a word), or more text inside its bold after it.
        let before = [
            "\u{26A0}\u{FE0F} ", "\u{1F4CC} ", "\u{1F449} ", "(", "\"", "\u{201C}", "Not: ", "Dikkat: ", "\u{2192} ",
            // An invisible character right before the bold.
            "\u{FEFF}", "\u{200B}", "\u{2060}", "\u{200D}",
        ]
        let lead = before[Int(random.next() % UInt64(before.count))]
        let close = ["(": ")", "\"": "\"", "\u{201C}": "\u{201D}"][lead] ?? ""
        forms.append(("\(lead)**\(prefix)\(number).**\(close)", "'\(lead)' before it"))
        // Printable characters left before the bold (`Leftover.reading`), a digit or a letter
        // glued to it among them (`1**DR1.**`, `12**DR11.**`, `x**DR1.**`).
        let leftovers = ["1", "2", "9", "12", "x", "1x", "a2", ".", "-", "\\t", "#"]
        let left = leftovers[Int(random.next() % UInt64(leftovers.count))]
        forms.append(("\(left)**\(prefix)\(number).**", "'\(left)' left before it"))
        let word = ["Not:", "Uyar\u{131}:", "\u{D6}nemli"][Int(random.next() % 3)]
        forms.append(("**\(prefix)\(number). \(word)**", "'\(word)' inside its bold"))
        // A letter of the prefix dropped, doubled or changed to a letter of no series.
        let letter = Int(random.next() % UInt64(prefix.count))
        var edit = Array(prefix).map(String.init)
        let dropped = edit.enumerated().filter { $0.offset != letter }.map { $0.element }.joined()
        edit[letter] += edit[letter]
        let doubled = edit.joined()
        edit = Array(prefix).map(String.init)
        edit[letter] = ["X", "Q", "W", "Y"][Int(random.next() % 4)]
        forms.append(("**\(dropped)\(number).**", "a letter of its prefix dropped"))
        forms.append(("**\(doubled)\(number).**", "a letter of its prefix doubled"))
        forms.append(("**\(edit.joined())\(number).**", "a letter of its prefix changed"))
        // `S` for a 5, `B` for an 8.
        if let at = number.firstIndex(where: { $0 == "5" || $0 == "8" }) {
            var typed = number
            typed.replaceSubrange(at...at, with: number[at] == "5" ? "S" : "B")
            forms.append(("**\(prefix)\(typed).**", "a letter for a digit"))
        }
        // Letters in the number, look-alike or not: a letter for it, after it or inside it, a word
        // for it, a look-alike of another digit than its own. Read as the note its series is due.
        let typedLetter = ["s", "x", "q", "a", "k", "l", "o"][Int(random.next() % 7)]
        let typedNumbers = [
            typedLetter, number + typedLetter, "\(number.prefix(1))\(typedLetter)\(number.dropFirst())",
            ["sekiz", "on", "bes", "iki"][Int(random.next() % 4)], ["S", "B", "Z", "O", "I"][Int(random.next() % 5)],
        ]
        let typedNumber = typedNumbers[Int(random.next() % UInt64(typedNumbers.count))]
        forms.append(("**\(prefix)\(typedNumber).**", "letters in its number"))
        forms.append(("\(prefix)\(typedNumber)\([".", ":"][Int(random.next() % 2)])", "letters in its number"))
        forms.append(("**\(lower)\(number)\(typedLetter).**", "letters in its number"))
        forms.append(
            ("**\(prefix)\(typedNumber)\([":", "**.", "**"][Int(random.next() % 3)])", "letters in its number"))
        // No space between the label and the word after it (`**GV8.**Bu`): after a mark and before a
        // letter the closing marks cannot close, so they show; the caller drops the space after it.
        let glued = [
            "**\(prefix)\(number).**", "__\(prefix)\(number).__", "***\(prefix)\(number).***", "*\(prefix)\(number).*",
            "**\(prefix)\(number)**", "**\(prefix)\(number)**.", "**\(prefix)\(number):**", "**\(lower)\(number).**",
            "**\(prefix) \(number).**", "\\*\\*\(prefix)\(number).\\*\\*", "\(twice)\(prefix)\(number).\(twice)",
        ]
        let gluedForm = glued[Int(random.next() % UInt64(glued.count))]
        // A quarter of the time: one form among so many would seldom be drawn.
        if random.next() % 4 == 0 { return (gluedForm, Self.gluedSlip) }
        // The label's edges and look-alike digits, a quarter of the rest: drawn often enough in few cases.
        if random.next() % 4 == 0 { return edges[Int(random.next() % UInt64(edges.count))] }
        let picked = forms[Int(random.next() % UInt64(forms.count))]
        // Written `**DR5x:**` or `**DR5x**.`, the bold closes after the mark or before it.
        if picked.1 == "letters in its number", picked.0.hasPrefix("**"), picked.0.hasSuffix(":") {
            return (picked.0 + "**", picked.1)
        }
        return picked
    }

    /// What `nearForm` says of a form to be written with no space after it.
    static let gluedSlip = "no space after it"

    /// A punctuation mark or symbol that may stand where a label's full stop belongs: one of the
    /// marks autocorrect and other scripts make, or a random one of Latin-1's or General
    /// Punctuation's. Not the marks Markdown reads (`*`, `_`, `\`, `` ` ``, `<`, `&`, `[`, `]`, `!`
    /// before `[`) or the full stop itself.
    static func mark(_ random: inout Generator) -> Character {
        let known: [Character] = [
            "\u{2026}", "!", "?", "\u{B7}", "\u{3002}", "\u{FE52}", "\u{66B}", "\u{104B}", "\u{2E31}", "#", "%",
        ]
        if random.next() % 2 == 0 { return known[Int(random.next() % UInt64(known.count))] }
        let ranges: [ClosedRange<UInt32>] = [0xA1...0xBF, 0x2010...0x2027, 0x2030...0x205E]
        while true {
            let range = ranges[Int(random.next() % UInt64(ranges.count))]
            let value = range.lowerBound + UInt32(random.next() % UInt64(range.count))
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            if NoteSeriesClaim.isMark(character), NoteSeriesClaim.letterDigits[character] == nil,
                Invisible.skeleton(String(character)).allSatisfy({ !$0.isLetter && !$0.isNumber })
            {
                return character
            }
        }
    }

    /// A reference to the note PREFIXnumber in running text with a look-alike letter or digit, an
    /// invisible character or a leading zero inside its label (plain or bold), with what it is.
    static func referenceSlip(prefix: String, number: String, _ random: inout Generator) -> (String, String) {
        let alike: [Character: [String]] = [
            "E": ["\u{0415}", "\u{0395}", "\u{FF25}"], "K": ["\u{041A}", "\u{039A}"], "V": ["\u{0474}", "\u{0412}"],
            "R": ["\u{0420}"], "D": ["\u{FF24}"], "G": ["\u{FF27}"],
        ]
        var forms: [(String, String)] = []
        for (offset, letter) in prefix.enumerated() {
            for other in alike[letter] ?? [] {
                var written = Array(prefix).map(String.init)
                written[offset] = other
                forms.append(("\(written.joined())\(number)", "look-alike \(other)"))
            }
        }
        for invisible in ["\u{200B}", "\u{AD}", "\u{2060}", "\u{200D}"] {
            forms.append(
                ("\(prefix)\(invisible)\(number)", "invisible \(Invisible.name(invisible.unicodeScalars.first!))"))
            forms.append(("\(prefix.prefix(1))\(invisible)\(prefix.dropFirst())\(number)", "invisible in the letters"))
        }
        let digit =
            number.first.flatMap(\.wholeNumberValue).flatMap { Unicode.Scalar(0x0660 + $0) }.map(String.init) ?? ""
        forms.append(("\(prefix)\(digit)\(number.dropFirst())", "Arabic-Indic digit"))
        // A leading zero, which readers see and a search for the note's label does not find.
        forms.append(("\(prefix)0\(number)", "a leading zero"))
        forms.append(("**\(prefix)0\(number)**", "a leading zero, in bold"))
        // In bold, in lower case, with a space before the number, or a letter for its first digit.
        forms.append(("**\(prefix.lowercased())\(number)**", "lower case, in bold"))
        forms.append(("**\(prefix) \(number)**", "a space, in bold"))
        if number.first == "1" { forms.append(("**\(prefix)l\(number.dropFirst())**", "l for a digit, in bold")) }
        // A Turkish keyboard's `İ` or `ı` for its first digit 1 (`**DRı**`, `**GVİ2**`).
        if number.first == "1" {
            let letter = ["\u{130}", "\u{131}"][Int(random.next() % 2)]
            forms.append(("**\(prefix)\(letter)\(number.dropFirst())**", "a Turkish I-letter for a digit, in bold"))
        }
        // A Roman numeral one for the number 1, whose compatibility form is the letter I.
        if number == "1" { forms.append(("**\(prefix)\u{2160}**", "Roman numeral one, in bold")) }
        // Letters typed after the number (`**DR5x**`), which no digit looks like.
        let after = ["x", "ab", "s", "e"][Int(random.next() % 4)]
        forms.append(("**\(prefix)\(number)\(after)**", "'\(after)' after the number, in bold"))
        // Capitals only, a letter or a bar for the number (`**DRI**`).
        if number == "1" {
            forms.append(("**\(prefix)I**", "I for the number, in bold"))
            forms.append(("**\(prefix)|**", "a bar for the number, in bold"))
        }
        return forms[Int(random.next() % UInt64(forms.count))]
    }

    /// A visible slip in a title, with what it is: a letter dropped or doubled, a look-alike
    /// (Cyrillic) letter, a decomposed (NFD) letter, or a no-break space for a space.
    static func typo(_ title: String, _ random: inout Generator) -> (String, String) {
        var characters = Array(title)
        let letters = characters.indices.filter { characters[$0].isLetter }
        let alike: [Character: Character] = [
            "a": "\u{430}", "e": "\u{435}", "o": "\u{43E}", "p": "\u{440}", "c": "\u{441}", "y": "\u{443}",
            "i": "\u{456}", "A": "\u{410}", "B": "\u{412}", "E": "\u{415}", "K": "\u{41A}", "M": "\u{41C}",
            "H": "\u{41D}", "O": "\u{41E}", "P": "\u{420}", "C": "\u{421}", "T": "\u{422}", "X": "\u{425}",
        ]
        func pick(_ indices: [Int]) -> Int? {
            indices.isEmpty ? nil : indices[Int(random.next() % UInt64(indices.count))]
        }
        switch random.next() % 5 {
        case 1:
            let at = pick(letters) ?? 0
            characters.insert(characters[at], at: at)
            return (String(characters), "a doubled letter")
        case 2:
            if let at = pick(characters.indices.filter { alike[characters[$0]] != nil }),
                let other = alike[characters[at]]
            {
                characters[at] = other
                return (String(characters), "a look-alike letter")
            }
        case 3:
            let composed = characters.indices.filter {
                characters[$0].unicodeScalars.count == 1
                    && String(characters[$0]).decomposedStringWithCanonicalMapping
                        .unicodeScalars.count > 1
            }
            if let at = pick(composed) {
                let decomposed = String(characters[..<at]) + String(characters[at]).decomposedStringWithCanonicalMapping
                return (decomposed + String(characters[(at + 1)...]), "a decomposed letter")
            }
        case 4:
            if let at = pick(characters.indices.filter { characters[$0] == " " }) {
                characters[at] = "\u{A0}"
                return (String(characters), "a no-break space")
            }
        default: break
        }
        let at = pick(letters) ?? 0
        characters.remove(at: at)
        return (String(characters), "a dropped letter")
    }

    /// One slip: the file it is in, the file's lines with it, and the 1-based lines it slipped
    /// (one, or two for a swap of two items' link targets: one finding each).
    struct Slip {
        var file: String
        var lines: [String]
        var slipped: [Int]
        var what: String
    }

    /// A slip of the index's list: a number of ten to twelve digits, an item copied or moved to
    /// another part, an item's link target replaced by another item's or swapped with it, an item
    /// written as a bullet, or a list not starting at 1 that a line runs on into (a link reference
    /// definition after an item, or its part's paragraph with the blank line after it removed), an
    /// item written as a reference link with a mistyped label, or a marker slip with a comment
    /// slip in a later item of its list (two findings).
    static func indexSlip(_ lines: [String], _ random: inout Generator) -> Slip {
        var lines = lines
        let items = indexItems(lines)
        let item = items[Int(random.next() % UInt64(items.count))]
        let other = items.filter { $0.line != item.line }[Int(random.next() % UInt64(items.count - 1))]
        func target(_ line: String) -> Substring { line.drop { $0 != "(" }.prefix { $0 != ")" } }
        switch random.next() % 13 {
        case 11:
            // Written as a reference link whose label is a typo of the one defined after the list.
            let file = String(target(lines[item.line]).dropFirst())
            let label = String(file.dropLast(3))
            var typed = Array(label)
            let at = Int(random.next() % UInt64(typed.count - 1))
            if random.next() % 2 == 0, typed[at] != typed[at + 1] {
                typed.swapAt(at, at + 1)
            } else {
                typed.remove(at: at)
            }
            let title = lines[item.line].drop { $0 != "[" }.prefix { $0 != "(" }
            // Or a label no definition is near (none defined, or another lesson's, already linked),
            // or the title alone in brackets: the link to the lesson its title names is the fix.
            let far = random.next() % 2 == 0
            let written = far ? ["qqzz", "xyzw", "başka", ""][Int(random.next() % 4)] : String(typed)
            lines[item.line] =
                lines[item.line].prefix(item.digits + 2) + title + (written.isEmpty ? "" : "[\(written)]")
            let end = lines[item.line...].firstIndex(of: "") ?? lines.count
            if !far {
                lines.insert(contentsOf: ["", "[\(label)]: \(file)"], at: end)
            } else if random.next() % 2 == 0 {
                let linked = String(target(lines[other.line]).dropFirst())
                lines.insert(contentsOf: ["", "[giris]: \(linked)"], at: end)
            }
            return Slip(
                file: "README.md", lines: lines, slipped: [item.line + 1], what: "reference label [\(written)]")
        case 12:
            // A marker that opens no item, and a comment closed on the next line in a later item of
            // its list, which the marker slip turned into a paragraph's text: two slips, two findings.
            let pairs = items.flatMap { first in
                items.filter { $0.part == first.part && $0.line > first.line }.map { (first, $0) }
            }
            let (first, second) = pairs[Int(random.next() % UInt64(pairs.count))]
            let number = lines[first.line].prefix(first.digits)
            let devanagari = String(number.unicodeScalars.map { Character(Unicode.Scalar($0.value + 0x0936)!) })
            let marker = ["\(number).", "\(number), ", "\(number).\u{A0}", "\(devanagari). "][Int(random.next() % 4)]
            lines[first.line] = marker + lines[first.line].dropFirst(first.digits + 2)
            let text = lines[second.line]
            lines[second.line...second.line] = [
                text.prefix(second.digits + 2) + "<!-- x",
                String(repeating: " ", count: second.digits + 2) + "y --> " + text.dropFirst(second.digits + 2),
            ]
            return Slip(
                file: "README.md", lines: lines, slipped: [first.line + 1, second.line + 1],
                what: "marker '\(marker)', and a comment in line \(second.line + 1)")
        case 8:
            // A marker that opens no item: no space after it, a comma, a colon or a dash for its full
            // stop, a doubled one, a space before it, a Unicode space, a letter for a digit (`l2.`).
            let number = String(lines[item.line].prefix(item.digits))
            let alike = String(
                number.map { digit -> Character in
                    let letters: [Character] = digit == "1" ? ["l", "I", "|"] : digit == "0" ? ["O", "o"] : []
                    return letters.isEmpty || random.next() % 3 == 0
                        ? digit : letters[Int(random.next() % 3) % letters.count]
                })
            let markers = [
                "\(number).", "\(number), ", "\(number).\u{A0}", "\(number).\u{2002}", "\(number) ", "\(number) . ",
                "\(number) .", "\(number).. ", "\(number): ", "\(number).) ", "\(number)-", "\(number); ",
                alike == number ? "\(number)," : "\(alike). ",
                // A character left before the number (a printable one, `\t` as code writes a tab, two
                // of them), or an invisible one after the marker, where the item renders but hides it.
                "\(Self.leftover(&random))\(number). ",
                "\(number). \(["\u{2060}", "\u{200B}", "\u{A0}", "\u{FEFF}", "\u{200D}"][Int(random.next() % 5)])",
            ]
            let marker = markers[Int(random.next() % UInt64(markers.count))]
            lines[item.line] = marker + lines[item.line].dropFirst(item.digits + 2)
            return Slip(file: "README.md", lines: lines, slipped: [item.line + 1], what: "marker '\(marker)'")
        case 9:
            if random.next() % 2 == 0, lines[item.line].hasSuffix(".md)") {
                lines[item.line].removeLast()
                return Slip(file: "README.md", lines: lines, slipped: [item.line + 1], what: "the link's ')' lost")
            }
            lines[item.line] = lines[item.line].replacingOccurrences(of: "](", with: "] (")
            return Slip(file: "README.md", lines: lines, slipped: [item.line + 1], what: "a space after ']'")
        case 10:
            // The next item run on into this one's line, or a second lesson linked after its own.
            if random.next() % 2 == 0, lines[item.line + 1].first?.isNumber ?? false {
                lines[item.line] += " " + lines[item.line + 1]
                lines.remove(at: item.line + 1)
                return Slip(
                    file: "README.md", lines: lines, slipped: [item.line + 1], what: "the next item run on into it")
            }
            let link = lines[other.line].drop { $0 != "[" }
            lines[item.line] += ", " + link
            return Slip(file: "README.md", lines: lines, slipped: [item.line + 1], what: "a second link, \(link)")
        case 0:
            let digits = 10 + Int(random.next() % 3)
            let number = "1" + (1..<digits).map { _ in String(random.next() % 10) }.joined()
            lines[item.line] = number + lines[item.line].dropFirst(item.digits)
            return Slip(file: "README.md", lines: lines, slipped: [item.line + 1], what: "number \(number)")
        case 4:
            let (mine, theirs) = (target(lines[item.line]), target(lines[other.line]))
            lines[item.line] = lines[item.line].replacingOccurrences(of: mine, with: theirs)
            return Slip(
                file: "README.md", lines: lines, slipped: [item.line + 1],
                what: "line \(item.line + 1) links line \(other.line + 1)'s \(theirs))")
        case 5:
            let (mine, theirs) = (target(lines[item.line]), target(lines[other.line]))
            lines[item.line] = lines[item.line].replacingOccurrences(of: mine, with: theirs)
            lines[other.line] = lines[other.line].replacingOccurrences(of: theirs, with: mine)
            return Slip(
                file: "README.md", lines: lines, slipped: [item.line + 1, other.line + 1].sorted(),
                what: "lines \(item.line + 1) and \(other.line + 1) swap their link targets")
        case 6:
            let bullet = ["- ", "* ", "+ "][Int(random.next() % 3)]
            lines[item.line] = bullet + lines[item.line].dropFirst(item.digits + 2)
            return Slip(file: "README.md", lines: lines, slipped: [item.line + 1], what: "a bullet '\(bullet)'")
        case 7:
            // After an item another follows, or before a list whose first number is not 1.
            let inside = items.filter { lines[$0.line + 1].first?.isNumber ?? false }
            let later = items.filter { $0.first && !lines[$0.line].hasPrefix("1.") }
            if random.next() % 2 == 0 || later.isEmpty {
                let after = inside[Int(random.next() % UInt64(inside.count))]
                lines.insert(contentsOf: ["", "[y\(after.line)]: https://academia.sh"], at: after.line + 1)
                return Slip(
                    file: "README.md", lines: lines, slipped: [after.line + 3],
                    what: "a link reference definition after line \(after.line + 1)")
            }
            let first = later[Int(random.next() % UInt64(later.count))]
            lines.remove(at: first.line - 1)
            return Slip(
                file: "README.md", lines: lines, slipped: [first.line - 1],
                what: "no blank line before line \(first.line + 1)")
        case let kind:
            // Copied (1) or moved (2, 3) to a random place among another part's items.
            let others = items.filter { $0.part != item.part }
            let target = others[Int(random.next() % UInt64(others.count))]
            var at = target.line + (random.next() % 2 == 0 ? 0 : 1)
            if at == target.line, target.first { at += 1 }
            let text = lines[item.line]
            if kind != 1 {
                lines.remove(at: item.line)
                if item.line < at { at -= 1 }
            }
            lines.insert(text, at: at)
            return Slip(
                file: "README.md", lines: lines, slipped: [at + 1],
                what: "\(kind == 1 ? "copied" : "moved") line \(item.line + 1) to \(at + 1)")
        }
    }

    /// One to three characters an author may leave before an index item's number: any printable
    /// ASCII character but a digit, a blank, `[`, `<` and `>` (a quote's marker, which renders the
    /// item inside a quote), a letter or mark of another script, or a literal `\t`, `\n`.
    static func leftover(_ random: inout Generator) -> String {
        let ascii = (0x21...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }.filter {
            !$0.isNumber && !"[<>".contains($0)
        }
        let others: [Character] = ["\u{E9}", "\u{FC}", "\u{2026}", "\u{AB}", "\u{2022}", "\u{131}", "\u{3C0}"]
        func one(_ random: inout Generator) -> Character {
            random.next() % 4 == 0
                ? others[Int(random.next() % UInt64(others.count))] : ascii[Int(random.next() % UInt64(ascii.count))]
        }
        switch random.next() % 4 {
        case 0: return ["\\t", "\\n"][Int(random.next() % 2)]
        case 1: return String([one(&random), one(&random)])
        case 2: return String([one(&random), one(&random), one(&random)])
        default: return String(one(&random))
        }
    }

    /// A typo in one of the three places that state a lesson's title: its front matter, its
    /// heading or its index item.
    static func titleSlip(_ index: [String], in lessons: URL, _ random: inout Generator) throws -> Slip {
        let items = indexItems(index)
        let item = items[Int(random.next() % UInt64(items.count))]
        let line = index[item.line]
        let title = String(line.drop { $0 != "[" }.dropFirst().prefix { $0 != "]" })
        let file = String(line.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" })
        let (typo, what) = Self.typo(title, &random)
        let place = Int(random.next() % 10)
        if place >= 8 { return try frontMatterSlip(place == 8 ? "README.md" : file, in: lessons, &random) }
        switch place {
        case let place where place >= 3:
            // The title written so it renders as no title: no space after '#', a level-2 heading,
            // its front-matter key in another case, a no-break space after '#', indented as code.
            var lines = try String(contentsOf: lessons.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            let (written, slipped) = [
                ("# \(title)", "#\(title)"), ("# \(title)", "## \(title)"), ("title: '\(title)'", "Title: '\(title)'"),
                ("# \(title)", "#\u{A0}\(title)"), ("# \(title)", "    # \(title)"),
            ][place - 3]
            let at = try XCTUnwrap(lines.firstIndex(of: written), "\(file) has no '\(written)'")
            lines[at] = slipped
            return Slip(file: file, lines: lines, slipped: [at + 1], what: "title as '\(slipped)'")
        case 0:
            var lines = index
            lines[item.line] = line.replacingOccurrences(of: "[\(title)]", with: "[\(typo)]")
            return Slip(file: "README.md", lines: lines, slipped: [item.line + 1], what: "index title: \(what)")
        case let place:
            var lines = try String(contentsOf: lessons.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            let written = place == 1 ? "title: '\(title)'" : "# \(title)"
            let at = try XCTUnwrap(lines.firstIndex(of: written), "\(file) has no '\(written)'")
            lines[at] = place == 1 ? "title: '\(typo)'" : "# \(typo)"
            return Slip(
                file: file, lines: lines, slipped: [at + 1],
                what: "\(place == 1 ? "front matter title" : "heading"): \(what)")
        }
    }

    /// A slip of a front matter's closing line (deleted, or written as a near form of `---`, with
    /// characters left before it or as a bare fence), the one finding where the closing belongs;
    /// or a key with no space after its colon.
    static func frontMatterSlip(_ file: String, in lessons: URL, _ random: inout Generator) throws -> Slip {
        var lines = try String(contentsOf: lessons.appendingPathComponent(file), encoding: .utf8)
            .components(separatedBy: "\n")
        let closing = try XCTUnwrap(lines.dropFirst().firstIndex(of: "---"), "\(file) has no closing '---'")
        var forms = ["--", "----", "\u{2014}", "  ---", "-\u{200B}--", "___", "+++"]
        // A random member of the class: a run of one line-drawing mark (a setext underline, a
        // thematic break, a dash or box-drawing line), perhaps indented, or `---` with text after it.
        let marks = [
            "=", "-", "_", "*", "+", ".", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}", "\u{2500}", "\u{2550}",
        ]
        let mark = marks[Int(random.next() % UInt64(marks.count))]
        let run = String(repeating: mark, count: 1 + Int(random.next() % 5))
        let indent = String(repeating: " ", count: Int(random.next() % 4))
        let generated =
            random.next() % 4 == 0 ? "---" + [" son", "x", " ---", " #"][Int(random.next() % 4)] : indent + run
        if generated != "---", generated != "...", generated != "-",
            mark.unicodeScalars.first!.isASCII && mark != "=" ? run.count >= 2 || generated.hasPrefix("---") : true
        {
            forms.append(generated)
        }
        // Printable characters left before `---` (`x---`, `\t---` as code writes a tab, `1 ---`, `#---`).
        let leftovers = ["x", "1", "\\t", "\\\\t", "`", ".", "#", "1x", "\u{E9}", "\\", "a2", "|"]
        forms.append(
            leftovers[Int(random.next() % UInt64(leftovers.count))] + (random.next() % 4 == 0 ? " " : "") + "---")
        // A bare fence typed for `---` from a code block's habit, perhaps indented or with blanks after it.
        let fence =
            String(repeating: " ", count: Int(random.next() % 4))
            + String(repeating: random.next() % 2 == 0 ? "`" : "~", count: 3 + Int(random.next() % 3))
            + (random.next() % 4 == 0 ? "  " : "")
        forms.append(fence)
        switch random.next() % 7 {
        case 5 where file != "README.md":
            // A required key misspelt (two letters swapped, or one changed): one finding at its line.
            let keys = lines[1..<closing].indices.filter { at in
                FrontMatterClaim.requiredKeys.contains { lines[at].hasPrefix("\($0): ") }
            }
            let at = keys[Int(random.next() % UInt64(keys.count))]
            var key = Array(lines[at].prefix { $0 != ":" })
            let place = Int(random.next() % UInt64(key.count - 1))
            if random.next() % 2 == 0, key[place] != key[place + 1] {
                key.swapAt(place, place + 1)
            } else {
                key[place] = key[place] == "x" ? "q" : "x"
            }
            lines[at] = String(key) + lines[at].drop { $0 != ":" }
            return Slip(file: file, lines: lines, slipped: [at + 1], what: "a key misspelt: \(lines[at])")
        case 6 where lines[1..<closing].contains { $0.hasPrefix("    - '") }:
            // An objective typed unquoted with `: ` or ` #` inside: YAML reads a mapping or a comment.
            let items = lines[1..<closing].indices.filter { lines[$0].hasPrefix("    - '") }
            let at = items[Int(random.next() % UInt64(items.count))]
            let text = lines[at].dropFirst("    - '".count).dropLast()
            let words = text.split(separator: " ", omittingEmptySubsequences: false)
            let cut = 1 + Int(random.next() % UInt64(max(1, words.count - 1)))
            let mark = random.next() % 2 == 0 ? ":" : " #"
            lines[at] =
                "    - " + words.prefix(cut).joined(separator: " ") + mark + " "
                + words.dropFirst(cut).joined(separator: " ")
            return Slip(file: file, lines: lines, slipped: [at + 1], what: "an objective unquoted: \(lines[at])")
        case 4:
            // The opening line as a near form: one finding at line 1, the keys read as written.
            let opening = forms + ["---  ", "---\t"]
            let form = opening[Int(random.next() % UInt64(opening.count))]
            lines[0] = form
            return Slip(file: file, lines: lines, slipped: [1], what: "opening '---' as '\(form)'")
        case 0, 1:
            // Deleted: the line after it (the blank before the heading) is where it belongs.
            lines.remove(at: closing)
            return Slip(file: file, lines: lines, slipped: [closing + 1], what: "closing '---' deleted")
        case 2:
            let form = forms[Int(random.next() % UInt64(forms.count))]
            lines[closing] = form
            return Slip(file: file, lines: lines, slipped: [closing + 1], what: "closing '---' as '\(form)'")
        default:
            let keys = lines[1..<closing].indices.filter {
                lines[$0].range(of: #"^[a-z]+: "#, options: .regularExpression) != nil
            }
            let at = keys[Int(random.next() % UInt64(keys.count))]
            lines[at] = lines[at].replacingOccurrences(
                of: ": ", with: ":", options: [], range: lines[at].range(of: ": "))
            return Slip(file: file, lines: lines, slipped: [at + 1], what: "no space after the colon: \(lines[at])")
        }
    }

    /// Characters whose compatibility, lower-case or digit form has another length than the
    /// character (a Roman numeral reads as a letter, `Ⅱ` as two), of every kind a label may be
    /// slipped with: number forms, letterlike symbols, combining marks, enclosed and keycap digits,
    /// fractions, super- and subscripts, other scripts' digits and numerals, emoji, invisible ones;
    /// and a sample of every plane-0 and plane-1 scalar.
    static var labelFuzzCharacters: [String] {
        var scalars: [UInt32] = []
        for range in [
            0x2150...0x218B, 0x2100...0x214F, 0x0300...0x036F, 0x2460...0x24FF, 0x2070...0x209F, 0x00B2...0x00BE,
            0x1369...0x137C, 0x2776...0x2793, 0x3007...0x3007, 0x3021...0x3029, 0xFF10...0xFF5A, 0x1D7CE...0x1D7FF,
            0x200B...0x200F, 0x2060...0x2064, 0xFEFF...0xFEFF, 0x0660...0x0669, 0x0BE6...0x0BF2,
        ] {
            scalars += range.map(UInt32.init)
        }
        scalars += [0x4E00, 0x4E8C, 0x4E09, 0x56DB, 0x4E94, 0x5341, 0x58F9, 0x1F600, 0x1F4CC, 0x2764]
        scalars += Array(stride(from: UInt32(0xA0), through: 0x1FFFF, by: 131))
        var characters = scalars.compactMap(Unicode.Scalar.init).map { String($0) }
        characters += ["1\u{FE0F}\u{20E3}", "\u{2160}\u{2160}", "\u{2169}\u{2169}", "1\u{301}", "\u{26A0}\u{FE0F}"]
        return characters
    }

    /// Characters that read as no number, for a note's number or a digit of it: Roman numerals
    /// (capital, small, two of them), circled, parenthesized and dingbat digits, fractions,
    /// subscripts, a digit with a combining mark or as a keycap, Ethiopic digits, CJK and
    /// Hangzhou numerals.
    static let numberForms = [
        "\u{2161}", "\u{2170}", "\u{2169}\u{2169}", "\u{2460}", "\u{2474}", "\u{2776}", "\u{BD}", "\u{2153}",
        "\u{2081}", "1\u{301}", "1\u{FE0F}\u{20E3}", "\u{1369}", "\u{4E00}", "\u{4E8C}", "\u{3021}", "\u{216B}",
    ]

    /// Each of `numberForms` for the number of a note of each series, at its first note, one in
    /// the middle and its last: exactly one finding, at the note's paragraph, naming the note due.
    /// `make test` takes each form at one of those nine places in turn (each place meets two forms
    /// or more); `make soak` (`COURSECHECK_PROPERTY_CASES`) every form at every place.
    func testANumberOfOtherCharactersIsOneFindingNamingTheDueNote() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let notes = try Self.notes(in: lessons, names: try CourseCopy.lessonNames(in: lessons))
        let series = Dictionary(grouping: notes, by: \.prefix)
        let forms = Self.numberForms + [""]
        let every = ProcessInfo.processInfo.environment["COURSECHECK_PROPERTY_CASES"] != nil
        var place = 0
        for (_, held) in series.sorted(by: { $0.key < $1.key }) {
            for note in [held[0], held[held.count / 2], held[held.count - 1]] {
                let url = lessons.appendingPathComponent(note.file)
                let original = try String(contentsOf: url, encoding: .utf8)
                defer { try? original.write(to: url, atomically: true, encoding: .utf8) }
                let label = "**\(note.prefix)\(note.number).**"
                defer { place += 1 }
                for (index, other) in forms.enumerated() where every || index % 9 == place % 9 {
                    var lines = original.components(separatedBy: "\n")
                    let form = "**\(note.prefix)\(other).**"
                    lines[note.line] = form + lines[note.line].dropFirst(label.count)
                    try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                    let found = FenceSlipPropertyTests.findings(in: scratch.url)
                    XCTAssertEqual(found.count, 1, "\(note.file):\(note.line + 1) \(form): \(found)")
                    XCTAssertTrue(
                        found.allSatisfy {
                            $0.hasPrefix("lessons/\(note.file):\(note.line + 1):") && $0.contains("write \(label)")
                        },
                        "\(form): \(found)")
                }
            }
        }
    }

    /// No character in a note label's number, letters or around it stops the run: each form is
    /// read (as a note, a near form, a reference, or nothing) without a trap. Fast: the label
    /// readers alone, on one paragraph, for each series.
    /// `make test` reads a seeded sample of the characters (every form of `numberForms` among
    /// them); `make soak` all of them.
    func testAnyCharacterInANoteLabelIsReadWithoutATrap() {
        let prefixes: Set<String> = ["GV", "DR", "EK"]
        let all = Self.labelFuzzCharacters
        let (count, seed) = PropertySeeds.stream(defaultCount: 300, defaultSeed: 2160)
        var random = Generator(state: seed)
        let characters =
            count >= all.count
            ? all : Self.numberForms + (0..<count).map { _ in all[Int(random.next() % UInt64(all.count))] }
        for character in characters {
            for prefix in prefixes.sorted() {
                let first = String(prefix.prefix(1))
                let forms = [
                    "**\(prefix)\(character).**", "**\(prefix)1\(character).**", "**\(first)\(character)1.**",
                    "\(prefix)\(character).", "**\(prefix)\(character)\(character).**", "\(character)**\(prefix)1.**",
                    "**\(prefix)\(character)2.**", "**\(prefix)12\(character)**", "Bkz. **\(prefix)\(character)** ve.",
                ]
                for form in forms {
                    let prose = Prose(file: SourceFile(path: "lessons/x.md", text: "Giriş.\n\n\(form) Bu not.\n"))
                    _ = NoteSeriesClaim.notesAndReferences(in: prose)
                    _ = NoteSeriesClaim.labels(in: prose, filtered: false)
                    for block in prose.blocks {
                        _ = NoteSeriesClaim.nearFormOpening(block, prefixes: prefixes, path: "lessons/x.md")
                    }
                }
            }
        }
    }

    func testOneIndexOrNoteSlipGivesOneFindingThere() throws {
        let seeds = PropertySeeds.seeds(defaultCases: 2)
        for seed in seeds {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let index = try String(contentsOf: lessons.appendingPathComponent("README.md"), encoding: .utf8)
                .components(separatedBy: "\n")
            XCTAssertEqual(Self.indexItems(index).count, 21, "the index's items went missing")
            switch random.next() % 8 {
            case 7:
                try check(seed, scratch, try Self.renderedAsOtherSlip(index, in: lessons, &random))
            case 6:
                // A reference to a note, typed with a look-alike, an invisible character or a leading zero.
                let names = try CourseCopy.lessonNames(in: lessons)
                let notes = try Self.notes(in: lessons, names: names)
                let (at, named) = (
                    notes[Int(random.next() % UInt64(notes.count))], notes[Int(random.next() % UInt64(notes.count))]
                )
                var lines = try String(contentsOf: lessons.appendingPathComponent(at.file), encoding: .utf8)
                    .components(separatedBy: "\n")
                let (reference, what) = Self.referenceSlip(prefix: named.prefix, number: named.number, &random)
                lines[at.line] += " Bkz. \(reference)."
                try check(
                    seed, scratch,
                    Slip(file: at.file, lines: lines, slipped: [at.line + 1], what: "reference \(what): \(reference)"))
            case 0, 1:
                // A note label's near form.
                let names = try CourseCopy.lessonNames(in: lessons)
                let notes = try Self.notes(in: lessons, names: names)
                XCTAssertEqual(notes.count, 70, "the course's notes went missing")
                let note = notes[Int(random.next() % UInt64(notes.count))]
                var lines = try String(contentsOf: lessons.appendingPathComponent(note.file), encoding: .utf8)
                    .components(separatedBy: "\n")
                let (form, what) = Self.nearForm(prefix: note.prefix, number: note.number, &random)
                let label = "**\(note.prefix)\(note.number).**"
                let rest = lines[note.line].dropFirst(label.count)
                lines[note.line] = form + (what == Self.gluedSlip ? rest.drop { $0 == " " } : rest)
                try check(
                    seed, scratch,
                    Slip(file: note.file, lines: lines, slipped: [note.line + 1], what: "\(label) as \(what): \(form)"))
                if what == "letters in its number" {
                    // The note named is the one due: the label as it was.
                    let found = FenceSlipPropertyTests.findings(in: scratch.url)
                    XCTAssertTrue(found.allSatisfy { $0.contains("write \(label)") }, "seed \(seed): \(form): \(found)")
                }
            case 2:
                try check(seed, scratch, try Self.titleSlip(index, in: lessons, &random))
            default:
                try check(seed, scratch, Self.indexSlip(index, &random))
            }
        }
    }

    /// A character left at a random index item's line start: a printable one or a few before its
    /// number (`\t9.`, `` `9. ``, `x9.`, `\9.`, `x>9.`), which makes the line text and its list run
    /// on into it, a container's marker before it (`>9.`, `- 9.`, `1. 9.`, `# 9.`), which quotes,
    /// nests or heads the item apart from its list, or an
    /// invisible one after its marker (`9. ⁠[`), where the item renders with the character hidden
    /// in its text. One finding at the item's line each, never "the index does
    /// not list" its lesson at another.
    func testALeftoverAtAnIndexItemsNumberIsOneFindingThere() throws {
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            var lines = try String(contentsOf: lessons.appendingPathComponent("README.md"), encoding: .utf8)
                .components(separatedBy: "\n")
            let items = Self.indexItems(lines)
            let item = items[Int(random.next() % UInt64(items.count))]
            let number = lines[item.line].prefix(item.digits)
            let rest = lines[item.line].dropFirst(item.digits + 2)
            let invisible = ["\u{2060}", "\u{200B}", "\u{A0}", "\u{FEFF}", "\u{200D}"][Int(random.next() % 5)]
            // Or a container's marker (`>10. [`, `> 10. [`, `>>10. [`, `- 10. [`, `1. 10. [`), which
            // quotes or nests the item, a heading's (`# 10. [`, `### 10. [`), which makes it a heading,
            // or a `>` after a leftover (`x>10. [`), which leaves the line text.
            let quotes = [
                ">", "> ", ">>", "> > ", ">\t", "x>", "\u{E9}>", "`>", "- ", "* ", "1. ", "2) ", "> - ", "# ", "## ",
                "### ", "> # ",
            ]
            let written =
                switch random.next() % 4 {
                case 0: "\(number). \(invisible)\(rest)"
                case 1: "\(quotes[Int(random.next() % UInt64(quotes.count))])\(number). \(rest)"
                default: "\(Self.leftover(&random))\(number). \(rest)"
                }
            lines[item.line] = written
            try check(seed, scratch, Slip(file: "README.md", lines: lines, slipped: [item.line + 1], what: written))
        }
    }

    /// A random container's marker (`StructureSlipPropertyTests.container`: `> `, `- `, `1. `, `# `,
    /// nested) typed before a random `## ` heading of the index or its `# ` title: GitHub shows it
    /// quoted, as an item or inside another heading. One finding at its line, never one for its
    /// items.
    func testAContainerMarkerBeforeAnIndexPartHeadingIsOneFindingThere() throws {
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            var lines = try String(contentsOf: lessons.appendingPathComponent("README.md"), encoding: .utf8)
                .components(separatedBy: "\n")
            let headings = lines.indices.filter { lines[$0].hasPrefix("## ") || lines[$0].hasPrefix("# ") }
            let at = headings[Int(random.next() % UInt64(headings.count))]
            let (marker, blanks) = StructureSlipPropertyTests.container(&random)
            lines[at] = marker + blanks + lines[at]
            try check(seed, scratch, Slip(file: "README.md", lines: lines, slipped: [at + 1], what: lines[at]))
            let found = FenceSlipPropertyTests.findings(in: scratch.url)
            XCTAssertTrue(
                found.first?.hasSuffix("; \(Leftover.deleting(marker, blanks)) [course-index]") ?? false,
                "seed \(seed): \(lines[at]): \(found)")
        }
    }

    /// The first digit (zero) of scripts a reader reads as ASCII digits: Arabic-Indic, Extended
    /// Arabic-Indic, Devanagari, Bengali, fullwidth; nil stands for the superscripts.
    static let otherZeros: [UInt32?] = [0x660, 0x6F0, 0x966, 0x9E6, 0xFF10, nil]

    /// `number` with a random nonempty set of its ASCII digits written in one random other
    /// script, and the first digit so written.
    static func otherDigits(_ number: String, _ random: inout Generator) -> (String, Unicode.Scalar) {
        let zero = otherZeros[Int(random.next() % UInt64(otherZeros.count))]
        let superscripts = Dictionary(uniqueKeysWithValues: OtherDigits.superscripts.map { ($0.value, $0.key) })
        var scalars = Array(number.unicodeScalars)
        let digits = scalars.indices.filter { scalars[$0].properties.numericType == .decimal }
        var chosen = digits.filter { _ in random.next() % 2 == 0 }
        if chosen.isEmpty { chosen = [digits[Int(random.next() % UInt64(digits.count))]] }
        for at in chosen {
            let value = scalars[at].value - 0x30
            scalars[at] = Unicode.Scalar(zero.map { $0 + value } ?? superscripts[UInt8(value)]!)!
        }
        return (String(String.UnicodeScalarView(scalars)), scalars[chosen.min()!])
    }

    /// `number` with a random nonempty set of its runs of ASCII digits written with number-form
    /// characters (per digit circled `①②`; the whole run circled `⑫`, parenthesised `⑿` or Roman
    /// `Ⅻ`, `ⅩⅩⅠ`) or, with `letters`, one `1` or `0` as a letter (`2l`): what `OtherDigits` reads
    /// as that number. The first character so written; nil when no run can be.
    static func numberForms(_ number: String, letters: Bool, _ random: inout Generator) -> (String, Unicode.Scalar)? {
        var runs: [Range<String.Index>] = []
        var at = number.startIndex
        let digit = { (character: Character) in character.isASCII && character.isNumber }
        while let start = number[at...].firstIndex(where: digit) {
            let end = number[start...].firstIndex { !digit($0) } ?? number.endIndex
            runs.append(start..<end)
            at = end
        }
        guard !runs.isEmpty else { return nil }
        var chosen = runs.filter { _ in random.next() % 2 == 0 }
        if chosen.isEmpty { chosen = [runs[Int(random.next() % UInt64(runs.count))]] }
        func roman(_ value: Int) -> String {
            if value <= 12, random.next() % 2 == 0 {
                return String(
                    Character(Unicode.Scalar((random.next() % 2 == 0 ? 0x2160 : 0x2170) + UInt32(value - 1))!))
            }
            var (value, written) = (value, "")
            for (step, letters) in [
                (50, "\u{216C}"), (40, "\u{2169}\u{216C}"), (10, "\u{2169}"), (9, "\u{2160}\u{2169}"), (5, "\u{2164}"),
                (4, "\u{2160}\u{2164}"), (1, "\u{2160}"),
            ] {
                while value >= step {
                    written += letters
                    value -= step
                }
            }
            return written
        }
        var result = ""
        var first: Unicode.Scalar?
        var last = number.startIndex
        for run in chosen {
            result += number[last..<run.lowerBound]
            let digits = String(number[run])
            let value = Int(digits)!
            var written: String
            switch random.next() % 5 {
            case 1 where (1...20).contains(value):
                written = String(Character(Unicode.Scalar(0x2460 + UInt32(value - 1))!))
            case 1 where (21...35).contains(value):
                written = String(Character(Unicode.Scalar(0x3251 + UInt32(value - 21))!))
            case 2 where (1...20).contains(value):
                written = String(Character(Unicode.Scalar(0x2474 + UInt32(value - 1))!))
            case 3 where (1...50).contains(value) && !digits.hasPrefix("0"): written = roman(value)
            case 4 where letters && digits.contains(where: { $0 == "1" || $0 == "0" }):
                let at = digits.lastIndex { $0 == "1" || $0 == "0" }!
                let letter =
                    digits[at] == "1" ? ["l", "I"][Int(random.next() % 2)] : ["O", "o"][Int(random.next() % 2)]
                written = digits
                written.replaceSubrange(at...at, with: letter)
            default:
                // Each digit circled: `⓪` is U+24EA.
                written = String(
                    digits.map {
                        $0 == "0" ? "\u{24EA}" : Character(Unicode.Scalar(0x2460 + UInt32($0.asciiValue! - 0x31))!)
                    })
            }
            first = first ?? written.unicodeScalars.first { !(0x30...0x39).contains($0.value) }
            result += written
            last = run.upperBound
        }
        result += number[last...]
        return first.map { (result, $0) }
    }

    /// One number the course states written with another script's digits (some or all of them):
    /// an index item's number (or a Roman numeral for it, or an invisible character before it),
    /// the index's `lessons:` count, a count of the last lesson's
    /// distribution sentence, lesson 1's declared distribution, or a reference to a note, bold or
    /// in code. One finding, on that line, naming the first such digit; and following its fix
    /// leaves none.
    func testANumberInAnotherScriptsDigitsIsOneFindingThere() throws {
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            func read(_ file: String) throws -> [String] {
                try String(contentsOf: lessons.appendingPathComponent(file), encoding: .utf8)
                    .components(separatedBy: "\n")
            }
            var (file, lines, line, old) = ("README.md", try read("README.md"), 0, "")
            var backwards = false
            switch random.next() % 5 {
            case 0:
                let items = Self.indexItems(lines)
                line = items[Int(random.next() % UInt64(items.count))].line
                old = String(lines[line].prefix { $0 != "." })
            case 1:
                line = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("lessons: ") })
                old = String(lines[line].dropFirst(9))
            case 2:
                file = "21-on-izleme-ve-yineleme.md"
                lines = try read(file)
                line = try XCTUnwrap(lines.firstIndex { $0.contains("tetik dağılımı şöyledir: yerel ") })
                old = ["yerel 6", "ebeveyn 4", "gözlem 4", "ortam 6"][Int(random.next() % 4)]
            case 3:
                file = "01-bildirimsel-sozdizim.md"
                lines = try read(file)
                line = try XCTUnwrap(lines.firstIndex { $0.contains("(2/2/2/2)") })
                old = "(2/2/2/2)"
            default:
                let names = try CourseCopy.lessonNames(in: lessons)
                let notes = try Self.notes(in: lessons, names: names)
                let (at, named) = (
                    notes[Int(random.next() % UInt64(notes.count))], notes[Int(random.next() % UInt64(notes.count))]
                )
                file = at.file
                lines = try read(file)
                line = at.line
                old = random.next() % 2 == 0 ? "**\(named.prefix)\(named.number)**" : "`\(named.prefix)\(named.number)`"
                lines[line] += " Bkz. \(old)."
                backwards = true
            }
            var (new, first) = Self.otherDigits(old, &random)
            // Number-form characters (`⑨`, `ⅩⅪ`, `yerel ⑥`) or, for the lesson count, a letter for a digit (`2l`).
            if random.next() % 2 == 0,
                let form = Self.numberForms(
                    old, letters: file == "README.md" && line != 0 && lines[line].hasPrefix("lessons:"), &random)
            {
                (new, first) = form
            }
            // An index item's number as a Roman numeral (`Ⅸ`, `ⅻ`) or behind an invisible character.
            if file == "README.md", line != 0, !lines[line].hasPrefix("lessons:"), random.next() % 2 == 0,
                let number = Int(old)
            {
                let invisible: [Unicode.Scalar] = ["\u{200B}", "\u{A0}", "\u{FEFF}", "\u{2060}"]
                if number <= 12, random.next() % 2 == 0 {
                    first = Unicode.Scalar((random.next() % 2 == 0 ? 0x2160 : 0x2170) + UInt32(number - 1))!
                    new = String(Character(first))
                } else {
                    first = invisible[Int(random.next() % UInt64(invisible.count))]
                    new = String(Character(first)) + old
                }
            }
            let clean = lines
            // Only the number chosen (an item's link target holds its number too); a reference is the line's last.
            let at = try XCTUnwrap(lines[line].range(of: old, options: backwards ? .backwards : []))
            lines[line].replaceSubrange(at, with: new)
            let url = lessons.appendingPathComponent(file)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let found = FenceSlipPropertyTests.findings(in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(line + 1): \(new): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(file):\(line + 1):") ?? false, message)
            XCTAssertTrue(found.first?.contains(Invisible.name(first)) ?? false, message)
            XCTAssertTrue(found.first?.contains("; write ") ?? false, message)
            // The fix writes the number in ASCII digits: the line as it was.
            try clean.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let fixed = FenceSlipPropertyTests.findings(in: scratch.url)
            XCTAssertEqual(fixed, [], message)
        }
    }

    /// A line the renderer reads as another block than meant: a note paragraph indented 4 spaces
    /// (indented code), or a part heading of the index (the first part's too) without its `## `
    /// or written at another level (`#`, `###`, `####`, `Name` over a `===` underline), or
    /// indented 4 spaces or behind an invisible character, or a note's paragraph with a setext underline typed right under it.
    static func renderedAsOtherSlip(_ index: [String], in lessons: URL, _ random: inout Generator) throws -> Slip {
        let kind = random.next() % 3
        if kind == 2 {
            // A setext underline typed right under a note's paragraph, which makes it a heading.
            let names = try CourseCopy.lessonNames(in: lessons)
            let note = try Self.notes(in: lessons, names: names).randomElement(using: &random)!
            var lines = try String(contentsOf: lessons.appendingPathComponent(note.file), encoding: .utf8)
                .components(separatedBy: "\n")
            let end = lines[note.line...].firstIndex(of: "") ?? lines.count
            let underline =
                String(repeating: " ", count: Int(random.next() % 4))
                + String(repeating: random.next() % 2 == 0 ? "-" : "=", count: 1 + Int(random.next() % 6))
            lines.insert(underline, at: end)
            return Slip(file: note.file, lines: lines, slipped: [end + 1], what: "'\(underline)' under a note")
        }
        if kind == 0 {
            let items = indexItems(index).map(\.line)
            let headings = index.indices.filter { line in
                index[line].hasPrefix("## ")
                    && items.contains { item in item > line && !index[line + 1..<item].contains { $0.hasPrefix("#") } }
            }
            let at = headings[Int(random.next() % UInt64(headings.count))]
            var lines = index
            // Indented 4 spaces: code after a paragraph, inside the list item after an item.
            // Behind an invisible character (U+200B, U+00A0, U+FEFF): text, the character named.
            let marker = ["", "##", "# ", "### ", "#### ", "=", "    ## ", "\u{200B}## ", "\u{A0}## ", "\u{FEFF}## "][
                Int(random.next() % 10)]
            if marker == "=" {
                // Setext, underlined as a level-1 heading.
                lines[at] = String(lines[at].dropFirst(3))
                lines.insert(String(repeating: "=", count: Int(random.next() % 16) + 1), at: at + 1)
            } else {
                lines[at] = marker + lines[at].dropFirst(3)
            }
            return Slip(file: "README.md", lines: lines, slipped: [at + 1], what: "part heading as '\(lines[at])'")
        }
        let names = try CourseCopy.lessonNames(in: lessons)
        let notes = try Self.notes(in: lessons, names: names)
        var candidates: [(file: String, line: Int)] = []
        for note in notes {
            let lines = try String(contentsOf: lessons.appendingPathComponent(note.file), encoding: .utf8)
                .components(separatedBy: "\n")
            if note.line > 0, lines[note.line - 1].isEmpty { candidates.append((note.file, note.line)) }
        }
        let note = candidates[Int(random.next() % UInt64(candidates.count))]
        var lines = try String(contentsOf: lessons.appendingPathComponent(note.file), encoding: .utf8)
            .components(separatedBy: "\n")
        lines[note.line] = "    " + lines[note.line]
        return Slip(file: note.file, lines: lines, slipped: [note.line + 1], what: "note indented 4 spaces")
    }

    /// Writes the slip and asserts one finding on each slipped line, and no other.
    /// Two neighbouring runs of a random series' notes swapped (lessons moved with their notes,
    /// two notes swapped): every number once, out of reading order. One finding, at the first
    /// note out of place, naming the runs and each run's new numbers; following it (each run
    /// renumbered in the lessons it names) leaves no finding.
    func testNotesOutOfReadingOrderAreOneFindingWhoseRenumberingConverges() throws {
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let notes = try Self.notes(in: lessons, names: try CourseCopy.lessonNames(in: lessons))
            let prefixes = Array(Set(notes.map(\.prefix))).sorted()
            let prefix = prefixes[Int(random.next() % UInt64(prefixes.count))]
            let series = notes.filter { $0.prefix == prefix }
            XCTAssertEqual(series.map { Int($0.number) }, Array(1...series.count), "the course's \(prefix) notes")
            // Runs [a, b) and [b, c), 0-based positions in reading order, swapped.
            let a = Int(random.next() % UInt64(series.count - 1))
            let b = a + 1 + Int(random.next() % UInt64(series.count - a - 1))
            let c = b + 1 + Int(random.next() % UInt64(series.count - b))
            var numbers = Array(1...series.count)
            numbers.replaceSubrange(a..<c, with: Array((b + 1)...c) + Array((a + 1)...b))
            func relabel(_ renumbered: [Int: Int]) throws {
                // Each note's label (0-based position in the series) written with its new number.
                for (file, members) in Dictionary(grouping: renumbered.keys, by: { series[$0].file }) {
                    let url = lessons.appendingPathComponent(file)
                    var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
                    for position in members {
                        let line = lines[series[position].line]
                        let label = line.prefix { $0 != " " }
                        lines[series[position].line] =
                            "**\(prefix)\(renumbered[position]!).**" + line.dropFirst(label.count)
                    }
                    try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                }
            }
            try relabel(Dictionary(uniqueKeysWithValues: (a..<c).map { ($0, numbers[$0]) }))
            let found = FenceSlipPropertyTests.findings(in: scratch.url)
            let first = series[a]
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(prefix) runs \(a + 1)..<\(b + 1) and "
                + "\(b + 1)..<\(c + 1) swapped: \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(first.file):\(first.line + 1):") ?? false, message)
            XCTAssertTrue(found.first?.contains("renumber them in reading order: ") ?? false, message)
            // The advice followed: `P5–P8 (a.md) as P1–P4`, each run in the lessons it names, read
            // back to positions by the numbers the run holds now.
            let rename = try Regex(#"\#(prefix)(\d+)(?:–\#(prefix)(\d+))? \(([^)]+)\) as \#(prefix)(\d+)"#)
            var renumbered: [Int: Int] = [:]
            for match in String(found.first ?? "").matches(of: rename) {
                let from = Int(match.output[1].substring!)!
                let last = match.output[2].substring.map { Int($0)! } ?? from
                let to = Int(match.output[4].substring!)!
                let files = Set(match.output[3].substring!.split(separator: ", ").map(String.init))
                for position in series.indices where (from...last).contains(numbers[position]) {
                    XCTAssertTrue(files.contains(series[position].file), message)
                    renumbered[position] = to + numbers[position] - from
                }
            }
            XCTAssertFalse(renumbered.isEmpty, message)
            try relabel(renumbered)
            XCTAssertEqual(FenceSlipPropertyTests.findings(in: scratch.url), [], message)
        }
    }

    /// A random index item (not its list's first) indented under the item above it: by that
    /// item's text column up to three columns past it, or with a tab; with no blank line between
    /// (the line is that item's text) or after one (a list nested in it). One finding at the
    /// line, and its fix (delete the indentation, and the blank line it names) gives 0. An
    /// indentation short of the text column, or a blank line alone, renders the list as it was:
    /// no finding.
    func testAnIndexItemIndentedUnderTheOneAboveIsOneFindingWhoseFixConverges() throws {
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let readme = scratch.url.appendingPathComponent("lessons/README.md")
            let index = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
            let items = Self.indexItems(index).filter { !$0.first }
            let item = items[Int(random.next() % UInt64(items.count))]
            // The text column of the item above: its number's digits and '. '.
            let above = index[item.line - 1].prefix { $0.isASCII && $0.isNumber }.count + 2
            var lines = index
            let blank = random.next() % 2 == 0
            let control = random.next() % 3 == 0
            let indent =
                control
                ? String(repeating: " ", count: blank ? 0 : 1 + Int(random.next() % UInt64(above - 1)))
                : random.next() % 4 == 0 ? "\t" : String(repeating: " ", count: above + Int(random.next() % 4))
            lines[item.line] = indent + lines[item.line]
            if blank { lines.insert("", at: item.line) }
            let at = item.line + (blank ? 2 : 1)
            try lines.joined(separator: "\n").write(to: readme, atomically: true, encoding: .utf8)
            let found = FenceSlipPropertyTests.findings(in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): line \(at) indented "
                + "\(indent.debugDescription)\(blank ? " after a blank line" : ""): \(found)"
            if control {
                XCTAssertEqual(found, [], message)
                continue
            }
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/README.md:\(at):1: error: ") ?? false, message)
            XCTAssertTrue(found.first?.contains("delete the indentation") ?? false, message)
            // The fix as the finding words it.
            lines[at - 1] = String(lines[at - 1].drop { $0 == " " || $0 == "\t" })
            if found.first?.contains("and the blank line above it (line \(at - 1))") ?? false {
                lines.remove(at: at - 2)
            }
            try lines.joined(separator: "\n").write(to: readme, atomically: true, encoding: .utf8)
            XCTAssertEqual(FenceSlipPropertyTests.findings(in: scratch.url), [], "the fix: " + message)
            XCTAssertEqual(lines, index, "the fix gives the index back: " + message)
        }
    }

    /// A random lesson's file name with one letter of its slug dropped, doubled, changed or two
    /// swapped: its source URL, the index and its goldens name the file as it was, so one finding,
    /// at the URL, names that name; renaming the file back gives 0.
    func testAOneLetterSlipInALessonsFileNameIsOneFindingThere() throws {
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let names = try CourseCopy.lessonNames(in: lessons)
            let name = names[Int(random.next() % UInt64(names.count))]
            let digits = name.prefix { $0.isNumber }.count + 1
            var slug = Array(name.dropFirst(digits).dropLast(3))
            let letters = slug.indices.filter { slug[$0].isLetter }
            let at = letters[Int(random.next() % UInt64(letters.count))]
            switch random.next() % 4 {
            case 0: slug.remove(at: at)
            case 1: slug.insert(slug[at], at: at)
            case 2: slug[at] = slug[at] == "x" ? "q" : "x"
            default:
                let other = at + 1 < slug.count ? at + 1 : at - 1
                if slug[other] == slug[at] { slug[at] = slug[at] == "x" ? "q" : "x" } else { slug.swapAt(at, other) }
            }
            let slipped = String(name.prefix(digits)) + String(slug) + ".md"
            try FileManager.default.moveItem(
                at: lessons.appendingPathComponent(name), to: lessons.appendingPathComponent(slipped))
            let text = try String(contentsOf: lessons.appendingPathComponent(slipped), encoding: .utf8)
            let source = try XCTUnwrap(text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("source:") }) + 1
            let found = FenceSlipPropertyTests.findings(in: scratch.url)
            let message = "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(name) as \(slipped): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(found.first?.hasPrefix("lessons/\(slipped):\(source):1: error: ") ?? false, message)
            XCTAssertTrue(found.first?.contains("rename it to \(name);") ?? false, message)
            try FileManager.default.moveItem(
                at: lessons.appendingPathComponent(slipped), to: lessons.appendingPathComponent(name))
            XCTAssertEqual(FenceSlipPropertyTests.findings(in: scratch.url), [], "the fix: " + message)
        }
    }

    /// A part heading added to the index above a random item that is not its part's first (with a
    /// paragraph under it or not, a blank line above it or not): the lessons under it keep the
    /// note series of the part above, so one finding, at the heading; deleting it gives 0.
    func testANewPartHeadingThatSplitsASeriesIsOneFindingThere() throws {
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let readme = scratch.url.appendingPathComponent("lessons/README.md")
            let index = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
            let items = Self.indexItems(index).filter { !$0.first }
            let item = items[Int(random.next() % UInt64(items.count))]
            var added = ["## Yeni Bölüm \(seed % 97)"]
            if random.next() % 2 == 0 { added.insert("", at: 0) }
            added += random.next() % 2 == 0 ? ["", "Yeni bölümün dersleri.", ""] : [""]
            var lines = index
            lines.insert(contentsOf: added, at: item.line)
            let at = item.line + added.firstIndex { $0.hasPrefix("## ") }! + 1
            try lines.joined(separator: "\n").write(to: readme, atomically: true, encoding: .utf8)
            let found = FenceSlipPropertyTests.findings(in: scratch.url)
            let message = "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(added) at \(at): \(found)"
            XCTAssertEqual(found.count, 1, message)
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/README.md:\(at):1: error: part 'Yeni Bölüm") ?? false, message)
            XCTAssertTrue(found.first?.hasSuffix("or delete this heading [course-index]") ?? false, message)
            try index.joined(separator: "\n").write(to: readme, atomically: true, encoding: .utf8)
            XCTAssertEqual(FenceSlipPropertyTests.findings(in: scratch.url), [], "the fix: " + message)
        }
    }

    func check(_ seed: UInt64, _ scratch: Scratch, _ slip: Slip) throws {
        try slip.lines.joined(separator: "\n").write(
            to: scratch.url.appendingPathComponent("lessons/\(slip.file)"), atomically: true, encoding: .utf8)
        let found = FenceSlipPropertyTests.findings(in: scratch.url)
        let message =
            "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(slip.file):\(slip.slipped): "
            + "\(slip.what): \(found)"
        XCTAssertEqual(found.count, slip.slipped.count, message)
        // One at each slipped line, in whatever order the claims found them.
        for line in slip.slipped {
            XCTAssertEqual(found.count { $0.hasPrefix("lessons/\(slip.file):\(line):") }, 1, message)
        }
    }

    /// Rewrites GitHub renders the same give no finding: a few at once, in a copy of the course.
    func testRewritesThatRenderTheSameGiveNoFinding() throws {
        let seeds = PropertySeeds.seeds(defaultCases: 2)
        for seed in seeds {
            var random = Generator(state: seed)
            let scratch = try CourseCopy.make(for: self)
            let lessons = scratch.url.appendingPathComponent("lessons")
            let names = try CourseCopy.lessonNames(in: lessons)
            var applied: [String] = []
            let notes = try Self.notes(in: lessons, names: names)
            for _ in 0..<4 {
                let note = notes[Int(random.next() % UInt64(notes.count))]
                let url = lessons.appendingPathComponent(note.file)
                var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
                let label = "**\(note.prefix)\(note.number).**"
                guard lines[note.line].hasPrefix(label) else { continue }
                let forms = [
                    "__\(note.prefix)\(note.number).__", "<strong>\(note.prefix)\(note.number).</strong>",
                    "**\(note.prefix)\(note.number)\\.**",
                    "**\(note.prefix)\(note.number.dropLast())&#\(note.number.utf8.last ?? 0x30);.**",
                    // Its full stop as an entity: the loose reading of other marks reads it as rendered.
                    "**\(note.prefix)\(note.number)&#46;**", "**\(note.prefix)\(note.number)&period;**",
                    // Wrapped where GitHub still shows a bold label: in emphasis, a link, raw `<code>`, `<b>`.
                    "***\(note.prefix)\(note.number).***", "*__\(note.prefix)\(note.number).__*",
                    "[**\(note.prefix)\(note.number).**](x)", "<code>**\(note.prefix)\(note.number).**</code>",
                    "<b>\(note.prefix)\(note.number).</b>",
                ]
                let form = forms[Int(random.next() % UInt64(forms.count))]
                lines[note.line] = form + lines[note.line].dropFirst(label.count)
                try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                applied.append("\(note.file):\(note.line + 1) \(form)")
            }
            // An index item renumbered where its list ignores the number: any item but a list's
            // first, or a list's first with a leading zero.
            let url = lessons.appendingPathComponent("README.md")
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            let items = Self.indexItems(lines)
            var renumbered = Set<Int>()
            for _ in 0..<2 {
                let item = items[Int(random.next() % UInt64(items.count))]
                renumbered.insert(item.line)
                // Read as it is now: an earlier pass may have renumbered it.
                let number = String(lines[item.line].prefix { $0.isASCII && $0.isNumber })
                let new = item.first ? "0" + number : String(1 + random.next() % 999_999_999)
                lines[item.line] = new + lines[item.line].dropFirst(number.count)
                applied.append("README.md:\(item.line + 1) \(number) as \(new)")
            }
            // A link reference definition between two items with blank lines around it (the list
            // splits in two, the second counting on from its first number), or no blank line
            // before the first part's list (a list starting at 1 may interrupt a paragraph).
            if random.next() % 2 == 0 {
                // Not before a renumbered item: a list's first number is what readers see.
                let inside = items.filter {
                    lines[$0.line + 1].first?.isNumber ?? false && !renumbered.contains($0.line + 1)
                }
                let after = inside[Int(random.next() % UInt64(inside.count))]
                lines.insert(contentsOf: ["", "[y\(after.line)]: https://academia.sh", ""], at: after.line + 1)
                applied.append("README.md: a link reference definition after line \(after.line + 1)")
            } else if let first = items.first(where: { $0.first }), lines[first.line - 1].isEmpty {
                lines.remove(at: first.line - 1)
                applied.append("README.md: no blank line before line \(first.line + 1)")
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            // A title written another way that reads the same: the front matter's in double quotes,
            // the heading with a closing sequence.
            let lesson = lessons.appendingPathComponent(names[Int(random.next() % UInt64(names.count))])
            var text = try String(contentsOf: lesson, encoding: .utf8).components(separatedBy: "\n")
            if let at = text.firstIndex(where: { $0.hasPrefix("title: '") && $0.hasSuffix("'") }),
                let heading = text.firstIndex(where: { $0.hasPrefix("# ") })
            {
                text[at] = "title: \"" + text[at].dropFirst(8).dropLast() + "\""
                text[heading] += " #"
                try text.joined(separator: "\n").write(to: lesson, atomically: true, encoding: .utf8)
                applied.append("\(lesson.lastPathComponent): title in double quotes, heading closed")
            }
            // A front matter closed with trailing blanks or with YAML's document end, as Jekyll reads it.
            let closed = lessons.appendingPathComponent(names[Int(random.next() % UInt64(names.count))])
            var closedLines = try String(contentsOf: closed, encoding: .utf8).components(separatedBy: "\n")
            if let at = closedLines.dropFirst().firstIndex(of: "---") {
                closedLines[at] = ["--- ", "---\t", "...", "... "][Int(random.next() % 4)]
                try closedLines.joined(separator: "\n").write(to: closed, atomically: true, encoding: .utf8)
                applied.append("\(closed.lastPathComponent):\(at + 1) closed with '\(closedLines[at])'")
            }
            let run = InProcess.run(["lessons/"], in: scratch.url)
            XCTAssertEqual(
                run.stderr, "",
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(applied.joined(separator: "; "))")
        }
    }
}

extension IndexNoteSlipPropertyTests {
    struct Oracle: Decodable {
        struct Case: Decodable {
            var kind: String
            var what: String
            var markdown: String
            /// The slipped line, 1-based in `index`; nil for a rewrite.
            var line: Int?
            var github: [Seen]
            var same: Bool
        }

        /// One lesson item a reader sees: its link and the number shown on it (nil on a bullet).
        struct Seen: Decodable, Equatable {
            var link: String
            var number: Int?

            init(link: String, number: Int?) {
                self.link = link
                self.number = number
            }

            init(from decoder: Decoder) throws {
                var container = try decoder.unkeyedContainer()
                link = try container.decode(String.self)
                number = try container.decodeIfPresent(Int.self)
            }
        }

        /// The index's parts and lists, from its first `## ` heading to the end of its last list.
        var index: String
        var github: [Seen]
        var cases: [Case]
    }

    /// The lesson items coursecheck's parser reads in `markdown`, as `Oracle.Seen`.
    static func seen(_ markdown: String) -> [Oracle.Seen] {
        Prose(file: SourceFile(path: "lessons/README.md", text: markdown)).blocks.compactMap { block in
            guard let marker = block.itemMarker, block.kind == .paragraph,
                let link = block.inline.links.first, link.range.lowerBound == 0
            else { return nil }
            return Oracle.Seen(link: link.destination, number: "-*+".contains(marker) ? nil : block.itemNumber)
        }
    }

    /// The index's list slips and rewrites against cmark-gfm (`Fixtures/index-slips.json`, from
    /// `index-slips.py`, on the real index's lists): every slip changes the items a reader sees
    /// and every rewrite keeps them, coursecheck's parser reads each as GitHub does, and
    /// course-index gives each slip one finding at its line and each rewrite none.
    func testIndexListSlipsRenderAsGitHubSays() throws {
        let url = Fixture.root.appendingPathComponent("index-slips.json")
        let oracle = try JSONDecoder().decode(Oracle.self, from: Data(contentsOf: url))
        let root = Binary.packageRoot.appendingPathComponent("lessons")
        let real = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let range = try XCTUnwrap(real.range(of: oracle.index), "the oracle's index is not the real index's lists")
        let before = real[..<range.lowerBound]
        let offset = before.filter { $0 == "\n" }.count
        XCTAssertEqual(Self.seen(oracle.index), oracle.github)
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter(LessonName.isLessonFile)
            .sorted()
        let lessons = try names.map { name in
            let file = SourceFile(
                path: "lessons/\(name)",
                text: try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8))
            let lesson = Classifier.classify(file, scanned: MarkdownScanner.scan(file)).0
            return CourseFacts.LessonFacts(lesson: lesson, text: .init(lesson), outputs: nil)
        }
        // Every case against GitHub; course-index over the whole course on a sample (all under soak).
        let (judged, seed) = PropertySeeds.sample(of: oracle.cases.count, share: 0.25)
        for (position, item) in oracle.cases.enumerated() {
            let what = "\(item.kind): \(item.what) (COURSECHECK_PROPERTY_SEED=\(seed) replays the sample)"
            XCTAssertEqual(item.same, item.kind == "rewrite", "GitHub: \(what)")
            XCTAssertEqual(Self.seen(item.markdown), item.github, "parser against GitHub: \(what)")
            guard judged.contains(position) else { continue }
            let file = SourceFile(
                path: "lessons/README.md", text: before + item.markdown + real[range.upperBound...])
            let scanned = MarkdownScanner.scan(file)
            let index = CourseFacts.Index(
                file: file, prose: Prose(file: file, document: scanned.document), frontMatter: scanned.frontMatter)
            let facts = CourseFacts(lessons: lessons, index: index, isWholeCourse: true, cache: nil, environment: [:])
            guard case .checked(let findings) = CourseIndexClaim().check(facts) else {
                XCTFail("course-index did not judge: \(what)")
                continue
            }
            XCTAssertEqual(
                findings.map(\.location.line), item.line.map { [offset + $0] } ?? [],
                "course-index: \(what): \(findings.map(\.headline))")
        }
    }
}
