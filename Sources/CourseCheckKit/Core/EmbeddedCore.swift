/// The course's Invalidation.swift as text, embedded from the same file `InvalidationCore` compiles.
public enum EmbeddedCore {
    /// The file name the core carries in every lesson.
    public static let fileName = "Invalidation.swift"

    /// The exact bytes of `Sources/InvalidationCore/Invalidation.swift`.
    public static let bytes: [UInt8] = PackageResources.Invalidation_swift

    public static let text = String(decoding: bytes, as: UTF8.self)
}
