import CourseCheckKit
import Foundation
import XCTest

/// `--commit-hook` checks the commit: in a git work tree it reads the index's lessons and goldens,
/// so a lesson broken in the index and mended only in the working tree is refused, and an edit
/// left unstaged causes nothing. The hook is the one line the docs give another course.
final class CommitHookTests: XCTestCase {
    /// A course `coursecheck init` made, committed, with the hook its README gives
    /// (`coursecheck --commit-hook lessons/`).
    struct Repository {
        let root: URL
        let course: URL
        let environment: [String: String]

        init(_ scratch: Scratch) throws {
            root = scratch.url.resolvingSymlinksInPath()
            course = root.appendingPathComponent("course")
            let started = InProcess.run(["init", "course"], in: root)
            XCTAssertEqual(started.status, .clean, started.stderr)
            // coursecheck on PATH, as `make install` puts it.
            let bin = try Binary.url().deletingLastPathComponent().path
            environment = [
                "HOME": root.path, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
                "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
                "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            ]
            // The hook is installed by the line the README `init` wrote gives, as typed.
            let readme = try String(contentsOf: course.appendingPathComponent("README.md"), encoding: .utf8)
            let line = try XCTUnwrap(
                readme.split(separator: "\n").first { $0.contains("> .git/hooks/pre-commit") })
            let made = try sh(
                "git init -q . && \(line.trimmingCharacters(in: .whitespaces)) && git add -A && git commit -qm course")
            XCTAssertEqual(made.status, 0, made.stderr)
            XCTAssertEqual(
                try String(contentsOf: course.appendingPathComponent(".git/hooks/pre-commit"), encoding: .utf8),
                "#!/bin/sh\nexec coursecheck --commit-hook lessons/\n")
        }

        func sh(_ command: String, extra: [String: String] = [:]) throws -> Binary.Result {
            try Binary.run(
                ["-c", command], in: course, environment: environment.merging(extra) { $1 }, shell: true)
        }

        /// How many commits the repository holds, as `git rev-list` prints it.
        var commits: String { (try? sh("git rev-list --count HEAD").stdout) ?? "" }
    }

    static let drift = """
        lessons/01-first-steps.md:37:8: error: output of tree at line 29 differs from the lesson [output-drift]
        lessons/01-first-steps.md:29:1: note: tree 'two steps of one' starts here
        --- lessons/01-first-steps.md (expected)
        +++ actual output of tree at line 29
        @@ -37 +37 @@
        -value: 7
        +value: 2

        """
    static let refusal = "coursecheck: the staged lessons have findings (above); commit refused\n"
    /// What a hook says: git sends its standard output (the summary) to the committer's stderr.
    static let refused = drift + summary(errors: 1) + refusal

    static func summary(errors: Int) -> String {
        "1 lesson: 1 core, 1 tree, 0 fragments; compiler: 1 tree accepted; swiftc: 1 tree (cached: 1 result) "
            + "[the course's core Counter.swift is not the embedded core]; goldens: 1 compared; claims: 0 checked, "
            + "2 not applicable (course-index, fragment-syntax), 6 off for another course (front-matter, "
            + "declared-trigger, closing-table, trigger-distribution, note-series, label-reference); "
            + "\(errors) error\(errors == 1 ? "" : "s")\n"
    }

    func testABreakStagedAndMendedOnlyInTheWorkingTreeIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let repo = try Repository(scratch)
        let breakIt = "sed -i 's/^value: 2$/value: 7/' lessons/01-first-steps.md"
        let mendIt = "sed -i 's/^value: 7$/value: 2/' lessons/01-first-steps.md"

        let broken = try repo.sh("\(breakIt) && git add lessons && git commit -qm broken")
        XCTAssertEqual(broken.status, 1)
        XCTAssertEqual(broken.stderr, Self.refused)

        // Mended in the working tree, not staged: the commit would still hold the break.
        let unstaged = try repo.sh("\(mendIt) && git commit -qm broken")
        XCTAssertEqual(unstaged.status, 1)
        XCTAssertEqual(unstaged.stderr, Self.refused)
        XCTAssertEqual(try repo.sh("git rev-list --count HEAD").stdout, "1\n", "nothing was committed")

        // The commit of the mended file with a prose edit (`-a` gives the hook an index of its own) passes.
        let mended = try repo.sh(
            "sed -i 's/^A counter starts at zero/A counter starts at 0/' lessons/01-first-steps.md "
                + "&& git commit -qam mended")
        XCTAssertEqual(mended.status, 0, mended.stderr)
        XCTAssertEqual(mended.stderr, Self.summary(errors: 0))
        XCTAssertEqual(try repo.sh("git status --porcelain").stdout, "")
    }

    /// The control: a break left unstaged is not what gets committed, so a staged prose edit passes.
    func testABreakLeftUnstagedDoesNotStopACleanCommit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let repo = try Repository(scratch)
        let staged = try repo.sh(
            "sed -i 's/^A counter starts at zero/A counter starts at 0/' lessons/01-first-steps.md && git add lessons "
                + "&& sed -i 's/^value: 2$/value: 7/' lessons/01-first-steps.md && git commit -qm prose")
        XCTAssertEqual(staged.status, 0, staged.stderr)
        XCTAssertEqual(staged.stderr, Self.summary(errors: 0))
        // The working tree's break is still there, and the plain check (no hook) sees it.
        let check = InProcess.run(["lessons/"], in: repo.course)
        XCTAssertEqual(check.status, .findings)
        XCTAssertEqual(check.stderr, Self.drift)
    }

    /// Run from a sub-folder with the lessons named absolutely, the report still names them as a
    /// path from where it ran, never the scratch copy's.
    func testAnAbsolutePathFromASubFolderIsReportedRelative() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let repo = try Repository(scratch)
        XCTAssertEqual(
            try repo.sh("mkdir notes && sed -i 's/^value: 2$/value: 7/' lessons/01-first-steps.md && git add lessons")
                .status, 0)
        let run = InProcess.run(
            ["--commit-hook", repo.course.path + "/lessons/"], in: repo.course.appendingPathComponent("notes"),
            extra: repo.environment)
        XCTAssertEqual(run.status, .findings)
        XCTAssertEqual(
            run.stderr, Self.drift.replacingOccurrences(of: "lessons/", with: "../lessons/") + Self.refusal)
    }
}
