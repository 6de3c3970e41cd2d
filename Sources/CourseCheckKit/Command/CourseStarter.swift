import Foundation

/// `coursecheck init [DIR]`: a new course in the house style that passes its own check: one
/// lesson with a core, a tree and its expected block, the tree's approved golden, a Makefile with
/// `verify`, a CI workflow, a README for the author and a `.gitignore` for the cache. It writes only into a missing or empty
/// folder, through `FileGate`, and never replaces a file.
struct CourseStarter {
    /// The core's file name, `Counter.swift` unless `--core` names another.
    var core: String

    static let defaultCore = "Counter.swift"

    /// The files, by their paths in the course folder, in the order they are written.
    var files: [(path: String, text: String)] {
        [
            ("lessons/01-first-steps.md", lesson),
            ("Makefile", makefile),
            (".github/workflows/coursecheck.yml", workflow),
            ("README.md", readme),
            (".gitignore", gitignore),
        ]
    }

    /// coursecheck's cache (`.build/coursecheck-cache` beside `lessons/` by default: compiled trees,
    /// module caches) stays out of the course's history.
    var gitignore: String { ".build/\n" }

    /// The core: a small model every lesson prints whole, and every tree builds on.
    var coreText: String {
        """
        // \(core) — the model every lesson of this course prints whole
        struct Counter {
            private(set) var value = 0

            mutating func increment(by step: Int = 1) {
                value += step
            }
        }

        func show(_ counter: Counter) {
            print("value: \\(counter.value)")
        }

        """
    }

    var lesson: String {
        """
        # First steps

        A counter starts at zero and counts in steps.

        ## The core

        Every lesson prints the core whole, byte for byte the same:

        ```swift
        \(coreText)```

        ## A tree

        A tree is a small program built on the core, followed by exactly what it prints:

        ```swift
        // main.swift — two steps of one
        var counter = Counter()
        counter.increment()
        counter.increment()
        show(counter)
        ```

        ```
        value: 2
        ```

        """
    }

    var makefile: String {
        """
        # Checks the course with coursecheck (`make install PREFIX=…` in coursecheck's repository puts
        # it on PATH, or set COURSECHECK to its path).
        COURSECHECK ?= coursecheck

        .PHONY: verify

        ## verify: check every lesson: core, trees, expected blocks and goldens
        verify:
        \t@command -v $(firstword $(COURSECHECK)) >/dev/null 2>&1 || { \\
        \t  echo "make verify: '$(firstword $(COURSECHECK))' is not a command here; put coursecheck on PATH" \\
        \t    "('make install PREFIX=...' in coursecheck's repository) or name it:" \\
        \t    "make verify COURSECHECK=/path/to/coursecheck" >&2; exit 2; }
        \t$(COURSECHECK) lessons/

        """
    }

    var workflow: String {
        """
        # Checks the course on every change to the lessons or their goldens.
        name: coursecheck

        on:
          pull_request:
          push:
            branches: [main]

        permissions:
          contents: read

        jobs:
          verify:
            runs-on: ubuntu-latest
            container: swift:6.3.1
            steps:
              - uses: actions/checkout@v4
              - name: Install coursecheck
                run: |
                  git clone --depth 1 "$COURSECHECK_REPOSITORY" /tmp/coursecheck
                  make -C /tmp/coursecheck install PREFIX=/usr/local
                env:
                  COURSECHECK_REPOSITORY: ${{ vars.COURSECHECK_REPOSITORY }}
              - name: Check the lessons
                run: make verify COURSECHECK="coursecheck --format github"

        """
    }

    var readme: String {
        """
        # A course checked by coursecheck

        `lessons/NN-<slug>.md` are the lessons. Each prints the core (a ```` ```swift ```` block whose
        first line is `// \(core)`, the same in every lesson) and trees: ```` ```swift ```` blocks
        starting `// main.swift — <what it shows>`, each followed by a bare ```` ``` ```` block holding
        exactly what it prints. `goldens/` keeps each tree's approved output.

        - `make verify` (or `coursecheck lessons/`) checks the course: it ends in `0 errors`.
        - A new tree: write it with an empty expected block after it, then `coursecheck --promote
          lessons/` fills the block and `coursecheck --update lessons/` approves it.
        - A changed tree: `coursecheck --promote lessons/` rewrites its expected block to what it prints
          now; read the diff, then `coursecheck --update lessons/` (`--update --prune` when a tree was
          renamed or removed).
        - A changed core: make the same edit in the core block of every lesson, then `--promote` and
          `--update` as for a changed tree. The core is the text most lessons hold, so `--promote` writes
          that text back over an edit made in fewer lessons (with two lessons, the first lesson's wins).

        - A pre-commit hook that refuses a commit whose staged lessons or goldens have findings (it
          checks what is staged, not the working tree), installed from this folder with:

              printf '#!/bin/sh\\nexec coursecheck --commit-hook lessons/\\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit

        CI (`.github/workflows/coursecheck.yml`) runs `make verify` on every change; it installs
        coursecheck from the repository the `COURSECHECK_REPOSITORY` variable names. coursecheck keeps
        its cache (compiled trees) in `.build/` beside `lessons/`, from whichever folder it runs, and
        `.gitignore` keeps it out of the repository.

        """
    }

    /// Writes the files into `directory` (shown as `shown`): refused, with nothing written, when
    /// the folder holds anything already.
    func write(into directory: URL, shown: String, environment: [String: String]) throws(CourseCheckError)
        -> [String]
    {
        var info = stat()
        if stat(directory.path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .initRefused(shown, isFile: true) }
            let names = (DirectoryListings.entries(in: directory.path) ?? []).map(\.name)
            if let first = names.first {
                throw .initRefused(shown, isFile: false, first: GoldenStore.shown(first), more: names.count > 1)
            }
        }
        var written: [String] = []
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            try FileGate.makeDirectories(url.deletingLastPathComponent())
            if let refusal = try FileGate.replace(
                url, with: Array(text.utf8), expecting: .absent, links: .refuse, environment: environment)
            {
                throw .io(
                    path: CourseLoader.display(shown, path), operation: .write,
                    cause: .refusedBecause(refusal.description))
            }
            written.append(CourseLoader.display(shown, path))
        }
        return written
    }
}
