#!/usr/bin/env python3
"""Development-time generator of gfm-tables.json: pipe tables as GitHub renders them.

Not used by the build or the tests (they read the committed JSON). Generates, from a fixed seed,
paragraphs that may hold a GFM table: header rows with and without outer pipes, delimiter rows
right and slightly wrong (a cell count off, a stray character), rows with fewer or more cells,
escaped pipes (also in code spans), emphasis, entities and escapes in cells, and text before the
header. Records what cmark-gfm (GitHub's renderer) shows: for each table its header cells and
its rows, as text.

    pip install cmarkgfm
    python3 gfm-tables.py > gfm-tables.json
"""
import html, json, random, re, sys
import cmarkgfm

TABLE = re.compile(r"<table>(.*?)</table>", re.S)
ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
CELL = re.compile(r"<t[hd][^>]*>(.*?)</t[hd]>", re.S)
TAG = re.compile(r"<[^>]+>")

WORDS = ["Ders", "Tetik", "yerel", "ortam", "**ebeveyn**", "_gözlem_", "`a\\|b`", "a \\| b", "g&ouml;zlem",
         "\\*x\\*", "`kod`", "bir iki", "&#54;", "", " "]

def row(rng, cells, outer):
    text = " | ".join(cells)
    if outer == "both":
        return "| " + text + " |"
    if outer == "left":
        return "| " + text
    if outer == "right":
        return text + " |"
    return text

def delimiter(rng, count):
    cells = [rng.choice(["---", ":---", "---:", ":-:", "-", "----"]) for _ in range(count)]
    slip = rng.random()
    if slip < 0.1:
        cells.append("---")
    elif slip < 0.2 and count > 1:
        cells.pop()
    elif slip < 0.3:
        cells[rng.randrange(count)] = rng.choice(["-x-", "--- -", "::-", "=="])
    return row(rng, cells, rng.choice(["both", "both", "none", "left"]))

def document(rng):
    width = rng.randint(1, 4)
    lines = []
    if rng.random() < 0.2:
        lines.append("Bir cümle.")
    lines.append(row(rng, [rng.choice(WORDS[:12]) for _ in range(width)], rng.choice(["both", "both", "none", "left", "right"])))
    lines.append(delimiter(rng, width))
    for _ in range(rng.randint(0, 3)):
        count = max(1, width + rng.choice([0, 0, 0, -1, 1]))
        lines.append(row(rng, [rng.choice(WORDS) for _ in range(count)], rng.choice(["both", "both", "none", "left"])))
    return "\n".join(lines) + "\n"

def text(cell):
    return html.unescape(TAG.sub("", cell)).strip()

def main():
    rng = random.Random(22)
    cases, seen = [], set()
    while len(cases) < 300:
        markdown = document(rng)
        if markdown in seen:
            continue
        seen.add(markdown)
        rendered = cmarkgfm.github_flavored_markdown_to_html(markdown)
        tables = []
        for table in TABLE.findall(rendered):
            rows = [[text(c) for c in CELL.findall(r)] for r in ROW.findall(table)]
            tables.append({"header": rows[0], "rows": rows[1:]})
        cases.append({"markdown": markdown, "tables": tables})
    json.dump(cases, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")

main()
