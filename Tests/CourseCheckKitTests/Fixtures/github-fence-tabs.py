#!/usr/bin/env python3
"""Development-time generator of github-fence-tabs.json: where GitHub and the CommonMark reference
read a code block's text differently.

Not used by the build or the tests (they read the committed JSON). Generates, from a fixed seed,
small documents with a fenced code block inside block quotes and list items whose prefixes,
fence indentation and content lines mix spaces and tabs (the case where a container takes a tab
only in part), and records each code block's text twice: as GitHub renders it (cmark-gfm) and as
the CommonMark reference implementation commonmark.js does (its Python port, `commonmark`).

    pip install cmarkgfm commonmark
    python3 github-fence-tabs.py > github-fence-tabs.json
"""
import html, json, random, re, sys
import cmarkgfm, commonmark

PRE = re.compile(r"<pre[^>]*><code[^>]*>(.*?)</code></pre>", re.S)

def blocks(rendered):
    return [html.unescape(m) for m in PRE.findall(rendered)]

def document(rng):
    # One or two containers, each an opening prefix and the prefix its later lines carry.
    containers = []
    for _ in range(rng.choice([1, 1, 2])):
        kind = rng.choice(["quote", "bullet", "ordered"])
        if kind == "quote":
            opening = rng.choice([">", "> ", ">\t", " >\t", "  > "])
            later = rng.choice([opening, ">", "> ", ">\t"])
        elif kind == "bullet":
            opening = rng.choice(["- ", "-\t", " -\t", "-  ", "- \t"])
            width = len(opening.expandtabs(4)) if "\t" not in opening else None
            later = rng.choice(["  ", "\t", "   ", " \t", "    "][: 5 if width is None else 5])
        else:
            opening = rng.choice(["1. ", "1.\t", "10.\t", "1.  "])
            later = rng.choice(["   ", "\t", "    ", " \t", "  \t"])
        containers.append((opening, later))
    indent = rng.choice(["", " ", "  ", "\t", " \t", "  \t"])
    fence = rng.choice(["```", "~~~", "````"])
    lines = ["".join(c[0] for c in containers) + indent + fence + "swift"]
    for _ in range(rng.randint(1, 3)):
        lead = rng.choice(["", " ", "  ", "\t", " \t", "\t\t", "   "])
        lines.append("".join(c[1] for c in containers) + lead + rng.choice(["// main.swift", "print(1)", "a b"]))
    lines.append("".join(c[1] for c in containers) + indent + fence)
    return "\n".join(lines) + "\n"

def main():
    rng = random.Random(22)
    cases, seen = [], set()
    while len(cases) < 400:
        text = document(rng)
        if text in seen:
            continue
        seen.add(text)
        github = blocks(cmarkgfm.github_flavored_markdown_to_html(text))
        reference = blocks(commonmark.commonmark(text))
        # Only documents both read as the same blocks, differing (if at all) in their text.
        if len(github) != len(reference) or not github:
            continue
        cases.append({"markdown": text, "github": github, "reference": reference})
    json.dump(cases, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")

main()
