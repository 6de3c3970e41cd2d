import Foundation
import XCTest

@testable import CourseCheckKit

/// A fence pair around a block of the lesson's own text, each fence typed over the blank line
/// beside the text or right against the block next to it (a paragraph's line, a heading, a
/// fence), not only with a blank line on both sides.
extension FenceSlipPropertyTests {
    /// `lines` with each blank line beside a heading or a fence line left out: GitHub renders
    /// them alike (a heading and a fence end the block above them).
    static func withoutOptionalBlanks(_ lines: [String]) -> [String] {
        func ends(_ line: String?) -> Bool {
            guard let line else { return true }
            return Classifier.isHeading(line) || Classifier.startsFence(line)
        }
        return lines.indices.filter { index in
            !lines[index].isEmpty
                || !(ends(index > 0 ? lines[index - 1] : nil) || ends(index + 1 < lines.count ? lines[index + 1] : nil))
        }.map { lines[$0] }
    }

    /// Exactly one finding, at the first fence, and its fix, followed, leaves no finding and the
    /// lesson as GitHub rendered it before the slip (no paragraph joined to the one across a fence).
    func testAFencePairTypedAgainstTheNextBlockGivesOneFindingThatConverges() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        let names = try CourseCopy.lessonNames(in: lessons)
        for seed in PropertySeeds.seeds(defaultCases: 2) {
            var random = Generator(state: seed)
            let file = names[Int(random.next() % UInt64(names.count))]
            let url = lessons.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            let clean = text.components(separatedBy: "\n")
            let body = (clean.dropFirst().firstIndex { $0 == "---" } ?? 0) + 1
            var inside = false
            var places: [(at: Int, count: Int)] = []
            for (index, line) in clean.enumerated() {
                if line.hasPrefix("```") || line.hasPrefix("~~~") { inside.toggle() }
                guard !inside, index > body + 1, clean[index - 1].isEmpty, !clean[index - 2].isEmpty, !line.isEmpty
                else { continue }
                let block = Array(clean[index...].prefix { !$0.isEmpty })
                let end = index + block.count
                guard end + 1 < clean.count, !clean[end + 1].isEmpty, Classifier.wrappedText(block) != nil
                else { continue }
                places.append((index, block.count))
            }
            guard !places.isEmpty else { continue }
            let place = places[Int(random.next() % UInt64(places.count))]
            let (written, closer) = [("```", "```"), ("~~~", "~~~"), ("```swift", "```")][Int(random.next() % 3)]
            // The opener: over the blank line above, or right under the block above (the blank
            // line inside); the closer: over the blank line below, or right under the text.
            let (over, under) = (random.next() % 2 == 0, random.next() % 2 == 0)
            var lines = clean
            let end = place.at + place.count
            if under { lines.insert(closer, at: end) } else { lines[end] = closer }
            if over { lines[place.at - 1] = written } else { lines.insert(written, at: place.at - 1) }
            let first = place.at
            let picked = Picked(
                file: file, url: url, text: text, lines: lines, block: Self.runBlocks(text, path: file)[0])
            let found = try picked.findings(with: lines, in: scratch.url)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(first): '\(written)' "
                + "\(over ? "over the blank line above" : "under the block above") and '\(closer)' "
                + "\(under ? "right under" : "over the blank line under") '\(clean[place.at].prefix(40))': \(found)"
            XCTAssertEqual(found.count, 1, message)
            guard let finding = found.first else { continue }
            XCTAssertTrue(finding.hasPrefix("lessons/\(file):\(first):1: error: '\(written)' here and "), message)
            let parsed = try XCTUnwrap(FollowTheFix.parse(String(finding)), message)
            let followed = try XCTUnwrap(FollowTheFix.apply([(parsed.line, parsed.message)], to: lines), message)
            XCTAssertEqual(try picked.findings(with: followed, in: scratch.url), [], message)
            XCTAssertEqual(Self.withoutOptionalBlanks(followed), Self.withoutOptionalBlanks(clean), message)
        }
    }
}
