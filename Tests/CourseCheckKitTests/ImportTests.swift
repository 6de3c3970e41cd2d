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

            Bu kurs, academia.sh üzerinde yayımlanan “Mini Kurs” kursunun metnidir ve [CC BY-SA 4.0](https://creativecommons.org/licenses/by-sa/4.0/) lisansıyla paylaşılır. Her ders dosyasının `source` alanı dersin özgün adresini verir.

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
}
