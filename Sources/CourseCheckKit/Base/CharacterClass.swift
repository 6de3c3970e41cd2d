/// Character classes the claims ask of every character of a paragraph, answered for ASCII by its
/// byte. `Character.isLetter` and its kin look Unicode properties up (~400 instructions a call),
/// and most characters of a lesson are ASCII. Outside ASCII they are the standard library's answers.
extension Character {
    /// `isLetter || isNumber`.
    var isLetterOrNumber: Bool {
        if let ascii = asciiValue { return ascii.isASCIIDigit || ascii.isASCIILetter }
        // The Latin letters of Latin-1 and Latin Extended-A (Turkish's among them), by value.
        if let first = unicodeScalars.first, first.isLatinLetter { return true }
        return isLetter || isNumber
    }

    /// `isNumber`.
    var isNumeral: Bool {
        if let ascii = asciiValue { return ascii.isASCIIDigit }
        return isNumber
    }

    /// `isPunctuation`: in ASCII, the general categories P* (`$+<=>^`|~` are symbols).
    var isPunctuationMark: Bool {
        if let ascii = asciiValue { return Self.asciiPunctuation[Int(ascii)] }
        return isPunctuation
    }

    private static let asciiPunctuation: [Bool] = (0..<128).map { byte in
        "!\"#%&'()*,-./:;?@[\\]_{}".utf8.contains(UInt8(byte))
    }
}

extension UInt8 {
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isASCIILetter: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }
}

extension Unicode.Scalar {
    /// A letter of Latin-1 (U+00C0–U+00FF but × and ÷) or Latin Extended-A (U+0100–U+017F): every
    /// one alphabetic, answered without a property lookup.
    var isLatinLetter: Bool { (0xC0...0x17F).contains(value) && value != 0xD7 && value != 0xF7 }
}
