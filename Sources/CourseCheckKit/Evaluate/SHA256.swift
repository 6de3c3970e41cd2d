import CSHA256

/// SHA-256 (FIPS 180-4), for content-addressed cache keys without a crypto dependency.
///
/// Whole blocks are compressed straight from the caller's bytes and the message schedule lives on
/// the stack: every cache lookup hashes its key and its entry, and a byte-at-a-time version cost
/// about 100 instructions a byte (8 M of a warm run's 183 M). Where the CPU has the SHA extensions
/// (`CSHA256`), they compress the blocks: the portable rounds cost ~3,700 instructions a block,
/// 3 M of a warm run (its trees' and fragments' keys); the test suite holds both to `sha256sum`.
package struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// The bytes of an incomplete block: the first `buffered` of these 64. Inline, not an array: a
    /// key's hasher is copied from a shared base and fed a line at a time, and an array's
    /// copy-on-write and capacity checks on each of those small updates cost more than the hashing.
    private var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var buffered = 0
    private var length: UInt64 = 0

    /// The round constants: `CSHA256`'s table, the one both compressions read.
    private static var k: UnsafePointer<UInt32> { csha256_round_constants()! }

    /// Whether the blocks go to the CPU's SHA extensions.
    private let hardware: Bool

    /// True when this CPU has the SHA extensions.
    package static let hardwareAvailable = csha256_hardware() != 0

    /// `hardware` false: the portable rounds even where the CPU has the extensions (the tests
    /// compare the two).
    package init(hardware: Bool = hardwareAvailable) {
        self.hardware = hardware && Self.hardwareAvailable
    }

    package mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if done == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { update($0) }
        }
    }

    package mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// Tops up the buffered block first, then compresses whole blocks in place; only the tail is kept.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        length &+= UInt64(bytes.count)
        var start = 0
        if buffered > 0 {
            start = min(64 - buffered, bytes.count)
            let at = buffered
            withUnsafeMutableBytes(of: &buffer) {
                $0.baseAddress!.advanced(by: at).copyMemory(from: base, byteCount: start)
            }
            buffered += start
            guard buffered == 64 else { return }
            var full = buffer
            withUnsafeBytes(of: &full) { compress($0.baseAddress!, blocks: 1) }
            buffered = 0
        }
        let blocks = (bytes.count - start) / 64
        if blocks > 0 {
            compress(base + start, blocks: blocks)
            start += blocks * 64
        }
        if start < bytes.count {
            let count = bytes.count - start
            withUnsafeMutableBytes(of: &buffer) { $0.baseAddress!.copyMemory(from: base + start, byteCount: count) }
            buffered = count
        }
    }

    /// The digest as 64 lowercase hex digits.
    package mutating func finalize() -> String {
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80]
        tail += [UInt8](repeating: 0, count: (56 - (buffered + 1) % 64 + 64) % 64)
        tail += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bitLength >> (UInt64($0) * 8)) }
        tail.withUnsafeBytes { update($0) }
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            for shift in stride(from: 28, through: 0, by: -4) {
                hex.append(digits[Int((word >> UInt32(shift)) & 0xF)])
            }
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The hex digest of `parts`, each followed by a NUL so that boundaries count.
    package static func hex(_ parts: String...) -> String {
        var hasher = SHA256()
        hasher.feed(parts)
        return hasher.finalize()
    }

    /// Hashes `parts` as `hex` does, each followed by a NUL. Keys that share leading parts (the
    /// engine's version, the toolchain or binary, the limits) hash them once and copy the hasher.
    package mutating func feed(_ parts: [String]) {
        var nul: UInt8 = 0
        for part in parts {
            update(part)
            withUnsafeBytes(of: &nul) { update($0) }
        }
    }

    /// Hashes a fenced block's content as `feed([block.content])` does (every body line with its
    /// terminator, then a NUL), without building the string: keys hash ~90 blocks a run, and
    /// joining their lines first cost more than hashing them.
    package mutating func feed(contentOf block: FencedBlock) {
        for line in block.body {
            update(line.text)
            if line.ending == .lf {
                withUnsafeBytes(of: UInt8(ascii: "\n")) { update($0) }
            } else {
                update(line.ending.rawValue)
            }
        }
        withUnsafeBytes(of: UInt8(0)) { update($0) }
    }

    /// Hashes the program a tree block is, as `TreeProgram.single` writes it and the compiler reads
    /// it: every body line's text and a line feed, whatever ending the lesson gave the line.
    package mutating func feed(programOf block: FencedBlock) {
        for line in block.body {
            update(line.text)
            withUnsafeBytes(of: UInt8(ascii: "\n")) { update($0) }
        }
    }

    /// `blocks` 64-byte blocks at `data`: on the CPU's SHA extensions when it has them, else each
    /// through the portable rounds.
    private mutating func compress(_ data: UnsafeRawPointer, blocks: Int) {
        guard hardware else {
            for index in 0..<blocks { compress(data + index * 64) }
            return
        }
        withUnsafeMutableBytes(of: &state) { words in
            csha256_compress(
                words.baseAddress!.assumingMemoryBound(to: UInt32.self), data.assumingMemoryBound(to: UInt8.self),
                blocks)
        }
    }

    /// One 64-byte block at `block`: words loaded big-endian in one load each, the round constants
    /// and the schedule read without bounds checks (about 3,700 instructions a block).
    private mutating func compress(_ block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            let w = schedule.baseAddress!
            for i in 0..<16 {
                w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
            }
            for i in 16..<64 {
                let s0 = Self.rotate(w[i - 15], 7) ^ Self.rotate(w[i - 15], 18) ^ (w[i - 15] &>> 3)
                let s1 = Self.rotate(w[i - 2], 17) ^ Self.rotate(w[i - 2], 19) ^ (w[i - 2] &>> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            // The working variables live inside the closure, so they stay in registers; eight rounds
            // an iteration, each naming the variables where they stand, so no round moves all eight
            // into place (the rotation cost a quarter of a block's instructions).
            let (a, b, c, d, e, f, g, h) = { () -> (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) in
                let k = Self.k
                var (a, b, c, d, e, f, g, h) = state
                var i = 0
                while i < 64 {
                    Self.round(a, b, c, &d, e, f, g, &h, k[i] &+ w[i])
                    Self.round(h, a, b, &c, d, e, f, &g, k[i + 1] &+ w[i + 1])
                    Self.round(g, h, a, &b, c, d, e, &f, k[i + 2] &+ w[i + 2])
                    Self.round(f, g, h, &a, b, c, d, &e, k[i + 3] &+ w[i + 3])
                    Self.round(e, f, g, &h, a, b, c, &d, k[i + 4] &+ w[i + 4])
                    Self.round(d, e, f, &g, h, a, b, &c, k[i + 5] &+ w[i + 5])
                    Self.round(c, d, e, &f, g, h, a, &b, k[i + 6] &+ w[i + 6])
                    Self.round(b, c, d, &e, f, g, h, &a, k[i + 7] &+ w[i + 7])
                    i += 8
                }
                return (a, b, c, d, e, f, g, h)
            }()
            state = (
                state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g,
                state.7 &+ h
            )
        }
    }

    /// One round, FIPS 180-4 §6.2.2 step 3, with the next round's names: `d` takes `d + T1` (the
    /// next `e`) and `h` takes `T1 + T2` (the next `a`); the others only move, so the caller renames
    /// them instead. `kw` is the round constant plus the schedule word.
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
        _ h: inout UInt32, _ kw: UInt32
    ) {
        let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
        let choice = (e & f) ^ (~e & g)
        let t1 = h &+ s1 &+ choice &+ kw
        let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        d = d &+ t1
        h = t1 &+ s0 &+ majority
    }

    /// Masking shifts: one instruction each, where `>>` checks for an over-long shift.
    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value &>> count) | (value &<< (32 &- count))
    }
}
