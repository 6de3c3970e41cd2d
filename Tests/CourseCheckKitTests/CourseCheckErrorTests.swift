import XCTest

@testable import CourseCheckKit

/// I/O failures carry the path and the cause; their words, made when printed, name both.
final class CourseCheckErrorTests: XCTestCase {
    func testAFileWhereADirectoryMustBeIsNamedInWords() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let goldens = scratch.url.appendingPathComponent("goldens")
        try Data("not a directory\n".utf8).write(to: goldens)
        XCTAssertThrowsError(try FileGate.makeDirectories(goldens.appendingPathComponent("lesson"))) {
            guard case .io(let path, .createDirectory, .fileInTheWay(let blocker)) = $0 as? CourseCheckError else {
                return XCTFail("\($0)")
            }
            XCTAssertEqual(path, goldens.path + "/lesson")
            XCTAssertEqual(blocker, goldens.path)
            XCTAssertEqual(
                ($0 as? CourseCheckError)?.message,
                "cannot create the directory \(path): \(blocker) is a file, not a directory")
        }
    }

    func testAMissingPathIsReportedWithItsCause() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        XCTAssertThrowsError(try CourseLoader(currentDirectory: scratch.url).plan(["missing/"])) {
            XCTAssertEqual($0 as? CourseCheckError, .io(path: "missing/", operation: .open, cause: .noSuchFile))
        }
        let result = InProcess.run(["missing/"], in: scratch.url)
        XCTAssertEqual(result.status, .failure)
        XCTAssertEqual(result.stderr, "coursecheck: error: missing/: no such file or directory\n")
        XCTAssertEqual(CourseCheckError.io(path: "missing/", operation: .open, cause: .noSuchFile).id, "io-error")
    }

    func testCausesPrintAsWordsNeverCodes() {
        XCTAssertEqual(CourseCheckError.IOCause.system(errno: ENOENT).description, "No such file or directory")
        XCTAssertEqual(
            CourseCheckError.io(path: "lessons/01-a.md", operation: .read, cause: .notRegularFile).message,
            "lessons/01-a.md: not a regular file")
        XCTAssertEqual(
            CourseCheckError.io(path: "g/a.out", operation: .write, cause: .linkOrNotRegularFile).message,
            "cannot write g/a.out: it is a link or not a regular file")
        XCTAssertEqual(
            CourseCheckError.io(path: "lessons", operation: .list, cause: .noLessonFiles()).message,
            "lessons: no lesson files (named like 01-slug.md) in this directory")
    }
}
