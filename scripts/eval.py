#!/usr/bin/env python3
"""Score lore's retrieval on judged tool calls, through the real hook path, in one command.

Three tables, each from fresh `lore hook` processes over ../shared/corpus as the knowledge base:

- single calls: every case of dev.jsonl in a session of its own (../shared/eval/score.py's
  recall@5, MRR, precision, false injections, characters per call);
- dev.jsonl as sessions and sessions.jsonl as sessions: the cases of one project replayed as
  one session, dedup active (../shared/eval/sessioneval.py: session recall, session precision,
  noise share, characters per session, SessionStart characters); sessions.jsonl runs in real
  project folders written from projects.json, so the hook sees the project's root files.

And a fourth, the one closest to lore's users: real teams' own rule files (six public
repositories) with tool calls rebuilt from their history (../shared/eval/teams/score.py:
session recall, recall counting what Claude Code loads itself, precision, noise share,
characters on calls that need nothing, blocks of files the harness had already loaded).

  scripts/eval.py [--lore BIN] [--hybrid URL [--timeout-ms MS]] [--json OUT]
                  [--workspace DIR] [--floor FILE] [--write-floor FILE]
                  [--only single|sessions|teams]

--floor FILE (JSON, {"metric": value}) fails with exit 1 when a figure is worse than its floor,
naming each one: CI runs this (.ci/run, with scripts/eval_floor.json) so a change that loses
retrieval quality is caught, instead of passing on pinned scores. Metrics where lower is better
(false injections, noise share, characters, non-zero exits) fail when above their floor.

--write-floor FILE writes this run's figures as a floor, each loosened by TOLERANCE (0.005):
rates and scores by 0.005 (rounded to three decimals the lenient way), character counts by
0.5%, the counts of non-zero exits and of redundant blocks not at all. Refresh the floor this way after a change that moves the
figures on purpose, and say why in the commit.

With --workspace the single-call workspace is kept in DIR and reused by later runs: the index
(and, with --hybrid, its embeddings and cached query embeddings) is only brought up to date, so
tuning runs take seconds instead of re-embedding the corpus. A hybrid run refuses to score when
some sections have no vector, and says how many hooks answered full text only.
"""
import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared")
EVAL = os.path.join(SHARED, "eval")

# Metrics where a smaller figure is better: a floor on them is a ceiling.
LOWER_IS_BETTER = ("false_injection", "noise_share", "chars", "nonzero_exits", "redundant")
# How far a written floor sits below (or a ceiling above) the figures it was written from.
TOLERANCE = 0.005


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", default=os.path.join(EVAL, "dev.jsonl"),
                    help="single-call cases (also replayed as sessions)")
    ap.add_argument("--sessions", default=os.path.join(EVAL, "sessions.jsonl"))
    ap.add_argument("--projects", default=os.path.join(EVAL, "projects.json"))
    ap.add_argument("--corpus", default=os.path.join(SHARED, "corpus"))
    ap.add_argument("--lore", default=os.path.join(ROOT, "target", "release", "lore"))
    ap.add_argument("--hybrid", metavar="OLLAMA_URL", help="enable hybrid search against this server")
    ap.add_argument("--timeout-ms", type=int, metavar="MS",
                    help="with --hybrid: ollama.timeout_ms and query_timeout_ms for the run")
    ap.add_argument("--json", metavar="OUT", help="write every metric and per-case row here")
    ap.add_argument("--keep", action="store_true", help="keep the temp workspace")
    ap.add_argument("--workspace", metavar="DIR", help="keep the workspace here and reuse it")
    ap.add_argument("--hook", action="append", default=[], metavar="KEY=VALUE",
                    help="a [hook] setting for the run, e.g. tool_budget=4000")
    ap.add_argument("--floor", metavar="FILE", help="fail when a metric is worse than this floor")
    ap.add_argument("--write-floor", metavar="FILE",
                    help="write this run's figures, less a tolerance, as a floor file")
    ap.add_argument("--teams", default=os.path.join(EVAL, "teams"),
                    help="the real teams' set (repos.json, sessions.jsonl, score.py)")
    ap.add_argument("--only", choices=["single", "sessions", "teams"],
                    help="run one kind of table")
    args = ap.parse_args()
    args.lore = os.path.abspath(args.lore)
    if not os.path.exists(args.lore):
        sys.exit(f"eval: no lore binary at {args.lore}; run `cargo build --release` or pass --lore")
    check_shared(args)

    if args.workspace:
        work = os.path.abspath(args.workspace)
        os.makedirs(work, exist_ok=True)
        args.keep = True
    else:
        work = tempfile.mkdtemp(prefix="lore-eval-")
    report = {"mode": mode_label(args)}
    try:
        if args.only != "sessions":
            report["single"] = single_calls(args, work)
        if args.only in (None, "sessions"):
            report["sessions"] = {
                "dev": session_run(args, work, "dev", args.cases, None),
                "sessions": session_run(args, work, "sessions", args.sessions, args.projects),
            }
        if args.only in (None, "teams"):
            report["teams"] = teams_run(args, work)
    finally:
        if args.keep:
            print(f"workspace kept at {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)

    print_report(report, args)
    figures = flat_figures(report)
    report["figures"] = figures
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    if args.write_floor:
        with open(args.write_floor, "w") as f:
            json.dump(floor_from(figures, report["mode"]), f, indent=1)
            f.write("\n")
        print(f"\nwrote the floor of this run to {args.write_floor}")
    if args.floor:
        failures = below_floor(figures, args.floor)
        if failures:
            print("\nretrieval quality fell below the floor in " + args.floor + ":")
            for line in failures:
                print("  " + line)
            sys.exit(1)
        print(f"\nall figures hold against the floor in {args.floor}")


def check_shared(args):
    """Exit with a message naming what is missing when the eval set or its scorers are not
    there: they live beside the repository in ../shared, which a clone of the repository
    alone does not have."""
    needed = [("the judged cases", args.cases), ("the corpus", args.corpus),
              ("the scorer", os.path.join(EVAL, "score.py"))]
    if args.only != "single":
        needed += [("the sessions", args.sessions), ("the projects", args.projects),
                   ("the session scorer", os.path.join(EVAL, "sessioneval.py"))]
    missing = [f"{what} ({os.path.normpath(path)})" for what, path in needed
               if not os.path.exists(path)]
    if missing:
        sys.exit("eval: cannot score: missing " + ", ".join(missing) + ".\n"
                 "The eval set and the corpus it searches live in ../shared beside the "
                 "repository (the workspace's shared folder), which a clone of the repository "
                 "alone does not have. Without it, `cargo test --all-targets` still runs: the "
                 "suites that need ../shared print a `note: ... skipped` line (README, \"Run "
                 "the tests\"). Pass --cases, --corpus, --sessions and --projects to score "
                 "other files.")


def mode_label(args):
    mode = f"hybrid ({args.hybrid})" if args.hybrid else "full text only"
    if args.hook:
        mode += ", " + ", ".join(args.hook)
    return mode


def config_text(args, knowledge_dir, database=None):
    text = f'knowledge_dir = "{knowledge_dir}"\n'
    if database:
        text += f'database = "{database}"\n'
    if args.hybrid:
        text += f'[search]\nhybrid = true\n[ollama]\nhost = "{args.hybrid}"\n'
        if args.timeout_ms:
            text += f"timeout_ms = {args.timeout_ms}\nquery_timeout_ms = {args.timeout_ms}\n"
    else:
        text += "[search]\nhybrid = false\n"
    if args.hook:
        text += "[hook]\n" + "".join(f"{kv}\n" for kv in args.hook)
    return text


def clean_env(runtime):
    env = dict(os.environ, XDG_RUNTIME_DIR=runtime)
    for key in ("LORE_DEBUG", "LORE_TRACE", "LORE_CONFIG"):
        env.pop(key, None)
    return env


def single_calls(args, work):
    """Every case in a session of its own: score.py's metrics and the characters per call."""
    kb = os.path.join(work, "patterns")
    shutil.rmtree(kb, ignore_errors=True)
    shutil.copytree(args.corpus, kb)
    with open(os.path.join(kb, ".loreignore"), "w") as f:
        f.write("/SOURCES.md\n")
    cfg = os.path.join(work, "lore.toml")
    with open(cfg, "w") as f:
        f.write(config_text(args, "patterns"))
    # A fresh session record every run: a reused workspace must not dedup this run's cases.
    runtime = os.path.join(work, "runtime")
    shutil.rmtree(runtime, ignore_errors=True)
    os.makedirs(runtime, mode=0o700)
    env = clean_env(runtime)
    ingest = subprocess.run([args.lore, "--config", cfg, "ingest"], check=False, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    sys.stderr.write(ingest.stderr)
    if ingest.returncode != 0:
        # The corpus itself is valid, so a failed ingest means the index cannot be scored.
        sys.exit(f"eval: `lore ingest` failed (exit {ingest.returncode}); see above")
    if args.hybrid:
        require_all_embedded(args.lore, cfg, env, args.workspace and work)
        env["LORE_DEBUG"] = "1"  # the trace says whether each answer used the vectors
    payload_dir = os.path.join(work, "payloads")
    score_py = os.path.join(EVAL, "score.py")
    subprocess.run([sys.executable, score_py, "payloads", args.cases, payload_dir],
                   check=True, stdout=subprocess.DEVNULL)

    kb_real = os.path.realpath(kb)
    results, full_text_only, exits = [], [], 0
    with open(args.cases) as f:
        cases = [json.loads(line) for line in f if line.strip()]
    for case in cases:
        with open(os.path.join(payload_dir, case["id"] + ".json")) as f:
            payload = f.read()
        out = subprocess.run([args.lore, "--config", cfg, "hook"], input=payload,
                             capture_output=True, text=True, env=env)
        if out.returncode != 0:
            exits += 1
            print(f"{case['id']}: exit {out.returncode}", file=sys.stderr)
        if args.hybrid and "retrieval: FtsOnly" in out.stderr:
            full_text_only.append(case["id"])
        injected, text = [], ""
        if out.stdout.strip():
            text = json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"]
            for line in text.splitlines():
                if line.startswith("## "):
                    path = os.path.realpath(line[3:].strip())
                    if path.startswith(kb_real + os.sep):
                        injected.append(os.path.relpath(path, kb_real))
        results.append({"id": case["id"], "injected": injected, "chars": len(text)})
    res_path = os.path.join(work, "results.jsonl")
    with open(res_path, "w") as f:
        for r in results:
            f.write(json.dumps(r) + "\n")
    scored = json.loads(subprocess.run([sys.executable, score_py, "score", args.cases, res_path,
                                        "--json"], check=True, capture_output=True,
                                       text=True).stdout)
    positive = {c["id"] for c in cases if c["relevant"]}
    chars = [r["chars"] for r in results]
    pos_chars = [r["chars"] for r in results if r["id"] in positive]
    m = scored["metrics"]
    m["chars_median"] = statistics.median(chars) if chars else 0
    m["chars_median_positive"] = statistics.median(pos_chars) if pos_chars else 0
    m["chars_max"] = max(chars) if chars else 0
    m["nonzero_exits"] = exits
    if full_text_only:
        print(f"warning: {len(full_text_only)} of {len(cases)} hooks answered full text only "
              f"(query embedding failed or timed out): {' '.join(full_text_only)}",
              file=sys.stderr)
    return {"metrics": m, "cases": scored["cases"], "results": results}


def session_run(args, work, label, cases, projects):
    """One sessioneval.py run; its metrics plus per-tool figures from its rows."""
    out = os.path.join(work, f"sessions-{label}.json")
    cmd = [sys.executable, os.path.join(EVAL, "sessioneval.py"), "--bin", args.lore,
           "--corpus", args.corpus, "--cases", cases, "--workdir",
           os.path.join(work, f"sessions-{label}"), "--label", label, "--json", out]
    if projects:
        cmd += ["--projects", projects]
    template = os.path.join(work, "session-config.toml")
    with open(template, "w") as f:
        f.write(config_text(args, "{knowledge_dir}", "{database}"))
    cmd += ["--config-template", template]
    env = dict(os.environ)
    for key in ("LORE_DEBUG", "LORE_TRACE", "LORE_CONFIG"):
        env.pop(key, None)
    run = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if run.returncode != 0:
        sys.exit(f"eval: sessioneval.py failed on {label}: {run.stderr[-500:]}")
    with open(out) as f:
        data = json.load(f)
    rows = data["rows"]
    by_tool = {}
    for tool in sorted({r["tool"] for r in rows}):
        mine = [r for r in rows if r["tool"] == tool]
        pos = [r["session_recall"] for r in mine if "session_recall" in r]
        useful = sum(j == "useful" for r in mine for j in r["judged"])
        noise = sum(j == "noise" for r in mine for j in r["judged"])
        by_tool[tool] = {
            "calls": len(mine),
            "session_recall": statistics.mean(pos) if pos else None,
            "precision": useful / (useful + noise) if useful + noise else None,
            "chars_median": statistics.median(r["chars"] for r in mine),
        }
    data["metrics"]["by_tool"] = by_tool
    return data


def teams_run(args, work):
    """One run of the real teams' set: its overall figures and the figures per repository.
    Full text only: score.py points Ollama at a closed port (hybrid on this set is measured
    with scripts/hybrid_bench.py)."""
    out = os.path.join(work, "teams.json")
    # Apart from the workspace: its lore.toml (the single calls' configuration) would hold
    # the teams' repositories, and `lore init` refuses a repository inside a configured one.
    scratch = tempfile.mkdtemp(prefix="lore-eval-teams-")
    cmd = [sys.executable, os.path.join(args.teams, "score.py"), "--bin", args.lore,
           "--workdir", scratch, "--json", out]
    env = dict(os.environ)
    for key in ("LORE_DEBUG", "LORE_TRACE", "LORE_CONFIG"):
        env.pop(key, None)
    try:
        run = subprocess.run(cmd, capture_output=True, text=True, env=env)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if run.returncode != 0:
        sys.exit(f"eval: the teams' score.py failed: {run.stderr[-500:]}")
    with open(out) as f:
        data = json.load(f)
    return data["summary"]


def fmt(value, digits=3):
    if value is None:
        return "n/a"
    if isinstance(value, float) and digits:
        return f"{value:.{digits}f}"
    return f"{value:,.0f}" if isinstance(value, (int, float)) else str(value)


def print_report(report, args):
    print(f"# lore eval: {report['mode']}")
    single = report.get("single")
    if single:
        m = single["metrics"]
        print(f"\n## Single calls: {os.path.basename(args.cases)} "
              f"({m['cases']} cases, {m['positive_cases']} positive)\n")
        print("| tool | cases | recall@5 | MRR |")
        print("| --- | ---: | ---: | ---: |")
        for tool, t in m["by_tool"].items():
            print(f"| {tool} | {t['cases']} | {fmt(t['recall_at_5'])} | {fmt(t['mrr'])} |")
        print(f"| all | {m['positive_cases']} | {fmt(m['recall_at_5'])} | {fmt(m['mrr'])} |")
        print()
        print(f"precision (micro) {fmt(m['precision_micro'])}, (macro) "
              f"{fmt(m['precision_macro'])}; false injections {fmt(m['false_injection_rate'])}; "
              f"empty on positive {fmt(m['empty_on_positive_rate'])}; mean files "
              f"{fmt(m['mean_injected_files'], 2)}")
        print(f"characters per call: median {fmt(m['chars_median'], 0)} (positive calls "
              f"{fmt(m['chars_median_positive'], 0)}), max {fmt(m['chars_max'], 0)}")
    sessions = report.get("sessions")
    if sessions:
        print("\n## Sessions\n")
        print("| cases | sessions | session recall | session precision | noise share | "
              "chars/call (median) | chars/session | negative-call chars | SessionStart chars |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for label, data in sessions.items():
            m = data["metrics"]
            print(f"| {label} | {m['sessions']} | {fmt(m['session_recall'])} | "
                  f"{fmt(m['precision'])} | {fmt(m['noise_share'])} | "
                  f"{fmt(m['chars_per_call_median'], 0)} | {fmt(m['chars_per_session_mean'], 0)} | "
                  f"{fmt(m['neg_chars_mean'], 0)} | {fmt(m['session_start_chars_median'], 0)} |")
        print("\n| cases | tool | calls | session recall | session precision | chars/call |")
        print("| --- | --- | ---: | ---: | ---: | ---: |")
        for label, data in sessions.items():
            for tool, t in data["metrics"]["by_tool"].items():
                print(f"| {label} | {tool} | {t['calls']} | {fmt(t['session_recall'])} | "
                      f"{fmt(t['precision'])} | {fmt(t['chars_median'], 0)} |")
    if report.get("teams"):
        print_teams(report["teams"])


def print_teams(teams):
    print("\n## Real teams' rule files (../shared/eval/teams)\n")
    print("| repository | calls | session recall | with harness | precision | noise share | "
          "chars/call | negative-call chars | redundant blocks |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    rows = list(teams["repos"].items()) + [("**all**", teams["overall"])]
    for name, m in rows:
        print(f"| {name} | {m['calls']} | {fmt(m['session_recall'])} | "
              f"{fmt(m['recall_with_harness'])} | {fmt(m['precision'])} | "
              f"{fmt(m['noise_share'])} | {fmt(m['chars_per_call_mean'], 0)} | "
              f"{fmt(m['neg_chars_mean'], 0)} | {m['redundant_blocks']} |")


def flat_figures(report):
    """The headline figures under stable names, for --floor and --json."""
    figures = {}
    single = report.get("single")
    if single:
        m = single["metrics"]
        figures.update({
            "single.recall_at_5": m["recall_at_5"],
            "single.mrr": m["mrr"],
            "single.precision_micro": m["precision_micro"],
            "single.false_injection_rate": m["false_injection_rate"],
            "single.chars_median_positive": m["chars_median_positive"],
            "single.nonzero_exits": m["nonzero_exits"],
        })
    teams = report.get("teams")
    if teams:
        m = teams["overall"]
        figures.update({
            "teams.session_recall": m["session_recall"],
            "teams.recall_with_harness": m["recall_with_harness"],
            "teams.precision": m["precision"],
            "teams.noise_share": m["noise_share"],
            "teams.neg_chars_mean": m["neg_chars_mean"],
            "teams.redundant_blocks": m["redundant_blocks"],
            "teams.nonzero_exits": m["nonzero_exits"],
        })
    for label, data in (report.get("sessions") or {}).items():
        m = data["metrics"]
        figures.update({
            f"{label}.session_recall": m["session_recall"],
            f"{label}.session_precision": m["precision"],
            f"{label}.noise_share": m["noise_share"],
            f"{label}.session_start_chars": m["session_start_chars_median"],
            f"{label}.nonzero_exits": m["nonzero_exits"],
        })
    return figures


def floor_from(figures, mode):
    """A floor for --floor from this run's figures, loosened by TOLERANCE."""
    floor = {"_comment": (
        f"Written by scripts/eval.py --write-floor ({mode}): each figure of that run less "
        f"{TOLERANCE} (a ceiling plus {TOLERANCE} for lower-is-better rates, plus "
        f"{TOLERANCE:.1%} for characters; non-zero exits and redundant blocks exact). CI fails below it.")}
    for name, value in sorted(figures.items()):
        lower_better = any(part in name for part in LOWER_IS_BETTER)
        if "nonzero_exits" in name or "redundant_blocks" in name:
            floor[name] = value
        elif "chars" in name:
            floor[name] = math.ceil(value * (1 + TOLERANCE))
        elif lower_better:
            floor[name] = math.ceil((value + TOLERANCE) * 1000 - 1e-6) / 1000
        else:
            floor[name] = math.floor((value - TOLERANCE) * 1000 + 1e-6) / 1000
    return floor


def below_floor(figures, floor_path):
    with open(floor_path) as f:
        floor = json.load(f)
    failures = []
    for name, bound in sorted(floor.items()):
        if name.startswith("_"):
            continue  # comments
        value = figures.get(name)
        if value is None:
            failures.append(f"{name}: not measured (floor {bound})")
            continue
        lower_better = any(part in name for part in LOWER_IS_BETTER)
        worse = value > bound + 1e-9 if lower_better else value < bound - 1e-9
        if worse:
            word = "above its ceiling" if lower_better else "below its floor"
            failures.append(f"{name} = {value:.3f}, {word} {bound}")
    return failures


def require_all_embedded(lore, cfg, env, workspace):
    """Exit when some sections have no vector: hooks would rank them by full text alone."""
    out = subprocess.run([lore, "--config", cfg, "status", "--json"], capture_output=True,
                         text=True, env=env)
    emb = {}
    if out.returncode == 0:
        emb = json.loads(out.stdout).get("embeddings") or {}
    done, total = emb.get("embedded_chunks"), emb.get("total_chunks")
    if done is None or total is None or done < total:
        keep = f"--workspace {workspace}" if workspace else "--workspace DIR"
        sys.exit(f"eval: only {done} of {total} sections have vectors; a hybrid score now would "
                 f"rank the rest by full text alone. Run again with a larger --timeout-ms and "
                 f"{keep} to embed them (the vectors already made are kept there).")


if __name__ == "__main__":
    main()
