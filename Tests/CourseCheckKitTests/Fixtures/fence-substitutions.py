#!/usr/bin/env python3
"""Development-time generator of fence-substitutions.json: what GitHub renders when a lesson's
fence is written with another character, length or quote style, or with characters left before it
(before a fence of another kind, or a run that is no fence at all, too).

Not used by the build or the tests (they read the committed JSON). A small lesson holds a core, a
display fragment, a tree and its expected block, each fenced with ``` as the course is. For every
substitution FenceSlipPropertyTests makes (a slip at one fence, or a rewrite of both of a block's
fences), in every role, the lesson is rendered by cmark-gfm and its code blocks recorded, with
whether they are the unchanged lesson's. A slip must change them and a rewrite must not; the tests
also read the same lessons with coursecheck's block parser and compare its code blocks with these.

    pip install cmarkgfm
    python3 fence-substitutions.py > fence-substitutions.json

(A module `cmarkgfm` whose `github_flavored_markdown_to_html` runs `cmark-gfm --github-pre-lang -e table
-e strikethrough -e autolink -e tagfilter -e tasklist` gives the same file.)
"""
import html, json, re, sys
import cmarkgfm

PRE = re.compile(r'<pre(?: lang="([^"]*)")?><code>(.*?)</code></pre>', re.S)

LESSON = """# Ders

Metin.

```swift
// Invalidation.swift
final class Model {}

let shared = Model()
```

Metin iki.

```swift
struct CardView: View {
    var body: some View { Text("a") }
}
```

Metin üç.

```swift
// main.swift — bir
print("a")

print("b")
```

```
a
b
```

Son metin.

```swift
let last = 2
```
"""

ROLES = ["core", "fragment", "tree", "expected"]

# Kept in step with FenceSlipPropertyTests (a test checks that every one is here).
CLOSING_SLIPS = ["~~~", "~~~~", "'''", '"""', "´´´", "‘‘‘", "’’’", "｀｀｀", "＇＇＇", "``", "``~", "``´"]
OPENING_SLIPS = ["``", "~~~", "~~~~", "````", "`````", "'''", '"""', "´´´", "‘‘‘", "’’’", "｀｀｀", "~~`"]
REWRITES = [["~~~", "~~~"], ["~~~~", "~~~~"], ["````", "````"], ["`````", "`````"], ["```", "````"], ["```", "```  "]]
# Characters left before a fence, opening or closing (FenceSlipPropertyTests.leftovers).
LEFTOVERS = [
    "\\", "\\t", "x", "Q", "1", ".", ",", "!", "?", "-", "+", "*", "=", "|", "<", "#", "/", "\\\\", "\\t\\t", "•",
    "ş", "→", "` ", "' ", "\\ ", "\\t ", "## ", "x  ",
]

# Characters left before a fence of another kind, or a run that is no fence at all
# (FenceSlipPropertyTests.otherLeftovers, otherRuns and otherOpeningRuns).
OTHER_LEFTOVERS = ["x", "Kod", "Kodu:", "Örnek:", "\\", "#", "•", "x ", "## "]
OTHER_RUNS = ["~~~", "``", "'''", "`` `", "``~", "’’’"]
OTHER_OPENING_RUNS = OTHER_RUNS + ["````"]


def blocks(markdown):
    rendered = cmarkgfm.github_flavored_markdown_to_html(markdown)
    return [[lang or "", html.unescape(text)] for lang, text in PRE.findall(rendered)]


def fences(lines):
    """The opening and closing line index of each block, in order."""
    found, opening = [], None
    for index, line in enumerate(lines):
        if line.startswith("```"):
            if opening is None:
                opening = index
            else:
                found.append((opening, index))
                opening = None
    return found


def substitute(opening, closing):
    """The lesson with role's opening run replaced by `opening` and its closing by `closing`."""
    lines = LESSON.split("\n")
    cases = []
    for role, (start, end) in zip(ROLES, fences(lines)):
        changed = list(lines)
        if opening is not None:
            changed[start] = opening + changed[start][3:]
        if closing is not None:
            changed[end] = closing
        cases.append((role, "\n".join(changed)))
    return cases


def main():
    original = blocks(LESSON)
    cases = []
    for kind, position, written, pairs in (
        [("slip", "closing", w, (None, w)) for w in CLOSING_SLIPS]
        + [("slip", "opening", w, (w, None)) for w in OPENING_SLIPS]
        + [("rewrite", "both", " ".join(r), tuple(r)) for r in REWRITES]
        + [("leftover", "opening", w, (w + "```", None)) for w in LEFTOVERS]
        + [("leftover", "closing", w, (None, w + "```")) for w in LEFTOVERS]
        + [("leftover-other", "opening", w + r, (w + r, None)) for w in OTHER_LEFTOVERS for r in OTHER_OPENING_RUNS]
        + [("leftover-other", "closing", w + r, (None, w + r)) for w in OTHER_LEFTOVERS for r in OTHER_RUNS]
    ):
        for role, markdown in substitute(*pairs):
            rendered = blocks(markdown)
            cases.append({
                "kind": kind, "position": position, "written": written, "role": role,
                "markdown": markdown, "github": rendered, "same": rendered == original,
            })
    # One case a line, so a regenerated file diffs by case.
    sys.stdout.write('{"lesson": %s,\n "github": %s,\n "cases": [\n' % (
        json.dumps(LESSON, ensure_ascii=False), json.dumps(original, ensure_ascii=False)))
    sys.stdout.write(",\n".join(json.dumps(case, ensure_ascii=False) for case in cases))
    sys.stdout.write("\n]}\n")


main()
