/// A classified lesson: every fenced block of one file with its role, in one list.
///
/// The cores and the trees are read from that list when the lesson is made, never kept beside it,
/// so no two lists can disagree.
package struct Lesson: Sendable {
    /// One fenced block and the role classification gave it.
    package struct Block: Sendable, Equatable {
        package var role: BlockRole
        package var fenced: FencedBlock
        /// For a tree, its expected block, or nil when it has none (a finding says why).
        package var expected: FencedBlock?

        package init(role: BlockRole, fenced: FencedBlock, expected: FencedBlock? = nil) {
            self.role = role
            self.fenced = fenced
            self.expected = expected
        }

        /// For a tree, the line of its expected block's opening fence.
        package var expectedLine: Int? { expected?.opening.number }
    }

    package let file: SourceFile
    package let blocks: [Block]
    /// The lesson's core blocks, from `blocks`; a well-formed lesson has exactly one.
    package let cores: [FencedBlock]
    /// The trees that have an expected block, from `blocks`.
    package let trees: [Tree]
    /// True when a fence is left open or hidden from the reader (in an indented code or HTML block):
    /// the fences after it may pair wrongly, so what is prose and what is code is not known, and the
    /// claims that read the lesson's trees and prose do not judge it.
    package var fencesAreUncertain = false
    /// True when a block meant as a tree or the core lost its role (its first line or info string
    /// slipped): what the lesson's trees print is not known until the slip is fixed.
    package var rolesAreUncertain = false
    /// The first line from which fences may pair wrongly (the slip, or the fence left open): a
    /// tree whose expected block reaches it is not compared, since its text is not known.
    package var uncertainFrom: Int?
    /// The last line of that uncertainty, when a later line ends it (a comment left open that a
    /// later `-->` ends in the browser); nil: it runs to the end of the file.
    package var uncertainThrough: Int?
    /// The line of a comment split across a table row's line end (`| yerel <!-- x` over `y --> |`):
    /// the table is broken there until that slip is fixed.
    package var splitRowComment: Int?
    /// What a slip hides from readers (a comment left open): nothing there is judged.
    package var hidden: HiddenSpan?
    /// The file as its author meant it, when a comment's slip within a line changed what readers
    /// see (the comment left out): what the claims read, the finding at the slip standing for it.
    /// Nil: `file` as it is. `document` is its structure then.
    package var reading: SourceFile?
    /// The block structure the blocks were found in, when the caller kept it (claims read prose from it).
    package var document: BlockNode?
    /// The front matter as the scanner parsed it, when the caller kept the scan (nil: none, or not kept).
    package var frontMatter: FrontMatter?
    /// The core's file name the lesson was classified with (`CourseCore`).
    package var coreName = EmbeddedCore.fileName
    /// The Swift files the lesson's `swift` blocks' first lines name, each once, in order (as
    /// `LessonReader` reads it): the core's candidates.
    package var namedFiles: [String] = []

    package init(file: SourceFile, blocks: [Block], document: BlockNode? = nil) {
        self.file = file
        self.blocks = blocks
        self.document = document
        cores = blocks.filter { $0.role == .core }.map(\.fenced)
        trees = blocks.compactMap { block in
            guard block.role == .tree, let expected = block.expected else { return nil }
            return Tree(block: block.fenced, expected: expected)
        }
    }

    package var path: String { file.path }

    package func count(of role: BlockRole) -> Int {
        blocks.count { $0.role == role }
    }

    /// True when lines `first` through `last` reach the lines whose fences may pair wrongly.
    package func reachesUncertainty(_ first: Int, through last: Int) -> Bool {
        guard let from = uncertainFrom else { return false }
        return last >= from && first <= (uncertainThrough ?? Int.max)
    }
}

/// What a slip hides from readers: everything after its own place (`line`, `column`) up to the
/// place where the browser ends it (`endLine`, `endColumn`: the first byte shown again), or to the
/// end of the file when nothing ends it.
package struct HiddenSpan: Sendable, Equatable {
    package var line: Int
    package var column: Int
    package var endLine: Int?
    package var endColumn: Int?

    package init(line: Int, column: Int, endLine: Int? = nil, endColumn: Int? = nil) {
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
    }

    /// True when the place (1-based line and byte column) is hidden.
    package func contains(line: Int, column: Int) -> Bool {
        guard (line, column) > (self.line, self.column) else { return false }
        guard let endLine else { return true }
        return (line, column) < (endLine, endColumn ?? 1)
    }

    /// True when `location` is hidden.
    package func contains(_ location: SourceLocation) -> Bool {
        contains(line: location.line, column: location.column)
    }

    /// True when a claim's `finding` reads hidden text: at a hidden place, or at the first column
    /// of the slip's own line, which names that line's text (a claim names a line by its first
    /// column), all of it after the `<!--` that opens the line. The comment's own finding is not.
    package func hides(_ finding: Diagnostic) -> Bool {
        let at = finding.location
        return contains(at) || (at.line == line && at.column == 1 && finding.id != .unclosedComment)
    }
}
