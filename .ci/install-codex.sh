#!/usr/bin/env bash
# Install the Codex CLI version the end-to-end tests (tests/codex_e2e.rs) were checked against,
# outside the repository, and print the path of its `codex` executable on stdout.
#
#   export CODEX_BIN="$(.ci/install-codex.sh)"
#
# Idempotent: when the pinned version is already installed it only prints the path. The
# directory is $LORE_CODEX_DIR, else ~/.cache/lore-codex. Progress goes to stderr so that
# stdout is exactly the path.
set -euo pipefail

version="0.171.0"
dir="${LORE_CODEX_DIR:-$HOME/.cache/lore-codex}"
bin="$dir/node_modules/.bin/codex"

installed() {
    [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -q "^codex-cli $version\$"
}

if ! installed; then
    command -v npm >/dev/null || { echo "install-codex: npm is required (install Node.js 18+)" >&2; exit 1; }
    mkdir -p "$dir"
    echo "install-codex: installing @openai/codex@$version into $dir" >&2
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error \
        "@openai/codex@$version" >&2
    if ! installed; then
        echo "install-codex: $bin does not report version $version after install" >&2
        exit 1
    fi
fi
echo "$bin"
