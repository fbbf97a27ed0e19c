#!/usr/bin/env python3
"""Score lore's retrieval on judged tool calls, through the real hook path.

Indexes ../shared/corpus (SOURCES.md excluded by .loreignore) in a temp workspace, writes the
hook payloads with ../shared/eval/score.py, runs `lore hook` once per payload (fresh session
each), maps the injected text back to pattern files by the `## <path>` headings lore renders,
and prints score.py's metrics plus the injected-character figures.

  scripts/eval.py [--cases FILE] [--lore BIN] [--hybrid URL [--timeout-ms MS]] [--json OUT]
                  [--workspace DIR]

With --workspace the workspace is kept in DIR and reused by later runs: the index (and, with
--hybrid, its embeddings and cached query embeddings) is only brought up to date, so tuning
runs take seconds instead of re-embedding the corpus.

A hybrid run refuses to score when some sections have no vector (the server did not answer
ingest in time; raise --timeout-ms and run again with the same --workspace to fill them in),
and says how many hooks answered full text only (their query embedding timed out), so full
text is never scored under the hybrid label.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", default=os.path.join(SHARED, "eval", "dev.jsonl"))
    ap.add_argument("--corpus", default=os.path.join(SHARED, "corpus"))
    ap.add_argument("--lore", default=os.path.join(ROOT, "target", "release", "lore"))
    ap.add_argument("--hybrid", metavar="OLLAMA_URL", help="enable hybrid search against this server")
    ap.add_argument("--timeout-ms", type=int, metavar="MS",
                    help="with --hybrid: ollama.timeout_ms and query_timeout_ms for the run "
                         "(a slow embedding server)")
    ap.add_argument("--json", metavar="OUT", help="write per-case rows here")
    ap.add_argument("--keep", action="store_true", help="keep the temp workspace")
    ap.add_argument("--workspace", metavar="DIR", help="keep the workspace here and reuse it")
    ap.add_argument("--hook", action="append", default=[], metavar="KEY=VALUE",
                    help="a [hook] setting for the run, e.g. max_patterns=4")
    args = ap.parse_args()

    if args.workspace:
        work = os.path.abspath(args.workspace)
        os.makedirs(work, exist_ok=True)
        args.keep = True
    else:
        work = tempfile.mkdtemp(prefix="lore-eval-")
    try:
        kb = os.path.join(work, "patterns")
        shutil.rmtree(kb, ignore_errors=True)
        shutil.copytree(args.corpus, kb)
        with open(os.path.join(kb, ".loreignore"), "w") as f:
            f.write("/SOURCES.md\n")
        cfg = os.path.join(work, "lore.toml")
        with open(cfg, "w") as f:
            f.write('knowledge_dir = "patterns"\n')
            if args.hybrid:
                f.write(f'[search]\nhybrid = true\n[ollama]\nhost = "{args.hybrid}"\n')
                if args.timeout_ms:
                    f.write(f"timeout_ms = {args.timeout_ms}\n"
                            f"query_timeout_ms = {args.timeout_ms}\n")
            else:
                f.write("[search]\nhybrid = false\n")
            if args.hook:
                f.write("[hook]\n" + "".join(f"{kv}\n" for kv in args.hook))
        # A fresh session record every run: a reused workspace must not dedup this run's cases.
        shutil.rmtree(os.path.join(work, "runtime"), ignore_errors=True)
        env = dict(os.environ, XDG_RUNTIME_DIR=os.path.join(work, "runtime"))
        env.pop("LORE_DEBUG", None)
        ingest = subprocess.run([args.lore, "--config", cfg, "ingest"], check=False, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        sys.stderr.write(ingest.stderr)
        if ingest.returncode != 0:
            # The corpus itself is valid, so a failed ingest means the index cannot be
            # scored as it is (e.g. vectors of another model or prefix in a kept workspace).
            sys.exit(f"eval: `lore ingest` failed (exit {ingest.returncode}); see above")
        if args.hybrid:
            require_all_embedded(args.lore, cfg, env, args.workspace and work)
            # The hook's trace says whether each answer used the vectors.
            env["LORE_DEBUG"] = "1"
        payload_dir = os.path.join(work, "payloads")
        score_py = os.path.join(SHARED, "eval", "score.py")
        subprocess.run([sys.executable, score_py, "payloads", args.cases, payload_dir],
                       check=True, stdout=subprocess.DEVNULL)

        kb_real = os.path.realpath(kb)
        results, chars, full_text_only = [], [], []
        with open(args.cases) as f:
            cases = [json.loads(l) for l in f if l.strip()]
        for case in cases:
            with open(os.path.join(payload_dir, case["id"] + ".json")) as f:
                payload = f.read()
            out = subprocess.run([args.lore, "--config", cfg, "hook"], input=payload,
                                 capture_output=True, text=True, env=env)
            if out.returncode != 0:
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
            chars.append(len(text))
            results.append({"id": case["id"], "injected": injected, "chars": len(text)})
        res_path = os.path.join(work, "results.jsonl")
        with open(res_path, "w") as f:
            for r in results:
                f.write(json.dumps(r) + "\n")
        if args.json:
            shutil.copy(res_path, args.json)
        mode = f"hybrid ({args.hybrid})" if args.hybrid else "FTS only"
        if args.hook:
            mode += ", " + ", ".join(args.hook)
        print(f"# lore eval: {mode}, {len(cases)} cases from {os.path.basename(args.cases)}")
        subprocess.run([sys.executable, score_py, "score", args.cases, res_path], check=True)
        injecting = [c for c in chars if c]
        print(f"injected characters: median {statistics.median(chars):.0f} over all cases, "
              f"median {statistics.median(injecting) if injecting else 0:.0f} when injecting, "
              f"max {max(chars)}")
        if full_text_only:
            print(f"warning: {len(full_text_only)} of {len(cases)} hooks answered full text "
                  f"only (query embedding failed or timed out): {' '.join(full_text_only)}; "
                  f"raise --timeout-ms or run again (query vectors are cached)")
    finally:
        if args.keep:
            print(f"workspace kept at {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


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
