"""Fixtures for driving `coursecheck lsp` through pytest-lsp, a real LSP client library (pygls).

The server is the binary in COURSECHECK_BIN (default .build/release/coursecheck); each test gets a
fresh copy of the course (lessons/, goldens/, README.md) in a scratch folder and a server whose
client announces Neovim 0.11's capabilities.
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


async def start(lsp_client: LanguageClient):
    fresh_course()
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("neovim@v0.11.0"),
        workspace_folders=[types.WorkspaceFolder(uri="file://" + COURSE, name="course")]))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN, "lsp"], server_env=server_environment()))
async def client(lsp_client: LanguageClient):
    await start(lsp_client)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[BIN, "lsp"], server_env=server_environment(ci=True)))
async def ci_client(lsp_client: LanguageClient):
    await start(lsp_client)
    yield
    await lsp_client.shutdown_session()


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(COURSE, ignore_errors=True)
