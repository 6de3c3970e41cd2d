/// A number written with another script's digits (Arabic-Indic `٩`, Extended Arabic-Indic `۹`,
/// Devanagari `९`, fullwidth `９`, superscript `³`): a reader reads it as the ASCII number, but
/// CommonMark, YAML and every claim of the course read only `0`–`9`. The one reader of such a
/// number, so each claim that reads a number the course states names the same code point and
/// gives the same ASCII form to write.
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

    /// A run of digits, at least one of another script.
    package struct Number: Sendable, Equatable {
        /// The number as written.
        package var written: String
        /// The number in ASCII digits, as the reader reads it.
        package var ascii: String
        /// The first digit of another script, and its UTF-8 offset in `written`.
        package var other: Unicode.Scalar
        package var otherOffset: Int
        /// The length of `written` in UTF-8 bytes.
        package var utf8Count: Int { written.utf8.count }

        /// Why a reader's number is not the course's: `written with U+0669 ARABIC-INDIC DIGIT NINE,
        /// a digit of another script`.
        package var why: String { "written with \(Invisible.name(other)), a digit of another script" }
    }

    /// The number `text` opens with, when at least one of its digits is of another script; nil
    /// for ASCII digits alone or no digit. A byte test settles ASCII text at once.
    package static func leading(_ text: some StringProtocol) -> Number? {
        guard let first = text.utf8.first, first >= 0x80 || (0x30...0x39).contains(first) else { return nil }
        var written = String.UnicodeScalarView()
        var ascii = ""
        var other: (Unicode.Scalar, Int)?
        var offset = 0
        for scalar in text.unicodeScalars {
            guard let value = value(scalar) else { break }
            if other == nil, !scalar.isASCII { other = (scalar, offset) }
            written.append(scalar)
            ascii.append(Character(Unicode.Scalar(0x30 + value)))
            offset += UTF8.width(scalar)
        }
        guard let other else { return nil }
        return Number(written: String(written), ascii: ascii, other: other.0, otherOffset: other.1)
    }

    /// True when `text` may hold a digit of another script: any non-ASCII byte (a cheap prefilter).
    package static func mayHold(_ text: some StringProtocol) -> Bool { text.utf8.contains { $0 >= 0x80 } }
}
