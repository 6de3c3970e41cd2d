import Foundation
import XCTest

@testable import CourseCheckKit

/// A copy of the real course for a test that changes it: `lessons/` and `goldens/` (or the folders
/// named) in a scratch directory of its own, removed when the test ends.
enum CourseCopy {
    static let folders = ["lessons", "goldens"]

    /// A new scratch directory holding the copy; it is removed after `test`.
    static func make(for test: XCTestCase, _ folders: [String] = folders) throws -> Scratch {
        let scratch = try Scratch()
        test.addTeardownBlock { scratch.remove() }
        try copy(folders, into: scratch.url)
        return scratch
    }

    /// Copies the course's folders into `directory`, which the caller owns.
    static func copy(_ folders: [String] = folders, into directory: URL) throws {
        for folder in folders {
            try FileManager.default.copyItem(
                at: Binary.packageRoot.appendingPathComponent(folder), to: directory.appendingPathComponent(folder))
        }
    }

    /// The lesson files in the lessons folder `lessons` (the index and other files left out), sorted.
    static func lessonNames(in lessons: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: lessons.path).filter { LessonName.isLessonFile($0) }
            .sorted()
    }

    /// A lesson of the copy's lessons folder `lessons` that `random` picks (among `also` too, such
    /// as the index), with its URL and text: where the slip property tests make their edit.
    static func pickLesson(
        in lessons: URL, _ random: inout BlockStructurePropertyTests.Generator, also: [String] = []
    ) throws -> (file: String, url: URL, text: String) {
        let names = try lessonNames(in: lessons) + also
        let file = names[Int(random.next() % UInt64(names.count))]
        let url = lessons.appendingPathComponent(file)
        return (file, url, try String(contentsOf: url, encoding: .utf8))
    }

    /// The course's last lesson, which holds the closing table, and its text: a pick among all
    /// (`pickLesson`) finds it rarely.
    static func lastLesson(in lessons: URL) throws -> (file: String, url: URL, text: String) {
        let file = try XCTUnwrap(lessonNames(in: lessons).last)
        let url = lessons.appendingPathComponent(file)
        return (file, url, try String(contentsOf: url, encoding: .utf8))
    }

    /// Copies one lesson of the course, `<name>.md`, into the lessons folder `lessons` (under
    /// `root`) and its golden folder into `root/goldens`, making both folders when missing.
    static func copyLesson(_ name: String, into root: URL, lessons: String = "lessons") throws {
        let files = FileManager.default
        for folder in [lessons, "goldens"] {
            try files.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try files.copyItem(
            at: Binary.packageRoot.appendingPathComponent("lessons/\(name).md"),
            to: root.appendingPathComponent("\(lessons)/\(name).md"))
        try files.copyItem(
            at: Binary.packageRoot.appendingPathComponent("goldens/\(name)"),
            to: root.appendingPathComponent("goldens/\(name)"))
    }

    /// The findings (error and warning lines) of a default run (`lessons/`) in `copy` when it holds
    /// nothing but the course's folders as committed, byte for byte, else nil. Following a slip's fix
    /// most often gives the course back as it was, and checking it again is checking the course as
    /// it is: that run is made once per process (`asCommitted`) and its findings shared.
    static func findingsIfAsCommitted(_ copy: URL) -> [String]? {
        let files = FileManager.default
        guard (try? files.contentsOfDirectory(atPath: copy.path).sorted()) == folders.sorted() else { return nil }
        for folder in folders {
            let original = Binary.packageRoot.appendingPathComponent(folder)
            let copied = copy.appendingPathComponent(folder)
            guard let names = files.subpaths(atPath: original.path),
                files.subpaths(atPath: copied.path)?.sorted() == names.sorted()
            else { return nil }
            for name in names {
                var directory: ObjCBool = false
                guard files.fileExists(atPath: original.appendingPathComponent(name).path, isDirectory: &directory)
                else {
                    return nil
                }
                if directory.boolValue { continue }
                guard let bytes = files.contents(atPath: copied.appendingPathComponent(name).path),
                    bytes == files.contents(atPath: original.appendingPathComponent(name).path)
                else { return nil }
            }
        }
        return asCommitted
    }

    /// The findings of one default run of a fresh copy of the course as committed.
    private static let asCommitted: [String] = {
        guard let scratch = try? Scratch() else { return ["cannot make a scratch directory"] }
        defer { scratch.remove() }
        guard (try? copy(into: scratch.url)) != nil else { return ["cannot copy the course"] }
        return InProcess.run(["lessons/"], in: scratch.url).stderr.findingLines
    }()

    /// Replaces the first `target` (after `anchor`, when one is given) in the file at `url` and
    /// returns the 1-based line it was on.
    @discardableResult
    static func replace(_ target: String, with replacement: String, in url: URL, after anchor: String = "") throws
        -> Int
    {
        let text = try String(contentsOf: url, encoding: .utf8)
        let range = try text.locate(target, after: anchor, in: url.lastPathComponent)
        try text.replacingCharacters(in: range, with: replacement).write(to: url, atomically: true, encoding: .utf8)
        // Counted on the UTF-8 bytes: a walk over Characters is slow in the debug build, and every
        // slip test asks.
        var before = String(text[..<range.lowerBound])
        return before.withUTF8 { bytes in
            var (line, from) = (1, 0)
            while let at = ByteSearch.firstOffset(of: UInt8(ascii: "\n"), in: bytes, from: from) {
                (line, from) = (line + 1, at + 1)
            }
            return line
        }
    }
}

/// Text a test meant to change was not there: the test fails instead of checking unchanged input.
struct TextNotFound: Error, CustomStringConvertible {
    var description: String
}

extension String {
    /// The first `target` after `anchor` (from the start when `anchor` is empty); throws when either is absent.
    func locate(_ target: String, after anchor: String = "", in name: String = "the text") throws -> Range<Index> {
        var start = startIndex
        if !anchor.isEmpty {
            guard let found = range(of: anchor) else {
                throw TextNotFound(description: "'\(anchor)' is not in \(name)")
            }
            start = found.upperBound
        }
        guard let found = range(of: target, range: start..<endIndex) else {
            throw TextNotFound(description: "'\(target)' is not in \(name)")
        }
        return found
    }

    /// The text with its first `target` replaced; throws when there is none.
    func replacingFirst(_ target: String, with replacement: String) throws -> String {
        replacingCharacters(in: try locate(target), with: replacement)
    }

    /// The text with every `target` replaced; throws when there is none.
    func replacingEvery(_ target: String, with replacement: String) throws -> String {
        _ = try locate(target)
        return replacingOccurrences(of: target, with: replacement)
    }
}
