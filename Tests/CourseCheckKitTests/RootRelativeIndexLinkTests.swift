import Foundation
import XCTest

@testable import CourseCheckKit

/// An index link from the repository's root (`/lessons/09-yerel-durum.md`): GitHub opens the file
/// at that path in the repository, so where the lessons folder sits in its git repository decides
/// it. It opens the lesson there: no finding. Outside a git repository, or to a path the lesson is
/// not at, it is the one `course-index` finding a link to no lesson file is.
final class RootRelativeIndexLinkTests: XCTestCase {
    private static let link = "(09-yerel-durum.md)"

    private func course(link: String, gitAt: String?, gitFile: Bool = false, under folder: String? = nil) throws
        -> (Scratch, URL)
    {
        let copy = try CourseCopy.make(for: self)
        var root = copy.url
        if let folder {
            root = copy.url.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for name in ["lessons", "goldens"] {
                try FileManager.default.moveItem(
                    at: copy.url.appendingPathComponent(name), to: root.appendingPathComponent(name))
            }
        }
        if let gitAt {
            let git = copy.url.appendingPathComponent(gitAt).appendingPathComponent(".git")
            if gitFile {
                try Data("gitdir: /elsewhere/.git/worktrees/kurs\n".utf8).write(to: git)
            } else {
                try FileManager.default.createDirectory(at: git, withIntermediateDirectories: true)
            }
        }
        try CourseCopy.replace(Self.link, with: link, in: root.appendingPathComponent("lessons/README.md"))
        return (copy, root)
    }

    private static func notALesson(_ written: String) -> String {
        "lessons/README.md:37:1: error: the index links \(written), which is not a lesson file; did you mean "
            + "09-yerel-durum.md? [course-index]"
    }

    /// The lessons folder at the repository's root as `lessons/`: the root link opens the lesson,
    /// whether `.git` is a folder or a worktree's file; a root link to another path is one finding.
    func testARootLinkToTheLessonInItsRepositoryIsSilent() throws {
        for gitFile in [false, true] {
            let (_, root) = try course(link: "(/lessons/09-yerel-durum.md)", gitAt: "", gitFile: gitFile)
            XCTAssertEqual(courseFindings(in: root), [], "gitFile \(gitFile)")
        }
        let (_, root) = try course(link: "(/kurs/lessons/09-yerel-durum.md)", gitAt: "")
        XCTAssertEqual(courseFindings(in: root), [Self.notALesson("/kurs/lessons/09-yerel-durum.md")])
    }

    /// The course in a folder of its repository (`kurs/lessons/`): the root link names that folder.
    func testARootLinkNamesTheFolderTheCourseIsInWithinItsRepository() throws {
        let (_, inFolder) = try course(link: "(/kurs/lessons/09-yerel-durum.md)", gitAt: "", under: "kurs")
        XCTAssertEqual(courseFindings(in: inFolder), [])
        let (_, atRoot) = try course(link: "(/lessons/09-yerel-durum.md)", gitAt: "", under: "kurs")
        XCTAssertEqual(courseFindings(in: atRoot), [Self.notALesson("/lessons/09-yerel-durum.md")])
    }

    /// Outside a git repository where the root is cannot be known: one finding, with the link to write.
    func testARootLinkOutsideARepositoryIsOneFinding() throws {
        // A scratch folder inside a clone (its TMPDIR there) decides nothing: the link then climbs
        // past the course and opens no lesson either.
        let (_, root) = try course(link: "(/lessons/09-yerel-durum.md)", gitAt: nil)
        XCTAssertEqual(courseFindings(in: root), [Self.notALesson("/lessons/09-yerel-durum.md")])
    }
}
