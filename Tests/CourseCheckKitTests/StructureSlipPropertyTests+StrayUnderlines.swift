import Foundation
import XCTest

@testable import CourseCheckKit

/// A line of `=` or `-` typed under a line of a lesson where GitHub reads it as no underline the
/// author meant: `===` under a `##` heading (cmark-gfm: `<h2>…</h2><p>===</p>`), `===` under a
/// paragraph of sentences (a second `<h1>`), `---` under one (an `<h2>`).
extension StructureSlipPropertyTests {
    /// In a random lesson: exactly one finding, at the underline, whose fix deletes it; followed,
    /// none. The control: `---` after a blank line under the same paragraph is a rule, as meant.
    func testAStrayUnderlineGivesOneFindingThere() throws {
        let scratch = try CourseCopy.make(for: self)
        let lessons = scratch.url.appendingPathComponent("lessons")
        for seed in PropertySeeds.seeds(defaultCases: 1) {
            var random = Generator(state: seed)
            let (file, url, text) = try CourseCopy.pickLesson(in: lessons, &random)
            let clean = text.components(separatedBy: "\n")
            // `##` headings and one-line paragraphs of sentences, a blank line under each.
            var inside = false
            var places: [(at: Int, heading: Bool)] = []
            for (index, line) in clean.enumerated() {
                if line.hasPrefix("```") || line.hasPrefix("~~~") { inside.toggle() }
                guard !inside, index > 0, index + 1 < clean.count, clean[index + 1].isEmpty, clean[index - 1].isEmpty
                else { continue }
                if line.hasPrefix("## ") {
                    places.append((index, true))
                } else if Classifier.wrappedText([line]) == "a paragraph", line.hasSuffix("."),
                    !Classifier.holdsClaim(line[...], lesson: true)
                {
                    places.append((index, false))
                }
            }
            guard !places.isEmpty else { continue }
            let place = places[Int(random.next() % UInt64(places.count))]
            let dashes = !place.heading && random.next() % 2 == 0
            let written = String(repeating: dashes ? "-" : "=", count: [3, 4, 5, 8, 12][Int(random.next() % 5)])
            // At times `===` after the blank line under it, a paragraph of its own (`<p>===</p>`).
            let alone = !dashes && random.next() % 3 == 0
            let at = place.at + (alone ? 2 : 1)
            var lines = clean
            lines.insert(contentsOf: alone ? [written, ""] : [written], at: at)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            let message =
                "seed \(seed) (COURSECHECK_PROPERTY_SEED=\(seed) replays it): \(file):\(at + 1): '\(written)' "
                + "\(alone ? "after the blank line " : "")under '\(clean[place.at].prefix(40))'"
            let found = Self.findings(scratch.url)
            XCTAssertEqual(found.count, 1, "\(message): \(found)")
            XCTAssertTrue(
                found.first?.hasPrefix("lessons/\(file):\(at + 1):1: error: '\(written)' ") ?? false,
                "\(message): \(found)")
            XCTAssertTrue(found.first?.hasSuffix(" [stray-underline]") ?? false, "\(message): \(found)")
            XCTAssertTrue(found.first?.contains("; delete this line") ?? false, "\(message): \(found)")
            lines.removeSubrange(at..<(at + (alone ? 2 : 1)))
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(Self.findings(scratch.url), [], message)
            if !place.heading {
                lines.insert(contentsOf: ["", "---"], at: place.at + 1)
                try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                XCTAssertEqual(Self.findings(scratch.url), [], "\(message): a rule after a blank line")
            }
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }
}
