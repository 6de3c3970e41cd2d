/// FNV-1a, 64 bits: the checksum a cache entry's header carries, so that a truncated or garbled
/// entry reads as a miss. It guards against damage, not against an adversary (the cache is the
/// user's own folder), and keys stay SHA-256; at ~5 instructions a byte against SHA-256's ~70 it
/// let every warm read stop hashing its entry again (2.4 M instructions of a default run).
package struct Checksum: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package mutating func update(_ bytes: some Sequence<UInt8>) {
        // Through the base pointer, whose subscript is transparent: the buffer's iterator is a
        // generic call for every byte in the debug build, which `make verify` and the tests run,
        // and a cached binary is hundreds of kilobytes.
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { return }
            var state = self.state
            var index = 0
            while index < buffer.count {
                state = (state ^ UInt64(base[index])) &* 0x0000_0100_0000_01b3
                index += 1
            }
            self.state = state
        }
        if done == nil {
            for byte in bytes { state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
    }

    /// The checksum as 16 lowercase hex digits.
    package var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
