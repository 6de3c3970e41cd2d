/// A number written with another script's digits (Arabic-Indic `٩`, Extended Arabic-Indic `۹`,
/// Devanagari `९`, fullwidth `９`, superscript `³`), with number-form characters (circled `⑨`,
/// `⑫`, Roman `Ⅸ`, `ⅩⅪ`) or, where the caller says a number is due, with letters that look like
/// digits (`2l`): a reader reads it as the ASCII number, but CommonMark, YAML and every claim of
/// the course read only `0`–`9`. The one reader of such a number, so each claim that reads a
/// number the course states names the same code point and gives the same ASCII form to write.
package enum OtherDigits {
    /// The superscript digits, which Unicode gives no decimal type (`¹` is a digit, not a decimal one).
    static let superscripts: [UInt32: UInt8] = [
        0xB9: 1, 0xB2: 2, 0xB3: 3, 0x2070: 0, 0x2074: 4, 0x2075: 5, 0x2076: 6, 0x2077: 7, 0x2078: 8, 0x2079: 9,
    ]

    /// The value of a digit a reader reads as `0`–`9`: an ASCII digit, any Unicode decimal digit
    /// or a superscript digit; nil for anything else.
    package static func value(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.isASCII { return (0x30...0x39).contains(scalar.value) ? UInt8(scalar.value - 0x30) : nil }
        if let value = superscripts[scalar.value] { return value }
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else { return nil }
        return UInt8(value)
    }

    /// How a number's first character not in ASCII digits is written.
    package enum Form: Sendable, Equatable {
        /// A digit of another script (`٩`, `９`, `³`).
        case script
        /// A number-form character: Roman (`Ⅸ`), circled (`⑨`), or another with a whole value.
        case numeral
        /// An ASCII letter that looks like a digit (`l` for 1), read only where a number is due.
        case letter
        /// ASCII capitals that spell a Roman numeral (`VI` for 6), read only where a count is due.
        case romanLetters
    }

    /// The one table of letters a reader takes for a digit where a number is due (`2l` for 21,
    /// `1O` for 10): the I-letters and a bar for 1 (a Turkish keyboard's own `İ` and `ı` among
    /// them, and Cyrillic palochka), the O-letters for 0, Cyrillic and Greek ones too: another
    /// keyboard layout types them where the same key gives a digit, and they render as it. A note
    /// label's number reads a few more (`labelLetterDigits`).
    package static let lookAlikeDigits: [Character: Character] = [
        "l": "1", "I": "1", "|": "1", "\u{130}": "1", "\u{131}": "1", "\u{4C0}": "1", "\u{4CF}": "1",
        "O": "0", "o": "0", "\u{41E}": "0", "\u{43E}": "0", "\u{39F}": "0", "\u{3BF}": "0",
    ]

    /// `lookAlikeDigits`' ASCII entries, for the readers that go byte by byte (an index item's number).
    package static let letterDigits: [UInt8: UInt8] = Dictionary(
        uniqueKeysWithValues: lookAlikeDigits.compactMap { letter, digit in
            letter.asciiValue.flatMap { byte in digit.asciiValue.map { (byte, $0) } }
        })

    /// The characters a note label's number reads as digits (`EK2l` for EK21): `lookAlikeDigits`,
    /// and in a label, where no other letter is due, `L` for 1, `Z` for 2, Cyrillic ZE for 3, `S`
    /// for 5, `B` for 8 and the superscript digits.
    package static let labelLetterDigits: [Character: String] = lookAlikeDigits.mapValues { String($0) }
        .merging(["L": "1", "Z": "2", "\u{417}": "3", "S": "5", "B": "8"]) { shared, _ in shared }
        .merging(
            superscripts.compactMap { key, value in Unicode.Scalar(key).map { (Character($0), String(value)) } }
        ) { letter, _ in letter }

    /// The Roman letters of U+2160–U+216F (and of their small forms, U+2170–U+217F).
    static let roman = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "L", "C", "D", "M"]

    /// The Roman letters of a Roman numeral character (U+2160–U+217F: `Ⅻ` is XII), nil for any other.
    static func romanLetters(_ scalar: Unicode.Scalar) -> String? {
        guard (0x2160...0x217F).contains(scalar.value) else { return nil }
        return roman[Int((scalar.value - 0x2160) % 16)]
    }

    /// The value of Roman letters (`XXI` is 21), a smaller letter before a larger one subtracted.
    static func romanValue(_ letters: String) -> Int {
        let values: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]
        let numbers = letters.compactMap { values[$0] }
        var total = 0
        for (index, value) in numbers.enumerated() {
            total += index + 1 < numbers.count && value < numbers[index + 1] ? -value : value
        }
        return total
    }

    /// The digits a number-form character reads as (`⑨` 9, `⑫` 12, `⒐` 9, `一` 1): one not in
    /// ASCII with a whole numeric value that is no decimal digit; nil for a fraction (`½`) or
    /// anything else. Roman numerals are read by `leading`, as a run.
    package static func numeral(_ scalar: Unicode.Scalar) -> String? {
        guard !scalar.isASCII, let type = scalar.properties.numericType, type != .decimal,
            superscripts[scalar.value] == nil, romanLetters(scalar) == nil,
            let value = scalar.properties.numericValue, value >= 0, value < 1_000_000, value == value.rounded()
        else { return nil }
        return String(Int(value))
    }

    /// The digits a character not in ASCII reads as, one scalar (`⑫` 12, `٩` 9, `Ⅵ` 6); nil for
    /// anything else. For a reader of one character at a time: a run of Roman numerals is `leading`'s.
    package static func digits(_ character: Character) -> String? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first, !scalar.isASCII
        else { return nil }
        if let value = value(scalar) { return String(value) }
        if let letters = romanLetters(scalar) { return String(romanValue(letters)) }
        return numeral(scalar)
    }

    /// True for a character not in ASCII that may stand for a number or a digit of one: one that
    /// has a numeric value (`Ⅱ`, `ⅰ`, `①`, `½`, `₁`, `፩`, `一`), such a character or an ASCII digit
    /// with a combining mark or as a keycap (`1́`, `1️⃣`).
    package static func isNumberForm(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.properties.numericType != nil }
    }

    /// A run of digits, at least one of another script.
    package struct Number: Sendable, Equatable {
        /// The number as written.
        package var written: String
        /// The number in ASCII digits, as the reader reads it.
        package var ascii: String
        /// The first digit of another script, and its UTF-8 offset in `written`.
        package var other: Unicode.Scalar
        package var otherOffset: Int
        /// How `other` is written.
        package var form: Form = .script
        /// The length of `written` in UTF-8 bytes.
        package var utf8Count: Int { written.utf8.count }

        /// Why a reader's number is not the course's: `written with U+0669 ARABIC-INDIC DIGIT NINE,
        /// a digit of another script`.
        package var why: String {
            switch form {
            case .script: "written with \(Invisible.name(other)), a digit of another script"
            case .numeral: "written with \(Invisible.name(other))"
            case .romanLetters: "written in Roman letters"
            case .letter:
                "written with '\(Character(other))' (\(Invisible.name(other))) for the digit "
                    + "'\(letterDigits[UInt8(other.value)].map { Character(Unicode.Scalar($0)) } ?? "?")'"
            }
        }

        package init(written: String, ascii: String, other: Unicode.Scalar, otherOffset: Int, form: Form = .script) {
            (self.written, self.ascii, self.other, self.otherOffset, self.form) = (
                written, ascii, other, otherOffset, form
            )
        }
    }

    /// The number `text` opens with, when at least one of its characters is no ASCII digit; nil
    /// for ASCII digits alone or no digit. A run of Roman numerals reads as one Roman number
    /// (`ⅩⅪ` 21), other characters as their digits (`①②` 12, `⑫` 12); `letters`: where a number
    /// is due, a letter that looks like a digit reads as it (`2l` 21). A byte test settles ASCII
    /// text at once.
    package static func leading(_ text: some StringProtocol, letters: Bool = false) -> Number? {
        guard let first = text.utf8.first,
            first >= 0x80 || (0x30...0x39).contains(first) || (letters && letterDigits[first] != nil)
        else { return nil }
        var written = String.UnicodeScalarView()
        var ascii = ""
        var roman = ""
        var other: (Unicode.Scalar, Int, Form)?
        var offset = 0
        for scalar in text.unicodeScalars {
            if let letters = romanLetters(scalar) {
                // A Roman run is read as one numeral; digits before it end the number.
                guard ascii.isEmpty else { break }
                roman += letters
            } else {
                guard roman.isEmpty else { break }
                if let value = value(scalar) {
                    ascii.append(Character(Unicode.Scalar(0x30 + value)))
                } else if let digits = numeral(scalar) {
                    ascii += digits
                } else if letters, scalar.isASCII, let digit = letterDigits[UInt8(scalar.value)] {
                    ascii.append(Character(Unicode.Scalar(digit)))
                } else {
                    break
                }
            }
            if other == nil, !(0x30...0x39).contains(scalar.value) {
                let form: Form =
                    scalar.isASCII ? .letter : value(scalar) != nil ? .script : .numeral
                other = (scalar, offset, form)
            }
            written.append(scalar)
            offset += UTF8.width(scalar)
        }
        if !roman.isEmpty { ascii = String(romanValue(roman)) }
        guard let other else { return nil }
        return Number(written: String(written), ascii: ascii, other: other.0, otherOffset: other.1, form: other.2)
    }

    /// The Roman numeral `text` spells in ASCII capitals (`VI` 6, `XII` 12), for a caller where a
    /// count is due and nothing else stands: an ordinary word is never one, and a capital `I` or
    /// `V` elsewhere is a letter. nil for any other text, or letters no numeral spells (`IIII`, `VV`).
    package static func romanWord(_ text: some StringProtocol) -> Number? {
        guard !text.isEmpty, text.utf8.count <= 7, text.utf8.allSatisfy({ "IVXLC".utf8.contains($0) }) else {
            return nil
        }
        let value = romanValue(String(text))
        // Only the canonical spelling of its value: `IIII`, `VV`, `IIV` are no numerals.
        guard value > 0, canonicalRoman(value) == String(text) else { return nil }
        return Number(
            written: String(text), ascii: String(value), other: text.unicodeScalars.first!, otherOffset: 0,
            form: .romanLetters)
    }

    /// The canonical Roman spelling of `value` (1...399).
    private static func canonicalRoman(_ value: Int) -> String? {
        guard value > 0, value < 400 else { return nil }
        let table: [(Int, String)] = [
            (100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
        ]
        var left = value
        var spelled = ""
        for (amount, letters) in table {
            while left >= amount {
                spelled += letters
                left -= amount
            }
        }
        return spelled
    }

    /// True when `text` may hold a digit of another script: any non-ASCII byte (a cheap prefilter).
    package static func mayHold(_ text: some StringProtocol) -> Bool { text.utf8.contains { $0 >= 0x80 } }
}
