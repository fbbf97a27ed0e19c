#!/usr/bin/env bash
# Installs (idempotent) and starts the Ollama stand-in (shared/tools/ollama-standin: Ollama's
# embedding API over a real 384-dimension model) for tests/hybrid.rs, then prints
# `LORE_OLLAMA_URL=<url>` on stdout for `.ci/run` to eval. Everything else goes to stderr.
# A stand-in already running from the same state directory is reused.
set -euo pipefail
cd "$(dirname "$0")/.."
STANDIN="${LORE_STANDIN_DIR:-../shared/tools/ollama-standin}"
if [ ! -x "$STANDIN/install.sh" ]; then
  echo "ollama-standin.sh: $STANDIN/install.sh not found" >&2
  exit 1
fi
"$STANDIN/install.sh" >&2
url="$("$STANDIN/start.sh" --quiet)"
echo "LORE_OLLAMA_URL=$url"
