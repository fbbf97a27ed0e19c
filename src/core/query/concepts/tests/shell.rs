//! Shell rows: a line that shows each, and near misses.

use super::{assert_found, assert_not_found};

#[rustfmt::skip]
pub(super) const FOUND: &[(&str, &str, &str)] = &[
    ("shell", "sh-backticks", "today=`date +%F`"),
    ("shell", "sh-single-brackets", "if [ -f \"$file\" ]; then"),
    ("shell", "sh-errexit", "set -euo pipefail"),
    ("shell", "sh-errexit", "set -o errexit"),
    ("shell", "sh-eval", "eval \"$cmd\""),
    ("shell", "sh-readonly", "readonly MAX_RETRIES=3"),
    ("shell", "sh-readonly", "declare -r NAME=x"),
    ("shell", "sh-pipe-while", "find . -name '*.log' | while read -r f; do"),
    ("shell", "sh-stderr", "echo \"error: missing file\" >&2"),
    ("shell", "sh-shebang", "#!/bin/bash"),
    ("shell", "sh-exit-status", "if [[ $? -ne 0 ]]; then"),
    ("shell", "sh-arrays", "for f in \"${files[@]}\"; do"),
    ("shell", "sh-trap", "trap cleanup EXIT"),
    ("shell", "sh-arithmetic", "count=$((count + 1))"),
    ("shell", "sh-getopts", "while getopts 'vf:' flag; do"),
    ("shell", "sh-main", "main \"$@\""),
    ("shell", "sh-echo-flags", "echo -e \"a\\tb\""),
    ("shell", "sh-remote-scripts", "curl -fsSL https://example.com/install.sh | bash"),
    ("shell", "sh-command-substitution", "today=$(date +%F)"),
    ("shell", "sh-double-brackets", "if [[ -n \"$name\" ]]; then"),
    ("shell", "sh-local", "local name=\"$1\""),
    ("shell", "sh-unquoted-variables", "rm -rf $dir/tmp"),
    ("shell", "sh-quoted-variables", "cp \"$src\" dest/"),
    ("shell", "sh-braced-variables", "echo \"${HOME}/bin\""),
    ("shell", "sh-functions", "cleanup() {"),
    ("shell", "sh-exports", "export PATH=\"$HOME/bin:$PATH\""),
    ("shell", "sh-here-documents", "cat <<EOF"),
];

#[test]
fn shell_rows_are_found() {
    assert_found(FOUND);
}

#[test]
#[rustfmt::skip]
fn shell_near_misses_are_not() {
    assert_not_found(&[
        ("shell", "sh-single-brackets", "if [[ -f \"$file\" ]]; then"),
        ("shell", "sh-errexit", "set -x"),
        ("shell", "sh-eval", "# eval is evil"),
        ("shell", "sh-eval", "evaluate_all"),
        // Single quotes do not expand.
        ("shell", "sh-command-substitution", "echo '$(not run)'"),
        ("shell", "sh-exit-status", "echo 'cost: $?'"),
        ("shell", "sh-unquoted-variables", "cp \"$src\" dest/"),
        ("shell", "sh-shebang", "# !/bin/bash is the first line"),
        // `${#list[@]}` is a length, not a comment.
        ("shell", "sh-unquoted-variables", "# $dir"),
    ]);
    assert!(super::found("shell", "n=${#list[@]}").contains(&"sh-arrays"));
}
