#!/usr/bin/env python3
"""Check that lore's selection does not depend on the format a team keeps its rules in.

Rewrites the team set (../shared/eval/teams) with its Cursor rules (`.cursor/rules/**/*.mdc`)
and Copilot instructions files (`.github/instructions/**/*.instructions.md`) in another
agent's format, the same text under the same scoping, maps the judged files to their new
paths, and scores each rewrite with the team scorer. The calls and judgments are the team
set's own; nothing new is written, so this measures one thing: how far the figures move when
only the format changes. A rule that reads a format's folders or marks as evidence shows up as
a gap between the rows.

The rewrites (`--to`, default all):

  swap      every Cursor rule as a Copilot file and every Copilot file as a Cursor rule
            (`globs` <-> `applyTo`, `alwaysApply: true` <-> `applyTo: "**"`)
  windsurf  `.windsurf/rules/*.md`: `trigger: always_on` / `glob` + `globs` / `model_decision`
  kiro      `.kiro/steering/*.md`: `inclusion: always` / `fileMatch` + `fileMatchPattern` /
            `auto`
  continue  `.continue/rules/*.md`: `alwaysApply: true` / `globs` / `alwaysApply: false`
  cursor-md every Cursor rule as a `.md` file in `.cursor/rules` (Copilot files as they are)
  camelcase every Cursor and Copilot rule in its own format, its file named in camelCase
  crlf      every rule file as committed, saved with Windows line endings
  linked    the root Cursor rules kept in `.ai/rules`, `.cursor/rules` a link to it (one set
            of rules kept for several agents)

A rule's `description` is kept in every format. Claude Code's `.claude/rules` is not a
target: Claude Code loads those files itself, so lore rightly leaves them out and the rows
would measure the harness, not the format.

  scripts/format_swap.py [--lore BIN] [--to NAME ...] [--json OUT] [--max-gap G]

With `--max-gap`, exits 1 when a rewrite's recall, recall with harness or precision is lower
than the committed set's by more than G, or its noise share higher (CI runs it with 0.02).

The rewritten sets are written to a temporary folder and removed. Standard library only.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TEAMS = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "eval", "teams"))
KEYS = re.compile(r"^([A-Za-z]+):\s*(.*)$")


def split_frontmatter(text):
    """(frontmatter lines or None, body). Also reads `applyTo:` on line 1 with no opening
    `---`, as lore does."""
    lines = text.split("\n")
    if lines and lines[0].strip() == "---":
        for i in range(1, len(lines)):
            if lines[i].strip() == "---":
                return lines[1:i], "\n".join(lines[i + 1:])
    if lines and KEYS.match(lines[0]):
        for i in range(1, min(len(lines), 20)):
            if lines[i].strip() == "---":
                return lines[:i], "\n".join(lines[i + 1:])
    return None, text


def fields(lines):
    """key -> str or list, from `key: value` and `- item` lines."""
    out, key = {}, None
    for line in lines or []:
        m = KEYS.match(line)
        if m:
            key, value = m.group(1), m.group(2).strip()
            out[key] = [] if value == "" else value
        elif key and line.strip().startswith("-"):
            if not isinstance(out.get(key), list):
                out[key] = []
            out[key].append(line.strip()[1:].strip())
    return out


def items(value):
    if value is None:
        return []
    if isinstance(value, str):
        value = value.strip()
        if value.startswith("[") and value.endswith("]"):
            value = value[1:-1]
        value = value.split(",")
    return [v.strip().strip("\"'") for v in value if v.strip().strip("\"'")]


def read_rule(text):
    """(fields, frontmatter lines to write: the description, kept as is, body)."""
    meta, body = split_frontmatter(text)
    f = fields(meta)
    description = f.get("description")
    head = [f"description: {description}"] if isinstance(description, str) and description else []
    return f, head, body


def read_scoping(path, text):
    """(folder, stem, kind, globs, head, body) of a Cursor or Copilot rule file, or None for any
    other file. kind is "always", "globs" or "described" (found by its words)."""
    for marker, suffix, key in ((".cursor/rules/", ".mdc", "globs"),
                                (".github/instructions/", ".instructions.md", "applyTo")):
        if marker in "/" + path and path.endswith(suffix):
            folder, inner = ("/" + path).split(marker, 1)
            f, head, body = read_rule(text)
            globs = items(f.get(key))
            always = str(f.get("alwaysApply", "")).lower() == "true" or globs in (["**"],
                                                                                 ["**/*"])
            kind = "always" if always else "globs" if globs else "described"
            return folder[1:], inner[:-len(suffix)], kind, globs, head, body
    return None


def as_copilot(folder, stem, kind, globs, head):
    if kind == "always":
        head = head + ['applyTo: "**"']
    elif kind == "globs":
        head = head + ['applyTo: "' + ",".join(globs) + '"']
    return f"{folder}.github/instructions/{stem}.instructions.md", head


def as_cursor(folder, stem, kind, globs, head):
    if kind == "always":
        head = head + ["alwaysApply: true"]
    elif kind == "globs":
        head = head + ["globs: " + ",".join(globs), "alwaysApply: false"]
    return f"{folder}.cursor/rules/{stem}.mdc", head


def as_windsurf(folder, stem, kind, globs, head):
    trigger = {"always": ["trigger: always_on"],
               "globs": ["trigger: glob", "globs: " + ",".join(globs)],
               "described": ["trigger: model_decision"]}[kind]
    return f"{folder}.windsurf/rules/{stem}.md", head + trigger


def as_kiro(folder, stem, kind, globs, head):
    inclusion = {"always": ["inclusion: always"],
                 "globs": ["inclusion: fileMatch",
                           'fileMatchPattern: "' + ",".join(globs) + '"'],
                 "described": ["inclusion: auto"]}[kind]
    return f"{folder}.kiro/steering/{stem}.md", head + inclusion


def as_continue(folder, stem, kind, globs, head):
    apply = {"always": ["alwaysApply: true"],
             "globs": ["globs: " + ",".join(globs)],
             "described": ["alwaysApply: false"]}[kind]
    return f"{folder}.continue/rules/{stem}.md", head + apply


def swap(path, scoping):
    writer = as_copilot if path.endswith(".mdc") else as_cursor
    return writer(*scoping)


def as_cursor_markdown(folder, stem, kind, globs, head, path):
    """A Cursor rule as an `.md` file in `.cursor/rules` (newer Cursor reads both); one with
    no keys at all gets `alwaysApply: false`, as a plain `.md` file is a rule only on
    request. Copilot files stay as they are."""
    if not path.endswith(".mdc"):
        return as_copilot(folder, stem, kind, globs, head)
    new_path, head = as_cursor(folder, stem, kind, globs, head)
    if kind == "described" and len(head) == 0:
        head = ["alwaysApply: false"]
    return new_path[:-len(".mdc")] + ".md", head


def camel_case(folder, stem, kind, globs, head, path):
    """The same rule in the same format, its file named in camelCase (`data-fetching.mdc` ->
    `dataFetching.mdc`)."""
    inner, _, name = stem.rpartition("/")
    words = re.split(r"[-_]", name)
    name = words[0] + "".join(w[:1].upper() + w[1:] for w in words[1:])
    stem = f"{inner}/{name}" if inner else name
    writer = as_cursor if path.endswith(".mdc") else as_copilot
    return writer(folder, stem, kind, globs, head)


def with_windows_line_endings(repos, calls):
    """Every rule file saved with CRLF line endings, as a Windows editor writes it."""
    out = {}
    for name, spec in repos.items():
        rules = set(spec["rule_files"])
        out[name] = dict(spec, files={
            path: text.replace("\r\n", "\n").replace("\n", "\r\n") if path in rules else text
            for path, text in spec["files"].items()})
    return out, calls


def in_a_linked_folder(repos, calls):
    """The root `.cursor/rules` moved to `.ai/rules`, with `.cursor/rules` a link to it: the
    rules keep their names as Cursor (and lore) see them, so the judgments hold as they are."""
    out = {}
    for name, spec in repos.items():
        files, links = {}, dict(spec.get("links", {}))
        for path, text in spec["files"].items():
            if path.startswith(".cursor/rules/"):
                files[".ai/rules/" + path[len(".cursor/rules/"):]] = text
                links[".cursor/rules"] = "../.ai/rules"
            else:
                files[path] = text
        out[name] = dict(spec, files=files, links=links)
    return out, calls


# Rewrites of the whole set at once, rather than one rule file at a time.
WHOLE_SET = {"crlf": with_windows_line_endings, "linked": in_a_linked_folder}

TARGETS = {
    "swap": ("formats swapped (Cursor <-> Copilot)", swap),
    "windsurf": ("as Windsurf rules", lambda path, scoping: as_windsurf(*scoping)),
    "kiro": ("as Kiro steering files", lambda path, scoping: as_kiro(*scoping)),
    "continue": ("as Continue rules", lambda path, scoping: as_continue(*scoping)),
    "cursor-md": ("Cursor rules as .md files",
                  lambda path, scoping: as_cursor_markdown(*scoping, path)),
    "camelcase": ("files named in camelCase",
                  lambda path, scoping: camel_case(*scoping, path)),
    "crlf": ("with Windows line endings", None),
    "linked": ("Cursor rules in a linked folder", None),
}


def rewritten(repos, calls, writer):
    out, moved = {}, {}
    for name, spec in repos.items():
        renamed, files = {}, {}
        for path, text in spec["files"].items():
            scoping = read_scoping(path, text)
            new_path = path
            if scoping:
                folder, stem, kind, globs, head, body = scoping
                new_path, head = writer(path, (folder, stem, kind, globs, head))
                text = ("---\n" + "\n".join(head) + "\n---\n" if head else "") + body
            renamed[path] = new_path
            files[new_path] = text
        out[name] = dict(spec, files=files,
                         rule_files=[renamed.get(p, p) for p in spec["rule_files"]],
                         links={renamed.get(k, k): v for k, v in spec.get("links", {}).items()})
        moved[name] = renamed
    calls_out = []
    for call in calls:
        renamed = moved[call["repo"]]
        calls_out.append(dict(call,
                              relevant=[renamed.get(p, p) for p in call["relevant"]],
                              acceptable=[renamed.get(p, p) for p in call.get("acceptable", [])]))
    return out, calls_out


def score(lore, repos_path, sessions_path, work):
    run = subprocess.run(
        [sys.executable, os.path.join(TEAMS, "score.py"), "--bin", lore, "--repos", repos_path,
         "--sessions", sessions_path, "--workdir", work],
        capture_output=True, text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])["overall"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lore", default=os.path.join(HERE, "..", "target", "release", "lore"))
    ap.add_argument("--to", nargs="+", choices=sorted(TARGETS), default=list(TARGETS),
                    help="the rewrites to score (default: all)")
    ap.add_argument("--json", help="write every row here")
    ap.add_argument("--max-gap", type=float,
                    help="fail when a rewrite scores worse than the committed set by more")
    a = ap.parse_args()
    if not os.path.exists(os.path.join(TEAMS, "repos.json")):
        sys.exit(f"format_swap: {TEAMS} is missing (the team set lives in ../shared)")
    repos = json.load(open(os.path.join(TEAMS, "repos.json")))
    calls = [json.loads(line) for line in open(os.path.join(TEAMS, "sessions.jsonl"))
             if line.strip()]
    with tempfile.TemporaryDirectory(prefix="lore-format-swap-") as tmp:
        rows = {"as committed": score(a.lore, os.path.join(TEAMS, "repos.json"),
                                      os.path.join(TEAMS, "sessions.jsonl"),
                                      os.path.join(tmp, "own"))}
        for target in a.to:
            label, writer = TARGETS[target]
            repos_out, calls_out = (rewritten(repos, calls, writer) if writer
                                    else WHOLE_SET[target](repos, calls))
            repos_path = os.path.join(tmp, target + ".repos.json")
            sessions_path = os.path.join(tmp, target + ".sessions.jsonl")
            json.dump(repos_out, open(repos_path, "w"))
            with open(sessions_path, "w") as f:
                for call in calls_out:
                    f.write(json.dumps(call) + "\n")
            rows[label] = score(a.lore, repos_path, sessions_path, os.path.join(tmp, target))
    metrics = ["session_recall", "recall_with_harness", "precision", "noise_share",
               "chars_per_call_mean", "neg_chars_mean"]
    print("| team set | " + " | ".join(metrics) + " |")
    print("| --- |" + " ---: |" * len(metrics))
    for name, row in rows.items():
        print(f"| {name} | " + " | ".join(
            f"{row[m]:.3f}" if row[m] < 10 else f"{row[m]:,.0f}" for m in metrics) + " |")
    if a.json:
        json.dump(rows, open(a.json, "w"), indent=1)
    if a.max_gap is not None:
        gaps = format_gaps(rows, a.max_gap)
        for gap in gaps:
            print("format gap: " + gap, file=sys.stderr)
        if gaps:
            sys.exit(1)


def format_gaps(rows, max_gap):
    """One line per figure a rewrite loses by more than max_gap against the committed set."""
    own = rows["as committed"]
    gaps = []
    for label, row in rows.items():
        if row is own:
            continue
        for metric in ("session_recall", "recall_with_harness", "precision"):
            if own[metric] - row[metric] > max_gap:
                gaps.append(f"{label}: {metric} {row[metric]:.3f} against {own[metric]:.3f}")
        if row["noise_share"] - own["noise_share"] > max_gap:
            gaps.append(f"{label}: noise_share {row['noise_share']:.3f} "
                        f"against {own['noise_share']:.3f}")
    return gaps


if __name__ == "__main__":
    main()
