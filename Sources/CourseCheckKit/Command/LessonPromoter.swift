import Foundation

/// `--promote`: rewrites lessons in place so their expected blocks hold the actual outputs and
/// their core blocks the embedded core. Every byte outside those block bodies stays as it was.
public struct LessonPromoter {
    /// One lesson's new text and what was rewritten in it.
    public struct Rewrite: Sendable {
        public var path: String
        public var url: URL
        public var old: [Line]
        public var new: [Line]
        public var hadByteOrderMark: Bool
        public var expectedBlocks = 0
        public var coreBlocks = 0

        /// The new file's bytes, byte order mark included when the old file had one.
        public var data: Data {
            Data(((hadByteOrderMark ? "\u{FEFF}" : "") + new.map(\.raw).joined()).utf8)
        }
    }

    /// The rewrites `result` calls for (lessons that would not change are left out).
    public static func rewrites(_ result: CourseChecker.Result, plan: CourseLoader.Plan) -> [Rewrite] {
        var rewrites: [Rewrite] = []
        let core = LineScanner.lines(of: EmbeddedCore.text)
        for (lesson, runs) in zip(result.lessons, CourseChecker.runsByLesson(result.lessons, result.runs)) {
            guard let entry = plan.entries.first(where: { $0.displayPath == lesson.path }) else { continue }
            // Body replacements keyed by the first body line index; blocks never overlap.
            var replacements: [(range: Range<Int>, lines: [String])] = []
            var expectedBlocks = 0
            var coreBlocks = 0
            for (tree, run) in zip(lesson.trees, runs) {
                guard let run, run.ending == .exited(0), run.divergentStdout == nil,
                    let text = String(validating: run.stdout, as: UTF8.self)
                else { continue }
                guard Array(tree.expected.content.utf8) != run.stdout else { continue }
                // A fenced block can only hold text that ends with a newline.
                guard run.stdout.isEmpty || run.stdout.last == UInt8(ascii: "\n") else { continue }
                replacements.append((bodyRange(tree.expected), LineScanner.lines(of: text).map(\.raw)))
                expectedBlocks += 1
            }
            for block in lesson.cores where !block.content.sameBytes(EmbeddedCore.text) {
                replacements.append((bodyRange(block), core.map(\.raw)))
                coreBlocks += 1
            }
            guard !replacements.isEmpty else { continue }
            var newRaw: [String] = []
            var index = 0
            let old = lesson.file.lines
            for replacement in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                newRaw += old[index..<replacement.range.lowerBound].map(\.raw)
                newRaw += replacement.lines
                index = replacement.range.upperBound
            }
            newRaw += old[index...].map(\.raw)
            rewrites.append(Rewrite(
                path: lesson.path, url: entry.url, old: old, new: LineScanner.lines(of: newRaw.joined()),
                hadByteOrderMark: lesson.file.hadByteOrderMark, expectedBlocks: expectedBlocks, coreBlocks: coreBlocks))
        }
        return rewrites
    }

    /// Indices into the file's lines of a block's body (between its fences).
    private static func bodyRange(_ block: FencedBlock) -> Range<Int> {
        block.opening.number..<(block.closing.number - 1)
    }
}
