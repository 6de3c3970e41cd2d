import Foundation
import XCTest

/// The slip tests' runs of the real course, one copy per call: the edits made, the run's findings
/// (errors and warnings, whole lines), and those left once each finding's fix is followed as an
/// author would (`FollowTheFix`).
extension XCTestCase {
    typealias CourseEdit = (file: String, text: String, with: String)

    /// The findings of one default run of the course copy at `root`.
    func courseFindings(in root: URL) -> [String] {
        InProcess.run(["lessons/"], in: root).stderr.split(separator: "\n")
            .filter { $0.contains(": error: ") || $0.contains(": warning: ") }.map(String.init)
    }

    /// The findings of one default run after every edit of `edits` (each text replaced once, its
    /// first occurrence) in a fresh copy of the course: slips in different places are
    /// independent, so one run shows each one's one finding.
    func findings(after edits: [CourseEdit]) throws -> [String] {
        let copy = try CourseCopy.make(for: self)
        try apply(edits, in: copy.url)
        return courseFindings(in: copy.url)
    }

    /// The findings of one default run after every edit of `edits` in a fresh copy of the course,
    /// and those after following each finding's fix.
    func findingsAndAfterTheFix(_ edits: [CourseEdit]) throws -> (found: [String], fixed: [String]) {
        let copy = try CourseCopy.make(for: self)
        try apply(edits, in: copy.url)
        let found = courseFindings(in: copy.url)
        let parsed = try found.map { try XCTUnwrap(FollowTheFix.parse($0), $0) }
        for path in Set(parsed.map(\.path)) {
            let url = copy.url.appendingPathComponent(path)
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            let fixes = parsed.filter { $0.path == path }.map { (line: $0.line, message: $0.message) }
            let followed = try XCTUnwrap(FollowTheFix.apply(fixes, to: lines), "a finding without a fix: \(found)")
            try followed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        return (found, CourseCopy.findingsIfAsCommitted(copy.url) ?? courseFindings(in: copy.url))
    }

    private func apply(_ edits: [CourseEdit], in root: URL) throws {
        for edit in edits {
            try CourseCopy.replace(edit.text, with: edit.with, in: root.appendingPathComponent("lessons/\(edit.file)"))
        }
    }
}
