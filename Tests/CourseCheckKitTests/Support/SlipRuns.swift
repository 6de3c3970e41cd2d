import Foundation
import XCTest

extension String {
    /// The findings a run printed on this stderr: its error and warning lines, whole (notes, diffs
    /// and the summary left out).
    var findingLines: [String] {
        split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }.map(String.init)
    }
}

/// The slip tests' runs of the real course, one copy per call: the edits made, the run's findings
/// (errors and warnings, whole lines), and those left once each finding's fix is followed as an
/// author would (`FollowTheFix`).
extension XCTestCase {
    typealias CourseEdit = (file: String, text: String, with: String)

    /// The findings of one run of the course copy at `root` (a default run unless `arguments` says
    /// otherwise).
    func courseFindings(in root: URL, _ arguments: [String] = ["lessons/"]) -> [String] {
        InProcess.run(arguments, in: root).stderr.findingLines
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

    /// One lesson of a fresh copy of the course edited by `edit` on its lines: the lines before
    /// and after, the run's findings, and a rerun that writes other lines and checks again.
    func edited(_ file: String, _ edit: (inout [String]) -> Void) throws -> (
        clean: [String], lines: [String], found: [String], rerun: ([String]) throws -> [String]
    ) {
        let copy = try CourseCopy.make(for: self)
        let url = copy.url.appendingPathComponent("lessons/\(file)")
        let clean = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        func run(_ lines: [String]) throws -> [String] {
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            return courseFindings(in: copy.url)
        }
        var lines = clean
        edit(&lines)
        return (clean, lines, try run(lines), run)
    }

    /// The fix of the one finding in `found`, followed in `lines`.
    func followed(_ found: [String], in lines: [String]) throws -> [String] {
        let finding = try XCTUnwrap(FollowTheFix.parse(try XCTUnwrap(found.first)))
        return try XCTUnwrap(FollowTheFix.apply([(finding.line, finding.message)], to: lines), "no fix: \(found)")
    }

    private func apply(_ edits: [CourseEdit], in root: URL) throws {
        for edit in edits {
            try CourseCopy.replace(edit.text, with: edit.with, in: root.appendingPathComponent("lessons/\(edit.file)"))
        }
    }
}
