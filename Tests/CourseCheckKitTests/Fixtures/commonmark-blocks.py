#!/usr/bin/env python3
"""Development-time generator of commonmark-blocks.json, the block-structure conformance set.

Not used by the build or the tests (they read the committed JSON). Takes every example of the
CommonMark 0.31.2 spec (the sections on tabs, indented and fenced code, HTML blocks, block quotes,
list items and lists decide where a code block is; the others show where none is) and records, for
each example, every code block and HTML block a CommonMark renderer shows: kind, first line, info
string (its entities and backslash escapes decoded, as the renderer shows it), content.
The oracle is markdown-it-py (CommonMark-compliant), cross-checked against the spec's own HTML.

    pip install markdown-it-py
    python3 commonmark-blocks.py path/to/spec.md > commonmark-blocks.json
"""
import html, json, re, sys
from markdown_it import MarkdownIt
from markdown_it.common.utils import unescapeAll

FENCE = "`" * 32

def examples(spec):
    section, number, lines, i = None, 0, spec.split("\n"), 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
            if line.startswith("## ") or line.startswith("# "):
                section = heading
        if line.startswith(FENCE + " example"):
            number += 1
            j = i + 1
            md = []
            while lines[j] != ".":
                md.append(lines[j]); j += 1
            j += 1
            out = []
            while not lines[j].startswith(FENCE):
                out.append(lines[j]); j += 1
            i = j
            yield number, section, "\n".join(md).replace("\u2192", "\t") + ("\n" if md else ""), "\n".join(out).replace("\u2192", "\t")
        i += 1

def main():
    spec = open(sys.argv[1], encoding="utf-8").read()
    md = MarkdownIt("commonmark")
    cases = []
    for number, section, text, expected_html in examples(spec):
        blocks = []
        for token in md.parse(text):
            if token.type == "fence":
                blocks.append({"kind": "fenced", "line": token.map[0] + 1, "info": unescapeAll(token.info).strip(), "content": token.content})
            elif token.type == "code_block":
                blocks.append({"kind": "indented", "line": token.map[0] + 1, "info": "", "content": token.content})
            elif token.type == "html_block":
                blocks.append({"kind": "html", "line": token.map[0] + 1, "info": "", "content": ""})
        # Cross-check the code contents with the spec's expected HTML.
        codes = [html.unescape(m.group(2)) for m in re.finditer(r'<pre><code(?: class="language-([^"]*)")?>(.*?)</code></pre>', expected_html, re.S)]
        mine = [b["content"] for b in blocks if b["kind"] != "html"]
        assert codes == mine, (number, codes, mine)
        if md.render(text).strip() != expected_html.strip():
            sys.stderr.write(f"example {number}: rendering differs from the spec's HTML\n{md.render(text)!r}\n{expected_html!r}\n")
        cases.append({"example": number, "section": section, "markdown": text, "blocks": blocks})
    json.dump(cases, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")

main()
