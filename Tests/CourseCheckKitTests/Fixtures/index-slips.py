#!/usr/bin/env python3
"""Development-time generator of index-slips.json: what GitHub renders when the course index's
list is written with a slip, or rewritten in a way that should read the same.

Not used by the build or the tests (they read the committed JSON). The index's parts and lists
(lessons/README.md from its first `## ` heading to the end of its last list) are rendered by
cmark-gfm, and the lesson items a reader sees recorded: each list item that opens with a link,
its link and the number shown on it (none on a bullet). Each case is one slip
IndexNoteSlipPropertyTests makes (an item written as a bullet, a link reference definition or a
part's paragraph a list not starting at 1 runs on into, a number of ten digits, a marker without
its space or with a comma or a no-break space, a space between a link's `]` and `(`, an item run
on into the line of the one before) or one rewrite
(a definition with blank lines around it, no blank line before a list starting at 1, an item
renumbered where its list ignores the number). A slip must change what readers see and a rewrite
must not; the tests also read each case with coursecheck's parser and compare.

    pip install cmarkgfm
    python3 index-slips.py ../../../lessons/README.md > index-slips.json
"""
import html, json, re, sys
import cmarkgfm

TAG = re.compile(r'<ol(?: start="(\d+)")?>|<ul>|</ol>|</ul>|<li>(<a href="([^"]*)">)?')


def seen(markdown):
    """The lesson items a reader sees: [link, number shown or None], in order."""
    rendered = cmarkgfm.github_flavored_markdown_to_html(markdown)
    lists, items = [], []
    for match in TAG.finditer(rendered):
        tag = match.group(0)
        if tag.startswith("<ol"):
            lists.append(int(match.group(1) or 1))
        elif tag == "<ul>":
            lists.append(None)
        elif tag.startswith("</"):
            lists.pop()
        else:
            number = lists[-1]
            if match.group(2):
                items.append([html.unescape(match.group(3)), number])
            if number is not None:
                lists[-1] = number + 1
    return items


def main():
    lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("## "))
    end = max(i for i, line in enumerate(lines) if re.match(r"\d+\. \[", line)) + 1
    index = lines[start:end]
    items = [i for i, line in enumerate(index) if re.match(r"\d+\. \[", line)]
    firsts = [i for i in items if index[i - 1] == ""]
    inside = [i for i in items if i + 1 in items]
    cases = []

    def case(kind, what, changed, slipped=None):
        cases.append({"kind": kind, "what": what, "markdown": "\n".join(changed), "line": slipped})

    for i in items:
        number = index[i].split(".")[0]
        for bullet in "-*+":
            changed = list(index)
            changed[i] = bullet + index[i][len(number) + 1:]
            case("slip", "bullet %s at item %s" % (bullet, number), changed, i + 1)
        changed = list(index)
        changed[i] = "1234567890" + index[i][len(number):]
        case("slip", "ten digits at item %s" % number, changed, i + 1)
        for marker, what in ((".", "no space"), (", ", "a comma"), (".\u00a0", "a no-break space")):
            changed = list(index)
            changed[i] = number + marker + index[i][len(number) + 2:]
            case("slip", "%s after item %s's number" % (what, number), changed, i + 1)
        changed = list(index)
        changed[i] = index[i].replace("](", "] (", 1)
        case("slip", "a space between ']' and '(' at item %s" % number, changed, i + 1)
    for i in inside:
        changed = index[: i + 1] + ["", "[y]: https://academia.sh"] + index[i + 1:]
        case("slip", "a definition after item %s" % index[i].split(".")[0], changed, i + 3)
        changed = index[: i + 1] + ["", "[y]: https://academia.sh", ""] + index[i + 1:]
        case("rewrite", "a definition between blank lines after item %s" % index[i].split(".")[0], changed)
        changed = index[:i] + [index[i] + " " + index[i + 1]] + index[i + 2:]
        case("slip", "item %s run on into item %s's line" % (index[i + 1].split(".")[0], index[i].split(".")[0]),
             changed, i + 1)
        changed = list(index)
        changed[i + 1] = "987654321" + index[i + 1][len(index[i + 1].split(".")[0]):]
        case("rewrite", "item %s renumbered" % index[i + 1].split(".")[0], changed)
    for i in firsts:
        changed = index[: i - 1] + index[i:]
        kind = "rewrite" if index[i].startswith("1.") else "slip"
        case(kind, "no blank line before item %s" % index[i].split(".")[0], changed, None if kind == "rewrite" else i - 1)

    original = seen("\n".join(index))
    for item in cases:
        item["github"] = seen(item["markdown"])
        item["same"] = item["github"] == original
    # One case a line, so a regenerated file diffs by case.
    sys.stdout.write('{"index": %s,\n "github": %s,\n "cases": [\n' % (
        json.dumps("\n".join(index), ensure_ascii=False), json.dumps(original, ensure_ascii=False)))
    sys.stdout.write(",\n".join(json.dumps(item, ensure_ascii=False) for item in cases))
    sys.stdout.write("\n]}\n")


main()
