/// How a lesson file is named: the rule the loader, the goldens and the live loops share.
package enum LessonName {
    /// The lesson name a file that starts like one takes when a second digit is all it lacks
    /// (`1-intro.md` → `01-intro.md`), else nil.
    package static func renamed(_ name: String) -> String? {
        isLessonFile("0" + name) && !isLessonFile(name) ? "0" + name : nil
    }

    /// True for a lesson file name such as `09-yerel-durum.md`.
    package static func isLessonFile(_ name: String) -> Bool {
        guard name.hasSuffix(".md") else { return false }
        // An ASCII name by its bytes, where every character is one byte (the plan asks of every
        // name, on the serial path); any other as characters, where a combining mark joins the
        // character before it.
        let bytes = name.utf8
        if bytes.allSatisfy({ $0 < 0x80 }) {
            let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            return digits >= 2 && bytes.dropFirst(digits).first == UInt8(ascii: "-")
                && bytes.count - digits > "-.md".utf8.count
        }
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 2 else { return false }
        let rest = name.dropFirst(digits.count)
        return rest.hasPrefix("-") && rest.count > "-.md".count
    }
}
