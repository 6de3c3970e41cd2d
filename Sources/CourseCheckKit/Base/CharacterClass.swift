/// Character classes the claims ask of every character of a paragraph, answered for ASCII by its
/// byte. `Character.isLetter` and its kin look Unicode properties up (~400 instructions a call),
/// and most characters of a lesson are ASCII. Outside ASCII they are the standard library's answers.
extension Character {
    /// `isLetter || isNumber`.
    var isLetterOrNumber: Bool {
        if let ascii = asciiValue { return ascii.isASCIIDigit || ascii.isASCIILetter }
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
