# coursecheck: the golden-output verifier for "SwiftUI ile Arayüz".
SWIFT ?= swift
# Zero warnings is a build rule, not a hope.
STRICT := -Xswiftc -warnings-as-errors
BIN := .build/release/coursecheck
# Extra flags for verify, e.g. VERIFY_FLAGS="--format github --junit report.xml" on CI.
VERIFY_FLAGS ?=

.PHONY: build release test verify list bench fuzz lint hooks clean

## build: debug build of the package, warnings as errors
build:
	$(SWIFT) build $(STRICT)

## release: the optimised coursecheck binary used by verify (Swift runtime and Foundation linked
## statically: half the start-up time)
release:
	$(SWIFT) build -c release --product coursecheck --static-swift-stdlib $(STRICT)

## test: build the tests with warnings as errors, then run them all
test:
	$(SWIFT) build --build-tests $(STRICT)
	$(SWIFT) test --skip-build

## verify: check every lesson in lessons/, both engines cross-checked (the CI gate)
verify: release
	$(BIN) --cross-check $(VERIFY_FLAGS) lessons/

## list: print every block's role
list: release
	$(BIN) list lessons/

## bench: median whole-process times on the real course (numbers go in the README)
bench:
	scripts/bench

## fuzz: libFuzzer + ASan targets (scanner, tree language), FUZZ_SECONDS each (default 60)
fuzz:
	scripts/fuzz

## lint: check the CI workflow's YAML and structure
lint:
	$(SWIFT) build --build-tests $(STRICT)
	$(SWIFT) test --skip-build --disable-swift-testing --filter WorkflowTests

## hooks: install a git pre-commit hook that checks the staged lessons
hooks:
	install -m 755 scripts/pre-commit "$$(git rev-parse --git-path hooks)/pre-commit"
	@echo "installed $$(git rev-parse --git-path hooks)/pre-commit"

clean:
	rm -rf .build
