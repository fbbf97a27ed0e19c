"""A real MCP client (the official Python SDK) against `lore serve` over stdio.

Each test builds a temp repository (lore.toml, a few patterns, git for the commit test),
starts the binary named by LORE_BIN, lists the tools and calls them, and checks the answers
and the files on disk.

    pip install -r tests/mcp_client/requirements.txt
    cargo build && LORE_BIN=target/debug/lore pytest tests/mcp_client
"""

import json
import os
import subprocess
from contextlib import asynccontextmanager
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp import MCPError

ERRORS_MD = """---
tags: [errors, rust]
language: rust
---
# Error handling

## Never unwrap at runtime

Use `?` and thiserror enums; unwrap only in tests.
"""

SQL_MD = """# SQL hygiene

Bind parameters; never format values into SQL strings.
"""

TESTING_MD = """# Testing

Snapshot what agents read with insta.
"""

TOOLS = {
    "search_patterns",
    "add_pattern",
    "update_pattern",
    "append_to_pattern",
    "propose_pattern",
    "lore_status",
}


def lore_bin() -> str:
    path = os.environ.get("LORE_BIN")
    if not path:
        pytest.fail("set LORE_BIN to the lore binary, e.g. LORE_BIN=target/debug/lore")
    return str(Path(path).resolve())


def git(repo: Path, *args: str) -> str:
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    out = subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True, env=env)
    return out.stdout


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "lore.toml").write_text('knowledge_dir = "patterns"\n\n[search]\nhybrid = false\n')
    patterns = tmp_path / "patterns"
    patterns.mkdir()
    (patterns / "error-handling.md").write_text(ERRORS_MD)
    (patterns / "sql.md").write_text(SQL_MD)
    (patterns / "testing.md").write_text(TESTING_MD)
    return tmp_path


@pytest.fixture
def git_repo(repo: Path) -> Path:
    (repo / ".gitignore").write_text(".lore/\n")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", ".")
    git(repo, "-c", "user.name=test", "-c", "user.email=test@localhost", "commit", "-qm", "initial")
    return repo


# lore's variables a developer may have set: LORE_CONFIG would outrank the test repository's
# lore.toml, LORE_DEBUG / LORE_TRACE change what lore prints, LORE_MCP_BRANCH_PREFIX where it commits.
LORE_ENV = ("LORE_CONFIG", "LORE_DEBUG", "LORE_TRACE", "LORE_MCP_BRANCH_PREFIX")


def clean_env() -> dict:
    return {k: v for k, v in os.environ.items() if k not in LORE_ENV}


@asynccontextmanager
async def session(repo: Path, **env: str):
    base = clean_env()
    base.update({"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", **env})
    params = StdioServerParameters(command=lore_bin(), args=["serve"], cwd=str(repo), env=base)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as s:
            init = await s.initialize()
            assert init.server_info.name == "lore"
            yield s


def text_of(result) -> str:
    assert result.content, result
    return result.content[0].text


def run(coro_fn, *args):
    return anyio.run(coro_fn, *args)


def cli(repo: Path, *args: str) -> str:
    out = subprocess.run([lore_bin(), *args], cwd=repo, check=True, capture_output=True, text=True, env=clean_env())
    return out.stdout


def test_lists_every_tool_with_described_arguments(repo: Path):
    async def main():
        async with session(repo) as s:
            tools = (await s.list_tools()).tools
            assert {t.name for t in tools} == TOOLS
            for tool in tools:
                assert tool.description
                for name, prop in tool.input_schema.get("properties", {}).items():
                    assert prop.get("description"), f"{tool.name}.{name}"
            add = next(t for t in tools if t.name == "add_pattern")
            assert set(add.input_schema["required"]) == {"title", "body"}

    run(main)


def test_search_matches_the_cli_and_shows_pattern_text(repo: Path):
    async def main():
        async with session(repo) as s:
            for query in ["never unwrap errors", "bind parameters sql", "insta snapshot"]:
                cli_results = json.loads(cli(repo, "search", "--json", "-k", "5", query))["results"]
                # Each query names one pattern: two empty answers would agree without showing
                # anything.
                assert cli_results, query
                result = await s.call_tool("search_patterns", {"query": query, "top_k": 5, "include_metadata": True})
                assert not result.is_error
                text = text_of(result)
                assert not text.startswith("No patterns match"), text
                for r in cli_results:
                    assert f"({r['source']}:{r['line']})" in text, text
                    assert "score" in text
                    body = (repo / "patterns" / r["source"]).read_text().strip().splitlines()[-1]
                    assert body in text, text

    run(main)


def test_status_is_lore_status_json(repo: Path):
    async def main():
        async with session(repo) as s:
            result = await s.call_tool("lore_status", {})
            return json.loads(text_of(result))

    status = run(main)
    expected = json.loads(cli(repo, "status", "--json"))
    expected["index"].pop("last_ingest")
    status["index"].pop("last_ingest")
    assert status == expected
    assert status["index"]["patterns"] == 3


def test_add_update_append_write_files_and_index(repo: Path):
    async def main():
        async with session(repo) as s:
            added = await s.call_tool(
                "add_pattern",
                {
                    "title": "Logging: use tracing",
                    "body": "Log with `tracing` spans, not println.",
                    "tags": ["logging", "observability"],
                    "language": ["rust"],
                    "paths": ["src/**"],
                    "directory": "rust",
                },
            )
            assert not added.is_error, added
            assert "Added rust/logging-use-tracing.md" in text_of(added)
            assert "Not committed" in text_of(added)

            dup = await s.call_tool("add_pattern", {"title": "Logging: use tracing", "body": "again"})
            # Same slug, but in the knowledge dir root: a different file, so allowed, and the
            # answer names the file with the same title.
            assert not dup.is_error, dup
            assert "`rust/logging-use-tracing.md` already has this title" in text_of(dup)
            dup2 = await s.call_tool("add_pattern", {"title": "logging -- USE tracing", "body": "again"})
            assert dup2.is_error and "`logging-use-tracing.md` already exists" in text_of(dup2)

            updated = await s.call_tool(
                "update_pattern",
                {"source": "sql.md", "body": "Always bind parameters.", "tags": ["sql"], "language": "sql"},
            )
            assert not updated.is_error, updated
            appended = await s.call_tool(
                "append_to_pattern",
                {"source": "testing.md", "heading": "Property tests", "body": "Use proptest for parsers."},
            )
            assert not appended.is_error, appended
            status = json.loads(text_of(await s.call_tool("lore_status", {})))
            assert status["index"]["patterns"] == 5

    run(main)
    p = repo / "patterns"
    assert (p / "rust/logging-use-tracing.md").read_text() == (
        '---\ntags: ["logging", "observability"]\nlanguage: ["rust"]\npaths: ["src/**"]\n---\n'
        "# Logging: use tracing\n\nLog with `tracing` spans, not println.\n"
    )
    assert (p / "sql.md").read_text() == '---\ntags: ["sql"]\nlanguage: ["sql"]\n---\n# SQL hygiene\n\nAlways bind parameters.\n'
    assert (p / "testing.md").read_text() == TESTING_MD + "\n## Property tests\n\nUse proptest for parsers.\n"
    assert json.loads(cli(repo, "status", "--json"))["index"]["patterns"] == 5


def test_writes_are_committed_in_git(git_repo: Path):
    async def main():
        async with session(git_repo) as s:
            added = await s.call_tool("add_pattern", {"title": "Commit messages", "body": "Say why."})
            assert "Committed" in text_of(added) and "on branch main" in text_of(added), added
            appended = await s.call_tool(
                "append_to_pattern", {"source": "commit-messages.md", "heading": "Subject", "body": "72 characters."}
            )
            assert "Committed" in text_of(appended), appended

    run(main)
    log = git(git_repo, "log", "--format=%an|%s", "--name-only")
    assert 'lore|lore: add section "Subject" to commit-messages.md' in log
    assert 'lore|lore: add pattern "Commit messages"' in log
    assert git(git_repo, "status", "--porcelain") == ""


def test_per_submission_branch(git_repo: Path):
    async def main():
        async with session(git_repo, LORE_MCP_BRANCH_PREFIX="agent/") as s:
            added = await s.call_tool("add_pattern", {"title": "Review me", "body": "Please."})
            assert "on new branch agent/review-me" in text_of(added), added

    run(main)
    assert git(git_repo, "branch", "--show-current").strip() == "main"
    assert "review-me.md" in git(git_repo, "show", "--name-only", "--format=%s", "agent/review-me")


def test_bad_arguments_are_errors_and_the_session_goes_on(repo: Path):
    async def main():
        async with session(repo) as s:
            with pytest.raises(MCPError, match="not a path inside the knowledge dir"):
                await s.call_tool("update_pattern", {"source": "../lore.toml", "body": "x"})
            with pytest.raises(MCPError, match="body is 70000 characters; the limit is 65536"):
                await s.call_tool("add_pattern", {"title": "Big", "body": "x" * 70000})
            with pytest.raises(MCPError):
                await s.call_tool("no_such_tool", {})
            result = await s.call_tool("lore_status", {})
            assert json.loads(text_of(result))["index"]["patterns"] == 3

    run(main)
    assert sorted(f.name for f in (repo / "patterns").iterdir()) == ["error-handling.md", "sql.md", "testing.md"]


def test_writes_where_ingest_would_not_look_are_refused(repo: Path):
    (repo / "patterns" / ".loreignore").write_text("drafts/\n")

    async def main():
        async with session(repo) as s:
            with pytest.raises(MCPError, match=r"would not be indexed: `\.drafts` is hidden"):
                await s.call_tool("add_pattern", {"title": "Draft", "body": "x", "directory": ".drafts"})
            with pytest.raises(MCPError, match=r"the rule `drafts/`"):
                await s.call_tool("add_pattern", {"title": "Draft", "body": "x", "directory": "drafts"})
            result = await s.call_tool("lore_status", {})
            assert json.loads(text_of(result))["index"]["patterns"] == 3

    run(main)
    assert sorted(f.name for f in (repo / "patterns").iterdir()) == [
        ".loreignore",
        "error-handling.md",
        "sql.md",
        "testing.md",
    ]
