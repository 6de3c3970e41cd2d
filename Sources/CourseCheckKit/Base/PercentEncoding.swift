/// Percent-decoding as Foundation's `removingPercentEncoding` does it: each `%` takes two hex
/// digits (either case) and stands for that byte; a `%` without them, or bytes that are not UTF-8,
/// give nil; one byte order mark leading the result, written or encoded, is dropped (a link pasted
/// from a file that starts with one). Written out because Foundation's goes through NSString and
/// decodes UTF-16: the first call in a process instantiated five generic types by name (each a
/// scan of the binary's whole conformance table, about 0.8 M instructions of a default run, in the
/// course index's read). One difference, on purpose: Foundation alone among the 256 bytes turns a
/// stray `%A9` into U+FFFD; here it is as invalid as any other byte that is not UTF-8.
enum PercentEncoding {
    static func removing(from text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.contains(UInt8(ascii: "%")) else { return withoutByteOrderMark(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            utf8.formIndex(after: &index)
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard index != utf8.endIndex, let high = hexValue(utf8[index]) else { return nil }
            utf8.formIndex(after: &index)
            guard index != utf8.endIndex, let low = hexValue(utf8[index]) else { return nil }
            utf8.formIndex(after: &index)
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self).map(withoutByteOrderMark)
    }

    private static func withoutByteOrderMark(_ text: String) -> String {
        text.utf8.starts(with: [0xEF, 0xBB, 0xBF]) ? String(text.unicodeScalars.dropFirst()) : text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
