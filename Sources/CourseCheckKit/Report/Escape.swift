/// Keeps text from a lesson from driving the terminal or a CI log: control characters (C0 but
/// newline and tab, DEL, C1) are shown as Swift escapes such as `\u{1B}`.
enum Escape {
    /// `keepingCarriageReturn` is for GitHub output, whose own escaping already turns CR into `%0D`.
    static func controls(_ text: String, keepingCarriageReturn: Bool = false) -> String {
        let escapes = { (scalar: Unicode.Scalar) in isControl(scalar) && !(keepingCarriageReturn && scalar == "\r") }
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if escapes(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A path, location or message on one line of text output: every control character escaped,
    /// newline and tab too, so a file name in it never splits or shifts a diagnostic line.
    static func path(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || $0 == "\n" || $0 == "\t" }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) || scalar == "\n" || scalar == "\t" {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00..<0x20, 0x7F..<0xA0: true
        default: false
        }
    }
}
