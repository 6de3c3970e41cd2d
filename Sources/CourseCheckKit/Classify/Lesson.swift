/// A classified lesson: every fenced block of one file with its role.
package struct Lesson: Sendable {
    /// One fenced block and the role classification gave it.
    package struct Block: Sendable, Equatable {
        package var role: BlockRole
        package var fenced: FencedBlock
        /// For a tree, the line of its expected block's opening fence.
        package var expectedLine: Int?
    }

    package var file: SourceFile
    package var blocks: [Block]
    /// The lesson's core blocks; a well-formed lesson has exactly one.
    package var cores: [FencedBlock]
    package var trees: [Tree]
    /// True when a fence is left open or hidden from the reader (in an indented code or HTML block):
    /// the fences after it may pair wrongly, so what is prose and what is code is not known, and the
    /// claims that read the lesson's trees and prose do not judge it.
    package var fencesAreUncertain = false
    /// The block structure the blocks were found in, when the caller kept it (claims read prose from it).
    package var document: BlockNode?

    package var path: String { file.path }

    package func count(of role: BlockRole) -> Int {
        blocks.count { $0.role == role }
    }
}
