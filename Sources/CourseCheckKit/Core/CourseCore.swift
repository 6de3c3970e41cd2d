/// A course's core: the Swift file every lesson prints whole, by its file name, and the text every
/// lesson's copy is compared with.
///
/// The core is found by the course's conventions (`CourseCore.decide`): a ```swift block whose first
/// line names a Swift file other than `main.swift`, with one name in every lesson. Its file name is
/// its name in the reader's program (`<Name>.swift` beside `main.swift`) and in every message.
package struct CourseCore: Sendable, Equatable {
    /// The core's file name, `Invalidation.swift`, `Counter.swift`.
    package var fileName: String
    /// The text every lesson's core block is compared with, and the engines compile.
    package var text: String
    /// True when `text` is byte for byte the core compiled into coursecheck under its name: only
    /// then does the embedded engine serve the course, and only then is this the course whose
    /// claims coursecheck knows. Decided once, when the core is made.
    package let isEmbedded: Bool

    package init(fileName: String, text: String) {
        self.fileName = fileName
        self.text = text
        // By memcmp: the UTF8View's iterator against an array cost ~10 instructions a byte.
        var bytes = text
        isEmbedded =
            fileName == EmbeddedCore.fileName
            && bytes.withUTF8 { text in EmbeddedCore.bytes.withUnsafeBufferPointer { text.sameBytes($0) } }
    }

    /// The core compiled into coursecheck.
    package static let embedded = CourseCore(fileName: EmbeddedCore.fileName, text: EmbeddedCore.text)

    /// The first line's start that makes a `swift` block this core: `// Counter.swift`.
    package var marker: String { Self.marker(fileName) }

    package static func marker(_ fileName: String) -> String { "// " + fileName }

    /// The reader's program's file name for a tree.
    package static let treeFileName = "main.swift"

    /// The Swift file a block's first line names (`// Counter.swift — …` names `Counter.swift`), or
    /// nil: the name runs from after `// ` to the first blank, ends `.swift` with something before
    /// it, and holds no `/`. `main.swift` is a tree's name, never a core's.
    package static func fileName(namedBy firstLine: String) -> String? {
        // One pass over the bytes: this runs on the first line of every `swift` block of a course.
        var line = firstLine
        return line.withUTF8 { bytes -> String? in
            guard bytes.count >= 3, bytes[0] == UInt8(ascii: "/"), bytes[1] == UInt8(ascii: "/"),
                bytes[2] == UInt8(ascii: " ")
            else { return nil }
            // A non-ASCII byte after the space may join it into another character: ask as characters.
            if bytes.count > 3, bytes[3] >= 0x80, !firstLine.hasPrefix("// ") { return nil }
            var end = 3
            while end < bytes.count, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: "\t") {
                if bytes[end] == UInt8(ascii: "/") { return nil }
                end += 1
            }
            let name = UnsafeBufferPointer(rebasing: bytes[3..<end])
            // `.swift`, byte by byte: no array built for each line.
            let suffix: StaticString = ".swift"
            let length = suffix.utf8CodeUnitCount
            guard name.count > length,
                UnsafeBufferPointer(rebasing: name[(name.count - length)...]).elementsEqual(
                    UnsafeBufferPointer(start: suffix.utf8Start, count: length)),
                !name.elementsEqual(treeFileName.utf8)
            else { return nil }
            return String(decoding: name, as: UTF8.self)
        }
    }

    /// A core named on the command line or in the index (`Counter` or `Counter.swift`) as its file
    /// name, or nil when it cannot name one (empty, a path, `main`).
    package static func fileName(given: String) -> String? {
        let trimmed = String(given.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        let name = trimmed.hasSuffix(".swift") ? trimmed : trimmed + ".swift"
        return fileName(namedBy: "// " + name) == name ? name : nil
    }
}

extension CourseCore {
    /// A lesson's own guess at the core's file name, from the files its `swift` blocks name: `hint`
    /// when it names it (or none), else the one file it names. The course's decision
    /// (`decideName`) reclassifies a lesson whose guess was another name.
    package static func guess(_ names: [String], hint: String = EmbeddedCore.fileName) -> String {
        guard let first = names.first, !names.contains(hint), names.allSatisfy({ $0 == first }) else { return hint }
        return first
    }

    /// Why the course's core could not be told by its conventions.
    package struct Ambiguity: Error, Sendable, Equatable {
        /// The names that open a block in the same, largest, number of lessons.
        package var names: [String]
        package var lessons: Int
    }

    /// The course's core file name: `given` (`--core`, the index's `core:`) when there is one,
    /// else the name the most lessons' `swift` blocks name (each lesson's `namedFiles`), the
    /// embedded core's name among equals; with no name at all, the embedded core's (each lesson
    /// then says it has no core). Two names tied otherwise cannot be told apart.
    package static func decideName(lessons: [[String]], given: String?) -> Result<String, Ambiguity> {
        if let given { return .success(given) }
        var counts: [String: Int] = [:]
        var order: [String] = []
        for names in lessons {
            for name in Set(names) {
                if counts[name] == nil { order.append(name) }
                counts[name, default: 0] += 1
            }
        }
        guard let most = counts.values.max() else { return .success(EmbeddedCore.fileName) }
        let leaders = order.filter { counts[$0] == most }.sorted()
        if leaders.count == 1 { return .success(leaders[0]) }
        if leaders.contains(EmbeddedCore.fileName) { return .success(EmbeddedCore.fileName) }
        return .failure(Ambiguity(names: leaders, lessons: most))
    }

    /// The course's core of file name `fileName`: the text most lessons' core blocks hold (one per
    /// lesson, `texts`, in course order), the first's among equals; with no core block at all, the
    /// embedded core's text under that name. The course is the one coursecheck is built with, and
    /// its core the embedded one that every copy is compared with, when that text is the embedded
    /// core or a near-copy of it (`isNearCopy`) under the embedded core's name: a course of one or
    /// two lessons whose copies drifted is still this course, with drifts, while a course that
    /// only borrowed the name keeps its own text and is never compared with, or rewritten to,
    /// the embedded core.
    package static func decide(fileName: String, texts: [String]) -> CourseCore {
        var counts: [String: Int] = [:]
        for text in texts { counts[text, default: 0] += 1 }
        guard let most = counts.values.max(), let text = texts.first(where: { counts[$0] == most }) else {
            return fileName == EmbeddedCore.fileName
                ? .embedded : CourseCore(fileName: fileName, text: EmbeddedCore.text)
        }
        if fileName == EmbeddedCore.fileName, isNearCopy(text) { return .embedded }
        return CourseCore(fileName: fileName, text: text)
    }

    /// True when `text` is the embedded core or a near-copy of it: more than half of the lines that
    /// hold a letter or a digit, on either side, are lines of the other (as multisets, blanks
    /// trimmed), so braces and blank lines, which every Swift file has, count for nothing.
    package static func isNearCopy(_ text: String) -> Bool {
        if text.utf8.elementsEqual(EmbeddedCore.bytes) { return true }
        let mine = meaningfulLines(text)
        let embedded = embeddedLines
        var remaining = embedded.counts
        var common = 0
        for line in mine.lines where remaining[line, default: 0] > 0 {
            remaining[line]! -= 1
            common += 1
        }
        return common * 2 > max(mine.lines.count, embedded.lines.count)
    }

    private static let embeddedLines = meaningfulLines(EmbeddedCore.text)

    private static func meaningfulLines(_ text: String) -> (lines: [String], counts: [String: Int]) {
        var lines: [String] = []
        var counts: [String: Int] = [:]
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
            let line = String(raw.drop(while: blank).reversed().drop(while: blank).reversed())
            guard line.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            lines.append(line)
            counts[line, default: 0] += 1
        }
        return (lines, counts)
    }
}
