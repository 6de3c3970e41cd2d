#!/usr/bin/env python3
"""Development-time generator of commonmark-inlines.json, the inline conformance set.

Not used by the build or the tests (they read the committed JSON).

Part "spec": every example of the CommonMark 0.31.2 spec whose document is only paragraphs and
ATX/setext headings (link reference definitions, which render nothing, allowed), so the block
parser and a reference renderer agree on the blocks and the inline parser decides the rest. The
expected HTML is the spec's own (the 0.31.2 truth); it is checked against markdown-it-py
(CommonMark 0.31 compliant), and cmark-gfm's output (cmarkgfm, CommonMark mode, unsafe HTML) is
recorded as "cmarkgfm" wherever it differs, with the reason.

Part "gfm": hand-written examples rendered by cmark-gfm with the strikethrough and autolink
extensions and footnotes; "footnotes" holds the labels of the footnote definitions appended for
the renderer (and given to the inline parser), whose rendered section is cut off.

    pip install cmarkgfm markdown-it-py
    python3 commonmark-inlines.py path/to/spec.md > commonmark-inlines.json

spec.md (0.31.2) ships in markdown-it-py's source distribution:
    pip download --no-deps --no-binary :all: markdown-it-py   # tests/test_cmark_spec/spec.md
"""
import json, sys
import cmarkgfm
from cmarkgfm.cmark import Options
from markdown_it import MarkdownIt

FENCE = "`" * 32
INLINE_TOKENS = {"paragraph_open", "paragraph_close", "heading_open", "heading_close", "inline"}

# Why cmark-gfm (0.29.0.gfm.13, the version cmarkgfm bundles) differs from the spec's HTML.
CMARK_GFM_REASONS = {
    28: "numeric references: 0.31 allows at most 7 decimal digits; cmark-gfm decodes &#87654321; to U+FFFD",
    354: "0.31 counts Unicode symbols (S categories) as punctuation for flanking; cmark-gfm only P",
}
NESTED_STRONG = "cmark-gfm's HTML renderer writes nested <strong> once (a GitHub rendering choice, not the parse)"

GFM = [
    ("turkish-entities", "Merhaba &ouml;ğrenci, &#287; harfi ve \\*yıldız\\* ile **Not 1** başlığı.", []),
    ("turkish-strong-code", "**Not 1:** `Görünüm` ve *eğik* yazı; __kalın__ da olur.", []),
    ("strikethrough", "~~eski~~ yeni, ~tek~ de olur ama ~~~üç~~~ olmaz.", []),
    ("strikethrough-nested", "*~~iç içe~~* ve ~~**kalın** çizili~~ ile ~~yarım~", []),
    ("www-autolink", "Bkz. www.example.com ve (www.example.com/a_(b)) sayfası.", []),
    ("url-autolink-query", "Arama: https://example.com/ara?query=1&x=2. Bitti.", []),
    ("url-autolink-trailing", "Sonda noktalama: http://example.com/yol, ve ftp://example.org/dosya!", []),
    ("email-autolink", "Yazın: ogrenci@example.com ya da <https://example.com/?query=1&x=2>.", []),
    ("no-autolink-in-link", "[www.example.com](https://example.org) ve `www.kod.com`", []),
    ("footnotes", "Dipnot[^1] ve tekrar[^1], ikinci[^not].", ["1", "not"]),
    ("footnote-undefined", "Tanımsız [^yok] dipnot[^1].", ["1"]),
    ("mixed", "**Dikkat:** ~~`eski()`~~ yerine www.swift.org/documentation adresine bakın[^k].", ["k"]),
]


def examples(spec):
    section, number, lines, i = None, 0, spec.split("\n"), 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("# ") or line.startswith("## "):
            section = line.lstrip("#").strip()
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
            text = "\n".join(md).replace("\u2192", "\t") + ("\n" if md else "")
            html = "\n".join(out).replace("\u2192", "\t")
            yield number, section, text, html + ("\n" if html else "")
        i += 1


def main():
    spec = open(sys.argv[1], encoding="utf-8").read()
    md = MarkdownIt("commonmark")
    cases = []
    for number, section, text, expected in examples(spec):
        if not all(token.type in INLINE_TOKENS for token in md.parse(text)):
            continue
        mine = md.render(text)
        assert mine == expected, (number, "markdown-it-py differs from the spec", mine, expected)
        case = {"example": number, "section": section, "markdown": text, "html": expected}
        cmark = cmarkgfm.markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
        if cmark != expected:
            case["cmarkgfm"] = cmark
            case["note"] = CMARK_GFM_REASONS.get(number, NESTED_STRONG)
        cases.append(case)
    gfm = []
    for name, text, footnotes in GFM:
        source = text + "\n" + "".join("\n[^%s]: Not %s." % (label, label) for label in footnotes)
        html = cmarkgfm.markdown_to_html_with_extensions(
            source, options=Options.CMARK_OPT_UNSAFE | Options.CMARK_OPT_FOOTNOTES,
            extensions=["strikethrough", "autolink"])
        html = html.split('<section class="footnotes"')[0]
        gfm.append({"name": name, "markdown": text + "\n", "footnotes": footnotes, "html": html})
    json.dump({"spec": cases, "gfm": gfm}, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


main()
