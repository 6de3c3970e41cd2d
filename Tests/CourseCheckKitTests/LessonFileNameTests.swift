import CourseCheckKit
import Foundation
import XCTest

/// Whose file it is: a lesson's file under a slipped name is that lesson, decided from the course's
/// records (the index's links, the goldens' folders, the file's `source:` slug). One finding at the
/// file naming the rename, nothing downstream (the course's claims wait for the unread lesson), and
/// `--update --prune` keeps its goldens; following the fix gives 0.
final class LessonFileNameTests: XCTestCase {
    private let lesson = "10-baglama"
    private let goldens = [
        "baglama-ebeveyn-tetigi-cocugun-kendi-durumu-yerel-tetik-uretir.out",
        "kural-yazani-okumaz-tetik-degerin-sahibine-gore-belirlenir.out",
        "okuyan-cocuk-baglamayla-da-parametreyle-de-ayni-tetigi-alir.out",
    ]
    /// The summary's claims when lesson 10 is unread.
    private let waiting =
        "claims: 3 checked, 5 not judged while 1 lesson is unread (course-index, closing-table, "
        + "trigger-distribution, note-series, label-reference); "

    private func finding(_ file: String, _ advice: String, number: String? = nil) -> String {
        "lessons/\(file):1:1: error: \(advice): the index links that name and goldens/10-baglama/ holds its goldens"
            + (number.map { ", and its number is \($0)'s" } ?? "") + "; until then the lesson is not read, its "
            + "goldens are kept, and the course's claims wait for it [not-a-lesson]\n"
    }

    private func goldenBytes(_ root: URL) -> [String: Data?] {
        Dictionary(
            uniqueKeysWithValues: goldens.map {
                ($0, FileManager.default.contents(atPath: root.appendingPathComponent("goldens/\(lesson)/\($0)").path))
            })
    }

    /// Lesson 10's file moved to `name` (within lessons/): the check is `expected` alone, with the
    /// claims waiting; `--update --prune` refuses for it and removes nothing; moving it back gives 0.
    private func assertSlip(_ name: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let copy = try CourseCopy.make(for: self)
        let root = copy.url
        let lessons = root.appendingPathComponent("lessons")
        let moved = lessons.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: lessons.appendingPathComponent("\(lesson).md"), to: moved)
        let approved = goldenBytes(root)
        XCTAssertFalse(approved.values.contains(nil), file: file, line: line)

        let check = InProcess.run(["lessons/"], in: root)
        XCTAssertEqual(check.stderr, expected, file: file, line: line)
        XCTAssertTrue(check.stdout.contains(waiting + "1 error"), check.stdout, file: file, line: line)
        XCTAssertEqual(check.status, .findings, file: file, line: line)

        let prune = InProcess.run(["--update", "--prune", "lessons/"], in: root)
        XCTAssertEqual(
            prune.stderr,
            "lessons/\(name):1:1: error: goldens of this lesson left as they are: the not-a-lesson error at line 1 "
                + "makes its trees uncertain; fix it, then run --update again [update-refused]\n" + expected,
            file: file, line: line)
        XCTAssertTrue(
            prune.stdout.hasPrefix("goldens: 0 added, 0 changed, 0 removed\n"), prune.stdout, file: file, line: line)
        XCTAssertEqual(goldenBytes(root), approved, "the lesson's goldens, byte for byte", file: file, line: line)

        try FileManager.default.moveItem(at: moved, to: lessons.appendingPathComponent("\(lesson).md"))
        let fixed = InProcess.run(["lessons/"], in: root)
        XCTAssertEqual(fixed.stderr, "", file: file, line: line)
        XCTAssertEqual(fixed.status, .clean, file: file, line: line)
    }

    func testAnUnderscoreForTheHyphenIsOneFindingAndPruneKeepsTheGoldens() throws {
        try assertSlip("10_baglama.md", finding("10_baglama.md", "rename 10_baglama.md to 10-baglama.md"))
    }

    func testALetterOForTheZeroIsOneFinding() throws {
        try assertSlip("1O-baglama.md", finding("1O-baglama.md", "rename 1O-baglama.md to 10-baglama.md"))
    }

    func testAMissingHyphenIsOneFinding() throws {
        try assertSlip("10baglama.md", finding("10baglama.md", "rename 10baglama.md to 10-baglama.md"))
    }

    /// `.MD`, `.markdown` and a trailing space were not looked at at all: the lesson was deleted.
    func testAnExtensionInCapitalsOrLongOrATrailingSpaceIsOneFinding() throws {
        try assertSlip("10-baglama.MD", finding("10-baglama.MD", "rename 10-baglama.MD to 10-baglama.md"))
        try assertSlip(
            "10-baglama.markdown", finding("10-baglama.markdown", "rename 10-baglama.markdown to 10-baglama.md"))
        try assertSlip("10-baglama.md ", finding("10-baglama.md ", "rename '10-baglama.md ' to 10-baglama.md"))
        try assertSlip("10-baglama.md.md", finding("10-baglama.md.md", "rename 10-baglama.md.md to 10-baglama.md"))
    }

    func testALessonMovedIntoASubFolderIsOneFindingNamingTheMove() throws {
        try assertSlip(
            "taslak/10-baglama.md",
            finding("taslak/10-baglama.md", "move lessons/taslak/10-baglama.md to lessons/10-baglama.md"))
    }

    /// A number another lesson has, or written with a leading zero: the records say 10, so the file
    /// is the slip; the index is not pointed at it, no note series is renumbered.
    func testAWrongNumberInTheNameIsOneFindingAtTheFile() throws {
        try assertSlip(
            "11-baglama.md",
            finding(
                "11-baglama.md", "rename 11-baglama.md to 10-baglama.md", number: "11-gozlemlenebilir-nesneler.md"))
        try assertSlip("010-baglama.md", finding("010-baglama.md", "rename 010-baglama.md to 10-baglama.md"))
    }

    /// The file's `source:` slug is a record too: a name far from the lesson's is the lesson when
    /// its source says so and it alone is near no other recorded name.
    func testTheSourceSlugNamesTheLessonOfAFarName() throws {
        try assertSlip("10-ders.markdown", finding("10-ders.markdown", "rename 10-ders.markdown to 10-baglama.md"))
    }

    /// An old copy left beside the lesson (its number and source the lesson's, its name recorded
    /// nowhere) is one finding at the copy: neither it nor the original is judged twice, and
    /// deleting it gives 0. A new lesson that shares the number with a source of its own is the
    /// course grown by one, judged as before.
    func testAnOldCopyBesideTheLessonIsOneFindingAtTheCopy() throws {
        let copy = try CourseCopy.make(for: self)
        let lessons = copy.url.appendingPathComponent("lessons")
        let old = lessons.appendingPathComponent("10-baglama-eski.md")
        try FileManager.default.copyItem(at: lessons.appendingPathComponent("10-baglama.md"), to: old)
        let check = InProcess.run(["lessons/"], in: copy.url)
        XCTAssertEqual(
            check.stderr,
            "lessons/10-baglama-eski.md:1:1: error: 10-baglama-eski.md shares the number 10 and the source of "
                + "10-baglama.md; give it its own number and source, or delete it; until then it is not read, and "
                + "the course's claims wait for it [not-a-lesson]\n")
        XCTAssertTrue(check.stdout.contains(waiting + "1 error"), check.stdout)
        let update = InProcess.run(["--update", "--prune", "lessons/"], in: copy.url)
        XCTAssertTrue(update.stdout.hasPrefix("goldens: 0 added, 0 changed, 0 removed\n"), update.stdout)
        try FileManager.default.removeItem(at: old)
        let fixed = InProcess.run(["lessons/"], in: copy.url)
        XCTAssertEqual(fixed.stderr, "")
        XCTAssertEqual(fixed.status, .clean)
    }

    /// GitHub shows `readme.md`, `Readme.md`, `README.MD` and `README.markdown` as the folder's
    /// README, and the index's links work from each: the index is read under that name, so a
    /// broken link in it is its one finding there, never "not applicable" with exit 0.
    func testTheIndexIsReadUnderEachNameGitHubShowsAsTheReadme() throws {
        for name in ["readme.md", "Readme.md", "README.MD", "README.markdown"] {
            let copy = try CourseCopy.make(for: self)
            let lessons = copy.url.appendingPathComponent("lessons")
            let index = lessons.appendingPathComponent(name)
            try FileManager.default.moveItem(at: lessons.appendingPathComponent("README.md"), to: index)
            let clean = InProcess.run(["lessons/"], in: copy.url)
            XCTAssertEqual(clean.stderr, "", name)
            XCTAssertTrue(clean.stdout.contains("claims: 8 checked; 0 errors"), "\(name): \(clean.stdout)")
            let text = try String(contentsOf: index, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "(10-baglama.md)", with: "(10-baglamx.md)").utf8).write(to: index)
            let check = InProcess.run(["lessons/"], in: copy.url)
            XCTAssertEqual(
                check.stderr,
                "lessons/\(name):38:1: error: the index links 10-baglamx.md, which is not a lesson file; did you mean "
                    + "10-baglama.md? [course-index]\n", name)
            XCTAssertEqual(check.status, .findings, name)
        }
    }

    /// The lessons directory renamed (`mv lessons dersler`) is one `golden-record` finding at the
    /// record's line with the text to write, not two findings whose second fix does nothing; writing
    /// it gives 0.
    func testARenamedLessonsDirectoryIsOneRecordFindingWithTheLineToWrite() throws {
        let copy = try CourseCopy.make(for: self)
        try FileManager.default.moveItem(
            at: copy.url.appendingPathComponent("lessons"), to: copy.url.appendingPathComponent("dersler"))
        let check = InProcess.run(["dersler/"], in: copy.url)
        XCTAssertEqual(
            check.stderr,
            "goldens/LESSONS:2:1: error: goldens/LESSONS names 'lessons', which does not exist, and not dersler, "
                + "whose lessons have their goldens in goldens/: the lessons directory was renamed; write 'dersler' "
                + "for 'lessons' on this line: no golden of goldens/ is called an orphan, none is pruned, and --update "
                + "writes nothing there until the record and the disk agree [golden-record]\n")
        XCTAssertEqual(check.status, .findings)
        let record = copy.url.appendingPathComponent("goldens/LESSONS")
        let text = try String(contentsOf: record, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\nlessons\n", with: "\ndersler\n").utf8).write(to: record)
        let fixed = InProcess.run(["dersler/"], in: copy.url)
        XCTAssertEqual(fixed.stderr, "")
        XCTAssertEqual(fixed.status, .clean)
    }

    /// The control: a markdown file that is no lesson's keeps its warning, and the course is whole.
    func testANotesFileKeepsItsWarning() throws {
        let copy = try CourseCopy.make(for: self)
        try Data("# Notlar\n".utf8).write(to: copy.url.appendingPathComponent("lessons/notlar.md"))
        let check = InProcess.run(["lessons/"], in: copy.url)
        XCTAssertEqual(
            check.stderr,
            "lessons/notlar.md:1:1: warning: markdown file is not named like a lesson (NN-slug.md) and is not "
                + "checked: move it out of the lessons directory, or name it NN-slug.md to check it as a lesson "
                + "[unchecked-markdown]\n")
        XCTAssertEqual(check.status, .clean)
    }

    /// The control: a rename done the documented way (the file, its index link, its source and its
    /// URL in the list of sources) is no slip: `--update` carries the goldens and the course converges.
    func testARenameDoneTheDocumentedWayStillConvergesThroughUpdate() throws {
        let copy = try CourseCopy.make(for: self)
        let root = copy.url
        let lessons = root.appendingPathComponent("lessons")
        let approved = goldenBytes(root)
        try FileManager.default.moveItem(
            at: lessons.appendingPathComponent("10-baglama.md"), to: lessons.appendingPathComponent("10-baglamak.md"))
        for (file, old, new) in [
            ("10-baglamak.md", "swiftui/baglama'", "swiftui/baglamak'"),
            ("README.md", "(10-baglama.md)", "(10-baglamak.md)"),
            ("README.md", "swiftui/baglama>", "swiftui/baglamak>"),
        ] {
            let url = lessons.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertTrue(text.contains(old), file)
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
        }
        let update = InProcess.run(["--update", "lessons/"], in: root)
        XCTAssertEqual(update.stderr, "")
        XCTAssertEqual(update.status, .clean)
        let moved = Dictionary(
            uniqueKeysWithValues: goldens.map {
                (
                    $0,
                    FileManager.default.contents(atPath: root.appendingPathComponent("goldens/10-baglamak/\($0)").path)
                )
            })
        XCTAssertEqual(moved, approved)
        let check = InProcess.run(["lessons/"], in: root)
        XCTAssertEqual(check.stderr, "")
        XCTAssertEqual(check.status, .clean)
    }
}

/// Random lessons moved to random slipped names (an underscore or no hyphen for the hyphen, a
/// look-alike letter for a digit, the extension in capitals, long or typed twice, a trailing
/// space, a leading zero, a neighbour's number, a sub-folder): the check is one finding at the file, `--update
/// --prune` never removes or changes a golden of that lesson, and moving the file back gives 0.
final class LessonFileNamePropertyTests: XCTestCase {
    /// The slipped names of `name` (`NN-slug.md`) that `lessons` make possible.
    static func slips(of name: String, lessons: [String]) -> [String] {
        let digits = String(name.prefix { $0.isNumber })
        let rest = String(name.dropFirst(digits.count + 1))
        let stem = String(name.dropLast(".md".count))
        var slips = [
            "\(digits)_\(rest)", "\(digits)\(rest)", "\(stem).MD", "\(stem).Md", "\(stem).markdown", "\(name) ",
            "0\(name)", "\(name).md",
        ]
        for folder in ["taslak", "eski", "drafts"] { slips.append("\(folder)/\(name)") }
        for (digit, letter) in [("0", "O"), ("1", "l")] {
            if let range = digits.range(of: digit) {
                slips.append(digits.replacingCharacters(in: range, with: letter) + "-" + rest)
            }
        }
        if let number = Int(digits) {
            for neighbour in [number - 1, number + 1] {
                let prefix = neighbour < 10 ? "0\(neighbour)-" : "\(neighbour)-"
                if neighbour > 0, lessons.contains(where: { $0.hasPrefix(prefix) }) {
                    slips.append(prefix + rest)
                }
            }
        }
        return slips
    }

    func testARandomSlippedLessonNameIsOneFindingAndPruneLosesNoGolden() throws {
        for seed in PropertySeeds.seeds(defaultCases: 4) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let copy = try CourseCopy.make(for: self)
            let root = copy.url
            let lessons = root.appendingPathComponent("lessons")
            let names = try CourseCopy.lessonNames(in: lessons)
            let name = names[Int(random.next() % UInt64(names.count))]
            let slips = Self.slips(of: name, lessons: names)
            let slip = slips[Int(random.next() % UInt64(slips.count))]
            var context = "seed \(seed): \(name) → '\(slip)'"
            let folder = root.appendingPathComponent("goldens/" + name.dropLast(".md".count))
            func approved() throws -> [String: Data] {
                var files: [String: Data] = [:]
                for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                    files[file] = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path)
                }
                return files
            }
            let before = try approved()
            // Half the time the index is saved under another name GitHub shows as the README: it is
            // still the index, and still a record of the lesson's name.
            let indexNames = ["README.md", "readme.md", "Readme.md", "README.MD", "README.markdown"]
            let indexName = random.next() % 2 == 0 ? "README.md" : indexNames[Int(random.next() % 4) + 1]
            if indexName != "README.md" {
                try FileManager.default.moveItem(
                    at: lessons.appendingPathComponent("README.md"), to: lessons.appendingPathComponent(indexName))
            }
            context += ", index \(indexName)"
            let moved = lessons.appendingPathComponent(slip)
            try FileManager.default.createDirectory(
                at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: lessons.appendingPathComponent(name), to: moved)

            let check = InProcess.run(["lessons/"], in: root)
            let lines = check.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            XCTAssertEqual(lines.count, 1, "\(context): \(check.stderr)")
            XCTAssertTrue(
                check.stderr.hasPrefix("lessons/\(slip):1:1: error: ")
                    && (check.stderr.contains(" to \(name): ") || check.stderr.contains(" to lessons/\(name): "))
                    && check.stderr.hasSuffix("[not-a-lesson]\n"), "\(context): \(check.stderr)")

            let prune = InProcess.run(["--update", "--prune", "lessons/"], in: root)
            XCTAssertFalse(prune.stdout.contains("removed "), "\(context): \(prune.stdout)")
            XCTAssertEqual(try approved(), before, "\(context): the lesson's goldens, byte for byte")

            try FileManager.default.moveItem(at: moved, to: lessons.appendingPathComponent(name))
            let fixed = InProcess.run(["lessons/"], in: root)
            XCTAssertEqual(fixed.stderr, "", context)
            XCTAssertEqual(fixed.status, .clean, context)
        }
    }
}
