import Foundation
import XCTest

/// The CI workflow and the pre-commit hook, as a maintainer relies on them.
final class WorkflowTests: XCTestCase {
    func testTheWorkflowParsesAndGatesLessonEdits() throws {
        let url = Binary.packageRoot.appendingPathComponent(".github/workflows/coursecheck.yml")
        let workflow = try MiniYAML.parse(try String(contentsOf: url, encoding: .utf8))
        // Every path whose change can change the verdict runs CI: tests, docs (a test guards the
        // generated ones) and CI itself included.
        let filters = [
            "lessons/**", "goldens/**", "Sources/**", "Tests/**", "scripts/**", "Fuzz/**", ".github/**", ".ci/**",
            "Documentation/**", "README.md", "Package.swift", "Makefile", ".swift-format", ".gitattributes",
        ]
        for event in ["pull_request", "push"] {
            let paths = workflow["on"]?[event]?["paths"]?.items.compactMap(\.scalar)
            XCTAssertEqual(paths, filters, event)
        }
        // Read-only, and a superseded run is cancelled.
        XCTAssertEqual(workflow["permissions"]?["contents"]?.scalar, "read")
        XCTAssertEqual(workflow["concurrency"]?["cancel-in-progress"]?.scalar, "true")
        XCTAssertEqual(workflow["concurrency"]?["group"]?.scalar, "${{ github.workflow }}-${{ github.ref }}")
        // The container is the compiler the goldens were approved with: `swift:6.3.1` for
        // `Swift version 6.3.1 (swift-6.3.1-RELEASE)`.
        let toolchain = try String(
            contentsOf: Binary.packageRoot.appendingPathComponent("goldens/TOOLCHAIN"), encoding: .utf8)
        let version = try XCTUnwrap(
            toolchain.split(separator: " ").dropFirst(2).first.map(String.init), "goldens/TOOLCHAIN: \(toolchain)")
        for name in ["course", "tests", "macos"] {
            let job = try XCTUnwrap(workflow["jobs"]?[name], name)
            let steps = job["steps"]?.items ?? []
            let compiler = steps.first { $0["id"]?.scalar == "swift" }
            if name == "macos" {
                // No container on a Mac: the swift.org toolchain of that version, which the script
                // checks against goldens/TOOLCHAIN and `swift --version`, failing on any other.
                XCTAssertTrue(job["runs-on"]?.scalar?.hasPrefix("macos-") == true, "\(name): not a macOS runner")
                XCTAssertNil(job["container"], name)
                XCTAssertEqual(compiler?["run"]?.scalar, "scripts/macos-swift \(version)", name)
            } else {
                XCTAssertEqual(
                    job["container"]?.scalar, "swift:\(version)",
                    "\(name): the container floats away from goldens/TOOLCHAIN")
                XCTAssertTrue(compiler?["run"]?.scalar?.contains("swift --version") == true, name)
            }
            // The cache is keyed by the compiler too: another compiler's build is never restored.
            let cache = steps.first { $0["uses"]?.scalar?.hasPrefix("actions/cache") == true }
            XCTAssertEqual(cache?["with"]?["path"]?.scalar, ".build", name)
            let key = cache?["with"]?["key"]?.scalar ?? ""
            XCTAssertTrue(key.contains("${{ steps.swift.outputs.version }}"), key)
            XCTAssertTrue(key.contains("hashFiles('Package.swift', 'Sources/**'"), key)
            XCTAssertTrue(
                cache?["with"]?["restore-keys"]?.scalar?.contains("${{ steps.swift.outputs.version }}") == true,
                "\(name): a restore key without the compiler restores another compiler's build")
        }
        // The course check is a job of its own, with nothing before it but the build: a lessons-only
        // pull request gets its annotations without waiting for the tests.
        let course = workflow["jobs"]?["course"]?["steps"]?.items ?? []
        let courseCommands = course.compactMap { $0["run"]?.scalar }.filter { $0.hasPrefix("make ") }
        XCTAssertEqual(courseCommands.count, 1, "\(courseCommands)")
        let verify = try XCTUnwrap(courseCommands.first)
        XCTAssertTrue(
            verify.hasPrefix("make verify") && verify.contains("--format github")
                && verify.contains("--junit coursecheck-junit.xml"), verify)
        let upload = course.first { $0["uses"]?.scalar?.hasPrefix("actions/upload-artifact") == true }
        XCTAssertEqual(upload?["with"]?["path"]?.scalar, "coursecheck-junit.xml")
        XCTAssertEqual(upload?["if"]?.scalar, "always()")
        // The tests job: make test first; a failing step never skips the gates after it, and each
        // gate's tool is installed by its step (the scripts fail under CI when it is missing).
        let tests = workflow["jobs"]?["tests"]?["steps"]?.items ?? []
        let runs = tests.compactMap { $0["run"]?.scalar }
        XCTAssertEqual(runs.first { $0.hasPrefix("make ") }, "make test")
        for gate in [
            "make test-environment", "make lint", "make instructions", "make lsp-client", "scripts/actionlint",
        ] {
            let step = tests.first { $0["run"]?.scalar?.contains(gate) == true }
            XCTAssertEqual(step?["if"]?.scalar, "${{ !cancelled() }}", gate)
        }
        // The macOS job runs the README's two set-up commands and the hostile-environment suites make
        // test leaves out, each even when a test failed.
        let macos = workflow["jobs"]?["macos"]?["steps"]?.items ?? []
        XCTAssertEqual(
            macos.compactMap { $0["run"]?.scalar }.filter { !$0.hasPrefix("scripts/macos-swift") },
            ["make test", "make test-environment", "make verify"])
        for command in ["make test-environment", "make verify"] {
            XCTAssertEqual(macos.first { $0["run"]?.scalar == command }?["if"]?.scalar, "${{ !cancelled() }}", command)
        }
        let script = try String(
            contentsOf: Binary.packageRoot.appendingPathComponent("scripts/macos-swift"), encoding: .utf8)
        for part in [
            #"expected=$(cat goldens/TOOLCHAIN)"#, #"if [ "$expected" != "Swift version $version ($tag)" ]; then"#,
            #"swift --version"#, #""$expected"*) ;;"#, "TOOLCHAINS=$identifier\" >> \"$GITHUB_ENV\"",
        ] {
            XCTAssertTrue(script.contains(part), "scripts/macos-swift no longer holds: \(part)")
        }
    }

    /// actionlint, where it is installed, finds nothing in the workflow.
    func testActionlintFindsNothing() throws {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { "\($0)/actionlint" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else {
            throw XCTSkip("actionlint is not installed; the YAML-level test above checks the workflow")
        }
        let result = try Binary.run(
            [Binary.packageRoot.appendingPathComponent(".github/workflows/coursecheck.yml").path],
            in: Binary.packageRoot, executable: path)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    func testMiniYAMLRejectsWhatItCannotRead() {
        XCTAssertThrowsError(try MiniYAML.parse("a:\n\tb: 1\n"))
        XCTAssertThrowsError(try MiniYAML.parse("a: {b: 1}\n"))
        XCTAssertThrowsError(try MiniYAML.parse("a: 1\n   b: 2\n"))
    }

    /// The hook checks the lessons as staged: a staged break fails, an unstaged one is not seen.
    func testThePreCommitHookChecksStagedLessons() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let repo = scratch.url
        func sh(_ command: String) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", command]
            process.currentDirectoryURL = repo
            process.environment = Binary.environment(["COURSECHECK_BIN": try Binary.url().path])
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        try CourseCopy.copy(into: repo)
        let hook = Binary.packageRoot.appendingPathComponent("scripts/pre-commit").path
        _ = try sh(
            "git init -q . && git -c user.email=t@t -c user.name=t add -A && git -c user.email=t@t -c user.name=t commit -qm base"
        )
        XCTAssertEqual(try sh(hook).0, 0, "nothing staged: nothing to check")

        _ = try sh("sed -i 's/^yerel: 1$/yerel: 5/' lessons/09-yerel-durum.md && git add lessons/09-yerel-durum.md")
        let staged = try sh(hook)
        XCTAssertEqual(staged.0, 1, staged.1)
        XCTAssertTrue(staged.1.contains("lessons/09-yerel-durum.md:"), staged.1)
        XCTAssertTrue(staged.1.contains("[output-drift]"), staged.1)

        // A staged prose edit of lesson 9, with a break in the same file left unstaged.
        _ = try sh(
            "git reset -q && git checkout -q -- . && echo 'Ek paragraf.' >> lessons/09-yerel-durum.md && "
                + "git add lessons/09-yerel-durum.md && sed -i 's/^yerel: 1$/yerel: 5/' lessons/09-yerel-durum.md")
        XCTAssertEqual(try sh("git diff --cached --name-only").1, "lessons/09-yerel-durum.md\n")
        XCTAssertEqual(try sh("git diff --name-only").1, "lessons/09-yerel-durum.md\n")
        let unstaged = try sh(hook)
        XCTAssertEqual(unstaged.0, 0, "an unstaged edit is not what gets committed: \(unstaged.1)")

        // Commits that touch no lesson text but break the course all fail.
        let commits: [(name: String, change: String, finding: String)] = [
            (
                "a golden alone",
                "printf 'bozuk\\n' > goldens/09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out "
                    + "&& git add goldens", "[golden-drift]"
            ),
            (
                "a renamed lesson whose index entry stays",
                "git mv lessons/09-yerel-durum.md lessons/09-yerel-durum-yeni.md", "[course-index]"
            ),
            ("a deleted lesson", "git rm -q lessons/21-on-izleme-ve-yineleme.md", "[course-index]"),
            (
                "a drifted lesson with a non-ASCII name",
                "git mv lessons/09-yerel-durum.md 'lessons/09-yerel-durum-ğüş.md' && "
                    + "sed -i 's/^yerel: 1$/yerel: 5/' 'lessons/09-yerel-durum-ğüş.md' && git add lessons",
                "lessons/09-yerel-durum-ğüş.md:"
            ),
        ]
        for commit in commits {
            _ = try sh("git reset -q --hard")
            XCTAssertEqual(try sh(commit.change).0, 0, commit.name)
            let result = try sh(hook)
            XCTAssertEqual(result.0, 1, "\(commit.name): \(result.1)")
            XCTAssertTrue(result.1.contains(commit.finding), "\(commit.name): \(result.1)")
        }
        _ = try sh("git reset -q --hard")
        XCTAssertEqual(try sh("git rm -q -r lessons").0, 0)
        let noLessons = try sh(hook)
        XCTAssertEqual(noLessons.0, 1)
        XCTAssertEqual(noLessons.1, "coursecheck: error: this commit leaves no lessons/ directory\n")
    }
}
