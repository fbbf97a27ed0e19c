#!/usr/bin/env bash
# Install the agent CLIs the end-to-end tests (tests/agents_e2e.rs) were checked against
# (Gemini CLI, Copilot CLI, Qwen Code, Cline, OpenCode), each with npm into its own folder
# outside the repository, and print that parent folder on stdout: the layout the shared
# harness (`../shared/tools/agents-harness`) looks for, `<dir>/<agent>/node_modules/.bin/<name>`.
#
#   export AGENTS_DIR="$(.ci/install-agents.sh)"
#
# Idempotent: an agent whose pinned version is already installed is left alone, so a second
# run costs a few `--version` checks. The folder is $LORE_AGENTS_DIR, else
# ~/.cache/lore-ci/agents. Progress goes to stderr so that stdout is exactly the folder.
set -euo pipefail

dir="${LORE_AGENTS_DIR:-$HOME/.cache/lore-ci/agents}"

# agent  package  version  executable
pins=(
    "gemini   @google/gemini-cli    0.61.0  gemini"
    "copilot  @github/copilot       1.0.102 copilot"
    "qwen     @qwen-code/qwen-code  0.24.4  qwen"
    "cline    cline                 3.0.65  cline"
    "opencode opencode-ai           1.18.33 opencode"
)

command -v npm >/dev/null || { echo "install-agents: npm is required (install Node.js 20+)" >&2; exit 1; }

# The version npm installed, read from the package's own package.json (running a CLI, even
# with --version, writes its state into the user's home).
installed_version() {
    local manifest="$dir/$1/node_modules/$2/package.json"
    [ -f "$manifest" ] || return 0
    sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$manifest" | head -n 1
}

for pin in "${pins[@]}"; do
    read -r agent package version exe <<<"$pin"
    bin="$dir/$agent/node_modules/.bin/$exe"
    if [ -x "$bin" ] && [ "$(installed_version "$agent" "$package")" = "$version" ]; then
        continue
    fi
    mkdir -p "$dir/$agent"
    echo "install-agents: installing $package@$version into $dir/$agent" >&2
    npm install --prefix "$dir/$agent" --no-audit --no-fund --loglevel=error \
        "$package@$version" >&2
    if [ ! -x "$bin" ] || [ "$(installed_version "$agent" "$package")" != "$version" ]; then
        echo "install-agents: $bin is not $package $version after install" >&2
        exit 1
    fi
done

# OpenCode installs `@opencode-ai/plugin` into each config folder before it loads plugins
# (about 70 s offline before it gives up); the harness copies this folder there instead.
deps="$dir/opencode-deps"
if [ "$(installed_version opencode-deps @opencode-ai/plugin)" != "1.18.33" ]; then
    mkdir -p "$deps"
    echo "install-agents: installing @opencode-ai/plugin@1.18.33 into $deps" >&2
    npm install --prefix "$deps" --no-audit --no-fund --loglevel=error \
        "@opencode-ai/plugin@1.18.33" >&2
fi
echo "$dir"
