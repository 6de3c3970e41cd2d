import Foundation

/// Plain byte-level substring search for the claim scanners, which read every prose line: much
/// cheaper than Foundation's `range(of:)` (which, on a byte array, is DataProtocol's search with
/// dynamic casts), and exact (no Unicode equivalence folding).
enum ByteSearch {
    /// The offset of the first `byte` in `text` at or after `start`, or nil: libc's memchr, whose
    /// vectorised loop every byte test over a whole file or line goes through.
    static func firstOffset(of byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let base = text.baseAddress, start < text.count,
            let found = memchr(base + start, Int32(byte), text.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The offset of the first `needle` in `text` at or after `start`, or nil.
    static func firstOffset(
        of needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from start: Int = 0
    )
        -> Int?
    {
        guard !needle.isEmpty, text.count >= needle.count, start <= text.count - needle.count,
            let base = text.baseAddress, let pattern = needle.baseAddress
        else { return nil }
        // Each candidate first byte by memchr, the rest by memcmp.
        let candidates = UnsafeBufferPointer(rebasing: text[..<(text.count - needle.count + 1)])
        var index = start
        while let at = firstOffset(of: pattern[0], in: candidates, from: index) {
            if memcmp(base + at, pattern, needle.count) == 0 { return at }
            index = at + 1
        }
        return nil
    }
}

extension String {
    /// The UTF-8 offset of the first `needle` at or after `start`, or nil.
    func utf8Offset(of needle: String, from start: Int = 0) -> Int? {
        var haystack = self
        var pattern = needle
        return haystack.withUTF8 { text in
            pattern.withUTF8 { ByteSearch.firstOffset(of: $0, in: text, from: start) }
        }
    }

    /// The text between two UTF-8 offsets.
    func utf8Slice(_ start: Int, _ end: Int) -> String {
        var text = self
        return text.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }

    /// Every occurrence of `target` replaced, by byte search (no Foundation, no regex machinery).
    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, var found = utf8Offset(of: target) else { return self }
        var result = ""
        var copied = 0
        let length = target.utf8.count
        while true {
            result += utf8Slice(copied, found) + replacement
            copied = found + length
            guard let next = utf8Offset(of: target, from: copied) else { break }
            found = next
        }
        return result + utf8Slice(copied, utf8.count)
    }
}

extension String {
    /// True when the UTF-8 text holds `byte`.
    func containsByte(_ byte: UInt8) -> Bool {
        var text = self
        return text.withUTF8 { ByteSearch.firstOffset(of: byte, in: $0) != nil }
    }
}
