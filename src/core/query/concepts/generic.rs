//! Concept rows that hold in any language, and the lexer used when no family covers a file:
//! `//`, `/* */` and word-initial `#` comments, single-line quotes.

use super::{Concept, Family, Syntax, quote, strong};

pub(super) static FAMILY: Family = Family {
    languages: &[],
    syntax: Syntax {
        line_comments: &["//", "#"],
        hash_at_word_start: true,
        block_comments: &[("/*", "*/")],
        quotes: &[
            quote("\"", "\"", false, true, None),
            quote("'", "'", false, true, None),
        ],
        string_prefixes: &[],
        operators: &[
            "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "=>", "->", "::", ":=",
        ],
        fold_case: false,
        shell_words: false,
        lifetimes: false,
    },
    concepts: CONCEPTS,
};

#[rustfmt::skip]
const CONCEPTS: &[Concept] = &[
    strong("todo-comments", &[
        "$comment*TODO", "$comment*FIXME", "$comment*XXX", "$comment*HACK",
    ], "todo comments"),
    strong("sql-in-strings", &[
        "$fstr*SELECT", "$fstr*INSERT", "$fstr*UPDATE", "$fstr*DELETE", "$fstr*WHERE",
        "$str*SELECT +", "$str*WHERE +", "Sprintf ( $str*SELECT", "Sprintf ( $str*WHERE",
        "format ( $str*SELECT", "format ( $str*WHERE",
    ], "sql injection parameterized queries"),
    strong("hardcoded-secrets", &[
        "$id~password = $str", "$id~password := $str", "$id~password : $str",
        "$id~passwd = $str", "$id~secret = $str", "$id~secret := $str", "$id~secret : $str",
        "$id~api_key = $str", "$id~apikey = $str", "$id~api_key : $str", "$id~apikey : $str",
        "$id~private_key = $str", "$id~access_key = $str",
    ], "secrets credentials hardcoded"),
];
