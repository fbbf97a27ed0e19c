#!/usr/bin/env bash
# Install the Claude Code CLI version the end-to-end tests (tests/claude_e2e.rs) were checked
# against, outside the repository, and print the path of its `claude` executable on stdout.
#
#   export CLAUDE_BIN="$(.ci/install-claude.sh)"
#
# Idempotent: when the pinned version is already installed it only prints the path. The
# directory is $LORE_CLAUDE_DIR, else ~/.cache/lore-claude. Progress goes to stderr so that
# stdout is exactly the path.
set -euo pipefail

version="2.1.332"
dir="${LORE_CLAUDE_DIR:-$HOME/.cache/lore-claude}"
bin="$dir/node_modules/.bin/claude"

installed() {
    [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -q "^$version "
}

if ! installed; then
    command -v npm >/dev/null || { echo "install-claude: npm is required (install Node.js 18+)" >&2; exit 1; }
    mkdir -p "$dir"
    echo "install-claude: installing @anthropic-ai/claude-code@$version into $dir" >&2
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error \
        "@anthropic-ai/claude-code@$version" >&2
    if ! installed; then
        echo "install-claude: $bin does not report version $version after install" >&2
        exit 1
    fi
fi
echo "$bin"
