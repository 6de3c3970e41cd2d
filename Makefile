# coursecheck: the golden-output verifier for "SwiftUI ile Arayüz".
SWIFT ?= swift
# Warnings as errors, the debug build's flags (no debug information, an index store of the package
# alone) are declared in Package.swift, so make, the hook and `swift run` share one debug build.
# DEBUG_INFO="-Xswiftc -Xfrontend -Xswiftc -g" adds DWARF for lldb (a build of its own).
DEBUG_INFO ?=
DEBUG_BUILD := $(DEBUG_INFO)
# verify, list and the pre-commit hook run the debug build, the binary `swift run coursecheck` runs:
# the check's cost is swiftc's (trees, fragments), not coursecheck's, and the optimised build takes
# several times as long (see Documentation/Benchmarks.md). `make release` is for bench, the
# instruction gate and the editor server (lsp-client).
CHECK_BIN := .build/debug/coursecheck
# Extra flags for verify, e.g. VERIFY_FLAGS="--format github --junit report.xml" on CI.
VERIFY_FLAGS ?=

# The Swift files swift-format owns: not the verbatim core (or its embedded symlink), nor the
# programs kept as test data (differential trees, fuzz corpora, fixtures).
FORMAT_FILES = $(shell find Sources Tests Fuzz -name '*.swift' \
	-not -path 'Sources/CourseCheckKit/Resources/*' -not -path 'Sources/InvalidationCore/Invalidation.swift' \
	-not -path 'Fuzz/corpus/*' -not -path 'Fuzz/regressions/*' \
	-not -path 'Tests/CourseCheckKitTests/Differential/*' -not -path 'Tests/CourseCheckKitTests/Fixtures/*' | sort)

.PHONY: build release install test test-environment soak verify list docs bench instructions lsp-client fuzz format lint hooks clean help

## build: debug build of the package, warnings as errors
build:
	$(SWIFT) build $(DEBUG_BUILD)

# A static Swift runtime exists on Linux only; macOS ships the runtime in the system.
STATIC_STDLIB := $(if $(filter Darwin,$(shell uname -s)),,--static-swift-stdlib)
## release: the optimised .build/release/coursecheck, for bench, the instruction gate and editors
## (on Linux the Swift runtime and Foundation linked statically: half the start-up time), and beside it
## coursecheck-supervisor, each child's supervisor (without it coursecheck supervises with itself)
release:
	$(SWIFT) build -c release --product coursecheck $(STATIC_STDLIB)
	$(SWIFT) build -c release --product coursecheck-supervisor $(STATIC_STDLIB)

PREFIX ?= /usr/local
## install: the release coursecheck and its supervisor into $(PREFIX)/bin (default /usr/local), side by
## side as coursecheck looks for its supervisor, for another course's repository to run
install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/coursecheck .build/release/coursecheck-supervisor $(DESTDIR)$(PREFIX)/bin/

## test: build the tests with warnings as errors (once coursecheck is linked, it fills the run's cache
## with the compiler's verdicts on the course meanwhile), then run them all but the hostile-environment
## suites (make test-environment): the XCTest suites and the Swift Testing run on four shards at once (scripts/run-tests; SHARDS=1 for one after the other, each shard
## limited to TEST_TIMEOUT seconds), printing every failure with its file and line, the three
## slowest suites and a last line 'N passed, N failed, N skipped' (full logs and JUnit reports in
## .build/test-results/)
test:
	TEST_BUILD='$(SWIFT) build --build-tests $(DEBUG_BUILD)' scripts/run-tests

## test-environment: the suites that put coursecheck in a hostile environment (signals and kills
## mid-run, a broken or damaged toolchain, the memory bound), which make test leaves out and CI runs
## after it, the same way (JUnit reports and logs in .build/test-results/environment/)
test-environment:
	TEST_BUILD='$(SWIFT) build --build-tests $(DEBUG_BUILD)' TEST_GROUP=environment \
		TEST_RESULTS=.build/test-results/environment scripts/run-tests

SOAK_CASES ?= 300
LENIENCY_SECONDS ?= 600
## soak: the property tests with many random sequences (SOAK_CASES, default 300, as many SIGINTs
## during a prune; a failure prints its seed, and COURSECHECK_PROPERTY_SEED=<seed> replays it),
## warm against cold over a tenth as many (each sequence checks the course eight times), random damage to swiftc's module
## cache over a thirtieth (each compiles), the live loops' convergence over a thirtieth (each runs
## watch and the LSP server through two sequences of disk changes), the leniency fuzzer for
## LENIENCY_SECONDS (default 600) against the real program, 2,000 live checks for the memory bound,
## the recorded cmark-gfm oracles judged whole (make test judges a seeded quarter of each),
## and the whole differential corpus (make test checks a seeded sample of it) against every real
## program rebuilt, in every build mode (COURSECHECK_BLESS=1 rewrites Differential/oracle.json from
## them), the cold cross-check of the real course (EndToEndTests), make test's suites with every
## compiler answer asked afresh (make test plants the recorded ones), and the write, watch, LSP and
## end-to-end suites on the portable (macOS) path, COURSECHECK_PORTABLE=1
soak:
	$(SWIFT) build --build-tests $(DEBUG_BUILD)
	COURSECHECK_PROPERTY_CASES=$(SOAK_CASES) $(SWIFT) test --skip-build --filter 'CachePackTests|ClaimTests|NoteAndTitleSlipTests|SilentSlipTests|DecomposedTextTests|LessonFileNamePropertyTests|TextClaimMemoTests|WritePropertyTests|SharedStorePropertyTests|VerdictPropertyTests|LessonMemoTests|RenderingPropertyTests|FenceSlipPropertyTests|StructureSlipPropertyTests|IndexNoteSlipPropertyTests|BlockStructurePropertyTests|ParallelDeterminismTests|CommentOpenerSlipTests|EmptyItemSlipTests|IndentedFencePropertyTests|ClosingTableCellTests|NoteRenumberSlipTests|FractionAndFrontMatterCharacterSlipTests|NameSlipTests|IntroTriggerTests|SourcesListSlipTests|LessonCountPhraseTests|OpeningCountTests|InlineParserTests.testRandomInputsGiveSoundTrees|InlineParserTests.testPathologicalInputsEnd|SignalTests.testSIGINTDuringAPruneLeavesNoTemporary'
	COURSECHECK_PROPERTY_CASES=$$(( $(SOAK_CASES) / 10 )) $(SWIFT) test --skip-build --filter WarmColdPropertyTests
	COURSECHECK_PROPERTY_CASES=$$(( $(SOAK_CASES) / 30 )) $(SWIFT) test --skip-build --filter CompileEnvironmentTests
	COURSECHECK_PROPERTY_CASES=$$(( $(SOAK_CASES) / 30 )) $(SWIFT) test --skip-build --filter LiveConvergencePropertyTests
	COURSECHECK_LENIENCY_SECONDS=$(LENIENCY_SECONDS) $(SWIFT) test --skip-build --filter LeniencyFuzzTests.testMutantsOfTheCourseAgreeWithTheRealProgram
	COURSECHECK_MEMORY_CHECKS=2000 COURSECHECK_MEMORY_COURSE=1 $(SWIFT) test --skip-build --filter MemoryTests
	COURSECHECK_DIFFERENTIAL=live $(SWIFT) test --skip-build --filter 'DifferentialTests|EndToEndTests.testCrossCheckOverTheRealCourse'
	COURSECHECK_COMPILER_ANSWERS=live scripts/run-tests
	COURSECHECK_PORTABLE=1 $(SWIFT) test --skip-build --filter 'FileGateTests|WritePolicyTests|UpdateRefusalTests|GoldenWorkflowTests|WatchTests|LSPTests|EndToEndTests|SignalTests|PortablePathTests'

## verify: check every lesson in lessons/, both engines cross-checked (the CI gate), with the debug
## build (after make test, nothing is left to build)
verify: build
	$(CHECK_BIN) --cross-check $(VERIFY_FLAGS) lessons/

## list: print every block's role
list: build
	$(CHECK_BIN) list lessons/

## instructions: the instruction gate: callgrind's count of the default run (warm cache) against
## scripts/instructions.budget, failing past it by more than 5% (skipped without valgrind)
instructions: release
	scripts/instructions

## lsp-client: the LSP server driven by a real client library (pytest-lsp in a throwaway venv;
## skipped with a message without python3 or the package index)
lsp-client: release
	scripts/lsp-client-tests

## docs: regenerate the generated guides (Documentation/CLI.md from the option declarations,
## Documentation/Findings.md from the diagnostic catalogue and the fixtures); a test fails when stale
docs:
	$(SWIFT) build --build-tests $(DEBUG_BUILD)
	-COURSECHECK_BLESS=1 $(SWIFT) test --skip-build --disable-swift-testing --filter DocumentationTests >/dev/null 2>&1
	$(SWIFT) test --skip-build --disable-swift-testing --filter DocumentationTests

## bench: median whole-process times on the real course (numbers go in Documentation/Benchmarks.md)
bench:
	scripts/bench

## fuzz: libFuzzer + ASan targets (scanner, inline, tree language, front matter, link references, claims, the
## compiler parse reader), FUZZ_SECONDS each (default 60)
fuzz:
	scripts/fuzz

## format: rewrite the sources in the house style (.swift-format: 4 spaces, 120 columns)
format:
	@echo "swift format format --in-place ($(words $(FORMAT_FILES)) files)"
	@$(SWIFT) format format --in-place --parallel $(FORMAT_FILES)

## lint: swift-format in strict mode (any finding fails), the folders' pipeline order
## (scripts/folder-deps.swift), then the CI workflow's YAML and structure
lint:
	@echo "swift format lint --strict ($(words $(FORMAT_FILES)) files)"
	@$(SWIFT) format lint --strict --parallel $(FORMAT_FILES)
	$(SWIFT) scripts/folder-deps.swift
	$(SWIFT) build --build-tests $(DEBUG_BUILD)
	$(SWIFT) test --skip-build --disable-swift-testing --filter WorkflowTests

## hooks: install a git pre-commit hook that checks the staged lessons (core.hooksPath honoured; an
## existing hook is kept as pre-commit.local and run first, a tracked one is left alone)
hooks:
	@scripts/install-hooks

## clean: remove the build (.build), the result cache with it
clean:
	rm -rf .build

## help: every target with what it does (these ## lines)
help:
	@awk '/^## [a-z-]+:/ { sub(/^## /, ""); print ""; print; next } /^## / { sub(/^## /, "    "); print }' Makefile
