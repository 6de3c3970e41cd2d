"""The live loop's identity and capability rules, through a real client with each profile's
capabilities: an approval names what the author saw and a stale one is refused; lessons saved with
a byte order mark, CRLF or lone CRs converge to the CLI's findings; quick fixes and positions take
the form and the units the client's capabilities ask for."""
import ast
import asyncio
import os
import re

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from conftest import BIN, COURSE, change, diagnostics, open_document, raw, server_environment, text, uri, write

LESSON = "lessons/09-yerel-durum.md"
OTHER = "lessons/10-baglama.md"
CORE_LESSON = "lessons/03-yigit-duzenleri.md"
GOLDEN = "goldens/09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out"
TREE = "// main.swift — gorunumun kendi"
DRIFT = "dokunuldu: tapCount degisti"
AGAIN = "; ask for the code action again"
BOM = b"\xef\xbb\xbf"
FINDING = re.compile(r"^(lessons/[^:]+):(\d+):(\d+): (?:error|warning): .* \[([a-z0-9-]+)\]$")


def path(relative):
    return os.path.join(COURSE, relative)


def index_of(content, prefix):
    """The 0-based line of `content` that starts with `prefix`, lines split as the protocol does."""
    return next(number for number, line in enumerate(protocol_lines(content)) if line.startswith(prefix))


def protocol_lines(content):
    """`content`'s lines without their ends: `\\n`, `\\r\\n` and a lone `\\r` end a line, as LSP says."""
    return re.split(r"\r\n|\r|\n", content)


def goldens():
    """Every file under goldens/ with its bytes."""
    found = {}
    for folder, _, names in os.walk(path("goldens")):
        for name in names:
            with open(os.path.join(folder, name), "rb") as file:
                found[os.path.relpath(os.path.join(folder, name), COURSE)] = file.read()
    return found


async def cli_findings(relative):
    """The (1-based line, id) of each finding `coursecheck lessons/` reports about `relative`."""
    process = await asyncio.create_subprocess_exec(
        BIN, "lessons/", cwd=COURSE, env=server_environment(), stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE)
    _, stderr = await process.communicate()
    found = set()
    for line in stderr.decode("utf-8").splitlines():
        match = FINDING.match(line)
        if match and match.group(1) == relative:
            found.add((int(match.group(2)), match.group(4)))
    return found


def pairs(found):
    return {(d.range.start.line + 1, d.code) for d in found}


async def converges(client, relative, expected):
    """The published diagnostics of `relative` reach `expected` (line, id) pairs and stay there."""
    await diagnostics(client, uri(relative), lambda found: pairs(found) == expected)
    await asyncio.sleep(0.3)
    assert pairs(client.diagnostics[uri(relative)]) == expected


def units(character, encoding):
    if encoding == "utf-8":
        return len(character.encode("utf-8"))
    if encoding == "utf-16":
        return 2 if ord(character) > 0xFFFF else 1
    return 1


def length(line, encoding):
    return sum(units(character, encoding) for character in line)


def offset(content, position, encoding):
    """The index in `content` of an LSP position counted in `encoding`'s units."""
    starts = [0] + [match.end() for match in re.finditer(r"\r\n|\r|\n", content)]
    if position.line >= len(starts):
        return len(content)
    index, counted = starts[position.line], 0
    while index < len(content) and content[index] not in "\r\n" and counted < position.character:
        counted += units(content[index], encoding)
        index += 1
    return index


def apply(content, edits, encoding):
    """`content` with LSP text edits applied, last first."""
    for edit in sorted(edits, key=lambda e: offset(content, e.range.start, encoding), reverse=True):
        start, end = offset(content, edit.range.start, encoding), offset(content, edit.range.end, encoding)
        content = content[:start] + edit.new_text + content[end:]
    return content


def encoding_of(client):
    return client.initialize_result.capabilities.position_encoding


async def actions_at(client, relative, line):
    position = types.Position(line=line, character=0)
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(relative)), range=types.Range(start=position, end=position),
        context=types.CodeActionContext(diagnostics=[])))


async def approve_offer(client, relative, line):
    """The arguments of the approval offered on the tree at 0-based `line`."""
    # lsprotocol reads a CodeAction whose `command` is an object as a Command, with that object as
    # its text; the server sent a CodeAction (kind quickfix, command {command, arguments}).
    commands = [ast.literal_eval(a.command) for a in await actions_at(client, relative, line)
                if isinstance(a, types.Command)]
    offers = [c["arguments"][0] for c in commands if c["command"] == "coursecheck.approve"]
    assert len(offers) == 1, f"approvals offered: {offers}"
    return offers[0]


async def execute(client, offer):
    return await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="coursecheck.approve", arguments=[offer]))


async def refused(client, offer, message):
    before = goldens()
    with pytest.raises(JsonRpcException) as error:
        await execute(client, offer)
    assert (error.value.code, error.value.message) == (-32803, message)
    assert goldens() == before, "a refused approval changed goldens/"


def quick_fix_edits(client, actions, relative, version):
    """The edits of the one quick fix in `actions`, checked to take the form the client's
    capabilities ask for: versioned `documentChanges`, else `changes`."""
    fixes = [a for a in actions if isinstance(a, types.CodeAction) and a.edit]
    assert len(fixes) == 1
    edit = fixes[0].edit
    if client.expects["document_changes"]:
        assert edit.changes is None
        assert len(edit.document_changes) == 1
        assert edit.document_changes[0].text_document.uri == uri(relative)
        assert edit.document_changes[0].text_document.version == version
        return edit.document_changes[0].edits
    assert edit.document_changes is None
    assert list(edit.changes) == [uri(relative)]
    return edit.changes[uri(relative)]


def drift_golden():
    """Writes a golden the tree no longer prints, and returns what it held."""
    approved = raw(GOLDEN)
    write(GOLDEN, b"eski\n")
    return approved


async def offered_on_open(client):
    """Lesson 09 open with its golden drifted, and the approval offered for its version 1."""
    drift_golden()
    original = text(LESSON)
    open_document(client, LESSON, version=1)
    await diagnostics(client, uri(LESSON), lambda found: pairs(found) == {(index_of(original, TREE) + 1, "golden-drift")})
    return original, await approve_offer(client, LESSON, index_of(original, TREE))


async def offered_for_the_saved_file(client):
    """Approval offered for lesson 09 as saved (the document not open; another lesson is)."""
    drift_golden()
    original = text(LESSON)
    open_document(client, OTHER)
    await diagnostics(client, uri(LESSON), lambda found: len(found) > 0)
    offer = await approve_offer(client, LESSON, index_of(original, TREE))
    assert offer["version"] is None
    return original, offer


async def test_stale_approval_lines_inserted_above_and_saved(client):
    original, offer = await offered_on_open(client)
    shifted = "<!-- yeni -->\n\n" + original
    change(client, LESSON, shifted, 2)
    write(LESSON, shifted)
    client.text_document_did_save(types.DidSaveTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri(LESSON))))
    await refused(client, offer, f"not approved: it was offered for version 1 of {path(LESSON)}, "
                                 f"which is now at version 2{AGAIN}")


async def test_stale_approval_version_bumped(client):
    original, offer = await offered_on_open(client)
    change(client, LESSON, original, 2)
    await refused(client, offer, f"not approved: it was offered for version 1 of {path(LESSON)}, "
                                 f"which is now at version 2{AGAIN}")


async def test_stale_approval_document_closed(client):
    _, offer = await offered_on_open(client)
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri(LESSON))))
    await refused(client, offer, f"not approved: it was offered for version 1 of {path(LESSON)}, "
                                 f"which is now closed{AGAIN}")


async def test_stale_approval_tree_edited(client):
    original, offer = await offered_for_the_saved_file(client)
    write(LESSON, original.replace(TREE, TREE + "x", 1))
    await refused(client, offer, f"not approved: the tree at line {index_of(original, TREE) + 1} is not the one "
                                 f"it was offered for (its text differs){AGAIN}")


async def test_stale_approval_lines_inserted_above_the_saved_file(client):
    original, offer = await offered_for_the_saved_file(client)
    write(LESSON, "<!-- yeni -->\n\n" + original)
    await refused(client, offer, f"not approved: no tree of this lesson holds line {index_of(original, TREE) + 1} "
                                 f"now{AGAIN}")


async def test_a_fresh_offer_writes_only_its_golden(client):
    approved = raw(GOLDEN)
    original, offer = await offered_on_open(client)
    # The course's own record already names lessons/: approving writes the golden alone.
    assert offer["record"] is None
    before = goldens()
    assert await execute(client, offer) == {"golden": path(GOLDEN), "changed": True}
    assert goldens() == {**before, GOLDEN: approved}
    assert await diagnostics(client, uri(LESSON), lambda found: len(found) == 0) == ()


async def test_a_bom_lesson_shows_bom_and_is_approved_with_its_bom_kept(client):
    approved = drift_golden()
    saved = BOM + raw(LESSON)
    write(LESSON, saved)
    original = text(LESSON)[1:]
    tree = index_of(original, TREE)
    expected = await cli_findings(LESSON)
    assert expected == {(1, "bom"), (tree + 1, "golden-drift")}
    # Editors drop the mark when they load the file (and write it back when they save).
    open_document(client, LESSON, content=original)
    await converges(client, LESSON, expected)
    offer = await approve_offer(client, LESSON, tree)
    assert await execute(client, offer) == {"golden": path(GOLDEN), "changed": True}
    assert raw(GOLDEN) == approved
    assert raw(LESSON) == saved
    await converges(client, LESSON, {(1, "bom")})
    assert await cli_findings(LESSON) == {(1, "bom")}


async def test_a_buffer_keeping_the_bom_gets_first_line_columns_behind_it(client):
    lines = text(LESSON).split("\n")
    lines[0] = "- ```swift"
    marked = "\ufeff" + "\n".join(lines)
    write(LESSON, marked)
    assert await cli_findings(LESSON) == {(1, "bom"), (1, "unterminated-fence"), (1, "front-matter")}
    encoding = encoding_of(client)
    mark = units("\ufeff", encoding)
    open_document(client, LESSON, content=marked)
    # The course is checked from the start, so the saved file (shown without its mark) may be
    # published first; the open buffer's publish counts its columns behind the mark.
    found = await diagnostics(
        client, uri(LESSON), lambda found: len(found) == 3 and min(d.range.start.character for d in found) == mark)
    # coursecheck's columns 1, 3 and 1 count from after the mark.
    assert [(d.code, d.range.start.line, d.range.start.character, d.range.end.character) for d in found] == [
        ("bom", 0, mark, mark + 10), ("unterminated-fence", 0, mark + 2, mark + 10),
        ("front-matter", 0, mark, mark + 10)]


@pytest.mark.parametrize("ending", ["\r\n", "\r"], ids=["crlf", "lone-cr"])
async def test_line_ends_converge_to_the_cli_and_ranged_edits_land_on_their_line(client, ending):
    original = text(LESSON).replace("\n", ending)
    write(LESSON, original)
    assert await cli_findings(LESSON) == set()
    open_document(client, LESSON, content=original)
    await converges(client, LESSON, set())
    # An "X" typed at the start of the drift line, far below the first line end.
    drift = index_of(original, DRIFT)
    start = types.Position(line=drift, character=0)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(LESSON), version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=start, end=start), text="X")]))
    drifted = ending.join(("X" + line if number == drift else line)
                          for number, line in enumerate(protocol_lines(original)))
    write(LESSON, drifted)
    expected = await cli_findings(LESSON)
    assert expected == {(drift + 1, "output-drift")}
    await converges(client, LESSON, expected)
    # The quick fix restores the text, its line ends kept.
    edits = quick_fix_edits(client, await actions_at(client, LESSON, drift), LESSON, 2)
    fixed = apply(drifted, edits, encoding_of(client))
    assert fixed == original
    change(client, LESSON, fixed, 3)
    write(LESSON, fixed)
    await converges(client, LESSON, set())


async def test_a_quick_fix_takes_the_form_the_capabilities_ask_for(client):
    original = text(LESSON)
    drift = index_of(original, DRIFT)
    drifted = original.replace("\n" + DRIFT, "\nX" + DRIFT, 1)
    open_document(client, LESSON, content=drifted, version=4)
    await diagnostics(client, uri(LESSON), lambda found: pairs(found) == {(drift + 1, "output-drift")})
    edits = quick_fix_edits(client, await actions_at(client, LESSON, drift), LESSON, 4)
    assert apply(drifted, edits, encoding_of(client)) == original


async def test_positions_count_in_the_negotiated_encoding(client):
    encoding = encoding_of(client)
    assert encoding == client.expects["encoding"]
    lines = text(CORE_LESSON).split("\n")
    line = index_of(text(CORE_LESSON), "// Invalidation.swift — ")
    # Turkish letters for ASCII ones, after the em dash: 2 UTF-8 bytes, 1 UTF-16 unit each.
    lines[line] = lines[line].replace("siniflandirir", "sınıflandırır")
    assert lines[line] != text(CORE_LESSON).split("\n")[line]
    open_document(client, CORE_LESSON, content="\n".join(lines))
    found = await diagnostics(client, uri(CORE_LESSON), lambda found: len(found) > 0)
    assert [d.code for d in found] == ["core-drift"]
    prefix = lines[line][:lines[line].index("ı")]
    assert (found[0].range.start.line, found[0].range.start.character, found[0].range.end.character) == (
        line, length(prefix, encoding), length(lines[line], encoding))
    assert length(prefix, "utf-8") != length(prefix, "utf-16")


async def test_file_watchers_are_registered_only_when_the_client_can(client):
    open_document(client, LESSON)
    await diagnostics(client, uri(LESSON), lambda found: True)
    methods = [r.method for params in client.registrations for r in params.registrations]
    assert methods == (["workspace/didChangeWatchedFiles"] if client.expects["registers_watchers"] else [])


async def test_the_course_is_published_without_opening_a_document(client):
    # The server checks the workspace's lessons from `initialized` on: a drift written on disk is
    # published for a lesson no editor has opened, as the CLI reports it.
    original = text(LESSON)
    drift = index_of(original, DRIFT)
    write(LESSON, original.replace("\n" + DRIFT, "\nX" + DRIFT, 1))
    expected = await cli_findings(LESSON)
    assert expected == {(drift + 1, "output-drift")}
    await converges(client, LESSON, expected)
    write(LESSON, original)
    await converges(client, LESSON, set())
