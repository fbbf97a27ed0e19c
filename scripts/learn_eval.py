#!/usr/bin/env python3
"""Score lore's learning from corrections on the judged sessions of eval/learn, through the real
Claude Code client.

Every session of eval/learn/sessions.json is a scripted conversation run by
../shared/tools/claude-harness/run.py (the real `claude` CLI against a scripted model) in its
project (eval/learn/projects.json: files, patterns, a git repository with lore set up), with
`lore hook` registered for SessionStart, UserPromptSubmit, PreToolUse, SubagentStart and Stop.
The sessions of one project share one project folder and one review inbox, in order, as a
team's sessions would. After each session `lore inbox --json` says what it added: a new item, or
a raised one. Correction sessions expect their convention (eval/learn/sessions.json
"conventions": an item matches one when every one of its terms is in the item's rule or
referents); negative sessions expect nothing.

Figures:
- precision: items that match a convention of their project / items;
- recall: conventions matched by an item / conventions;
- session recall: correction sessions that added or raised an item of their convention;
- duplicate rate: items whose convention an earlier item already matched / items;
- negative captures: items added or raised by negative sessions (hard negatives and prompts
  the client wrote itself);
- re-injected: accepted items (`lore inbox accept`, the first item of each matched
  convention) whose pattern `lore hook` injects when the corrected call is replayed in a new
  session / accepted items.

  scripts/learn_eval.py [--lore BIN] [--claude BIN] [--json OUT] [--keep DIR]
                        [--floor FILE] [--write-floor FILE] [--only ID,...]
                        [--sessions FILE]

--sessions eval/learn/holdout.json runs the set written after the grammar was settled.

--floor FILE ({"metric": value}) fails with exit 1 when a figure is worse than its floor
(negative_captures, duplicate_rate and failed_runs are ceilings). CI runs it (.ci/run) with
eval/learn/floor.json. --write-floor writes this run's figures as a floor (rates loosened by
0.02, counts exact).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SET = os.path.join(ROOT, "eval", "learn")
HARNESS = os.path.join(ROOT, "..", "shared", "tools", "claude-harness", "run.py")
EVENTS = "SessionStart,UserPromptSubmit,PreToolUse=Edit|Write|Bash,SubagentStart,Stop"
LOWER_IS_BETTER = ("negative_captures", "duplicate_rate", "failed_runs")
TOLERANCE = 0.02
GIT_ENV = {"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_AUTHOR_NAME": "eval", "GIT_AUTHOR_EMAIL": "eval@localhost",
           "GIT_COMMITTER_NAME": "eval", "GIT_COMMITTER_EMAIL": "eval@localhost"}


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lore", default=os.path.join(ROOT, "target", "release", "lore"))
    ap.add_argument("--claude", default=os.environ.get("CLAUDE_BIN", "claude"))
    ap.add_argument("--json", metavar="OUT", help="write every figure and per-session row here")
    ap.add_argument("--keep", metavar="DIR", help="run in DIR and keep it")
    ap.add_argument("--floor", metavar="FILE")
    ap.add_argument("--write-floor", metavar="FILE")
    ap.add_argument("--only", metavar="IDS", help="run only these projects (comma-separated)")
    ap.add_argument("--sessions", default=os.path.join(SET, "sessions.json"),
                    help="the judged sessions (default eval/learn/sessions.json)")
    args = ap.parse_args()
    args.lore = os.path.abspath(args.lore)
    if not os.path.exists(args.lore):
        sys.exit(f"learn_eval: no lore binary at {args.lore}; build it or pass --lore")
    claude = shutil.which(args.claude)
    if not claude:
        sys.exit("learn_eval: no Claude Code CLI (set CLAUDE_BIN: .ci/install-claude.sh)")
    if not os.path.exists(HARNESS):
        sys.exit(f"learn_eval: the harness {HARNESS} is missing (../shared)")

    with open(os.path.join(SET, "projects.json"), encoding="utf-8") as f:
        projects = json.load(f)
    with open(args.sessions, encoding="utf-8") as f:
        judged = json.load(f)
    conventions, sessions = judged["conventions"], judged["sessions"]
    only = set(args.only.split(",")) if args.only else None

    work = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="lore-learn-eval-")
    os.makedirs(work, exist_ok=True)
    rows, items_by_project, failed_runs = [], {}, 0
    order = []
    for s in sessions:
        if s["project"] not in order:
            order.append(s["project"])
    for name in order:
        if only and name not in only:
            continue
        place = os.path.join(work, name)
        if os.path.exists(place):
            shutil.rmtree(place)
        os.makedirs(place)
        template = make_template(args.lore, place, projects[name])
        env = {"XDG_STATE_HOME": os.path.join(place, "state"),
               "XDG_RUNTIME_DIR": os.path.join(place, "runtime")}
        for d in env.values():
            os.makedirs(d, mode=0o700, exist_ok=True)
        runs = os.path.join(place, "runs")
        before = {}
        for s in [s for s in sessions if s["project"] == name]:
            ok = run_session(claude, args.lore, s, template, runs, env)
            failed_runs += 0 if ok else 1
            after = {i["id"]: i for i in inbox(args.lore, os.path.join(runs, "project"), env)}
            added = [i for i in after.values()
                     if i["id"] not in before or i["count"] > before[i["id"]]["count"]]
            before = after
            rows.append({"session": s["id"], "project": name, "kind": s["kind"], "ok": ok,
                         "expect": s.get("expect", []),
                         "added": [summary(i, conventions, name) for i in added]})
        items_by_project[name] = (list(before.values()), os.path.join(runs, "project"), env)

    figures, accepted = score(rows, items_by_project, conventions, sessions, args.lore)
    figures["failed_runs"] = failed_runs
    print_report(rows, figures, accepted)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"figures": figures, "sessions": rows, "accepted": accepted}, f, indent=2)
    if args.write_floor:
        floor = {k: (v if isinstance(v, int) else round(
            v + TOLERANCE if k in LOWER_IS_BETTER else max(0.0, v - TOLERANCE), 3))
            for k, v in figures.items()}
        with open(args.write_floor, "w", encoding="utf-8") as f:
            json.dump(floor, f, indent=2)
            f.write("\n")
    status = 0
    if args.floor:
        with open(args.floor, encoding="utf-8") as f:
            floor = json.load(f)
        for key, limit in floor.items():
            value = figures.get(key)
            worse = value is None or (value > limit if key in LOWER_IS_BETTER else value < limit)
            if worse:
                print(f"learn_eval: {key} is {value}, worse than its floor {limit}", file=sys.stderr)
                status = 1
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return status


def run(cmd, cwd=None, env=None, check=True, stdin=None):
    full = dict(os.environ)
    for k in ("LORE_CONFIG", "LORE_DEBUG", "LORE_TRACE", "LORE_MCP_BRANCH_PREFIX"):
        full.pop(k, None)
    full.update(GIT_ENV)
    full.update(env or {})
    out = subprocess.run(cmd, cwd=cwd, env=full, capture_output=True, text=True, input=stdin)
    if check and out.returncode != 0:
        sys.exit(f"learn_eval: {' '.join(cmd)} failed:\n{out.stdout}\n{out.stderr}")
    return out


def make_template(lore, place, project):
    """The project as a team would have it: its files, its patterns, lore set up, committed."""
    template = os.path.join(place, "template")
    for rel, text in list(project["files"].items()) + [
            ("patterns/" + k, v) for k, v in project.get("patterns", {}).items()]:
        path = os.path.join(template, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    os.makedirs(os.path.join(template, "patterns"), exist_ok=True)
    with open(os.path.join(template, "lore.toml"), "w", encoding="utf-8") as f:
        f.write('knowledge_dir = "patterns"\n\n[search]\nhybrid = false\n')
    with open(os.path.join(template, ".gitignore"), "w", encoding="utf-8") as f:
        f.write(".lore/\n.claude/\n")
    run(["git", "init", "-q", "-b", "main"], cwd=template)
    run(["git", "add", "-A"], cwd=template)
    run(["git", "commit", "-qm", "initial"], cwd=template)
    run([lore, "ingest"], cwd=template)
    return template


def scenario_of(s):
    """The harness scenario of a session: its prompts and the scripted model's steps."""
    prompts, steps = [], []
    if s.get("task"):
        prompts.append(s["task"])
        first = s["task"][:30]
        content = [{"type": "tool_use", "name": s["call"]["tool_name"],
                    "input": s["call"]["tool_input"]}] if s.get("call") else \
            [{"type": "text", "text": s["reply"]}]
        steps.append({"when": first, "content": content})
        if s.get("subagent_reply"):
            steps.append({"when": "SUBAGENT-TASK",
                          "content": [{"type": "text", "text": s["subagent_reply"]}]})
        if s.get("call"):
            steps.append({"content": [{"type": "text", "text": s["reply"]}]})
    if s.get("said"):
        prompts.append(s["said"])
        first = s["said"][:30]
        if s.get("fix"):
            steps.append({"when": first, "content": [{"type": "tool_use", "name": s["fix"]["tool_name"],
                                                      "input": s["fix"]["tool_input"]}]})
            steps.append({"content": [{"type": "text", "text": "Updated."}]})
        elif s.get("call") and not s.get("task"):
            steps.append({"when": first, "content": [{"type": "tool_use", "name": s["call"]["tool_name"],
                                                      "input": s["call"]["tool_input"]}]})
            steps.append({"content": [{"type": "text", "text": s["reply"]}]})
        elif not s.get("task"):
            steps.append({"content": [{"type": "text", "text": s["reply"]}]})
        else:
            steps.append({"when": first, "content": [{"type": "text", "text": "Understood."}]})
    return {"prompts": prompts, "steps": steps}


def run_session(claude, lore, s, template, runs, env):
    os.makedirs(runs, exist_ok=True)
    path = os.path.join(runs, "scenario.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(scenario_of(s), f)
    cmd = [sys.executable, HARNESS, path, "--claude", claude, "--work", runs,
           "--project-template", template, "--events", EVENTS, "--hook-exec", f"{lore} hook",
           "--timeout", "120", "--quiet"]
    for k, v in env.items():
        cmd += ["--env", f"{k}={v}"]
    out = run(cmd, check=False)
    if out.returncode != 0:
        print(f"learn_eval: session {s['id']} did not run cleanly:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}",
              file=sys.stderr)
    return out.returncode == 0


def inbox(lore, project, env):
    out = run([lore, "inbox", "--json"], cwd=project, env=env)
    return json.loads(out.stdout)


def text_of(item):
    names = [n["text"] for n in item.get("prefer", []) + item.get("avoid", [])]
    return " ".join([item["rule"], item["title"]] + names).lower()


def matches(item, conventions, project):
    text = text_of(item)
    return [cid for cid, c in conventions.items()
            if c["project"] == project and all(t.lower() in text for t in c["terms"])]


def summary(item, conventions, project):
    return {"id": item["id"], "kind": item["kind"], "rule": item["rule"], "count": item["count"],
            "matches": matches(item, conventions, project)}


def score(rows, items_by_project, conventions, sessions, lore):
    items, seen, dup = 0, set(), 0
    correct = 0
    first_item = {}
    for project, (found, _, _) in items_by_project.items():
        for item in sorted(found, key=lambda i: (i["first_seen"], i["id"])):
            items += 1
            m = matches(item, conventions, project)
            if m:
                correct += 1
                if any(c in seen for c in m):
                    dup += 1
                for c in m:
                    if c not in seen:
                        seen.add(c)
                        first_item[c] = (project, item)
    in_scope = [c for c, v in conventions.items() if v["project"] in items_by_project]
    positives = [r for r in rows if r["kind"] == "correction"]
    negatives = [r for r in rows if r["kind"] == "negative"]
    session_hits = sum(1 for r in positives
                       if any(set(a["matches"]) & set(r["expect"]) for a in r["added"]))
    negative_captures = sum(len(r["added"]) for r in negatives)
    accepted = []
    by_id = {s["id"]: s for s in sessions}
    for cid in sorted(first_item):
        project, item = first_item[cid]
        _, folder, env = items_by_project[project]
        out = run([lore, "inbox", "accept", item["id"], "--json"], cwd=folder, env=env, check=False)
        if out.returncode != 0:
            accepted.append({"convention": cid, "item": item["id"], "written": None,
                             "reinjected": False, "error": out.stderr.strip()})
            continue
        source = json.loads(out.stdout)["write"]["source"]
        replay = by_id[conventions[cid]["replay"]]["call"]
        payload = json.loads(json.dumps(replay).replace("${PROJECT}", folder))
        payload.update({"hook_event_name": "PreToolUse", "session_id": f"replay-{cid}",
                        "cwd": folder})
        hook = run([lore, "hook"], cwd=folder, env=env, check=False, stdin=json.dumps(payload))
        injected = source in hook.stdout
        accepted.append({"convention": cid, "item": item["id"], "kind": item["kind"],
                         "written": source, "reinjected": injected})
    figures = {
        "items": items,
        "precision": round(correct / items, 3) if items else 0.0,
        "recall": round(len(seen & set(in_scope)) / len(in_scope), 3) if in_scope else 0.0,
        "session_recall": round(session_hits / len(positives), 3) if positives else 0.0,
        "duplicate_rate": round(dup / items, 3) if items else 0.0,
        "negative_captures": negative_captures,
        "negative_sessions": len(negatives),
        "correction_sessions": len(positives),
        "reinjected": round(sum(a["reinjected"] for a in accepted) / len(accepted), 3)
        if accepted else 0.0,
    }
    return figures, accepted


def print_report(rows, figures, accepted):
    print("| session | kind | expected | added or raised |")
    print("| --- | --- | --- | --- |")
    for r in rows:
        added = "; ".join(f"{a['kind']} \"{a['rule']}\" -> {','.join(a['matches']) or 'no convention'}"
                          for a in r["added"]) or "-"
        mark = "" if r["ok"] else " (run failed)"
        print(f"| {r['session']}{mark} | {r['kind']} | {','.join(r['expect']) or '-'} | {added} |")
    print()
    for a in accepted:
        print(f"accepted {a['convention']}: {a.get('written')} re-injected={a['reinjected']}"
              + (f" error={a['error']}" if a.get("error") else ""))
    print()
    for k, v in figures.items():
        print(f"{k}: {v}")


if __name__ == "__main__":
    sys.exit(main())
