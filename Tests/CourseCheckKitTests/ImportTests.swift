import CourseCheckKit
import Foundation
import XCTest

/// `coursecheck import` on a small export made here (tests never read the real export).
final class ImportTests: XCTestCase {
    static let export = """
        ---
        title: 'Mini Kurs'
        source: 'https://example.invalid/kurs'
        language: tr
        updated: '2026-11-01T00:00:00+00:00'
        license: 'CC BY-SA 4.0'
        lessons: 2
        ---

        # Mini Kurs

        Kursun girişi.

        ## Birinci Bölüm

        Bölümün girişi.

        ### İlk Ders

        Source: https://example.invalid/kurs/ilk-ders

        Özet cümlesi.

        #### Bir Bölüm

        ```swift
        #### not a heading inside a fence
        ```

        ## İkinci Bölüm

        İkinci bölümün girişi.

        ### Son Ders

        Source: https://example.invalid/kurs/son-ders

        Son dersin metni.
        """

    func testImportSplitsTheExportIntoLessonsAndAnIndex() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Self.export.write(to: scratch.url.appendingPathComponent("export.md"), atomically: true, encoding: .utf8)
        let out = BufferSink()
        let err = BufferSink()
        let status = CourseCheckCommand(
            environment: .init(currentDirectory: scratch.url, variables: [:], stderrIsTerminal: false), stdout: out,
            stderr: err
        ).run(["import", "export.md", "lessons"])
        XCTAssertEqual(err.text, "")
        XCTAssertEqual(status, .clean)
        XCTAssertEqual(
            out.text,
            """
            wrote lessons/01-ilk-ders.md
            wrote lessons/02-son-ders.md
            wrote lessons/README.md
            imported 2 lessons into lessons (3 of 3 files changed)

            """)
        func read(_ name: String) throws -> String {
            try String(contentsOf: scratch.url.appendingPathComponent("lessons/\(name)"), encoding: .utf8)
        }
        XCTAssertEqual(
            try read("01-ilk-ders.md"),
            """
            ---
            title: 'İlk Ders'
            source: 'https://example.invalid/kurs/ilk-ders'
            course: 'Mini Kurs'
            language: tr
            updated: '2026-11-01T00:00:00+00:00'
            license: 'CC BY-SA 4.0'
            ---

            # İlk Ders

            Özet cümlesi.

            ## Bir Bölüm

            ```swift
            #### not a heading inside a fence
            ```

            """)
        XCTAssertEqual(
            try read("README.md"),
            """
            ---
            title: 'Mini Kurs'
            source: 'https://example.invalid/kurs'
            language: tr
            updated: '2026-11-01T00:00:00+00:00'
            license: 'CC BY-SA 4.0'
            lessons: 2
            ---

            # Mini Kurs

            Kursun girişi.

            ## Birinci Bölüm

            Bölümün girişi.

            1. [İlk Ders](01-ilk-ders.md)

            ## İkinci Bölüm

            İkinci bölümün girişi.

            2. [Son Ders](02-son-ders.md)

            ## Lisans ve kaynak

            Bu kurs, example.invalid üzerinde yayımlanan “Mini Kurs” kursunun metnidir ve [CC BY-SA 4.0](https://creativecommons.org/licenses/by-sa/4.0/) lisansıyla paylaşılır. Her ders dosyasının `source` alanı dersin özgün adresini verir.

            - Kurs: <https://example.invalid/kurs>
            - İlk Ders: <https://example.invalid/kurs/ilk-ders>
            - Son Ders: <https://example.invalid/kurs/son-ders>

            """)

        // Importing again changes nothing, and keeps objectives an author added.
        let lesson = scratch.url.appendingPathComponent("lessons/02-son-ders.md")
        let withObjectives = try read("02-son-ders.md").replacingEvery(
            "license: 'CC BY-SA 4.0'\n---", with: "license: 'CC BY-SA 4.0'\nobjectives:\n    - 'Bir hedef'\n---")
        try withObjectives.write(to: lesson, atomically: true, encoding: .utf8)
        let again = BufferSink()
        _ = CourseCheckCommand(
            environment: .init(currentDirectory: scratch.url, variables: [:], stderrIsTerminal: false), stdout: again,
            stderr: err
        ).run(["import", "export.md", "lessons"])
        XCTAssertEqual(again.text, "imported 2 lessons into lessons (0 of 3 files changed)\n")
        XCTAssertEqual(try read("02-son-ders.md"), withObjectives)
    }

    /// Another course's export in English, with no course `source`: its index's closing section is
    /// in English, names the licence the export gives and no platform; with a `source`, its host.
    func testAnEnglishExportsIndexHoldsOnlyWhatTheExportDoes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let export = """
            ---
            title: Shop stock
            language: en
            license: CC BY 4.0
            ---

            # Shop stock

            A short course on keeping stock.

            ## Part one

            ### First steps

            Source: https://example.org/shop/first-steps

            Stock arrives.

            """
        let environment = CourseCheckCommand.Environment(
            currentDirectory: scratch.url, variables: [:], stderrIsTerminal: false)
        func index(_ export: String, into lessons: String) throws -> String {
            try export.write(to: scratch.url.appendingPathComponent("export.md"), atomically: true, encoding: .utf8)
            let err = BufferSink()
            let status = CourseCheckCommand(environment: environment, stdout: BufferSink(), stderr: err).run([
                "import", "export.md", lessons,
            ])
            XCTAssertEqual([err.text], [""])
            XCTAssertEqual(status, .clean)
            return try String(
                contentsOf: scratch.url.appendingPathComponent("\(lessons)/README.md"), encoding: .utf8)
        }
        let body = """
            # Shop stock

            A short course on keeping stock.

            ## Part one

            1. [First steps](01-first-steps.md)

            ## Licence and sources


            """
        XCTAssertEqual(
            try index(export, into: "lessons"),
            """
            ---
            title: Shop stock
            language: en
            license: CC BY 4.0
            ---

            \(body)This course is the text of the course “Shop stock”, shared under the CC BY 4.0 licence. \
            Each lesson file's `source` field gives the lesson's original address.

            - First steps: <https://example.org/shop/first-steps>

            """)
        let withSource = try export.replacingEvery("license: CC BY 4.0\n", with: "source: https://example.org/shop\n")
        XCTAssertEqual(
            try index(withSource, into: "other"),
            """
            ---
            title: Shop stock
            language: en
            source: https://example.org/shop
            ---

            \(body)This course is the text of the course “Shop stock” published on example.org. \
            Each lesson file's `source` field gives the lesson's original address.

            - Course: <https://example.org/shop>
            - First steps: <https://example.org/shop/first-steps>

            """)
    }

    func testAnExportWithoutLessonsIsAUsageError() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try "---\ntitle: 'X'\n---\n\n# X\n".write(
            to: scratch.url.appendingPathComponent("x.md"), atomically: true, encoding: .utf8)
        let err = BufferSink()
        let status = CourseCheckCommand(
            environment: .init(currentDirectory: scratch.url, variables: [:], stderrIsTerminal: false),
            stdout: BufferSink(), stderr: err
        ).run(["import", "x.md", "lessons"])
        XCTAssertEqual(status, .failure)
        XCTAssertEqual(
            err.text,
            "coursecheck: error: x.md: not an export import reads; it takes a course export (front matter, '## ' parts, "
                + "'### ' lessons each with a 'Source:' line) or a lesson export (front matter with title and source, "
                + "then '# Title')\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("lessons").path))
    }

    /// Import approves nothing, so CI may run it: the failure here is the missing export, not CI.
    func testImportRunsUnderCI() throws {
        let err = BufferSink()
        let status = CourseCheckCommand(
            environment: .init(
                currentDirectory: URL(fileURLWithPath: "/nonexistent"), variables: ["CI": "true"],
                stderrIsTerminal: false),
            stdout: BufferSink(), stderr: err
        ).run(["import", "x.md", "lessons"])
        XCTAssertEqual(status, .failure)
        XCTAssertEqual(err.text, "coursecheck: error: x.md: cannot read the export\n")
    }

    /// A standalone lesson export (the committed lesson without its final newline, as the platform
    /// exports it) replaces the lesson of its slug, keeping objectives and a later `updated`.
    func testALessonExportReplacesTheLessonOfItsSlug() throws {
        let scratch = try CourseCopy.make(for: self, ["lessons"])
        let lessons = scratch.url.appendingPathComponent("lessons")
        let lessonURL = lessons.appendingPathComponent("09-yerel-durum.md")
        let committed = try String(contentsOf: lessonURL, encoding: .utf8)
        func runImport(_ export: String) throws -> InProcess.Result {
            try export.write(
                to: scratch.url.appendingPathComponent("yerel-durum.md"), atomically: true, encoding: .utf8)
            return InProcess.run(["import", "yerel-durum.md", "lessons"], in: scratch.url, extra: ["CI": "true"])
        }
        let unchanged = try runImport(String(committed.dropLast()))
        XCTAssertEqual(unchanged.stdout, "lessons/09-yerel-durum.md is already the export's text\n")
        XCTAssertEqual(unchanged.status, .clean)

        // The platform's newer export edits prose, carries an older date and no objectives.
        let objectivesStart = try XCTUnwrap(committed.range(of: "objectives:\n"))
        let objectivesEnd = try XCTUnwrap(committed.range(of: "---\n\n# Yerel Durum"))
        var export = committed.replacingCharacters(in: objectivesStart.lowerBound..<objectivesEnd.lowerBound, with: "")
        export = try export.replacingEvery(
            "updated: '2026-10-21T05:03:14+00:00'", with: "updated: '2026-01-01T00:00:00+00:00'")
        export = try export.replacingEvery("Yerel durumun getirisi budur", with: "Yerel durumun kazanci budur")
        let imported = try runImport(String(export.dropLast()))
        XCTAssertEqual(imported.stdout, "wrote lessons/09-yerel-durum.md\n")
        XCTAssertEqual(
            try String(contentsOf: lessonURL, encoding: .utf8),
            try committed.replacingEvery("Yerel durumun getirisi budur", with: "Yerel durumun kazanci budur"))

        // A trimmed export (no course, language or license) keeps those from the lesson.
        try String(committed.dropLast()).write(to: lessonURL, atomically: true, encoding: .utf8)
        let trimmed = committed.components(separatedBy: "\n").filter {
            !$0.hasPrefix("course:") && !$0.hasPrefix("language:") && !$0.hasPrefix("license:")
        }.joined(separator: "\n")
        XCTAssertEqual(try runImport(String(trimmed.dropLast())).status, .clean)
        let kept = try String(contentsOf: lessonURL, encoding: .utf8)
        for key in ["course: 'SwiftUI ile Arayüz'", "language: tr", "license: 'CC BY-SA 4.0'"] {
            XCTAssertTrue(kept.contains("\n" + key + "\n"), key)
        }

        let unknown = try runImport(
            String(try committed.replacingEvery("swiftui/yerel-durum'", with: "swiftui/yok-boyle'")))
        XCTAssertEqual(unknown.status, .failure)
        XCTAssertEqual(
            unknown.stderr,
            "coursecheck: error: yerel-durum.md: no lesson file NN-yok-boyle.md in lessons/ for this lesson export to "
                + "replace; a lesson export replaces an existing lesson, a course export creates them\n")
    }

    // MARK: Import writes only into a course

    /// A scratch folder holding the export, and a way to run import there.
    private func exportFolder() throws -> Scratch {
        let scratch = try Scratch()
        addTeardownBlock { scratch.remove() }
        try Data(Self.export.utf8).write(to: scratch.url.appendingPathComponent("export.md"))
        return scratch
    }

    private func write(_ files: [String: String], in root: URL) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// Import into `folder` is refused with exactly `stderr`, and no byte under the scratch folder changes.
    private func assertRefused(
        _ folder: String, in scratch: Scratch, stderr: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let before = FileTree.contents(of: scratch.url)
        let result = InProcess.run(["import", "export.md", folder], in: scratch.url)
        XCTAssertEqual(result.status, .failure, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(result.stderr, stderr, file: file, line: line)
        XCTAssertEqual(FileTree.contents(of: scratch.url), before, "nothing changed", file: file, line: line)
    }

    func testImportRefusesARepositorysTop() throws {
        let scratch = try exportFolder()
        try write(["repo/README.md": "# Projem\n", "repo/.git/HEAD": "ref: refs/heads/main\n"], in: scratch.url)
        assertRefused(
            "repo", in: scratch,
            stderr: "coursecheck: error: refusing to import into repo: it holds .git, so it is a repository's top, "
                + "not a lessons directory\n")
        assertRefused(
            "repo/.git", in: scratch,
            stderr: "coursecheck: error: refusing to import into repo/.git: it lies inside a git directory\n")
    }

    func testImportRefusesAGoldensDirectory() throws {
        let scratch = try exportFolder()
        try CourseCopy.copy(["goldens"], into: scratch.url)
        assertRefused(
            "goldens", in: scratch,
            stderr: "coursecheck: error: refusing to import into goldens: it holds TOOLCHAIN, so it is a goldens "
                + "directory, not a lessons directory\n")
        assertRefused(
            "goldens/09-yerel-durum", in: scratch,
            stderr: "coursecheck: error: refusing to import into goldens/09-yerel-durum: it lies inside the goldens "
                + "directory goldens\n")
        assertRefused(
            "course/goldens", in: scratch,
            stderr: "coursecheck: error: refusing to import into course/goldens: it is named goldens, the goldens "
                + "directory of the lessons beside it\n")
    }

    /// A lesson that is a link is rewritten at its target only where import may write: never through
    /// a link into a goldens directory (or `.git`), and a folder reached through a link is named as
    /// it is, not as the link's path suggests.
    func testImportNeverWritesThroughALessonLinkIntoAGoldensDirectory() throws {
        let scratch = try exportFolder()
        try CourseCopy.copy(["goldens"], into: scratch.url)
        XCTAssertEqual(InProcess.run(["import", "export.md", "lessons"], in: scratch.url).status, .clean)
        let lesson = scratch.url.appendingPathComponent("lessons/01-ilk-ders.md")
        let kept = scratch.url.appendingPathComponent("goldens/notlar.md")
        try (try Data(contentsOf: lesson) + Data("Yazarın notu.\n".utf8)).write(to: kept)
        try FileManager.default.removeItem(at: lesson)
        try FileManager.default.createSymbolicLink(atPath: lesson.path, withDestinationPath: "../goldens/notlar.md")
        let target = FileGate.canonicalPath(kept)
        assertRefused(
            "lessons", in: scratch,
            stderr:
                "coursecheck: error: refusing to replace lessons/01-ilk-ders.md: it is a link to \(target), and its "
                + "folder: it holds TOOLCHAIN, so it is a goldens directory, not a lessons directory\n"
                + "coursecheck: error: refusing to import into lessons: 1 file there is not import's to replace (named "
                + "above); nothing was written\n")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url.appendingPathComponent("baglanti").path,
            withDestinationPath: scratch.url.appendingPathComponent("goldens/09-yerel-durum").path)
        assertRefused(
            "baglanti", in: scratch,
            stderr: "coursecheck: error: refusing to import into baglanti: it lies inside the goldens directory "
                + "\(FileGate.canonicalPath(scratch.url.appendingPathComponent("goldens")))\n")
    }

    /// A write that fails part-way (a full disk) names every file already written, then the error.
    func testAFailedImportSaysWhatItHadWritten() throws {
        let scratch = try exportFolder()
        let disk = scratch.url.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mounted = try Binary.run(
            ["-c", "mount -t tmpfs -o size=8k tmpfs \"$0\"", disk.path], in: scratch.url, shell: true)
        try XCTSkipIf(mounted.status != 0, "cannot mount a tmpfs here (\(mounted.stderr)); needs root")
        defer { _ = try? Binary.run(["-c", "umount \"$0\"", disk.path], in: scratch.url, shell: true) }
        // Two pages: the two lessons fit, the index (written last) does not.
        let result = InProcess.run(["import", "export.md", "disk/lessons"], in: scratch.url)
        XCTAssertEqual(result.status, .failure)
        XCTAssertEqual(
            result.stdout,
            "the import stopped at an error after writing 2 files\nwrote disk/lessons/01-ilk-ders.md\n"
                + "wrote disk/lessons/02-son-ders.md\n")
        XCTAssertEqual(
            result.stderr,
            "coursecheck: error: cannot write \(disk.path)/lessons/README.md: no space left on the device\n")
    }

    func testImportRefusesANotesFolderWithAnUnrelatedReadme() throws {
        let scratch = try exportFolder()
        try write(["notlar/README.md": "# Notlarım\n\nAlışveriş listesi.\n"], in: scratch.url)
        assertRefused(
            "notlar", in: scratch,
            stderr: "coursecheck: error: refusing to replace notlar/README.md: it is not the index of the course "
                + "'Mini Kurs' import writes there (no front matter with its title)\n"
                + "coursecheck: error: refusing to import into notlar: 1 file there is not import's to replace (named "
                + "above); nothing was written\n")
        // Another course's index, even beside lessons, is not this course's.
        try write(
            [
                "diger/README.md":
                    "---\ntitle: 'Başka Kurs'\nsource: 'https://example.invalid/kurs'\n---\n\n# Başka Kurs\n"
            ],
            in: scratch.url)
        assertRefused(
            "diger", in: scratch,
            stderr: "coursecheck: error: refusing to replace diger/README.md: it is not the index of the course "
                + "'Mini Kurs' import writes there (its title is 'Başka Kurs')\n"
                + "coursecheck: error: refusing to import into diger: 1 file there is not import's to replace (named "
                + "above); nothing was written\n")
    }

    func testImportRefusesADownloadFolderWithOtherFiles() throws {
        let scratch = try exportFolder()
        try write(
            [
                "indirilenler/kitap.pdf": "%PDF\n", "indirilenler/kurulum.sh": "#!/bin/sh\n",
                "indirilenler/notlar.md": "x\n",
            ],
            in: scratch.url)
        assertRefused(
            "indirilenler", in: scratch,
            stderr: "coursecheck: error: refusing to import into indirilenler: it holds kitap.pdf, kurulum.sh, "
                + "notlar.md, which are neither a lesson file (NN-slug.md) nor the course index README.md, so it is "
                + "not a lessons directory\n")
    }

    /// A file under a lesson's name that is not that lesson (no front matter, or another lesson's
    /// source) is refused by name, and nothing else is written: not the other lesson, not the index.
    func testImportRefusesAFileThatIsNotALessonUnderALessonsName() throws {
        let scratch = try exportFolder()
        try write(
            [
                "dersler/01-ilk-ders.md": "Bu bir ders değil, bir yapılacaklar listesi.\n",
                "dersler/02-son-ders.md":
                    "---\ntitle: 'Son Ders'\nsource: 'https://example.invalid/baska/son-ders'\n---\n\n# Son Ders\n",
            ], in: scratch.url)
        assertRefused(
            "dersler", in: scratch,
            stderr: "coursecheck: error: refusing to replace dersler/01-ilk-ders.md: it is not the lesson 'İlk Ders' "
                + "import writes there (no front matter with its source)\n"
                + "coursecheck: error: refusing to replace dersler/02-son-ders.md: it is not the lesson 'Son Ders' "
                + "import writes there (its source is https://example.invalid/baska/son-ders, not "
                + "https://example.invalid/kurs/son-ders)\n"
                + "coursecheck: error: refusing to import into dersler: 2 files there are not import's to replace "
                + "(named above); nothing was written\n")
    }

    /// A lesson's name that is a link leading nowhere is refused: a write through it would create
    /// a file elsewhere.
    func testImportRefusesALinkThatLeadsNowhere() throws {
        let scratch = try exportFolder()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("dersler"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url.appendingPathComponent("dersler/01-ilk-ders.md").path,
            withDestinationPath: "../baska-yer/ders.md")
        assertRefused(
            "dersler", in: scratch,
            stderr: "coursecheck: error: refusing to replace dersler/01-ilk-ders.md: it is a link that leads nowhere\n"
                + "coursecheck: error: refusing to import into dersler: 1 file there is not import's to replace (named "
                + "above); nothing was written\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("baska-yer").path))
    }

    /// A lesson export replaces only the lesson whose front matter names its source.
    func testALessonExportRefusesAFileOfItsNameThatIsNotItsLesson() throws {
        let scratch = try CourseCopy.make(for: self, ["lessons"])
        let lesson = scratch.url.appendingPathComponent("lessons/09-yerel-durum.md")
        let committed = try String(contentsOf: lesson, encoding: .utf8)
        try Data(
            try committed.replacingEvery("swiftui/yerel-durum'", with: "swiftui/baska-ders'").utf8
        ).write(to: lesson)
        try Data(String(committed.dropLast()).utf8).write(to: scratch.url.appendingPathComponent("yerel-durum.md"))
        let before = FileTree.contents(of: scratch.url)
        let result = InProcess.run(["import", "yerel-durum.md", "lessons"], in: scratch.url)
        XCTAssertEqual(result.status, .failure)
        XCTAssertEqual(
            result.stderr,
            "coursecheck: error: refusing to replace lessons/09-yerel-durum.md: it is not the lesson 'Yerel Durum' "
                + "import writes there (its source is https://academia.sh/tr/kurslar/swiftui/baska-ders, not "
                + "https://academia.sh/tr/kurslar/swiftui/yerel-durum)\n"
                + "coursecheck: error: refusing to import into lessons: 1 file there is not import's to replace "
                + "(named above); nothing was written\n")
        XCTAssertEqual(FileTree.contents(of: scratch.url), before)
    }

    /// An earlier import's lesson edited after the plan read it (an editor's save while import
    /// runs) is not replaced: the import stops there, naming the file and what it already wrote.
    func testImportNeverOverwritesASaveMadeWhileItRan() throws {
        let scratch = try exportFolder()
        XCTAssertEqual(InProcess.run(["import", "export.md", "dersler"], in: scratch.url).status, .clean)
        let newer = try Self.export.replacingEvery("Özet cümlesi.", with: "Yeni özet.")
            .replacingEvery("Son dersin metni.", with: "Yeni metin.")
        try Data(newer.utf8).write(to: scratch.url.appendingPathComponent("export.md"))
        let process = Process()
        process.executableURL = try Binary.url()
        process.arguments = ["import", "export.md", "dersler"]
        process.currentDirectoryURL = scratch.url
        process.environment = Binary.environment(["COURSECHECK_FAULT": "stop-before-write"])
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        // Stopped before each write: at the first, the author saves the second lesson.
        var saved = false
        let deadline = Date().addingTimeInterval(60)
        let second = scratch.url.appendingPathComponent("dersler/02-son-ders.md")
        while process.isRunning, Date() < deadline {
            guard ProcessGroupsState.state(process.processIdentifier) == "T" else {
                usleep(10_000)
                continue
            }
            if !saved {
                try Data((try String(contentsOf: second, encoding: .utf8) + "\nYazarın notu.\n").utf8).write(to: second)
                saved = true
            }
            kill(process.processIdentifier, SIGCONT)
            usleep(10_000)
        }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2)
        XCTAssertEqual(
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            "coursecheck: error: cannot write dersler/02-son-ders.md: it changed on disk while coursecheck ran; run "
                + "again; already written: dersler/01-ilk-ders.md\n")
        XCTAssertTrue(try String(contentsOf: second, encoding: .utf8).hasSuffix("\nYazarın notu.\n"))
    }
}
