import CSHA256

/// SHA-256 (FIPS 180-4), for content-addressed cache keys without a crypto dependency.
///
/// The hashing is `CSHA256`'s, in C and optimised in every build: every cache lookup hashes its
/// key and its entry, whole blocks are compressed straight from the caller's bytes, and the CPU's
/// SHA extensions compress them where it has them. The test suite runs the unoptimised build and
/// hashes thousands of keys; there the Swift version of this code was a tenth of a slip test's
/// time. The test suite holds both compressions to `sha256sum`.
package struct SHA256: Sendable {
    private var context = csha256_context()

    /// True when this CPU has the SHA extensions.
    package static let hardwareAvailable = csha256_hardware() != 0

    /// `hardware` false: the portable rounds even where the CPU has the extensions (the tests
    /// compare the two).
    package init(hardware: Bool = hardwareAvailable) {
        csha256_init(&context, hardware && Self.hardwareAvailable ? 1 : 0)
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

    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        csha256_update(&context, base, bytes.count)
    }

    /// The digest as 64 lowercase hex digits.
    package mutating func finalize() -> String {
        String(unsafeUninitializedCapacity: 64) { out in
            out.withMemoryRebound(to: CChar.self) { csha256_final_hex(&context, $0.baseAddress!) }
            return 64
        }
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
}
