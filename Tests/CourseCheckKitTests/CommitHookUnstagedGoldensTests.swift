import CourseCheckKit
import Foundation
import XCTest

/// A commit refused for its goldens after `--update` wrote them but nobody staged them: the hook
/// says that only `git add goldens/` is missing, not the `--update` already run (rerunning it
/// changes nothing, so following the old advice loops). Goldens the working tree does not settle
/// keep their own advice.
final class CommitHookUnstagedGoldensTests: XCTestCase {
    /// The refusal as the hook prints it: findings, summary, the last word.
    static func refused(_ finding: String) -> String {
        finding + "\n" + CommitHookTests.summary(errors: 1) + CommitHookTests.refusal
    }

    /// The documented rename (`git mv`, `--update`), committed with only the lessons staged.
    func testARenameWhoseGoldensAreMovedButNotStaged() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let repo = try CommitHookTests.Repository(scratch)
        let moved = try repo.sh(
            "git mv lessons/01-first-steps.md lessons/01-first-moves.md && coursecheck --update lessons/ >/dev/null "
                + "&& git commit -qm rename")
        XCTAssertEqual(moved.status, 1)
        XCTAssertEqual(
            moved.stderr,
            Self.refused(
                "lessons/01-first-moves.md:29:1: error: the commit holds this tree's golden under its old name only; "
                    + "the goldens for it are updated but not staged: git add goldens/ [golden-renamed]"))
        // The advice, followed, is the whole fix.
        let staged = try repo.sh("git add goldens/ && git commit -qm rename")
        XCTAssertEqual(staged.status, 0, staged.stderr)
        XCTAssertEqual(staged.stderr, CommitHookTests.summary(errors: 0))
        XCTAssertEqual(repo.commits, "2\n")
    }

    /// A changed tree promoted and approved, its new golden left unstaged.
    func testAnApprovedChangeWhoseGoldenIsNotStaged() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let repo = try CommitHookTests.Repository(scratch)
        let changed = try repo.sh(
            "sed -i 's/^counter.increment()$/counter.increment(by: 2)/' lessons/01-first-steps.md "
                // `--promote` exits 1: its check still sees the golden `--update` then approves.
                + "&& { coursecheck --promote lessons/ >/dev/null 2>&1; coursecheck --update lessons/ >/dev/null; } "
                + "&& git add lessons && git commit -qm change")
        XCTAssertEqual(changed.status, 1)
        XCTAssertEqual(
            changed.stderr,
            Self.refused(
                "lessons/01-first-steps.md:29:1: error: the commit's golden for this tree differs from its output; "
                    + "the goldens for it are updated but not staged: git add goldens/ [golden-drift]"))
        let staged = try repo.sh("git add goldens/ && git commit -qm change")
        XCTAssertEqual(staged.status, 0, staged.stderr)
    }

    /// The control: a rename before `--update` keeps the advice to run it, since the working
    /// tree's goldens do not settle it either.
    func testARenameNotYetUpdatedKeepsItsAdvice() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let repo = try CommitHookTests.Repository(scratch)
        let moved = try repo.sh("git mv lessons/01-first-steps.md lessons/01-first-moves.md && git commit -qm rename")
        XCTAssertEqual(moved.status, 1)
        XCTAssertEqual(
            moved.stderr,
            Self.refused(
                "lessons/01-first-moves.md:29:1: error: lesson's file name changed its goldens' folder ('moves' for "
                    + "'steps'); the golden approved under the old name, "
                    + "goldens/01-first-steps/two-steps-of-one.out, holds exactly this tree's output and is kept: if the "
                    + "file name is a typo, rename the file back; if it is a rename, 'coursecheck --update lessons/' "
                    + "moves the golden to goldens/01-first-moves/two-steps-of-one.out [golden-renamed]"))
        XCTAssertEqual(repo.commits, "1\n")
    }
}
