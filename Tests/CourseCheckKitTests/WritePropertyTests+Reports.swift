import CourseCheckKit
import Foundation
import XCTest

/// The JUnit report and the job summary pointed at random files of a copied repository (lessons,
/// goldens, `TOOLCHAIN`, the index, `.git` files, cache entries, earlier reports, fresh paths, and
/// hard links to any of them made at random places): a run changes no file but a fresh report
/// path (or a report it wrote there before), and every refusal is exit 2 with one message.
///
/// `COURSECHECK_PROPERTY_CASES` sets the number of sequences (`make soak` runs many); a failure
/// names its seed, and `COURSECHECK_PROPERTY_SEED` replays it. A `WritePropertyTests` case, so
/// `make soak` runs it with the other write properties.
extension WritePropertyTests {
    private enum ReportPathKind: CaseIterable {
        case lesson, golden, toolchain, index, git, cache, fresh, earlierReport, hardLink
    }

    /// What the test knows of the files it made, apart from coursecheck's rule.
    private struct ReportWorld {
        var junitReports: Set<String> = []
        var summaries: Set<String> = []
        var links: [String] = []
        var fresh = 0
    }

    func testReportsChangeNoFileButTheirOwn() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let tools = try Scratch()
        defer { tools.remove() }
        let template = scratch.url.appendingPathComponent("template")
        let manager = FileManager.default
        for folder in ["lessons", "goldens", ".git/refs/heads", "out", "notes"] {
            try manager.createDirectory(at: template.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for name in Self.lessonNames { try CourseCopy.copyLesson(name, into: template) }
        for file in ["lessons/README.md", "goldens/TOOLCHAIN"] {
            try manager.copyItem(
                at: Binary.packageRoot.appendingPathComponent(file), to: template.appendingPathComponent(file))
        }
        try Data("ref: refs/heads/main\n".utf8).write(to: template.appendingPathComponent(".git/HEAD"))
        try Data("0123abcd\n".utf8).write(to: template.appendingPathComponent(".git/refs/heads/main"))
        // A compiler that accepts every tree at once: the embedded engine runs them, no swiftc waits.
        let compiler = try AcceptingCompiler.make(in: tools.url)
        let base = ["--engine", "embedded", "--no-claims", "--cache-dir", "cache", "lessons/"]
        let extra = ["SWIFTC": compiler.path]
        let warm = InProcess.run(base, in: template, extra: extra)
        XCTAssertNotEqual(warm.status, .failure, warm.stderr)

        // Each sequence on a copy of the warmed repository, so its seed alone replays it.
        for seed in PropertySeeds.seeds(defaultCases: 8) {
            let root = scratch.url.appendingPathComponent("\(seed)")
            try manager.copyItem(at: template, to: root)
            var random = BlockStructurePropertyTests.Generator(state: seed)
            var world = ReportWorld()
            var log: [String] = []
            for _ in 0..<8 {
                let junit = random.next() % 3 != 0
                let summary = !junit || random.next() % 2 == 0
                let junitPath = junit ? try pickReportPath(&random, in: root, &world) : nil
                var summaryPath = summary ? try pickReportPath(&random, in: root, &world) : nil
                if junitPath != nil, summaryPath != nil, random.next() % 6 == 0 { summaryPath = junitPath }
                var arguments = base
                if let junitPath { arguments = ["--junit", junitPath] + arguments }
                if summaryPath != nil { arguments = ["--format", "github"] + arguments }
                var environment = extra
                environment["GITHUB_STEP_SUMMARY"] = summaryPath
                log.append("\(arguments.prefix(4)) summary=\(summaryPath ?? "-")")
                let junitRefused = junitPath.map { reportRefused($0, junit: true, root, world) } == true
                let expectRefusal =
                    junitRefused || summaryPath.map { reportRefused($0, junit: false, root, world) } == true
                    || (junitPath != nil && junitPath == summaryPath)

                let before = Self.files(root)
                let result = InProcess.run(arguments, in: root, extra: environment)
                let after = Self.files(root)
                func fail(_ message: String) {
                    XCTFail("seed \(seed), after \(log.joined(separator: "; ")): \(message)\n\(result.stderr)")
                }
                if expectRefusal {
                    let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
                    if result.status != .failure { fail("not refused: \(result.status)") }
                    if lines.count != 2 || !lines[0].hasPrefix("coursecheck: error: ")
                        || !(lines[0].contains("refusing") || lines[0].contains("cannot write"))
                    {
                        fail("a refusal without exactly one message")
                    }
                    // A refused summary still leaves CI the failure in a JUnit report it may write.
                    let failureReport = junitRefused ? nil : junitPath
                    let others = changedPaths(before, after).filter { $0 != failureReport }
                    if !others.isEmpty { fail("a refused run changed \(others)") }
                    if let failureReport, let report = after[failureReport], report != before[failureReport],
                        !String(decoding: report, as: UTF8.self).contains("<error type=\"io-error\"")
                    {
                        fail("the JUnit report of a refused run holds no io-error")
                    }
                    // Only a report the refused run wrote is coursecheck's (one refused with its
                    // summary at the same path, or unwritable, is not written).
                    if let failureReport, let report = after[failureReport], report != before[failureReport] {
                        world.junitReports.insert(failureReport)
                    }
                    continue
                }
                if result.status == .failure { fail("refused a path it may write") }
                let own = Set([junitPath, summaryPath].compactMap { $0 })
                let others = changedPaths(before, after).filter { !own.contains($0) && !$0.hasPrefix("cache/") }
                if !others.isEmpty { fail("changed \(others.sorted())") }
                if let junitPath { world.junitReports.insert(junitPath) }
                if let summaryPath { world.summaries.insert(summaryPath) }
            }
        }
    }

    /// A path of `kind`, chosen at random; a hard link is made here first, at a random place.
    private func pickReportPath(
        _ random: inout BlockStructurePropertyTests.Generator, in root: URL, _ world: inout ReportWorld
    ) throws -> String {
        func any(_ paths: [String]) -> String? {
            paths.isEmpty ? nil : paths.sorted()[Int(random.next() % UInt64(paths.count))]
        }
        let all = Self.files(root).keys
        let kind = ReportPathKind.allCases[Int(random.next() % UInt64(ReportPathKind.allCases.count))]
        let choice: String? =
            switch kind {
            case .lesson: any(all.filter { $0.hasPrefix("lessons/") && $0 != "lessons/README.md" })
            case .golden: any(all.filter { $0.hasSuffix(".out") })
            case .toolchain: "goldens/TOOLCHAIN"
            case .index: "lessons/README.md"
            case .git: any(all.filter { $0.hasPrefix(".git/") })
            case .cache: any(all.filter { $0.hasPrefix("cache/") })
            case .earlierReport: any(Array(world.junitReports.union(world.summaries)))
            case .hardLink: any(world.links)
            case .fresh: nil
            }
        if kind == .hardLink || random.next() % 4 == 0, let source = any(Array(all)) {
            world.fresh += 1
            let place = ["", "out/", "notes/", "goldens/"][Int(random.next() % 4)]
            let link = "\(place)link-\(world.fresh).txt"
            try FileManager.default.linkItem(
                at: root.appendingPathComponent(source), to: root.appendingPathComponent(link))
            world.links.append(link)
            if kind == .hardLink { return link }
        }
        if let choice { return choice }
        world.fresh += 1
        return ["", "out/", "notes/"][Int(random.next() % 3)] + "report-\(world.fresh).xml"
    }

    /// Whether the test's own knowledge says a report may not go to `path`: any file but a fresh
    /// path or a report this test wrote there, with one name.
    private func reportRefused(_ path: String, junit: Bool, _ root: URL, _ world: ReportWorld) -> Bool {
        var info = stat()
        guard lstat(root.appendingPathComponent(path).path, &info) == 0 else { return false }
        if info.st_nlink != 1 { return true }
        return !(junit ? world.junitReports : world.junitReports.union(world.summaries)).contains(path)
    }

    private func changedPaths(_ before: [String: Data], _ after: [String: Data]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }
}
