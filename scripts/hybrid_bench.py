#!/usr/bin/env python3
"""Hook latency with hybrid search on, and ingest throughput with embeddings.

Builds a knowledge base of the first N files of ../shared/corpus, ingests it with
embeddings from an Ollama-compatible server, then times fresh `lore hook` processes on
UserPromptSubmit calls (a new session each) three ways: full text only, hybrid with the
query embedding already cached in the index, and hybrid with every query embedded by the
server. Prints a markdown table of medians and 95th percentiles.

  scripts/hybrid_bench.py --ollama URL [--patterns 100] [--calls 30] [--lore BIN]

Start the stand-in with `.ci/ollama-standin.sh` (it prints LORE_OLLAMA_URL). Build lore
with `cargo build --release` first.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")

# Prompts worded like a user's requests; each run appends a number so no two are alike.
PROMPTS = [
    "make the error handling in the storage layer consistent",
    "add a retry with backoff when the HTTP client times out",
    "write tests for the pagination of the invoices endpoint",
    "rename the React component and keep its props typed",
    "speed up the database queries on the orders page",
    "log failures with enough context to debug them later",
]


def corpus_files(limit):
    files = []
    for dirpath, _, names in os.walk(CORPUS):
        for name in names:
            if name.endswith(".md") and name != "SOURCES.md":
                files.append(os.path.join(dirpath, name))
    files.sort()
    return files[:limit]


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, round((len(values) - 1) * p))]


def time_hooks(lore, cfg, env, prompts, session_prefix):
    times = []
    for i, prompt in enumerate(prompts):
        payload = (
            '{"hook_event_name":"UserPromptSubmit","session_id":"%s-%d","cwd":"/tmp","prompt":"%s"}'
            % (session_prefix, i, prompt)
        )
        start = time.perf_counter()
        out = subprocess.run([lore, "--config", cfg, "hook"], input=payload.encode(),
                             capture_output=True, env=env)
        times.append((time.perf_counter() - start) * 1e3)
        if out.returncode != 0:
            sys.exit(f"lore hook exited {out.returncode}: {out.stderr.decode()}")
    return times


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ollama", required=True, metavar="URL")
    ap.add_argument("--patterns", type=int, default=100)
    ap.add_argument("--calls", type=int, default=30)
    ap.add_argument("--lore", default=os.path.join(ROOT, "target", "release", "lore"))
    args = ap.parse_args()

    work = tempfile.mkdtemp(prefix="lore-hybrid-bench-")
    try:
        kb = os.path.join(work, "patterns")
        for i, path in enumerate(corpus_files(args.patterns)):
            os.makedirs(kb, exist_ok=True)
            shutil.copy(path, os.path.join(kb, f"p{i:05}-{os.path.basename(path)}"))
        configs = {}
        for mode, hybrid in [("fts", "false"), ("hybrid", "true")]:
            cfg = os.path.join(work, f"{mode}.toml")
            with open(cfg, "w") as f:
                f.write('knowledge_dir = "patterns"\n')
                f.write(f'database = ".lore/{mode}.db"\n')
                f.write(f"[search]\nhybrid = {hybrid}\n")
                f.write(f'[ollama]\nhost = "{args.ollama}"\n')
            configs[mode] = cfg
        env = dict(os.environ, XDG_RUNTIME_DIR=os.path.join(work, "runtime"))
        env.pop("LORE_DEBUG", None)

        subprocess.run([args.lore, "--config", configs["fts"], "ingest"], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        start = time.perf_counter()
        subprocess.run([args.lore, "--config", configs["hybrid"], "ingest"], check=True,
                       env=env, stdout=subprocess.DEVNULL)
        ingest_s = time.perf_counter() - start
        status = subprocess.run([args.lore, "--config", configs["hybrid"], "status", "--json"],
                                capture_output=True, text=True, env=env, check=True).stdout
        embedded = json.loads(status).get("embeddings", {}).get("embedded_chunks")

        prompts = [f"{PROMPTS[i % len(PROMPTS)]} {i}" for i in range(args.calls)]
        fts = time_hooks(args.lore, configs["fts"], env, prompts, "fts")
        uncached = time_hooks(args.lore, configs["hybrid"], env, prompts, "cold")
        cached = time_hooks(args.lore, configs["hybrid"], env, prompts, "warm")

        print(f"{args.patterns} patterns; ingest with embeddings: {embedded} sections in "
              f"{ingest_s:.1f} s ({(embedded or 0) / ingest_s:.1f} sections/s)\n")
        print("| | p50 | p95 |")
        print("| --- | ---: | ---: |")
        for label, times in [("FTS only", fts),
                             ("hybrid, query embedding cached in the index", cached),
                             ("hybrid, query embedded by the server", uncached)]:
            print(f"| {label} | {statistics.median(times):.1f} ms | "
                  f"{percentile(times, 0.95):.1f} ms |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
