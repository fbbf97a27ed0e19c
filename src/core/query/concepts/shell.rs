//! Concept rows for shell scripts, and how they are lexed: `#` comments only at a word start,
//! `$var`/`${var}`/`$?` variables and `-x` flags as tokens of their own, quotes kept to one
//! line (an apostrophe in a here-document must not swallow the rest of the script).

use super::{Concept, Family, Syntax, quote, strong, weak};

pub(super) static FAMILY: Family = Family {
    languages: &["shell"],
    syntax: Syntax {
        line_comments: &["#"],
        hash_at_word_start: true,
        block_comments: &[],
        quotes: &[
            quote("\"", "\"", false, true, Some("$")),
            quote("'", "'", false, false, None),
            quote("`", "`", false, true, None),
        ],
        string_prefixes: &[("$", false)],
        operators: &[
            "$((", "$(", "[[", "]]", "((", "))", "<<<", "<<-", "&&", "||", ">>", ">&", "&>", "<<",
            "==", "!=", ";;", "|&",
        ],
        fold_case: false,
        shell_words: true,
        lifetimes: false,
    },
    concepts: CONCEPTS,
};

#[rustfmt::skip]
const CONCEPTS: &[Concept] = &[
    strong("sh-backticks", &["$str^`"], "command substitution backticks"),
    strong("sh-single-brackets", &[
        "^ [", "^ if [", "^ elif [", "^ while [", "^ until [", "&& [", "|| [", "^ test",
        "^ if test",
    ], "test brackets"),
    strong("sh-errexit", &["^ set $flag*e", "^ set .. errexit", "^ set .. pipefail"],
        "errexit pipefail errors exit"),
    strong("sh-eval", &["eval"], "eval"),
    strong("sh-readonly", &[
        "^ readonly", "^ declare $flag*r", "^ local $flag*r", "^ typeset $flag*r",
    ], "constants readonly"),
    strong("sh-pipe-while", &["| while"], "pipes subshell"),
    strong("sh-stderr", &[">& 2", "> & 2"], "stderr stdout"),
    strong("sh-shebang", &["^ #!"], "shebang interpreter"),
    strong("sh-exit-status", &["$?"], "return values exit"),
    strong("sh-arrays", &[
        "$var*[@]", "$fstr*[@]", "$var*[*]", "^ declare $flag*a", "^ local $flag*a", "$id = (",
    ], "arrays"),
    strong("sh-trap", &["^ trap"], "trap cleanup signals"),
    strong("sh-arithmetic", &["$((", "((", "^ let", "$noprev:. expr"], "arithmetic"),
    strong("sh-getopts", &["getopts"], "getopts arguments options"),
    strong("sh-main", &["^ main $fstr*$@", "^ main $end"], "main"),
    strong("sh-echo-flags", &["^ echo $flag*e", "^ echo $flag*n"], "echo printf"),
    strong("sh-remote-scripts", &["curl .. | bash", "curl .. | sh", "wget .. | bash", "wget .. | sh"],
        "security"),
    weak("sh-command-substitution", &["$(", "$fstr*$("], "command substitution"),
    weak("sh-double-brackets", &["[["], "test brackets"),
    weak("sh-local", &["^ local"], "local variables"),
    weak("sh-unquoted-variables", &["$var"], "quoting variables"),
    weak("sh-quoted-variables", &["$fstr"], "quoting variables"),
    weak("sh-braced-variables", &["$var^${", "$fstr*${"], "parameter expansion braces"),
    weak("sh-functions", &["^ $id ( ) {", "^ $id ( ) $end", "^ function $id"], "functions"),
    weak("sh-exports", &["^ export"], "environment variables"),
    weak("sh-here-documents", &["<< $id", "<<- $id", "<< $str", "<<- $str"], "heredoc"),
];
