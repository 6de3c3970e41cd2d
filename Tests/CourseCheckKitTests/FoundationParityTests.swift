import Foundation
import XCTest

@testable import CourseCheckKit

/// coursecheck does a few things by hand that Foundation and the standard library already do, where
/// theirs looked a generic type up by name on first use (a scan of the binary's every conformance,
/// a cost the instruction budget counts). Each hand-written one is checked against the original as the oracle, on seeded random
/// inputs built from the characters that matter to it.
final class FoundationParityTests: XCTestCase {
    /// Percent-decoding gives what `removingPercentEncoding` gives: the same text, or nil for a
    /// stray `%` or bytes that are not UTF-8.
    func testPercentDecodingIsFoundations() {
        let fixed = [
            "", "abc", "%", "%4", "%zz", "%41", "%C3%A7", "%c3%a7", "%FF", "a%2Fb", "%00x", "%e2%80", "ç%41", "a%%41",
            "%+1", "ders%201.md", "%F0%9F%98%80", "%ED%A0%80", "100%", "%%", "\u{FEFF}abc", "%EF%BB%BFabc",
            "a\u{FEFF}b", "\u{FEFF}\u{FEFF}a", "%EF%BB%BF%EF%BB%BFa", "a%EF%BB%BFb", "\u{FEFF}", "%EF%BB%BF",
            "\u{FEFF}%41", "%C2%A9",
        ]
        // Not `A9`: Foundation alone turns a stray `%A9` into U+FFFD (asserted below).
        let pieces = [
            "%", "2", "F", "f", "C3", "A7", "a", "ç", "/", "0", "G", "E2", "80", "%25", " ", "ğ", "FF", "EF", "BB",
            "BF",
            "\u{FEFF}",
        ]
        let (count, seed) = PropertySeeds.stream(defaultCount: 3000, defaultSeed: 25)
        var generator = BlockStructurePropertyTests.Generator(state: seed)
        let random = (0..<count).map { _ in generator.text(pieces, count: Int(generator.next() % 8)) }
        for text in fixed + random {
            XCTAssertEqual(
                PercentEncoding.removing(from: text), text.removingPercentEncoding,
                "\(text.debugDescription) (seed \(seed))")
        }
        // The one difference, on purpose: a byte that is not UTF-8 is invalid, `A9` too.
        XCTAssertEqual("%A9".removingPercentEncoding, "\u{FFFD}")
        XCTAssertNil(PercentEncoding.removing(from: "%A9"))
    }

    /// The concrete `joined(separator:)` gives what the standard library's generic one gives.
    func testJoinedIsTheStandardLibrarys() {
        func standard<S: Sequence>(_ parts: S, _ separator: String) -> String where S.Element: StringProtocol {
            parts.joined(separator: separator)
        }
        let pieces = ["", "a", "ç", "\n", "ab", "🙂", " "]
        var generator = BlockStructurePropertyTests.Generator(state: 25)
        for _ in 0..<500 {
            let parts = (0..<Int(generator.next() % 5)).map { _ in
                generator.text(pieces, count: Int(generator.next() % 4))
            }
            let separator = generator.text(pieces, count: Int(generator.next() % 3))
            XCTAssertEqual(parts.joined(separator: separator), standard(parts, separator))
            let substrings = parts.map { Substring($0) }
            XCTAssertEqual(substrings.joined(separator: separator), standard(substrings, separator))
            XCTAssertEqual(parts.joined(), standard(parts, ""))
        }
    }

    /// A file's lines decoded one by one are the lines of the file decoded whole: the same lines
    /// for valid UTF-8, and nil wherever the standard library's validation refuses the bytes
    /// (a stray continuation byte, a truncated or overlong sequence, a surrogate, a byte past
    /// U+10FFFF), line breaks of every kind around them.
    func testLinesDecodedOneByOneAreTheWholeFilesLines() {
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("ç".utf8), Array("🙂".utf8), [0x0A], [0x0D], [0x0D, 0x0A], [0x80], [0xC3],
            [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF],
            Array("\u{FFFD}".utf8), Array("```".utf8), [0x20],
        ]
        let (count, seed) = PropertySeeds.stream(defaultCount: 3000, defaultSeed: 25)
        var generator = BlockStructurePropertyTests.Generator(state: seed)
        let fixed: [[UInt8]] = [
            [], [0x0A], [0x0D], [0x0D, 0x0A], [0x0A, 0x0A], Array("a\r\nb\rc\n".utf8), [0xEF, 0xBF, 0xBD],
        ]
        let random = (0..<count).map { _ in
            (0..<Int(generator.next() % 10)).flatMap { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        }
        for bytes in fixed + random {
            let whole = String(validating: bytes, as: UTF8.self).map(LineScanner.lines(of:))
            let oneByOne = bytes.withUnsafeBufferPointer(LineScanner.lines(validating:))
            XCTAssertEqual(oneByOne, whole, "\(bytes) (seed \(seed))")
            // As bytes too: `==` on strings holds two Unicode forms of one text equal.
            XCTAssertEqual(
                oneByOne?.map { Array($0.text.utf8) }, whole?.map { Array($0.text.utf8) }, "\(bytes) (seed \(seed))")
        }
    }

    /// The lesson-name rule by bytes (ASCII names) is the rule by characters, on names built from
    /// digits, dashes, the suffix and the characters that join others (CR LF, a combining mark).
    func testLessonNamesByBytesAreTheRuleByCharacters() {
        func byCharacters(_ name: String) -> Bool {
            guard name.hasSuffix(".md") else { return false }
            let digits = name.prefix { $0.isASCII && $0.isNumber }
            guard digits.count >= 2 else { return false }
            let rest = name.dropFirst(digits.count)
            return rest.hasPrefix("-") && rest.count > "-.md".count
        }
        let pieces = ["0", "1", "9", "-", ".md", "a", "x", ".", "\r\n", "\r", "\u{301}", "ç", "٣", " ", "m", "d"]
        var generator = BlockStructurePropertyTests.Generator(state: 25)
        let fixed = [
            "01-a.md", "01-.md", "1-a.md", "001-a.md", "01a.md", "01-a.MD", "01-\u{301}.md", "01\u{301}-a.md",
            "01-\r\n.md",
        ]
        for name in fixed + (0..<5000).map({ _ in generator.text(pieces, count: Int(generator.next() % 7)) }) {
            XCTAssertEqual(LessonName.isLessonFile(name), byCharacters(name), name.debugDescription)
        }
    }

    /// A lesson's path joined as text names the file `appendingPathComponent` named, whatever the
    /// name holds (spaces, `%`, `?`, `#`, `;`, non-ASCII in both Unicode forms), below a folder
    /// written with or without a trailing slash.
    func testLessonPathsJoinedAsTextAreFoundations() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let names = [
            "01-a.md", "02-b c.md", "03-%20.md", "04-?.md", "05-#.md", "06-;x.md", "07-ç.md", "08-c\u{327}.md",
        ]
        for name in names { try Data("x".utf8).write(to: scratch.url.appendingPathComponent(name)) }
        for folder in [scratch.url.path, scratch.url.path + "/"] {
            let plan = try CourseLoader(currentDirectory: scratch.url).plan([folder])
            let directory = URL(fileURLWithPath: folder)
            let expected = names.sorted().map { directory.appendingPathComponent($0, isDirectory: false) }
            // As bytes: `==` on strings holds the names' two Unicode forms equal.
            XCTAssertEqual(plan.entries.map { Array($0.path.utf8) }, expected.map { Array($0.path.utf8) }, folder)
            XCTAssertEqual(plan.entries.map(\.url), expected, folder)
        }
    }

    /// A lessons folder's names by `readdir` are FileManager's: dot files, non-ASCII names in both
    /// Unicode forms, a name that is not UTF-8 (repaired alike), folders and links; and a folder
    /// that cannot be opened is left to FileManager, which says why.
    func testListingNamesIsFileManagers() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let names = [
            "01-a.md", ".hidden.md", "02-çğ.md", "03-c\u{0327}.md", "README.md", "notes", "04 space.md", "05-ü.MD",
        ]
        for name in names {
            XCTAssertTrue(
                FileManager.default.createFile(atPath: scratch.url.appendingPathComponent(name).path, contents: Data()))
        }
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("folder"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url.path + "/link.md", withDestinationPath: "01-a.md")
        XCTAssertTrue(BytePath.makeFile(Array((scratch.url.path + "/06-\u{FF}.md").utf8)))
        XCTAssertTrue(BytePath.makeFile(Array((scratch.url.path + "/07-").utf8) + [0xFF] + Array(".md".utf8)))
        let listed = try XCTUnwrap(CourseLoader.names(in: scratch.url.path))
        XCTAssertEqual(listed.sorted(), try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted())
        XCTAssertEqual(listed.count, names.count + 4)
        XCTAssertNil(CourseLoader.names(in: scratch.url.path + "/missing"))
        XCTAssertNil(CourseLoader.names(in: scratch.url.path + "/01-a.md"))
    }
}
