"""The live loop's cases, driven through pytest-lsp (a real LSP client) against `coursecheck lsp`."""
import ast
import asyncio
import os
import time

from lsprotocol import types

from conftest import COURSE, change, diagnostics, open_document, text, uri

LESSON = "lessons/09-yerel-durum.md"
OTHER = "lessons/10-baglama.md"
GOLDEN = "goldens/09-yerel-durum/gorunumun-kendi-durumu-yalniz-kendini-yeniden-hesaplatir.out"


def codes(found):
    return sorted(d.code for d in found)


async def actions_for(client, found):
    """The code actions offered for the lesson's first finding."""
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(LESSON)), range=found[0].range,
        context=types.CodeActionContext(diagnostics=found)))


async def assert_unchecked(client, relative):
    """`relative` is open beside a lesson, and gets no diagnostics and no pop-up."""
    open_document(client, relative)
    open_document(client, LESSON)
    await diagnostics(client, uri(LESSON), lambda found: True)
    await asyncio.sleep(0.5)
    assert uri(relative) not in client.diagnostics
    assert client.messages == []


async def test_a_clean_lesson_is_published_on_open_with_its_version(client):
    open_document(client, LESSON, version=7)
    assert tuple(await diagnostics(client, uri(LESSON), lambda found: True)) == ()


async def test_a_drift_gets_one_finding_and_its_quick_fix_makes_the_lesson_clean(client):
    original = text(LESSON)
    open_document(client, LESSON)
    await diagnostics(client, uri(LESSON), lambda found: True)
    drifted = original.replace("\ndokunuldu: tapCount degisti", "\nXdokunuldu: tapCount degisti", 1)
    change(client, LESSON, drifted, 2)
    found = await diagnostics(client, uri(LESSON), lambda found: len(found) > 0)
    assert codes(found) == ["output-drift"]
    actions = await actions_for(client, found)
    fixes = [a for a in actions if a.kind == types.CodeActionKind.QuickFix and a.edit]
    assert len(fixes) == 1
    # Versioned `documentChanges` when the client declares them, else `changes`.
    edit = fixes[0].edit
    edits = edit.document_changes[0].edits if edit.document_changes else edit.changes[uri(LESSON)]
    lines = drifted.split("\n")
    for edit in sorted(edits, key=lambda e: e.range.start.line, reverse=True):
        start, end = edit.range.start, edit.range.end
        before = "\n".join(lines[:start.line]) + ("\n" if start.line else "") + lines[start.line][:start.character] \
            if start.line < len(lines) else "\n".join(lines)
        after = lines[end.line][end.character:] + "\n" + "\n".join(lines[end.line + 1:]) if end.line < len(lines) else ""
        lines = (before + edit.new_text + after).split("\n")
    assert "\n".join(lines) == original
    change(client, LESSON, original, 3)
    assert await diagnostics(client, uri(LESSON), lambda found: len(found) == 0) == ()


async def test_markdown_outside_the_course_gets_nothing(client):
    await assert_unchecked(client, "README.md")


async def test_untitled_documents_get_empty_answers(client):
    untitled = types.TextDocumentIdentifier(uri="untitled:Untitled-1")
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=untitled, position=types.Position(line=0, character=0)))
    assert hover is None
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=untitled, range=types.Range(start=types.Position(line=0, character=0),
                                                  end=types.Position(line=0, character=0)),
        context=types.CodeActionContext(diagnostics=[])))
    assert len(actions) == 0


async def test_a_change_on_disk_is_published_without_a_keystroke(client):
    open_document(client, LESSON)
    await diagnostics(client, uri(LESSON), lambda found: True)
    golden = os.path.join(COURSE, GOLDEN)
    with open(golden, "a", encoding="utf-8") as file:
        file.write("fazladan\n")
    started = time.monotonic()
    found = await diagnostics(client, uri(LESSON), lambda found: len(found) > 0, timeout=10)
    assert codes(found) == ["golden-drift"]
    assert time.monotonic() - started < 2, "the disk change took more than 2 s to reach the editor"


async def test_closing_a_lesson_falls_back_to_the_saved_file(client):
    original = text(LESSON)
    open_document(client, LESSON)
    await diagnostics(client, uri(LESSON), lambda found: True)
    change(client, LESSON, original.replace("\ndokunuldu: tapCount degisti", "\nXdokunuldu: tapCount degisti", 1), 2)
    await diagnostics(client, uri(LESSON), lambda found: len(found) > 0)
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri(LESSON))))
    assert await diagnostics(client, uri(LESSON), lambda found: len(found) == 0) == ()


async def test_hover_and_other_lessons_answer_while_a_tree_runs_away(client):
    original = text(LESSON)
    open_document(client, LESSON)
    open_document(client, OTHER)
    await diagnostics(client, uri(OTHER), lambda found: True)
    runaway = (original + "\n```swift\n// main.swift — runaway\n"
               + "func f(_ n: Int) -> Int { n < 2 ? n : f(n - 1) + f(n - 2) }\nprint(f(32))\n```\n\n"
               + "```\n2178309\n```\n")
    change(client, LESSON, runaway, 2)
    await asyncio.sleep(0.05)
    line = text(OTHER).split("\n").index(next(l for l in text(OTHER).split("\n") if l.startswith("// main.swift")))
    started = time.monotonic()
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri(OTHER)), position=types.Position(line=line, character=0)))
    # The runaway alone takes about a second in the embedded engine: a generous bound still shows
    # the hover did not wait for it.
    assert time.monotonic() - started < 0.5
    assert "Actual output" in hover.contents.value
    drifted = text(OTHER).replace("\ndugme-basildi:", "\nXdugme-basildi:", 1)
    started = time.monotonic()
    change(client, OTHER, drifted, 2)
    found = await diagnostics(client, uri(OTHER), lambda found: len(found) > 0)
    assert time.monotonic() - started < 0.5
    assert codes(found) == ["output-drift"]


async def test_approve_is_not_offered_under_ci(ci_client):
    golden = os.path.join(COURSE, GOLDEN)
    with open(golden, "a", encoding="utf-8") as file:
        file.write("fazladan\n")
    open_document(ci_client, LESSON)
    found = await diagnostics(ci_client, uri(LESSON), lambda found: len(found) > 0)
    assert codes(found) == ["golden-drift"]
    actions = await actions_for(ci_client, found)
    assert len(actions) == 0


async def test_approve_writes_the_golden_inside_the_workspace(client):
    golden = os.path.join(COURSE, GOLDEN)
    with open(golden, encoding="utf-8") as file:
        approved = file.read()
    with open(golden, "a", encoding="utf-8") as file:
        file.write("fazladan\n")
    open_document(client, LESSON)
    found = await diagnostics(client, uri(LESSON), lambda found: len(found) > 0)
    actions = await actions_for(client, found)
    # lsprotocol reads a CodeAction whose `command` is an object as a Command, with that object
    # as its text; the server sent a CodeAction (kind quickfix, command {command, arguments}).
    assert len(actions) == 1 and isinstance(actions[0], types.Command)
    command = ast.literal_eval(actions[0].command)
    assert command["command"] == "coursecheck.approve"
    await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=command["command"], arguments=command["arguments"]))
    with open(golden, encoding="utf-8") as file:
        assert file.read() == approved
    assert await diagnostics(client, uri(LESSON), lambda found: len(found) == 0) == ()


async def test_a_lesson_named_copy_outside_the_lessons_directory_gets_nothing(client):
    docs = os.path.join(COURSE, "docs")
    os.makedirs(docs, exist_ok=True)
    stray = os.path.join(docs, "09-yerel-durum.md")
    with open(stray, "w", encoding="utf-8") as file:
        file.write(text(LESSON) + "\nyerel: 5\n")
    await assert_unchecked(client, "docs/09-yerel-durum.md")


async def test_a_reopened_lesson_is_published_again(client):
    open_document(client, LESSON, version=1)
    await diagnostics(client, uri(LESSON), lambda found: True)
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri(LESSON))))
    await asyncio.sleep(0.3)
    client.diagnostics.pop(uri(LESSON), None)
    open_document(client, LESSON, version=5)
    found = await diagnostics(client, uri(LESSON), lambda found: True, timeout=10)
    assert len(found) == 0
