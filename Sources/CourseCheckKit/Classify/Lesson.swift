/// A classified lesson: every fenced block of one file with its role.
public struct Lesson: Sendable {
    /// One fenced block and the role classification gave it.
    public struct Block: Sendable, Equatable {
        public var role: BlockRole
        public var fenced: FencedBlock
        /// For a tree, the line of its expected block's opening fence.
        public var expectedLine: Int?
    }

    public var file: SourceFile
    public var blocks: [Block]
    /// The lesson's core blocks; a well-formed lesson has exactly one.
    public var cores: [FencedBlock]
    public var trees: [Tree]
    /// True when a fence is left open or hidden from the reader (in an indented code or HTML block):
    /// the fences after it may pair wrongly, so what is prose and what is code is not known, and the
    /// claims that read the lesson's trees and prose do not judge it.
    public var fencesAreUncertain = false
    /// The block structure the blocks were found in, when the caller kept it (claims read prose from it).
    public var document: BlockNode?

    public var path: String { file.path }

    public func count(of role: BlockRole) -> Int {
        blocks.count { $0.role == role }
    }
}
