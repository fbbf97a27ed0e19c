#!/usr/bin/env python3
"""Check that lore's selection does not depend on the format a team keeps its rules in.

Rewrites the team set (../shared/eval/teams) with every Cursor rule (`.cursor/rules/**/*.mdc`)
as a Copilot instructions file (`.github/instructions/**/*.instructions.md`) and every Copilot
instructions file as a Cursor rule, the same text under the same scoping (Cursor `globs` <->
Copilot `applyTo`, `alwaysApply: true` <-> `applyTo: "**"`, `description` kept), maps the
judged files to their new paths, and scores both sets with the team scorer. The calls and
judgments are the team set's own; nothing new is written, so this measures one thing: how
far the figures move when only the format changes. A rule that reads a format's folders or
marks as evidence shows up as a gap between the two rows.

  scripts/format_swap.py [--lore BIN] [--json OUT]

The rewritten set is written to a temporary folder and removed. Standard library only.
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


def as_copilot(path, text):
    f, head, body = read_rule(text)
    if str(f.get("alwaysApply", "")).lower() == "true":
        head.append('applyTo: "**"')
    elif items(f.get("globs")):
        head.append('applyTo: "' + ",".join(items(f.get("globs"))) + '"')
    folder, inner = path.split(".cursor/rules/", 1)
    new_path = f"{folder}.github/instructions/{inner[:-len('.mdc')]}.instructions.md"
    return new_path, ("---\n" + "\n".join(head) + "\n---\n" if head else "") + body


def as_cursor(path, text):
    f, head, body = read_rule(text)
    globs = items(f.get("applyTo"))
    if globs in (["**"], ["**/*"]):
        head.append("alwaysApply: true")
    elif globs:
        head += ["globs: " + ",".join(globs), "alwaysApply: false"]
    folder, inner = path.split(".github/instructions/", 1)
    new_path = f"{folder}.cursor/rules/{inner[:-len('.instructions.md')]}.mdc"
    return new_path, "---\n" + "\n".join(head) + "\n---\n" + body


def swapped(repos, calls):
    out, moved = {}, {}
    for name, spec in repos.items():
        renamed, files = {}, {}
        for path, text in spec["files"].items():
            if "/.cursor/rules/" in "/" + path and path.endswith(".mdc"):
                new_path, text = as_copilot(path, text)
            elif "/.github/instructions/" in "/" + path and path.endswith(".instructions.md"):
                new_path, text = as_cursor(path, text)
            else:
                new_path = path
            renamed[path] = new_path
            files[new_path] = text
        out[name] = dict(spec, files=files,
                         rule_files=[renamed.get(p, p) for p in spec["rule_files"]],
                         links={renamed.get(k, k): v for k, v in spec.get("links", {}).items()})
        moved[name] = renamed
    rewritten = []
    for call in calls:
        renamed = moved[call["repo"]]
        rewritten.append(dict(call,
                              relevant=[renamed.get(p, p) for p in call["relevant"]],
                              acceptable=[renamed.get(p, p) for p in call.get("acceptable", [])]))
    return out, rewritten


def score(lore, repos_path, sessions_path, work):
    run = subprocess.run(
        [sys.executable, os.path.join(TEAMS, "score.py"), "--bin", lore, "--repos", repos_path,
         "--sessions", sessions_path, "--workdir", work],
        capture_output=True, text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])["overall"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lore", default=os.path.join(HERE, "..", "target", "release", "lore"))
    ap.add_argument("--json", help="write both rows here")
    a = ap.parse_args()
    repos = json.load(open(os.path.join(TEAMS, "repos.json")))
    calls = [json.loads(line) for line in open(os.path.join(TEAMS, "sessions.jsonl"))
             if line.strip()]
    with tempfile.TemporaryDirectory(prefix="lore-format-swap-") as tmp:
        repos_swapped, calls_swapped = swapped(repos, calls)
        swapped_repos = os.path.join(tmp, "repos.json")
        swapped_sessions = os.path.join(tmp, "sessions.jsonl")
        json.dump(repos_swapped, open(swapped_repos, "w"))
        with open(swapped_sessions, "w") as f:
            for call in calls_swapped:
                f.write(json.dumps(call) + "\n")
        rows = {
            "as committed": score(a.lore, os.path.join(TEAMS, "repos.json"),
                                  os.path.join(TEAMS, "sessions.jsonl"),
                                  os.path.join(tmp, "own")),
            "formats swapped": score(a.lore, swapped_repos, swapped_sessions,
                                     os.path.join(tmp, "swapped")),
        }
    metrics = ["session_recall", "recall_with_harness", "precision", "noise_share",
               "chars_per_call_mean", "neg_chars_mean"]
    print("| team set | " + " | ".join(metrics) + " |")
    print("| --- |" + " ---: |" * len(metrics))
    for name, row in rows.items():
        print(f"| {name} | " + " | ".join(
            f"{row[m]:.3f}" if row[m] < 10 else f"{row[m]:,.0f}" for m in metrics) + " |")
    if a.json:
        json.dump(rows, open(a.json, "w"), indent=1)


if __name__ == "__main__":
    main()
