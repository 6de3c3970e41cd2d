import Foundation

/// `coursecheck watch`: checks the course, then again whenever a lesson, a golden or the course
/// index changes, until SIGINT or SIGTERM. It never writes a lesson or a golden.
///
/// Everything that prints runs on the calling thread; the background swiftc run and the signals
/// only wake it through a pipe.
struct Watcher {
    var command: CourseCheckCommand
    var invocation: Invocation
    /// How long a burst of events must stay quiet before the re-check (an editor's write, rename
    /// and chmod arrive within a few milliseconds).
    static let quiet = 0.05
    /// A burst longer than this is checked anyway.
    static let longestBurst = 1.0

    func run() throws(CourseCheckError) -> CourseCheckCommand.ExitStatus {
        let configuration = command.configuration(invocation)
        let loader = CourseLoader(currentDirectory: command.environment.currentDirectory)
        var plan = try loader.plan(invocation.paths)
        try CourseChecker(configuration: configuration).validateStores(plan)
        let paths = Self.followed(invocation.paths, plan: plan, in: command.environment.currentDirectory)
        let wake = try WakePipe()
        let signals = StopSignals(into: wake)
        defer { withExtendedLifetime(signals) {} }
        let live = LiveChecker(configuration: configuration) { wake.wake(0) }
        let variables = command.environment.variables
        let events = FileEvents(preferPolling: variables["COURSECHECK_WATCH"] == "poll")
        let given = paths.map { URL(fileURLWithPath: $0, relativeTo: command.environment.currentDirectory) }
        events.watch(directories(plan, checker: live.checker) + given)
        var fingerprint = contents(plan, checker: live.checker)
        let reporter = TextReporter(
            diagnostics: command.stderr, summary: command.stdout, style: style(configuration: configuration))
        // Clearing the screen is an escape code: only for a terminal that can take one, on both streams.
        let clears =
            command.environment.stderrIsTerminal && isatty(STDOUT_FILENO) != 0 && variables["TERM"] != "dumb"

        let how = events.mechanism == .inotify ? "inotify" : "polling every \(Int(events.interval * 1000)) ms"
        command.stderr.write(
            "coursecheck watch: watching \(Plural.count(plan.entries.count, "lesson")), their goldens and the course "
                + "index with \(how); Ctrl-C stops\n")
        var round = 0
        /// Checks and prints; true when a watched file changed while the check ran (its result may
        /// be of a text the file no longer holds, so the loop checks again).
        func publish(_ reason: String) -> Bool {
            round += 1
            if clears {
                command.stderr.write("\u{1B}[H\u{1B}[2J\u{1B}[3J")
            }
            command.stderr.write("──── coursecheck watch: check \(round) at \(Self.clock()) (\(reason)) ────\n")
            do {
                let outcome = try live.check(plan)
                outcome.result.diagnostics.forEach(reporter.report)
                reporter.report(outcome.result.summary)
                var status = "checked in \(LiveChecker.milliseconds(outcome.milliseconds)) with \(how)"
                if !outcome.pending.isEmpty {
                    status +=
                        "; \(Plural.count(outcome.pending.count, "tree")) running in the background, "
                        + "results follow"
                }
                command.stdout.write(status + "\n")
            } catch {
                reporter.report(error)
                command.stdout.write("check failed; waiting for the next change\n")
            }
            // Folders made during the check are watched from now on; their earlier events are lost.
            events.watch(directories(plan, checker: live.checker) + given)
            return contents(plan, checker: live.checker) != fingerprint
        }
        /// The given paths that are not there now (a course folder moved away or deleted).
        var gone: [String] = []
        var again = publish("first check")

        while true {
            var woken: [UInt8] = []
            var fired = again
            if !again {
                var descriptors = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
                if events.fd >= 0 { descriptors.append(pollfd(fd: events.fd, events: Int16(POLLIN), revents: 0)) }
                // A folder that is gone is looked for at every poll interval too, whatever the
                // events say: its return is a change of its parent, which no mechanism is trusted for.
                let timeout = events.mechanism == .polling || !gone.isEmpty ? Int32(events.interval * 1000) : -1
                _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
                woken = wake.drain()
                if let number = woken.first(where: { $0 != 0 }) {
                    return stop(Int32(number), live: live)
                }
                fired = events.mechanism == .inotify ? events.drain() : events.pollChanged()
                if gone.contains(where: { FileManager.default.fileExists(atPath: Self.absolute($0, command)) }) {
                    fired = true
                }
            }
            again = false
            var changed = false
            if fired {
                let settled = settle(events, wake: wake)
                if let number = settled.signal { return stop(number, live: live) }
                if settled.results { woken.append(0) }
                let missing = paths.filter { !FileManager.default.fileExists(atPath: Self.absolute($0, command)) }
                // What came back is checked again, changed or not: the last thing shown said it was gone.
                let returned = gone.filter { !missing.contains($0) }
                if missing != gone {
                    gone = missing
                    if !missing.isEmpty {
                        // Said once; the check resumes when the folder is back at its path.
                        command.stdout.write(
                            "coursecheck watch: \(missing.joined(separator: ", ")) "
                                + "\(missing.count == 1 ? "is" : "are") gone (moved or deleted); "
                                + "checking again when \(missing.count == 1 ? "it returns" : "they return") at "
                                + "\(missing.count == 1 ? "that path" : "those paths")\n")
                    }
                }
                events.watch(directories(plan, checker: live.checker) + given)
                if missing.isEmpty {
                    // The bytes first, then the plan the check reads: a file that comes after the
                    // plan is read (a save's rename) differs from these bytes after the check, so
                    // it is checked again, never taken as seen by a check that did not read it.
                    let now = contents(plan, checker: live.checker)
                    if let reloaded = try? loader.plan(paths) { plan = reloaded }
                    events.watch(directories(plan, checker: live.checker) + given)
                    let changedPaths = Set(now.keys).union(fingerprint.keys).filter { now[$0] != fingerprint[$0] }
                        .sorted()
                    fingerprint = now
                    if !returned.isEmpty {
                        changed = true
                        again = publish("\(returned.joined(separator: ", ")) returned")
                    } else if !changedPaths.isEmpty {
                        changed = true
                        let shown = changedPaths.prefix(3).map(display).joined(separator: ", ")
                        again = publish(
                            shown + (changedPaths.count > 3 ? " and \(changedPaths.count - 3) more" : "") + " changed")
                    }
                }
            }
            // Each wake is a result a background lane cached: check again to show it.
            if woken.contains(0) && !changed && gone.isEmpty {
                again = publish("background results arrived")
            }
        }
    }

    /// The paths watch follows: a directory that the command line named file by file (a shell
    /// glob, `lessons/*.md`, which the plan takes for the directory) is followed as the directory,
    /// so a lesson added later is checked too.
    static func followed(_ paths: [String], plan: CourseLoader.Plan, in directory: URL) -> [String] {
        var result = paths
        for (url, shown) in zip(plan.directories, plan.directoryDisplayPaths) where !paths.contains(shown) {
            let folder = url.standardizedFileURL.path
            result.removeAll { path in
                path.hasSuffix(".md")
                    && URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL.path
                        .parentPath == folder
            }
            result.append(shown)
        }
        return result
    }

    private static func absolute(_ path: String, _ command: CourseCheckCommand) -> String {
        URL(fileURLWithPath: path, relativeTo: command.environment.currentDirectory).standardizedFileURL.path
    }

    /// Waits until the events stay quiet for `quiet` seconds (or the burst runs too long), so a
    /// burst is one re-check; returns a stop signal that arrived meanwhile, and whether background
    /// results did (the loop must check again for them even when no file changed: their wake is
    /// read here, and would otherwise be lost).
    private func settle(_ events: FileEvents, wake: WakePipe) -> (signal: Int32?, results: Bool) {
        var results = false
        let started = Date()
        while Date().timeIntervalSince(started) < Self.longestBurst {
            if events.mechanism == .polling {
                usleep(UInt32(events.interval * 1_000_000))
                if !events.pollChanged() { break }
                continue
            }
            var descriptors = [
                pollfd(fd: events.fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&descriptors, 2, Int32(Self.quiet * 1000)) > 0 else { break }
            if descriptors[1].revents != 0 {
                let woken = wake.drain()
                if let number = woken.first(where: { $0 != 0 }) { return (Int32(number), results) }
                if woken.contains(0) { results = true }
            }
            _ = events.drain()
        }
        return (nil, results)
    }

    /// Stops cleanly: no background result is kept, every child is killed and reaped; 130 after
    /// SIGINT, 143 after SIGTERM, as a shell reports them.
    private func stop(_ number: Int32, live: LiveChecker) -> CourseCheckCommand.ExitStatus {
        live.evaluator.cancel()
        Descendants.stop(while: { live.evaluator.isBusy })
        command.stderr.write("coursecheck watch: stopped (\(number == SIGTERM ? "SIGTERM" : "SIGINT"))\n")
        return number == SIGTERM ? .terminated : .interrupted
    }

    /// The directories whose entries matter: each lessons directory (lessons and the index), each
    /// goldens directory and its lesson folders.
    private func directories(_ plan: CourseLoader.Plan, checker: CourseChecker) -> [URL] {
        var result = CourseChecker.lessonDirectories(plan).map(\.url)
        for entry in plan.entries {
            guard let store = checker.store(for: entry) else { continue }
            result.append(store.root)
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: store.root.path)) ?? []
            result += folders.map { store.root.appendingPathComponent($0) }
        }
        return result
    }

    /// Every watched file's bytes: lessons, course indexes, goldens (`*.out`, `TOOLCHAIN`, `LESSONS`).
    private func contents(_ plan: CourseLoader.Plan, checker: CourseChecker) -> [String: Data] {
        var files: [String: Data] = [:]
        func add(_ url: URL) {
            let path = url.standardizedFileURL.path
            guard files[path] == nil, let data = FileManager.default.contents(atPath: path) else { return }
            files[path] = data
        }
        for entry in plan.entries { add(entry.url) }
        for directory in CourseChecker.lessonDirectories(plan) {
            add(directory.url.appendingPathComponent(LessonRecords.indexName(in: directory.url.path)))
            // Every markdown file beside the lessons counts: one not named like a lesson (notes.md)
            // is a finding of its own (unchecked-markdown), which comes and goes with the file.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.url.path)) ?? []
            for name in names where name.hasSuffix(".md") && !name.hasPrefix(".") {
                add(directory.url.appendingPathComponent(name))
            }
        }
        for entry in plan.entries {
            guard let store = checker.store(for: entry) else { continue }
            add(store.root.appendingPathComponent(GoldenStore.toolchainFile))
            // The store's record decides whose goldens are orphans: an edit of it is a change.
            add(store.root.appendingPathComponent(StoreRecord.file))
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: store.root.path)) ?? []
            for folder in folders where !folder.hasPrefix(".") {
                let url = store.root.appendingPathComponent(folder)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                for name in names where name.hasSuffix(".out") && !name.hasPrefix(".") {
                    add(url.appendingPathComponent(name))
                }
            }
        }
        return files
    }

    /// A path relative to the current directory when it lies inside it.
    private func display(_ path: String) -> String {
        let base = command.environment.currentDirectory.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }

    private func style(configuration: CourseChecker.Configuration) -> Style {
        switch invocation.color {
        case .always: Style(enabled: true)
        case .never: Style(enabled: false)
        case .auto:
            .automatic(isTerminal: command.environment.stderrIsTerminal, environment: command.environment.variables)
        }
    }

    static func clock() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: Date())
    }
}
