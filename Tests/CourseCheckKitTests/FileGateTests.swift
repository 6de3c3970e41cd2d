import CourseCheckKit
import Foundation
import XCTest

/// The write gate's policy, one point at a time, on files in a scratch folder: what it writes, what
/// it refuses, and what it never removes.
final class FileGateTests: XCTestCase {
    private var scratch: Scratch!
    private var root: URL { scratch.url }

    override func setUpWithError() throws {
        scratch = try Scratch()
        let scratch = scratch!
        addTeardownBlock {
            // A read-only folder a test made must become writable again to be removed.
            _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
            scratch.remove()
        }
    }

    private func file(_ name: String, _ text: String, mode: Int = 0o644) throws -> URL {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        return url
    }

    private func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    private func snapshot(_ url: URL) throws -> FileGate.Snapshot {
        try XCTUnwrap(FileGate.read(url).snapshot, "\(url.path) cannot be read")
    }

    /// The boot, as markers name it: the first 8 hex digits of the kernel's boot id on the Linux
    /// path, "0" on the portable path (under `COURSECHECK_PORTABLE=1` this process takes it too).
    private func bootID() throws -> String {
        let boot = Platform.bootID
        if !Platform.isPortable {
            let kernel = try XCTUnwrap(
                try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8), "no /proc here")
            XCTAssertEqual(boot, String(kernel.filter(\.isHexDigit).prefix(8)))
        }
        return boot
    }

    /// This process's PID namespace, as markers name it ("0" on the portable path).
    private var ns: String { Platform.pidNamespace }

    private func leftovers() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.contains(".coursecheck-tmp-") }
    }

    // MARK: 2. Compare and swap

    /// A bounded read (a child's output) is the file's first `limit` bytes, for files shorter,
    /// as long and longer than the limit, empty ones and a zero limit; the unbounded read is the file.
    func testABoundedReadIsThePrefixOfTheFile() throws {
        var generator = BlockStructurePropertyTests.Generator(state: 7)
        for size in [0, 1, 5, 65_535, 65_536, 65_537, 200_000] {
            let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let url = root.appendingPathComponent("out-\(size)")
            try Data(bytes).write(to: url)
            XCTAssertEqual(FileGate.read(url).snapshot?.bytes, bytes, "size \(size)")
            for limit in [0, 1, size - 1, size, size + 1, 70_000] where limit >= 0 {
                XCTAssertEqual(
                    FileGate.read(url, limit: limit).snapshot?.bytes, Array(bytes.prefix(limit)),
                    "size \(size), limit \(limit)")
            }
        }
    }

    func testAnUnchangedFileIsRewritten() throws {
        let url = try file("a.md", "old\n")
        let refusal = try FileGate.replace(
            url, with: Array("new\n".utf8), expecting: .unchanged(try snapshot(url)), links: .follow)
        XCTAssertNil(refusal)
        XCTAssertEqual(try text(url), "new\n")
        XCTAssertEqual(try leftovers(), [])
    }

    func testAFileSavedMeanwhileIsRefusedAndKept() throws {
        let url = try file("a.md", "old\n")
        let read = try snapshot(url)
        // The editor saves the same number of bytes within the same second: the bytes still differ.
        try Data("OLD\n".utf8).write(to: url)
        let refusal = try FileGate.replace(url, with: Array("new\n".utf8), expecting: .unchanged(read), links: .follow)
        XCTAssertEqual(refusal, .changedOnDisk)
        XCTAssertEqual(
            refusal?.description, "it changed on disk while coursecheck ran; run again")
        XCTAssertEqual(try text(url), "OLD\n")
        XCTAssertEqual(try leftovers(), [])
    }

    func testAFileReplacedByAnotherWithTheSameBytesIsRefused() throws {
        let url = try file("a.md", "same\n")
        let read = try snapshot(url)
        // An editor that saves by rename: same bytes, another inode.
        let other = try file("b.md", "same\n")
        XCTAssertEqual(rename(other.path, url.path), 0)
        XCTAssertEqual(
            try FileGate.replace(url, with: Array("new\n".utf8), expecting: .unchanged(read), links: .follow),
            .changedOnDisk)
        XCTAssertEqual(try text(url), "same\n")
    }

    func testAFileThatAppearedIsNotOverwritten() throws {
        let url = root.appendingPathComponent("new.out")
        let authors = try file("new.out", "the author's\n")
        XCTAssertEqual(
            try FileGate.replace(url, with: Array("mine\n".utf8), expecting: .absent, links: .refuse), .appearedOnDisk)
        XCTAssertEqual(try text(authors), "the author's\n")
    }

    func testAFileDeletedMeanwhileIsNotRecreated() throws {
        let url = try file("a.md", "old\n")
        let read = try snapshot(url)
        try FileManager.default.removeItem(at: url)
        XCTAssertEqual(
            try FileGate.replace(url, with: Array("new\n".utf8), expecting: .unchanged(read), links: .follow),
            .changedOnDisk)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }

    /// A renamed tree's golden moves as the file it is (same inode, same bytes), only while it is
    /// the file read and nothing stands at the new name; a refusal leaves both names as they were.
    func testMoveOnlyTheFileThatWasReadAndNeverOverAnother() throws {
        let old = try file("g/eski.out", "onaylanan\n")
        let new = root.appendingPathComponent("g/yeni.out")
        let read = try snapshot(old)

        let blocker = try file("g/yeni.out", "yazarin\n")
        XCTAssertEqual(try FileGate.move(old, to: new, expecting: read), .appearedOnDisk)
        XCTAssertEqual(try text(blocker), "yazarin\n")
        XCTAssertEqual(try text(old), "onaylanan\n")
        try FileManager.default.removeItem(at: blocker)

        try Data("kaydedilen\n".utf8).write(to: old)
        XCTAssertEqual(try FileGate.move(old, to: new, expecting: read), .changedOnDisk)
        XCTAssertEqual(try text(old), "kaydedilen\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: new.path))

        let again = try snapshot(old)
        XCTAssertNil(try FileGate.move(old, to: new, expecting: again))
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.path))
        XCTAssertEqual(try text(new), "kaydedilen\n")
        XCTAssertEqual(FileGate.Identity.of(new.path)?.inode, again.identity.inode, "the file itself moved")
    }

    func testRemoveOnlyTheFileThatWasRead() throws {
        let url = try file("g/x.out", "1\n")
        let read = try snapshot(url)
        try Data("2\n".utf8).write(to: url)
        XCTAssertEqual(try FileGate.remove(url, expecting: read), .changedOnDisk)
        XCTAssertEqual(try text(url), "2\n")
        XCTAssertNil(try FileGate.remove(url, expecting: try snapshot(url)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }

    // MARK: 3. Respect the file

    func testARewriteKeepsModeOwnerAndGroup() throws {
        let url = try file("a.md", "old\n", mode: 0o640)
        if geteuid() == 0 {
            // Root rewriting another user's checkout: the file stays theirs.
            XCTAssertEqual(chown(url.path, 4321, 8765), 0)
        }
        let before = try FileManager.default.attributesOfItem(atPath: url.path)
        XCTAssertNil(
            try FileGate.replace(
                url, with: Array("new\n".utf8), expecting: .unchanged(try snapshot(url)), links: .follow))
        let after = try FileManager.default.attributesOfItem(atPath: url.path)
        XCTAssertEqual(after[.posixPermissions] as? Int, 0o640)
        XCTAssertEqual(after[.ownerAccountID] as? Int, before[.ownerAccountID] as? Int)
        XCTAssertEqual(after[.groupOwnerAccountID] as? Int, before[.groupOwnerAccountID] as? Int)
        XCTAssertEqual(try text(url), "new\n")
    }

    func testAFileItsOwnerMayNotWriteIsRefused() throws {
        let url = try file("a.md", "old\n", mode: 0o444)
        let refusal = try FileGate.replace(
            url, with: Array("new\n".utf8), expecting: .unchanged(try snapshot(url)), links: .follow)
        XCTAssertEqual(refusal, .readOnly)
        XCTAssertEqual(
            refusal?.description, "its owner has no write permission; make it writable to let coursecheck rewrite it")
        XCTAssertEqual(try text(url), "old\n")
    }

    func testAHardLinkedFileIsRefusedWithItsLinkCount() throws {
        let url = try file("a.md", "old\n")
        let other = root.appendingPathComponent("b.md")
        XCTAssertEqual(link(url.path, other.path), 0)
        let refusal = try FileGate.replace(
            url, with: Array("new\n".utf8), expecting: .unchanged(try snapshot(url)), links: .follow)
        XCTAssertEqual(refusal, .hardLinks(2))
        XCTAssertEqual(refusal?.description, "it has 2 hard links, and a rewrite would split it from its other names")
        XCTAssertEqual(try text(other), "old\n")
    }

    func testALinkIsFollowedForLessonsAndRefusedForGoldens() throws {
        let target = try file("real.md", "old\n")
        let link = root.appendingPathComponent("link.md")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        XCTAssertEqual(
            try FileGate.replace(
                link, with: Array("new\n".utf8), expecting: .unchanged(try snapshot(link)), links: .refuse),
            .linkOrNotRegular)
        XCTAssertEqual(try text(target), "old\n")
        XCTAssertNil(
            try FileGate.replace(
                link, with: Array("new\n".utf8), expecting: .unchanged(try snapshot(link)), links: .follow))
        XCTAssertEqual(try text(target), "new\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path)
    }

    func testAnUnreadableFileIsUnreadableNotMissing() throws {
        try XCTSkipIf(geteuid() == 0, "root reads every file; the golden-unreadable finding is checked as a user")
        let url = try file("a.out", "1\n", mode: 0o000)
        guard case .unreadable = FileGate.read(url) else {
            return XCTFail("\(FileGate.read(url)) is not .unreadable")
        }
    }

    func testAFIFOIsNotRegularAndNeverBlocks() throws {
        let url = root.appendingPathComponent("pipe")
        XCTAssertEqual(mkfifo(url.path, 0o644), 0)
        XCTAssertEqual(FileGate.read(url), .notRegular)
        XCTAssertEqual(FileGate.read(root), .notRegular)
        XCTAssertEqual(FileGate.read(root.appendingPathComponent("none")), .missing)
    }

    // MARK: 7. Temporaries

    func testAFailedWriteLeavesNoTemporary() throws {
        let folder = root.appendingPathComponent("ro")
        let url = try file("ro/a.out", "1\n")
        let read = try snapshot(url)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        try XCTSkipIf(
            geteuid() == 0, "root writes into a read-only folder; the full-disk case is tested by WritePolicyTests")
        XCTAssertThrowsError(
            try FileGate.replace(url, with: Array("2\n".utf8), expecting: .unchanged(read), links: .refuse))
        XCTAssertEqual(try leftovers(), [])
    }

    func testOnlyTemporariesOfEndedProcessesAreSwept() throws {
        let folder = root.appendingPathComponent("g")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let boot = try bootID()
        let dead = try file("g/.coursecheck-tmp-\(boot)-\(ns)-999999-1-abc", "dead\n")
        // This test process is alive: its temporary stays, whatever its start time says.
        let live = try file("g/.coursecheck-tmp-\(boot)-\(ns)-\(getpid())-1-abc", "live\n")
        // Names alone are never proof: these are left as they are.
        let malformed = try file("g/.coursecheck-tmp-notes.md", "an author's\n")
        let otherShape = try file("g/.coursecheck-tmp-\(boot)-\(ns)-999999-1", "short\n")
        let url = folder.appendingPathComponent("x.out")
        XCTAssertNil(try FileGate.replace(url, with: Array("x\n".utf8), expecting: .absent, links: .refuse))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dead.path))
        for kept in [live, malformed, otherShape] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: kept.path), kept.lastPathComponent)
        }
    }

    /// A locked marker (`-f`: its owner holds an `flock` on it for as long as it exists) is judged
    /// by its lock: free, its owner is gone whatever its pid names now (this process's pid, here,
    /// as after a reuse); held, its owner lives, though its pid is gone.
    func testALockedMarkerIsJudgedByItsLock() throws {
        let folder = root.appendingPathComponent("g")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let boot = try bootID()
        let reused = try file("g/.coursecheck-tmp-\(boot)-\(ns)-\(getpid())-5-reused-f", "dead\n")
        let held = try file("g/.coursecheck-tmp-\(boot)-\(ns)-999999-5-held-f", "live\n")
        let descriptor = open(held.path, O_RDONLY)
        defer { close(descriptor) }
        XCTAssertEqual(flock(descriptor, LOCK_EX), 0)
        XCTAssertNil(
            try FileGate.replace(
                folder.appendingPathComponent("x.out"), with: Array("x\n".utf8), expecting: .absent, links: .refuse))
        XCTAssertFalse(FileManager.default.fileExists(atPath: reused.path))
        XCTAssertEqual(try text(held), "live\n")
    }

    // MARK: 1. Scratch directories are removed by marker, never by name

    func testScratchDirectoriesAreRemovedOnlyByTheirMarker() throws {
        let temporary = root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let boot = try bootID()
        func directory(_ name: String, marker: String?) throws -> URL {
            let url = temporary.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data("work\n".utf8).write(to: url.appendingPathComponent("notes.txt"))
            if let marker { try Data(marker.utf8).write(to: url.appendingPathComponent(".coursecheck-owner")) }
            return url
        }
        let ended = try directory("coursecheck-999999-tok1", marker: "\(boot)-\(ns)-999999-5-tok1\n")
        // A git worktree and a notes folder whose names look like ours, with no marker.
        let worktree = try directory("coursecheck-123-feature", marker: nil)
        let notes = try directory("coursecheck-999999-notes", marker: nil)
        // A marker whose token is not in the folder's name proves nothing about that folder.
        let copied = try directory("coursecheck-999999-other", marker: "\(boot)-\(ns)-999999-5-tok1\n")
        // A live process's scratch: this test's own pid.
        let live = try directory("coursecheck-\(getpid())-tok2", marker: "\(boot)-\(ns)-\(getpid())-5-tok2\n")
        // Another PID namespace (a container sharing $TMPDIR): its pid names another process here.
        let container = try directory("coursecheck-999999-tok4", marker: "\(boot)-1-999999-5-tok4\n")
        let garbled = try directory("coursecheck-999999-tok3", marker: "garbage")
        // A portable run's (`COURSECHECK_PORTABLE=1`): it cannot tell its boot, which is no other
        // boot to the Linux path. To a portable sweep it is this boot's, and its pid is gone.
        let portable = try directory("coursecheck-999999-tok5", marker: "0-0-999999-5-tok5\n")
        FileGate.sweepScratch(in: temporary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: ended.path))
        XCTAssertEqual(FileManager.default.fileExists(atPath: portable.path), !Platform.isPortable)
        for kept in [worktree, notes, copied, live, garbled, container] {
            XCTAssertEqual(
                try String(contentsOf: kept.appendingPathComponent("notes.txt"), encoding: .utf8), "work\n",
                kept.lastPathComponent)
        }
    }

    func testAScratchDirectoryCarriesItsMarkerAndGoesWhenRemoved() throws {
        let made = try FileGate.makeScratch()
        let marker = try String(contentsOf: made.url.appendingPathComponent(".coursecheck-owner"), encoding: .utf8)
        XCTAssertTrue(marker.contains("-\(getpid())-"), marker)
        XCTAssertTrue(made.url.lastPathComponent.hasPrefix("coursecheck-\(getpid())-"))
        made.remove()
        XCTAssertFalse(FileManager.default.fileExists(atPath: made.url.path))
    }

    // MARK: 11. The temporary directory

    func testTheTemporaryDirectoryFollowsTMPDIRAndIsNeverCreated() throws {
        XCTAssertEqual(try FileGate.temporaryDirectory(["TMPDIR": ""]).path, "/tmp")
        XCTAssertEqual(try FileGate.temporaryDirectory([:]).path, "/tmp")
        XCTAssertEqual(try FileGate.temporaryDirectory(["TMPDIR": root.path]).path, root.path)
        let missing = root.appendingPathComponent("nope").path
        XCTAssertThrowsError(try FileGate.temporaryDirectory(["TMPDIR": missing])) { error in
            XCTAssertEqual(
                (error as? CourseCheckError)?.message,
                "TMPDIR=\(missing): cannot use it as the temporary directory (No such file or directory)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
        XCTAssertThrowsError(try FileGate.temporaryDirectory(["TMPDIR": "/"])) { error in
            XCTAssertEqual(
                (error as? CourseCheckError)?.message,
                "TMPDIR=/: cannot use it as the temporary directory (coursecheck never creates anything directly in /)")
        }
        XCTAssertThrowsError(try FileGate.makeDirectories(URL(fileURLWithPath: "/coursecheck-never-\(getpid())")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/coursecheck-never-\(getpid())"))
    }

    // MARK: 8. Reports

    func testReportsRefuseWhatIsNotARegularFile() throws {
        let fifo = root.appendingPathComponent("fifo")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        XCTAssertThrowsError(try FileGate.writeReport(Array("x".utf8), to: fifo, expecting: .absent))
        XCTAssertThrowsError(try FileGate.appendReport(Array("x".utf8), to: fifo, expecting: .absent))
        XCTAssertThrowsError(try FileGate.appendReport(Array("x".utf8), to: root, expecting: .absent))
        XCTAssertThrowsError(
            try FileGate.appendReport(Array("x".utf8), to: URL(fileURLWithPath: "/dev/full"), expecting: .absent))
        XCTAssertThrowsError(
            try FileGate.writeReport(Array("x".utf8), to: root.appendingPathComponent("no/r.xml"), expecting: .absent))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("no").path))
    }

    func testTheSummaryIsOnlyAppendedTo() throws {
        let url = try file("summary.md", "earlier step\n")
        let found = try XCTUnwrap(FileGate.read(url).snapshot)
        try FileGate.appendReport(Array("ours\n".utf8), to: url, expecting: .unchanged(found))
        XCTAssertEqual(try text(url), "earlier step\nours\n")
    }

    // MARK: 9. Runs that overlap

    func testASecondWriterWaitsForTheFirst() throws {
        let folder = root.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let first = try FileGate.lockForWriting([folder]) { _ in XCTFail("the first writer never waits") }
        let waited = expectation(description: "the second writer is told it waits")
        let done = expectation(description: "the second writer gets the lock")
        let folderPath = folder.path
        Thread.detachNewThread {
            let second = try? FileGate.lockForWriting([URL(fileURLWithPath: folderPath)]) { _ in waited.fulfill() }
            XCTAssertNotNil(second)
            done.fulfill()
        }
        wait(for: [waited], timeout: 10)
        first.release()
        wait(for: [done], timeout: 10)
    }

    // MARK: Found by trying to break it (each was a way to lose or leave something)

    /// A SIGKILLed run's compiler keeps working in its scratch directory: the sweep stops it and
    /// removes the directory whole, marker last, instead of leaving a marker-less remnant.
    func testALeftoverIsRemovedWithTheProcessesStillWorkingInIt() throws {
        let temporary = root.appendingPathComponent("tmp")
        let boot = try bootID()
        let leftover = temporary.appendingPathComponent("coursecheck-999999-tok9")
        try FileManager.default.createDirectory(
            at: leftover.appendingPathComponent("tree1"), withIntermediateDirectories: true)
        try Data("\(boot)-\(ns)-999999-5-tok9\n".utf8).write(to: leftover.appendingPathComponent(".coursecheck-owner"))
        let orphan = Process()
        orphan.executableURL = URL(fileURLWithPath: "/bin/sleep")
        orphan.arguments = ["60"]
        orphan.currentDirectoryURL = leftover.appendingPathComponent("tree1")
        try orphan.run()
        FileGate.sweepScratch(in: temporary)
        if Platform.isPortable {
            // No process list on the portable path: the directory goes, its compiler runs on
            // (Documentation/Platforms.md).
            XCTAssertTrue(orphan.isRunning)
            orphan.terminate()
        }
        orphan.waitUntilExit()
        XCTAssertEqual(orphan.terminationReason, .uncaughtSignal, "the orphaned compiler was stopped")
        XCTAssertEqual(orphan.terminationStatus, Platform.isPortable ? SIGTERM : SIGKILL)
        XCTAssertFalse(FileManager.default.fileExists(atPath: leftover.path))
    }

    /// The LSP's loop must never block on another writer's lock: it is told at once.
    func testALockThatMustNotWaitIsRefusedAtOnce() throws {
        let folder = root.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let held = try FileGate.lockForWriting([folder]) { _ in }
        XCTAssertThrowsError(try FileGate.lockForWriting([folder], wait: false) { _ in }) { error in
            XCTAssertEqual(
                (error as? CourseCheckError)?.message,
                "cannot lock \(FileGate.canonicalPath(folder)) for writing: another coursecheck is writing there; "
                    + "try again when it is done")
        }
        held.release()
        XCTAssertNoThrow(try FileGate.lockForWriting([folder], wait: false) { _ in })
    }

    /// One directory seen at two paths (a bind mount) is locked once, never twice by one run.
    func testOneDirectoryAtTwoPathsIsLockedOnce() throws {
        let lessons = root.appendingPathComponent("lessons")
        let mount = root.appendingPathComponent("mount")
        for folder in [lessons, mount] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let bound = try Binary.run(
            ["-c", "mount --bind \"$0\" \"$1\"", lessons.path, mount.path], in: root, shell: true)
        try XCTSkipIf(bound.status != 0, "cannot bind-mount here (\(bound.stderr)); needs root")
        defer { _ = try? Binary.run(["-c", "umount \"$0\"", mount.path], in: root, shell: true) }
        let lock = try FileGate.lockForWriting([lessons, mount]) { _ in XCTFail("a run waited for itself") }
        lock.release()
    }
}
