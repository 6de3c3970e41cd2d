import Foundation
import XCTest

/// `make hooks` (scripts/install-hooks) never loses a team's hook, and the hook (scripts/pre-commit)
/// leaves no scratch copy behind: each case runs the two scripts in a fake repository of its own,
/// with a fake coursecheck, so nothing compiles.
final class HookInstallTests: XCTestCase {
    static let plainWrapper = #"""
        #!/usr/bin/env bash
        # coursecheck-managed-hook v1
        # Written by `make hooks` (scripts/install-hooks), which replaces a file with the line above. To add a
        # hook of your own, put it here in place of this file and run `make hooks`: yours is kept and run first.
        set -euo pipefail
        top=$(git rev-parse --show-toplevel)
        if [ ! -x "$top/scripts/pre-commit" ]; then
            echo "coursecheck hook: no scripts/pre-commit in $top; nothing checked" >&2
            exit 0
        fi
        exec "$top/scripts/pre-commit" "$@"

        """#

    static let chainedWrapper = #"""
        #!/usr/bin/env bash
        # coursecheck-managed-hook v1
        # Written by `make hooks` (scripts/install-hooks), which replaces a file with the line above. To add a
        # hook of your own, put it here in place of this file and run `make hooks`: yours is kept and run first.
        set -euo pipefail
        # The hook that was here before, kept by the installer; it runs first, as git would run it.
        kept="$(dirname -- "${BASH_SOURCE[0]}")/pre-commit.local"
        if [ -x "$kept" ]; then
            "$kept" "$@" || exit $?
        elif [ -e "$kept" ] || [ -L "$kept" ]; then
            echo "coursecheck hook: $kept is not executable; it was ignored, as git ignores such a hook" >&2
        else
            echo "coursecheck hook: the chained hook $kept is missing; run make hooks again" >&2
        fi
        top=$(git rev-parse --show-toplevel)
        if [ ! -x "$top/scripts/pre-commit" ]; then
            echo "coursecheck hook: no scripts/pre-commit in $top; nothing checked" >&2
            exit 0
        fi
        exec "$top/scripts/pre-commit" "$@"

        """#

    /// A team's own hook: it logs its arguments and stdin, and fails when TEAM_STATUS says so.
    static let teamHook = """
        #!/bin/sh
        # the team's own checks
        echo "team: $# args, stdin '$(cat)'" >> "$LOG"
        exit "${TEAM_STATUS:-0}"

        """

    func testAFreshInstallWritesTheWrapperAndASecondChangesNothing() throws {
        let repo = try FakeRepo(for: self)
        let first = try repo.install()
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "installed \(repo.hook)\n")
        XCTAssertEqual(try repo.bytes(repo.hook), Data(Self.plainWrapper.utf8))
        XCTAssertEqual(try repo.mode(repo.hook), 0o755)
        XCTAssertEqual(try repo.hookFiles(), ["pre-commit"], "no temporary left")
        let inode = try repo.inode(repo.hook)

        let second = try repo.install()
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stdout, "already installed \(repo.hook)\n")
        XCTAssertEqual(try repo.bytes(repo.hook), Data(Self.plainWrapper.utf8))
        XCTAssertEqual(try repo.inode(repo.hook), inode, "the second install rewrote the hook")
        XCTAssertEqual(try repo.hookFiles(), ["pre-commit"])

        // The installed hook is the check: a commit that touches a lesson runs coursecheck on it.
        try repo.stageALessonEdit()
        XCTAssertEqual(try repo.sh("git commit -qm edit").status, 0)
        XCTAssertEqual(try repo.log(), "coursecheck lessons/ (01-giris.md)\n")
    }

    func testAForeignHookIsChainedKeptByteForByteAndRunFirst() throws {
        let repo = try FakeRepo(for: self)
        try repo.write(Self.teamHook, to: repo.hook, mode: 0o750)
        let install = try repo.install()
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(
            install.stdout,
            "chained the existing hook as \(repo.kept)\n"
                + "installed \(repo.hook) (it runs pre-commit.local first, then scripts/pre-commit)\n")
        XCTAssertEqual(try repo.bytes(repo.kept), Data(Self.teamHook.utf8))
        XCTAssertEqual(try repo.mode(repo.kept), 0o750)
        XCTAssertEqual(try repo.bytes(repo.hook), Data(Self.chainedWrapper.utf8))
        XCTAssertEqual(try repo.hookFiles(), ["pre-commit", "pre-commit.local"])
        let again = try repo.install()
        XCTAssertEqual(again.stdout, "already installed \(repo.hook)\n")
        XCTAssertEqual(try repo.bytes(repo.kept), Data(Self.teamHook.utf8))

        // The kept hook gets the wrapper's arguments and stdin.
        XCTAssertEqual(try repo.sh("echo input | .git/hooks/pre-commit a b").status, 0)
        XCTAssertEqual(try repo.log(), "team: 2 args, stdin 'input'\n")

        // A failing team hook blocks the commit before coursecheck runs; a passing one lets it run.
        try repo.clearLog()
        try repo.stageALessonEdit()
        let blocked = try repo.sh("git commit -qm edit", ["TEAM_STATUS": "1"])
        XCTAssertEqual(blocked.status, 1, blocked.stderr)
        XCTAssertEqual(try repo.log(), "team: 0 args, stdin ''\n")
        XCTAssertEqual(try repo.sh("git rev-list --count HEAD").stdout, "1\n")
        try repo.clearLog()
        let passed = try repo.sh("git commit -qm edit")
        XCTAssertEqual(passed.status, 0, passed.stderr)
        XCTAssertEqual(try repo.log(), "team: 0 args, stdin ''\ncoursecheck lessons/ (01-giris.md)\n")
        XCTAssertEqual(try repo.sh("git rev-list --count HEAD").stdout, "2\n")
    }

    func testAFindingOfCoursecheckBlocksTheChainedCommit() throws {
        let repo = try FakeRepo(for: self)
        try repo.write(Self.teamHook, to: repo.hook, mode: 0o755)
        XCTAssertEqual(try repo.install().status, 0)
        try repo.stageALessonEdit()
        XCTAssertEqual(try repo.sh("git commit -qm edit", ["FAKE_STATUS": "1"]).status, 1)
        XCTAssertEqual(try repo.log(), "team: 0 args, stdin ''\ncoursecheck lessons/ (01-giris.md)\n")
        XCTAssertEqual(try repo.sh("git rev-list --count HEAD").stdout, "1\n")
    }

    func testASymlinkedHookIsChainedAsALinkAndItsTargetIsUntouched() throws {
        let repo = try FakeRepo(for: self)
        let target = repo.root.appendingPathComponent("team-hooks/pre-commit").path
        try repo.write(Self.teamHook, to: target, mode: 0o755)
        try FileManager.default.createSymbolicLink(atPath: repo.hook, withDestinationPath: target)
        let install = try repo.install()
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: repo.kept), target)
        XCTAssertEqual(try repo.bytes(target), Data(Self.teamHook.utf8))
        XCTAssertEqual(try repo.mode(target), 0o755)
        XCTAssertThrowsError(try FileManager.default.destinationOfSymbolicLink(atPath: repo.hook), "still a link")
        XCTAssertEqual(try repo.bytes(repo.hook), Data(Self.chainedWrapper.utf8))
        XCTAssertEqual(try repo.sh(".git/hooks/pre-commit </dev/null").status, 0)
        XCTAssertEqual(try repo.log(), "team: 0 args, stdin ''\n")
    }

    func testATakenSecondNameIsRefusedAndAnInterruptedChainResumes() throws {
        let repo = try FakeRepo(for: self)
        try repo.write(Self.teamHook, to: repo.hook, mode: 0o755)
        try repo.write("#!/bin/sh\necho other\n", to: repo.kept, mode: 0o700)
        let refused = try repo.install()
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertTrue(refused.stderr.contains("\(repo.kept) is taken too; nothing changed."), refused.stderr)
        XCTAssertEqual(try repo.bytes(repo.hook), Data(Self.teamHook.utf8))
        XCTAssertEqual(try repo.bytes(repo.kept), Data("#!/bin/sh\necho other\n".utf8))
        XCTAssertEqual(try repo.hookFiles(), ["pre-commit", "pre-commit.local"])

        // An install stopped after keeping the hook leaves two names of one file: the next one goes on.
        try FileManager.default.removeItem(atPath: repo.kept)
        try FileManager.default.linkItem(atPath: repo.hook, toPath: repo.kept)
        let resumed = try repo.install()
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(try repo.bytes(repo.kept), Data(Self.teamHook.utf8))
        XCTAssertEqual(try repo.bytes(repo.hook), Data(Self.chainedWrapper.utf8))
    }

    /// What the old `make hooks` installed, a copy of a committed scripts/pre-commit, is replaced (git
    /// keeps it); a copy someone edited is a hook of theirs and is chained.
    func testTheOldInstalledCopyIsReplacedAndAnEditedCopyIsChained() throws {
        let repo = try FakeRepo(for: self)
        let script = try repo.bytes(repo.path("scripts/pre-commit"))
        try repo.write(script, to: repo.hook, mode: 0o755)
        let replaced = try repo.install()
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
        XCTAssertEqual(
            replaced.stdout,
            "installed \(repo.hook) (it replaces the copy of scripts/pre-commit an earlier make hooks installed)\n")
        XCTAssertEqual(try repo.bytes(repo.hook), Data(Self.plainWrapper.utf8))
        XCTAssertEqual(try repo.hookFiles(), ["pre-commit"])

        let edited = script + Data("# our own line\n".utf8)
        try repo.write(edited, to: repo.hook, mode: 0o755)
        let chained = try repo.install()
        XCTAssertEqual(chained.status, 0, chained.stderr)
        XCTAssertTrue(chained.stdout.hasPrefix("chained the existing hook as \(repo.kept)\n"), chained.stdout)
        XCTAssertEqual(try repo.bytes(repo.kept), edited)
    }

    func testCoreHooksPathToAnUntrackedFolderIsHonoured() throws {
        let repo = try FakeRepo(for: self)
        XCTAssertEqual(try repo.sh("git config core.hooksPath .githooks && mkdir -p lessons/deep").status, 0)
        // Relative to the top of the work tree, as git runs hooks, wherever make hooks starts.
        let install = try repo.sh("../../scripts/install-hooks", in: "lessons/deep")
        let hook = repo.path(".githooks/pre-commit")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(install.stdout, "installed \(hook)\n")
        XCTAssertEqual(install.stderr, "")
        XCTAssertEqual(try repo.bytes(hook), Data(Self.plainWrapper.utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: repo.hook), "installed in .git/hooks too")
        try repo.stageALessonEdit()
        XCTAssertEqual(try repo.sh("git commit -qm edit").status, 0)
        XCTAssertEqual(try repo.log(), "coursecheck lessons/ (01-giris.md)\n")
    }

    /// A core.hooksPath outside the repository (here the global one) is shared with every repository
    /// that uses it: make hooks names it and where it was set, and writes nothing there unless asked.
    func testASharedGlobalHooksPathIsRefusedUnlessAskedFor() throws {
        let repo = try FakeRepo(for: self)
        let shared = repo.root.appendingPathComponent("shared-hooks").path
        try repo.write(Self.teamHook, to: shared + "/pre-commit", mode: 0o755)
        try repo.write("#!/bin/sh\n", to: shared + "/post-merge", mode: 0o700)
        XCTAssertEqual(try repo.sh("git config --global core.hooksPath '~/shared-hooks'").status, 0)
        let before = try repo.snapshot(shared)

        let refused = try repo.install()
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stdout, "")
        let sharedLine =
            "core.hooksPath is \(shared), set in the global config (\(repo.root.path)/.gitconfig) and outside "
            + "this repository, so other repositories share it"
        XCTAssertEqual(
            refused.stderr,
            """
            coursecheck: make hooks: \(sharedLine); nothing changed.
            Every repository that uses that folder would run coursecheck's hook. To install it there all the same,
            run COURSECHECK_SHARED_HOOKS=1 make hooks; or give this repository a hooks folder of its own
            (git config --local core.hooksPath FOLDER) and run make hooks again.

            """)
        XCTAssertEqual(try repo.snapshot(shared), before, "the refused install wrote into the shared folder")
        XCTAssertEqual(try repo.hookFiles(), [])

        // A folder that does not exist yet is not created either.
        XCTAssertEqual(try repo.sh("git config --global core.hooksPath ../fresh/../hooks-to-be").status, 0)
        let unborn = try repo.install()
        XCTAssertEqual(unborn.status, 1)
        XCTAssertTrue(
            unborn.stderr.hasPrefix(
                "coursecheck: make hooks: core.hooksPath is \(repo.root.path)/hooks-to-be, set in the global config"),
            unborn.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: repo.root.path).filter { $0.hasPrefix("hooks") }, [])

        XCTAssertEqual(try repo.sh("git config --global core.hooksPath '~/shared-hooks'").status, 0)
        let asked = try repo.sh("scripts/install-hooks", ["COURSECHECK_SHARED_HOOKS": "1"])
        XCTAssertEqual(asked.status, 0, asked.stderr)
        XCTAssertEqual(asked.stderr, "")
        XCTAssertEqual(
            asked.stdout,
            "\(sharedLine); installing there as COURSECHECK_SHARED_HOOKS=1 asks\n"
                + "chained the existing hook as \(shared)/pre-commit.local\n"
                + "installed \(shared)/pre-commit (it runs pre-commit.local first, then scripts/pre-commit)\n")
        XCTAssertEqual(try repo.bytes(shared + "/pre-commit"), Data(Self.chainedWrapper.utf8))
        XCTAssertEqual(try repo.bytes(shared + "/pre-commit.local"), Data(Self.teamHook.utf8))
    }

    /// A relative core.hooksPath set in the repository's own config lies in its work tree: no warning.
    func testALocalHooksPathInsideTheWorkTreeIsNotShared() throws {
        let repo = try FakeRepo(for: self)
        XCTAssertEqual(try repo.sh("git config --global core.hooksPath '~/shared-hooks'").status, 0)
        XCTAssertEqual(try repo.sh("git config --local core.hooksPath .githooks").status, 0)
        let install = try repo.install()
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(install.stderr, "")
        XCTAssertEqual(install.stdout, "installed \(repo.path(".githooks/pre-commit"))\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: repo.root.appendingPathComponent("shared-hooks").path))
    }

    func testATrackedHookUnderCoreHooksPathIsRefusedAndLeftAsItIs() throws {
        let repo = try FakeRepo(for: self)
        let tracked = repo.path("githooks/pre-commit")
        try repo.write(Self.teamHook, to: tracked, mode: 0o755)
        let commit = try repo.sh("git add githooks && git commit -qm hooks && git config core.hooksPath githooks")
        XCTAssertEqual(commit.status, 0, commit.stderr)
        let install = try repo.install()
        XCTAssertEqual(install.status, 1)
        XCTAssertEqual(install.stdout, "")
        XCTAssertEqual(
            install.stderr,
            """
            coursecheck: make hooks: \(tracked) is tracked by git, so it is neither replaced nor renamed.
            To run coursecheck's check from it, add this line to it (a shell hook), before it exits:
                "$(git rev-parse --show-toplevel)/scripts/pre-commit" "$@" || exit $?

            """)
        XCTAssertEqual(try repo.bytes(tracked), Data(Self.teamHook.utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: repo.path("githooks")), ["pre-commit"])
        XCTAssertEqual(try repo.sh("git status --porcelain").stdout, "")
    }

    func testALinkedWorktreeInstallsIntoTheSharedHooks() throws {
        let repo = try FakeRepo(for: self)
        XCTAssertEqual(try repo.sh("git worktree add -q ../linked").status, 0)
        let install = try repo.sh("scripts/install-hooks", in: "../linked")
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertEqual(install.stdout, "installed \(repo.hook)\n")
        XCTAssertEqual(try repo.bytes(repo.hook), Data(Self.plainWrapper.utf8))
        // A commit made in the linked worktree checks that worktree's staged lessons.
        let commit = try repo.sh(
            "echo 'Bağlı.' >> lessons/01-giris.md && git add lessons && git commit -qm linked", ["SHOW": "01-giris.md"],
            in: "../linked")
        XCTAssertEqual(commit.status, 0, commit.stderr)
        XCTAssertEqual(try repo.log(), "coursecheck lessons/ (01-giris.md)\n# Giriş\nBağlı.\n")
    }

    /// `git commit --amend` replaces a commit: one that changed lessons is checked again, though
    /// the index equals it; a commit that changes none is not checked, nor is its amendment.
    func testAnAmendOfACommitThatChangedLessonsIsChecked() throws {
        let repo = try FakeRepo(for: self)
        XCTAssertEqual(try repo.install().status, 0)
        try repo.stageALessonEdit()
        XCTAssertEqual(try repo.sh("git commit -qm edit").status, 0)
        try repo.clearLog()
        let amend = try repo.sh("git commit -q --amend --no-edit", ["FAKE_STATUS": "1"])
        XCTAssertEqual(amend.status, 1, "the amendment of a failing commit passed")
        XCTAssertEqual(try repo.log(), "coursecheck lessons/ (01-giris.md)\n")
        XCTAssertEqual(try repo.sh("echo x > notes.txt && git add notes.txt && git commit -qm notes").status, 0)
        XCTAssertEqual(try repo.sh("git commit -q --amend --no-edit").status, 0)
        XCTAssertEqual(try repo.log(), "coursecheck lessons/ (01-giris.md)\n", "a commit without lessons was checked")
    }

    /// A lesson staged as a symbolic link is checked as the file it points to (staged or on disk).
    func testASymlinkedLessonIsCheckedAsItsTarget() throws {
        let repo = try FakeRepo(for: self)
        XCTAssertEqual(try repo.install().status, 0)
        let link = try repo.sh(
            "mkdir -p shared && printf '# Ortak\\n' > shared/02.md && ln -s ../shared/02.md lessons/02-ortak.md "
                + "&& printf '# Diskte\\n' > elsewhere.md && ln -s ../elsewhere.md lessons/03-disk.md "
                + "&& git add shared lessons/02-ortak.md lessons/03-disk.md && git commit -qm link",
            ["SHOW": "02-ortak.md"])
        XCTAssertEqual(link.status, 0, link.stderr)
        XCTAssertEqual(try repo.log(), "coursecheck lessons/ (01-giris.md\n02-ortak.md\n03-disk.md)\n# Ortak\n")
        try repo.clearLog()
        XCTAssertEqual(
            try repo.sh(
                "echo 'Yeni.' >> lessons/01-giris.md && git add lessons && git commit -qm e",
                ["SHOW": "03-disk.md"]
            ).status, 0)
        XCTAssertEqual(try repo.log(), "coursecheck lessons/ (01-giris.md\n02-ortak.md\n03-disk.md)\n# Diskte\n")
    }

    /// Links are followed however they go: to a link, outside the repository, and a change to a
    /// link's target alone is a change of the lesson, checked.
    func testLinksToLinksOutsideTheRepositoryAndTargetOnlyChanges() throws {
        let repo = try FakeRepo(for: self)
        XCTAssertEqual(try repo.install().status, 0)
        let chain = try repo.sh(
            "mkdir -p shared && printf '# Zincir\\n' > shared/real.md && ln -s real.md shared/alias.md "
                + "&& ln -s ../shared/alias.md lessons/02-zincir.md && git add shared lessons && git commit -qm chain",
            ["SHOW": "02-zincir.md"])
        XCTAssertEqual(chain.status, 0, chain.stderr)
        let chained = try repo.log()
        XCTAssertTrue(chained.hasSuffix(")\n# Zincir\n"), chained)
        try repo.clearLog()
        let target = try repo.sh(
            "printf '# Değişti\\n' > shared/real.md && git add shared && git commit -qm target",
            ["SHOW": "02-zincir.md"])
        XCTAssertEqual(target.status, 0, target.stderr)
        let changed = try repo.log()
        XCTAssertTrue(changed.hasSuffix(")\n# Değişti\n"), "a change to the target alone was not checked: \(changed)")
        try repo.clearLog()
        let outside = try repo.sh(
            "printf '# Dışarıda\\n' > ../outside.md && ln -s ../../outside.md lessons/03-dis.md && git add lessons "
                + "&& git commit -qm outside", ["SHOW": "03-dis.md"])
        XCTAssertEqual(outside.status, 0, outside.stderr)
        let outsideLog = try repo.log()
        XCTAssertTrue(outsideLog.hasSuffix(")\n# Dışarıda\n"), outsideLog)
    }

    /// git takes `--amen` for `--amend`; the amendment of the first commit is checked too.
    func testAbbreviatedAndRootAmendsAreChecked() throws {
        let repo = try FakeRepo(for: self)
        XCTAssertEqual(try repo.install().status, 0)
        XCTAssertEqual(try repo.sh("git commit -q --amen --no-edit", ["FAKE_STATUS": "1"]).status, 1)
        XCTAssertEqual(try repo.log(), "coursecheck lessons/ (01-giris.md)\n")
    }

    /// A failing check with goldens changed in the working tree but not staged says so.
    func testAGoldenChangedButNotStagedIsNamed() throws {
        let repo = try FakeRepo(for: self)
        XCTAssertEqual(
            try repo.sh(
                "mkdir -p goldens/01-giris && echo a > goldens/01-giris/x.out && git add goldens "
                    + "&& git commit -qm golden && echo b > goldens/01-giris/x.out && echo c > goldens/01-giris/y.out"
            ).status, 0)
        XCTAssertEqual(try repo.install().status, 0)
        try repo.stageALessonEdit()
        let commit = try repo.sh("git commit -qm edit", ["FAKE_STATUS": "1"])
        XCTAssertEqual(commit.status, 1)
        XCTAssertEqual(
            commit.stderr,
            """
            coursecheck hook: these goldens are changed in the working tree but not staged, so the commit
            still holds the old ones; stage them with 'git add goldens':
              goldens/01-giris/x.out
              goldens/01-giris/y.out
            coursecheck hook: commit refused

            """)
        // Staged, it is part of the commit: nothing more to say.
        XCTAssertEqual(try repo.sh("git add goldens && git commit -qm edit", ["FAKE_STATUS": "1"]).stderr, "")
    }

    func testSIGTERMRemovesTheScratchCopyAndExits143() throws {
        let repo = try FakeRepo(for: self)
        try repo.stageALessonEdit()
        // The fake coursecheck says where it runs, then sleeps long past the test's patience.
        let ready = repo.path("ready")
        let sleeper = repo.root.appendingPathComponent("sleeper").path
        try repo.write(
            "#!/bin/sh\necho \"$$ $PWD\" > \"$READY.tmp\" && mv \"$READY.tmp\" \"$READY\"\nexec sleep 60\n",
            to: sleeper, mode: 0o755)
        let hook = try repo.start(["scripts/pre-commit"], ["COURSECHECK_BIN": sleeper, "READY": ready])
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: ready) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let line = try String(contentsOfFile: ready, encoding: .utf8).dropLast()
        let fields = line.split(separator: " ", maxSplits: 1).map(String.init)
        let (sleepPID, scratch) = (try XCTUnwrap(Int32(fields[0])), fields[1])
        XCTAssertTrue(scratch.hasPrefix(repo.tmp + "/coursecheck-hook-"), scratch)
        XCTAssertEqual(
            try String(contentsOfFile: scratch + "/.coursecheck-hook-owner", encoding: .utf8),
            FakeRepo.marker(pid: hook.processIdentifier))

        hook.terminate()
        hook.waitUntilExit()
        XCTAssertEqual(hook.terminationReason, .exit)
        XCTAssertEqual(hook.terminationStatus, 143)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: repo.tmp), [])
        XCTAssertEqual(kill(sleepPID, 0), -1, "the fake coursecheck outlived the hook")
    }

    func testTheNextRunRemovesOnlyProvableLeftovers() throws {
        let repo = try FakeRepo(for: self)
        let files = FileManager.default
        func folder(_ name: String, marker: String?, in directory: String? = nil) throws {
            let path = (directory ?? repo.tmp) + "/" + name
            try files.createDirectory(atPath: path + "/lessons", withIntermediateDirectories: true)
            try repo.write("# Giriş\n", to: path + "/lessons/01-giris.md", mode: 0o644)
            if let marker { try repo.write(marker, to: path + "/.coursecheck-hook-owner", mode: 0o644) }
        }
        // A process that has ended, with its real start time; and one whose pid lives on in this test.
        let ended = try repo.sh(#"echo "$$ $(cut -d' ' -f22 /proc/$$/stat 2>/dev/null)""#).stdout
        let endedPID = String(ended.split(separator: " ")[0])
        let endedMarker = FakeRepo.procAvailable ? ended : endedPID + "\n"
        let me = getpid()
        try folder("coursecheck-hook-ended", marker: endedMarker)
        try folder("coursecheck-hook-pidonly", marker: endedPID + "\n")
        if FakeRepo.procAvailable {
            try folder("coursecheck-hook-reused", marker: "\(me) 1\n")
        }
        try folder("coursecheck-hook-live", marker: FakeRepo.marker(pid: me))
        try folder("coursecheck-hook-x", marker: nil)
        try folder("coursecheck-hook-unterminated", marker: String(endedMarker.dropLast()))
        try folder("coursecheck-hook-garbled", marker: "pid \(endedMarker)")
        try folder("coursecheck-hook-linkedmarker", marker: nil)
        try files.createSymbolicLink(
            atPath: repo.tmp + "/coursecheck-hook-linkedmarker/.coursecheck-hook-owner",
            withDestinationPath: repo.tmp + "/coursecheck-hook-ended/.coursecheck-hook-owner")
        try repo.write("not a folder\n", to: repo.tmp + "/coursecheck-hook-file", mode: 0o644)
        let elsewhere = repo.root.appendingPathComponent("elsewhere").path
        try folder("coursecheck-hook-target", marker: endedMarker, in: elsewhere)
        try files.createSymbolicLink(
            atPath: repo.tmp + "/coursecheck-hook-link", withDestinationPath: elsewhere + "/coursecheck-hook-target")

        // Nothing staged: the hook has nothing to check, and sweeps all the same.
        let run = try repo.sh("scripts/pre-commit")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            try files.contentsOfDirectory(atPath: repo.tmp).sorted(),
            [
                "coursecheck-hook-file", "coursecheck-hook-garbled", "coursecheck-hook-link",
                "coursecheck-hook-linkedmarker", "coursecheck-hook-live", "coursecheck-hook-unterminated",
                "coursecheck-hook-x",
            ])
        XCTAssertEqual(try repo.bytes(repo.tmp + "/coursecheck-hook-live/lessons/01-giris.md"), Data("# Giriş\n".utf8))
        XCTAssertTrue(files.fileExists(atPath: elsewhere + "/coursecheck-hook-target/lessons/01-giris.md"))
    }
}

/// A git repository in a scratch folder with the two hook scripts, one committed lesson, a private
/// TMPDIR and HOME, and a fake coursecheck that logs its run to `log` (FAKE_STATUS sets its status).
private struct FakeRepo {
    let root: URL
    let repo: URL
    let tmp: String
    let logPath: String

    var hook: String { path(".git/hooks/pre-commit") }
    var kept: String { path(".git/hooks/pre-commit.local") }

    static let procAvailable = FileManager.default.isReadableFile(atPath: "/proc/self/stat")

    /// The owner marker the hook writes for the process `pid`: its pid and start time (field 22 of
    /// /proc/PID/stat, counted after the name's closing parenthesis), or the pid alone without /proc.
    static func marker(pid: Int32) -> String {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return "\(pid)\n" }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return "\(pid) \(fields[19])\n"
    }

    init(for test: XCTestCase) throws {
        let scratch = try Scratch()
        test.addTeardownBlock { scratch.remove() }
        root = scratch.url.resolvingSymlinksInPath()
        repo = root.appendingPathComponent("repo")
        tmp = root.appendingPathComponent("tmp").path
        logPath = root.appendingPathComponent("log").path
        let files = FileManager.default
        try files.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        try files.createDirectory(at: repo.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        for script in ["install-hooks", "pre-commit"] {
            try write(
                try bytes(Binary.packageRoot.appendingPathComponent("scripts/\(script)").path),
                to: path("scripts/\(script)"), mode: 0o755)
        }
        try write("# Giriş\n", to: path("lessons/01-giris.md"), mode: 0o644)
        try write(
            "#!/bin/sh\nfor a; do last=$a; done\necho \"coursecheck $last ($(ls lessons))\" >> \"$LOG\"\n"
                + "if [ -n \"$SHOW\" ]; then cat \"lessons/$SHOW\" >> \"$LOG\"; fi\nexit \"${FAKE_STATUS:-0}\"\n",
            to: root.appendingPathComponent("coursecheck").path, mode: 0o755)
        let setUp = try sh("git init -q . && git add -A && git commit -qm base")
        XCTAssertEqual(setUp.status, 0, setUp.stderr)
    }

    func path(_ relative: String) -> String {
        repo.appendingPathComponent(relative).path
    }

    func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    func inode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int) ?? -1
    }

    /// Every entry under `folder` with its bytes (or link target) and mode, to show nothing changed.
    func snapshot(_ folder: String) throws -> [String: String] {
        let files = FileManager.default
        var entries: [String: String] = [:]
        for name in try files.subpathsOfDirectory(atPath: folder) {
            let path = folder + "/" + name
            if let target = try? files.destinationOfSymbolicLink(atPath: path) {
                entries[name] = "link " + target
            } else {
                let data = (try? bytes(path)).map { $0.base64EncodedString() } ?? "folder"
                entries[name] = "\(try mode(path)) \(data)"
            }
        }
        return entries
    }

    /// The hooks folder, without the samples git init writes.
    func hookFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(".git/hooks"))
            .filter { !$0.hasSuffix(".sample") }.sorted()
    }

    func write(_ text: String, to path: String, mode: Int) throws {
        try write(Data(text.utf8), to: path, mode: mode)
    }

    func write(_ data: Data, to path: String, mode: Int) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    func log() throws -> String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    func clearLog() throws {
        try? FileManager.default.removeItem(atPath: logPath)
    }

    func stageALessonEdit() throws {
        XCTAssertEqual(try sh("echo 'Yeni paragraf.' >> lessons/01-giris.md && git add lessons").status, 0)
    }

    func install() throws -> (status: Int32, stdout: String, stderr: String) {
        try sh("scripts/install-hooks")
    }

    /// The environment of every command: no outer git variables or config, a private TMPDIR.
    func environment(_ extra: [String: String]) -> [String: String] {
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
        variables["HOME"] = root.path
        variables["GIT_CONFIG_NOSYSTEM"] = "1"
        variables["GIT_CONFIG_GLOBAL"] = root.appendingPathComponent(".gitconfig").path
        variables["GIT_AUTHOR_NAME"] = "t"
        variables["GIT_AUTHOR_EMAIL"] = "t@t"
        variables["GIT_COMMITTER_NAME"] = "t"
        variables["GIT_COMMITTER_EMAIL"] = "t@t"
        variables["TMPDIR"] = tmp
        variables["LOG"] = logPath
        variables["COURSECHECK_BIN"] = root.appendingPathComponent("coursecheck").path
        return variables.merging(extra) { $1 }
    }

    /// Starts `arguments` under bash in the repository, its output discarded.
    func start(_ arguments: [String], _ extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = arguments
        process.currentDirectoryURL = repo
        process.environment = environment(extra)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `command` with bash in the repository (or `directory` inside it) and collects its output.
    @discardableResult
    func sh(_ command: String, _ extra: [String: String] = [:], in directory: String = ".") throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let outPath = root.appendingPathComponent("stdout").path
        let errPath = root.appendingPathComponent("stderr").path
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = repo.appendingPathComponent(directory).standardizedFileURL
        process.environment = environment(extra)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return (
            process.terminationStatus, try String(contentsOfFile: outPath, encoding: .utf8),
            try String(contentsOfFile: errPath, encoding: .utf8)
        )
    }
}
