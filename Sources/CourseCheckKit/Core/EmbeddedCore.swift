/// The course's Invalidation.swift as text, embedded from the same file `InvalidationCore` compiles.
package enum EmbeddedCore {
    /// The file name the core carries in every lesson.
    package static let fileName = "Invalidation.swift"

    /// The exact bytes of `Sources/InvalidationCore/Invalidation.swift`.
    package static let bytes: [UInt8] = PackageResources.Invalidation_swift

    package static let text = String(decoding: bytes, as: UTF8.self)
}
