/// A byte count as messages write it: `1 MiB`, `64 KiB`, `1000 bytes`.
enum ByteSize {
    static func describe(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : bytes % 1024 == 0 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }
}
