import Foundation
import XCTest

@testable import CourseCheckKit

final class ScanTests: XCTestCase {
    private func scan(_ text: String) -> MarkdownScanner.Result {
        MarkdownScanner.scan(SourceFile(path: "x.md", text: text))
    }

    /// Lines cut from the text's own storage read as a scalar-by-scalar split does: over random
    /// texts of ASCII, Turkish letters, emoji, combining marks and every terminator, each line's
    /// text, number and ending agree, and the lines put back together are the text.
    /// `hasCharacterPrefix` answers as `hasPrefix` does, over random texts and ASCII prefixes
    /// built from pieces that join or look alike: combining marks, CR LF, KELVIN SIGN for `K`,
    /// GREEK QUESTION MARK for `;`, a zero-width joiner.
    /// `trimmingWhitespaces` answers as Foundation's `trimmingCharacters(in: .whitespaces)` on every
    /// scalar of the first planes alone and wrapped, and on random texts of spaces of every kind,
    /// tabs, newlines, combining marks, Turkish letters and emoji.
    func testTrimmingWhitespacesAnswersAsFoundation() {
        for value in Array(0..<0x3100) + [0xFEFF, 0x1F642] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "a\(scalar)", "\(scalar)a", "\(scalar) x \(scalar)"] {
                XCTAssertEqual(
                    text.trimmingWhitespaces, text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))"
                )
            }
        }
        let pieces: [String] = [
            " ", "\t", "\n", "\u{A0}", "\u{2003}", "\u{3000}", "\u{200B}", "\u{301}", "ş", "a", "🙂", "\u{180E}",
        ]
        let (count, seed) = PropertySeeds.stream(defaultCount: 3_000, defaultSeed: 53)
        var generator = BlockStructurePropertyTests.Generator(state: seed)
        for _ in 0..<count {
            let text = generator.text(pieces, count: Int(generator.next() % 8))
            XCTAssertEqual(
                text.trimmingWhitespaces, text.trimmingCharacters(in: .whitespaces),
                "\(text.debugDescription), seed \(seed)")
        }
    }

    func testHasCharacterPrefixAnswersAsHasPrefix() {
        let pieces: [String] = [
            "/", " ", "m", "K", "\u{212A}", ";", "\u{37E}", "\u{301}", "\r", "\n", "\r\n", "\u{200D}", "ş", "[^",
        ]
        let ascii = ["/", " ", "m", "K", ";", "\r", "\n", "[^"]
        let (count, seed) = PropertySeeds.stream(defaultCount: 5_000, defaultSeed: 43)
        var generator = BlockStructurePropertyTests.Generator(state: seed)
        func pick(_ from: [String], _ most: UInt64) -> String {
            (0..<Int(generator.next() % most)).map { _ in from[Int(generator.next() % UInt64(from.count))] }.joined()
        }
        for _ in 0..<count {
            let prefix = pick(ascii, 4)
            // Half the texts start with the prefix, so the interesting boundary is common.
            let text = (generator.next() % 2 == 0 ? prefix : "") + pick(pieces, 5)
            XCTAssertEqual(
                text.hasCharacterPrefix(prefix), text.hasPrefix(prefix),
                "\(text.debugDescription) \(prefix.debugDescription), seed \(seed)")
        }
    }

    /// The byte reading of an ASCII first line (the near-miss check's fast path) is the scalar
    /// reading, over every ASCII character a line can hold: controls, DEL, tab, case, the markers'
    /// pieces. A non-ASCII line takes the scalar reading, so both are asked of it too.
    func testReaderViewOfASCIIIsTheScalarReading() {
        let pieces: [String] = [
            "//", " ", "\t", "main", "MAIN", ".swift", "Invalidation", "iNVALIDATION", "\u{7F}", "\u{1}", "\u{1F}",
            "\u{B}", "\u{C}", "~", "@", "[", "`", "{", "Z", "A", "z", "0", "İ", "\u{200B}", "\u{0430}",
        ]
        let (count, seed) = PropertySeeds.stream(defaultCount: 5_000, defaultSeed: 47)
        var generator = BlockStructurePropertyTests.Generator(state: seed)
        for _ in 0..<count {
            let text = generator.text(pieces, count: Int(generator.next() % 8))
            let fast = Classifier.readerView(of: text)
            let slow = Classifier.scalarReaderView(of: text)
            XCTAssertEqual(fast.visible, slow.visible, "\(text.debugDescription), seed \(seed)")
            XCTAssertEqual(fast.invisible, slow.invisible, "\(text.debugDescription), seed \(seed)")
        }
    }

    func testLineScannerAgreesWithAScalarSplit() {
        let alphabet: [String] = [
            "a", " ", "ş", "İ", "🙂", "e\u{301}", "\n", "\r", "\r\n", "\t", "\u{FEFF}", "\u{2028}",
        ]
        let (count, seed) = PropertySeeds.stream(defaultCount: 2_000, defaultSeed: 41)
        var generator = BlockStructurePropertyTests.Generator(state: seed)
        for _ in 0..<count {
            let text = generator.text(alphabet, count: Int(generator.next() % 24))
            var expected: [Line] = []
            var current = String.UnicodeScalarView()
            var scalars = Array(text.unicodeScalars)[...]
            while let scalar = scalars.popFirst() {
                let ending: LineEnding
                if scalar == "\n" {
                    ending = .lf
                } else if scalar == "\r" {
                    if scalars.first == "\n" {
                        scalars = scalars.dropFirst()
                        ending = .crlf
                    } else {
                        ending = .cr
                    }
                } else {
                    current.append(scalar)
                    continue
                }
                expected.append(Line(number: expected.count + 1, text: String(current), ending: ending))
                current = String.UnicodeScalarView()
            }
            if !current.isEmpty {
                expected.append(Line(number: expected.count + 1, text: String(current), ending: .none))
            }
            let lines = LineScanner.lines(of: text)
            XCTAssertEqual(lines, expected, "\(text.debugDescription), seed \(seed)")
            XCTAssertEqual(lines.map(\.raw).joined(), text)
        }
    }

    func testLinesKnowTheirNumbersAndEndings() {
        let lines = LineScanner.lines(of: "a\r\nb\rc\nd")
        XCTAssertEqual(lines.map(\.number), [1, 2, 3, 4])
        XCTAssertEqual(lines.map(\.text), ["a", "b", "c", "d"])
        XCTAssertEqual(lines.map(\.ending), [.crlf, .cr, .lf, .none])
        XCTAssertEqual(LineScanner.lines(of: "a\n\n").map(\.text), ["a", ""])
        XCTAssertEqual(LineScanner.lines(of: ""), [])
    }

    func testBlockBodyLinesCarryTheirMarkdownLineNumbers() {
        let result = scan("prose\n\n```swift\nlet a = 1\nlet b = 2\n```\n")
        XCTAssertEqual(result.blocks.count, 1)
        XCTAssertEqual(result.blocks[0].opening.number, 3)
        XCTAssertEqual(result.blocks[0].body.map(\.number), [4, 5])
        XCTAssertEqual(result.blocks[0].closing.number, 6)
        XCTAssertEqual(result.blocks[0].info, "swift")
    }

    func testClosingFenceMustUseTheSameCharacterAndBeAtLeastAsLong() {
        let result = scan("````swift\n```\n~~~~\n````\n~~~\nx\n~~~~~\n")
        XCTAssertEqual(result.blocks.count, 2)
        XCTAssertEqual(result.blocks[0].body.map(\.text), ["```", "~~~~"])
        XCTAssertEqual(result.blocks[1].fence.character, "~")
        XCTAssertEqual(result.blocks[1].body.map(\.text), ["x"])
        XCTAssertEqual(result.diagnostics, [])
    }

    func testInfoStringIsTrimmedAndALongerFenceWithInfoDoesNotClose() {
        let result = scan("```  swift  \n```swift\n```\n")
        XCTAssertEqual(result.blocks.count, 1)
        XCTAssertEqual(result.blocks[0].info, "swift")
        XCTAssertEqual(result.blocks[0].body.map(\.text), ["```swift"])
    }

    func testIndentOfFourSpacesIsNotAFenceAndBacktickInfoMayNotHoldBackticks() {
        XCTAssertNil(CodeFence.opening(Line(number: 1, text: "    ```swift", ending: .lf)))
        XCTAssertNil(CodeFence.opening(Line(number: 1, text: "``` a`b", ending: .lf)))
        XCTAssertNotNil(CodeFence.opening(Line(number: 1, text: "~~~ a`b", ending: .lf)))
        XCTAssertEqual(CodeFence.opening(Line(number: 1, text: "   ```", ending: .lf))?.indent, 3)
        XCTAssertNil(CodeFence.opening(Line(number: 1, text: "``", ending: .lf)))
    }

    func testCRLFFencesAreRecognised() {
        let result = scan("```swift\r\nlet a = 1\r\n```\r\n")
        XCTAssertEqual(result.blocks.count, 1)
        XCTAssertEqual(result.blocks[0].content, "let a = 1\r\n")
    }

    func testUnterminatedFencePointsAtItsOpeningLine() {
        let result = scan("a\n\n  ~~~~\nbody\n~~~\n")
        XCTAssertEqual(result.blocks, [])
        XCTAssertEqual(result.diagnostics.map(\.location.description), ["x.md:3:3"])
        XCTAssertEqual(result.diagnostics.first?.id, .unterminatedFence)
    }

    func testDecodingLocatesTheFirstInvalidByte() {
        let bytes = Array("ok\nab".utf8) + [0xE2, 0x28, 0xA1]
        guard case .failure(let diagnostic) = SourceFile.decode(bytes, path: "x.md") else {
            return XCTFail("invalid UTF-8 was accepted")
        }
        XCTAssertEqual(diagnostic.location.description, "x.md:2:3")
        // Overlong encodings and surrogates are invalid too.
        XCTAssertEqual(UTF8Validator.firstInvalidByte(in: [0x41, 0xC0, 0x80][...]), 1)
        XCTAssertEqual(UTF8Validator.firstInvalidByte(in: [0xED, 0xA0, 0x80][...]), 0)
        XCTAssertNil(UTF8Validator.firstInvalidByte(in: Array("çğışöü — ✓ 𝄞".utf8)[...]))
    }

    func testTreeTitleDropsTheMarkerAndDash() throws {
        let file = SourceFile(path: "x.md", text: "```swift\n// main.swift — iki agac\nprint(1)\n```\n\n```\n1\n```\n")
        let (lesson, _) = Classifier.classify(file, blocks: MarkdownScanner.scan(file).blocks)
        XCTAssertEqual(lesson.trees.first?.title, "iki agac")
        XCTAssertEqual(lesson.blocks.map(\.role), [.tree, .expected])
        XCTAssertEqual(lesson.blocks.first?.expectedLine, 6)
    }

    /// The byte search (memchr, then memcmp) finds what a naive scan finds, at every start, on
    /// random texts over a small alphabet (so matches, near misses and overlaps are common).
    func testByteSearchAgreesWithANaiveScan() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("aab|-ç".utf8)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement()! }
            let needle = (0..<Int.random(in: 0...4, using: &generator)).map { _ in alphabet.randomElement()! }
            for start in 0...text.count {
                var naive: Int? = nil
                if !needle.isEmpty && start + needle.count <= text.count {
                    naive = (start...(text.count - needle.count)).first {
                        Array(text[$0..<$0 + needle.count]) == needle
                    }
                }
                let found = text.withUnsafeBufferPointer { t in
                    needle.withUnsafeBufferPointer { n in ByteSearch.firstOffset(of: n, in: t, from: start) }
                }
                XCTAssertEqual(found, naive, "\(text) \(needle) from \(start)")
            }
            // As strings (a lone byte of `ç` decodes to U+FFFD, so compare what the strings hold).
            let string = String(decoding: text, as: UTF8.self)
            let other = String(decoding: needle, as: UTF8.self)
            XCTAssertEqual(string.containsByte(UInt8(ascii: "|")), text.contains(UInt8(ascii: "|")))
            XCTAssertEqual(string.sameBytes(other), Array(string.utf8) == Array(other.utf8), "\(text) \(needle)")
        }
    }

    /// The byte-level last path component is what Foundation's gives, for the paths coursecheck names.
    func testLastPathComponentIsFoundations() {
        for path in [
            "lessons/09-yerel-durum.md", "09.md", "a/b/", "/a", "/", "a//b", "./x.md", "../ç/ğ.md", "a/b//", "",
            "lessons/dersler/", "x",
        ] {
            XCTAssertEqual(path.lastPathComponent, (path as NSString).lastPathComponent, path)
        }
    }

    /// The byte-level parent path is what Foundation's gives, on random paths of single separators,
    /// dots and Turkish letters (NSString also folds `//`, which the paths coursecheck makes never
    /// hold, and traps on one-character paths, so those are checked by hand).
    func testParentPathIsFoundations() {
        var generator = SystemRandomNumberGenerator()
        let names = ["a", "ç", ".", "..", "ders.md", "ğö"]
        for _ in 0..<3_000 {
            var path = (0..<Int.random(in: 1...4, using: &generator)).map { _ in names.randomElement()! }.joined(
                separator: "/")
            if Bool.random(using: &generator) { path = "/" + path }
            if Bool.random(using: &generator) { path += "/" }
            // NSString traps when what is left without a trailing slash is one character.
            guard (path.hasSuffix("/") ? path.dropLast() : Substring(path)).count > 1 else { continue }
            XCTAssertEqual(path.parentPath, (path as NSString).deletingLastPathComponent, path.debugDescription)
        }
        XCTAssertEqual("a".parentPath, "")
        XCTAssertEqual("/".parentPath, "/")
        XCTAssertEqual("".parentPath, "")
        XCTAssertEqual("a/\u{301}b".parentPath, "a", "a slash before a combining mark is still a separator")
    }

    /// The fast trim gives Foundation's result on random texts of spaces, tabs, NBSP, ideographic
    /// spaces, combining marks and letters.
    func testTrimmingWhitespacesIsFoundations() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [" ", "\t", "\u{A0}", "\u{3000}", "\u{301}", "a", "ç", "|", "\n", ""]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement()! }.joined()
            XCTAssertEqual(text.trimmingWhitespaces, text.trimmingCharacters(in: .whitespaces), text.debugDescription)
        }
    }
}
