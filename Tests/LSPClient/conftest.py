"""Fixtures for driving `coursecheck lsp` through pytest-lsp, a real LSP client library (pygls).

The server is the binary in COURSECHECK_BIN (default .build/release/coursecheck); each test gets a
fresh copy of the course (lessons/, goldens/, README.md) in a scratch folder and a server, once for
each client profile in PROFILES: every test runs with each capability set.
"""
import asyncio
import os
import shutil
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("COURSECHECK_BIN", os.path.join(ROOT, ".build/release/coursecheck"))
COURSE = tempfile.mkdtemp(prefix="coursecheck-lsp-client-")
CACHE = os.path.join(COURSE, "cache")


# pytest-lsp's recorded client capabilities, by what the server reads from them:
# - Neovim 0.11: no `workspace.workspaceEdit.documentChanges` (quick fixes come as `changes`), no
#   dynamic registration of file watchers, `general.positionEncodings` utf-8 first (so utf-8).
# - VS Code 1.65: `documentChanges` (versioned edits), dynamic registration of file watchers, no
#   `positionEncodings` (so UTF-16, the protocol's default).
PROFILES = {
    "neovim@v0.11.0": {"document_changes": False, "registers_watchers": False, "encoding": "utf-8"},
    "visual-studio-code@v1.65.2": {"document_changes": True, "registers_watchers": True, "encoding": "utf-16"},
}


def fresh_course():
    """Replaces the scratch course with a clean copy of the real one."""
    for name in ("lessons", "goldens"):
        shutil.rmtree(os.path.join(COURSE, name), ignore_errors=True)
        shutil.copytree(os.path.join(ROOT, name), os.path.join(COURSE, name))
    shutil.copy(os.path.join(ROOT, "README.md"), os.path.join(COURSE, "README.md"))


def server_environment(ci=False):
    env = {key: value for key, value in os.environ.items() if key != "CI"}
    env["COURSECHECK_CACHE_DIR"] = CACHE
    if ci:
        env["CI"] = "true"
    return env


def uri(relative):
    return "file://" + os.path.join(COURSE, relative)


def text(relative):
    with open(os.path.join(COURSE, relative), encoding="utf-8") as file:
        return file.read()


def raw(relative):
    """The file's bytes, as the disk holds them (its line ends and byte order mark kept)."""
    with open(os.path.join(COURSE, relative), "rb") as file:
        return file.read()


def write(relative, data):
    with open(os.path.join(COURSE, relative), "wb") as file:
        file.write(data if isinstance(data, bytes) else data.encode("utf-8"))


async def diagnostics(client, document, until, timeout=30):
    """Waits for the diagnostics of `document` to satisfy `until`, and returns them."""

    async def wait():
        while True:
            found = client.diagnostics.get(document)
            if found is not None and until(found):
                return found
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    return await asyncio.wait_for(wait(), timeout)


def open_document(client, relative, content=None, version=1):
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri(relative), language_id="markdown", version=version,
        text=text(relative) if content is None else content)))


def change(client, relative, content, version):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(relative), version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=content)]))


async def start(lsp_client: LanguageClient, profile):
    """Initializes a session with `profile`'s capabilities; the client keeps the profile, what
    the profile makes of the server's choices (`expects`), the server's answer (`initialize_result`)
    and each `client/registerCapability` it receives (`registrations`)."""
    fresh_course()
    lsp_client.profile = profile
    lsp_client.expects = PROFILES[profile]
    lsp_client.registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        lsp_client.registrations.append(params)

    lsp_client.initialize_result = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities(profile),
        workspace_folders=[types.WorkspaceFolder(uri="file://" + COURSE, name="course")]))


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[BIN, "lsp"], server_env=server_environment()), params=list(PROFILES))
async def client(lsp_client: LanguageClient, request):
    await start(lsp_client, request.param)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[BIN, "lsp"], server_env=server_environment(ci=True)),
    params=list(PROFILES))
async def ci_client(lsp_client: LanguageClient, request):
    await start(lsp_client, request.param)
    yield
    await lsp_client.shutdown_session()


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(COURSE, ignore_errors=True)
