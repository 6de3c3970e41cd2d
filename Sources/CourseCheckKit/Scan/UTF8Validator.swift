/// Finds the first byte that breaks UTF-8, so an encoding error can be located.
enum UTF8Validator {
    /// The index of the first byte of the first invalid sequence, or nil when `bytes` is valid UTF-8.
    static func firstInvalidByte(in bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                highest = 0x9F
            case 0xF0:
                length = 4
                lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                highest = 0x8F
            default: return index
            }
            guard index + length <= bytes.endIndex else { return index }
            for offset in 1..<max(length, 1) {
                let byte = bytes[index + offset]
                let (low, high) = offset == 1 ? (lowest, highest) : (UInt8(0x80), UInt8(0xBF))
                if byte < low || byte > high { return index }
            }
            index += length
        }
        return nil
    }
}
