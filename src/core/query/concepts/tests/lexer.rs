//! The lexer: what is code, what is a string, what is a comment, across lines.

use super::super::lexer::{Kind, Lexer, MAX_TOKENS, Token};
use super::super::{Family, go, javascript, managed, python, rust, shell};

/// The tokens of each line of `text`, as (kind, text) pairs.
fn lex(family: &'static Family, text: &str) -> Vec<Vec<(Kind, String)>> {
    let mut lexer = Lexer::new(&family.syntax);
    let mut tokens: Vec<Token<'_>> = Vec::new();
    text.lines()
        .map(|line| {
            lexer.line(line, &mut tokens);
            tokens.iter().map(|t| (t.kind, t.text.to_owned())).collect()
        })
        .collect()
}

fn kinds(family: &'static Family, line: &str) -> Vec<(Kind, String)> {
    lex(family, line).into_iter().next().unwrap_or_default()
}

fn t(kind: Kind, text: &str) -> (Kind, String) {
    (kind, text.to_owned())
}

use Kind::{Comment, FStr, Flag, Ident, Lifetime, Number, Punct, Str, Var};

#[test]
fn a_comment_marker_inside_a_string_is_text() {
    assert_eq!(
        kinds(&python::FAMILY, "x = \"a # b\"  # c"),
        [
            t(Ident, "x"),
            t(Punct, "="),
            t(Str, "\"a # b\""),
            t(Punct, "#"),
            t(Comment, " c")
        ]
    );
}

#[test]
fn operators_take_the_longest_match() {
    assert_eq!(
        kinds(&javascript::FAMILY, "a === b != c"),
        [
            t(Ident, "a"),
            t(Punct, "==="),
            t(Ident, "b"),
            t(Punct, "!="),
            t(Ident, "c")
        ]
    );
}

#[test]
fn a_triple_quoted_string_spans_lines() {
    let lines = lex(
        &python::FAMILY,
        "s = \"\"\"start\nlambda inside\nend\"\"\" + x",
    );
    assert_eq!(lines[1], [t(Str, "lambda inside")]);
    assert_eq!(
        lines[2],
        [t(Str, "end\"\"\""), t(Punct, "+"), t(Ident, "x")]
    );
}

#[test]
fn code_resumes_after_a_block_comment_closes() {
    let lines = lex(&javascript::FAMILY, "/* a\nb */ let x");
    assert_eq!(lines[0], [t(Punct, "/*"), t(Comment, " a")]);
    assert_eq!(lines[1], [t(Comment, "b "), t(Ident, "let"), t(Ident, "x")]);
}

#[test]
fn a_template_literal_continued_on_a_line_with_interpolation_is_interpolated() {
    let lines = lex(&javascript::FAMILY, "const s = `a\n${b}`;");
    assert_eq!(lines[1], [t(FStr, "${b}`"), t(Punct, ";")]);
}

#[test]
fn string_prefixes_glue_to_their_quote_whatever_the_case() {
    assert_eq!(
        kinds(&python::FAMILY, "f\"{x}\" rb'x' Fr\"y\" u'z'"),
        [
            t(FStr, "f\"{x}\""),
            t(Str, "rb'x'"),
            t(FStr, "Fr\"y\""),
            t(Str, "u'z'")
        ]
    );
    assert_eq!(
        kinds(&managed::FAMILY, "$\"{a}\" @\"b\""),
        [t(FStr, "$\"{a}\""), t(Str, "@\"b\"")]
    );
}

#[test]
fn lifetimes_and_character_literals_differ() {
    assert_eq!(
        kinds(&rust::FAMILY, "<'a> 'b' '\\n' 'static"),
        [
            t(Punct, "<"),
            t(Lifetime, "'a"),
            t(Punct, ">"),
            t(Str, "'b'"),
            t(Str, "'\\n'"),
            t(Lifetime, "'static"),
        ]
    );
}

#[test]
fn shell_variables_flags_and_word_initial_comments() {
    assert_eq!(
        kinds(&shell::FAMILY, "echo ${#a[@]} $? -n x#y $(ls) # c"),
        [
            t(Ident, "echo"),
            t(Var, "${#a[@]}"),
            t(Var, "$?"),
            t(Flag, "-n"),
            t(Ident, "x"),
            t(Punct, "#"),
            t(Ident, "y"),
            t(Punct, "$("),
            t(Ident, "ls"),
            t(Punct, ")"),
            t(Punct, "#"),
            t(Comment, " c"),
        ]
    );
    assert_eq!(kinds(&shell::FAMILY, "#!/bin/sh")[0], t(Punct, "#!"));
}

#[test]
fn numbers_keep_their_dots_and_suffixes() {
    assert_eq!(
        kinds(&go::FAMILY, "x := 1.5e3 + 0x1F"),
        [
            t(Ident, "x"),
            t(Punct, ":="),
            t(Number, "1.5e3"),
            t(Punct, "+"),
            t(Number, "0x1F")
        ]
    );
}

#[test]
fn a_long_line_is_cut_and_leaves_nothing_open() {
    let long = format!("{} `unclosed", "a ".repeat(MAX_TOKENS * 3));
    let lines = lex(&javascript::FAMILY, &format!("{long}\nvar x"));
    assert_eq!(lines[0].len(), MAX_TOKENS);
    assert_eq!(lines[1], [t(Ident, "var"), t(Ident, "x")]);
}

#[test]
fn unusual_text_never_panics() {
    let samples = [
        "",
        "'",
        "\"",
        "\\",
        "$",
        "${",
        "'\\",
        "é'ü",
        "r\"",
        "f'''",
        "/*",
        "`${",
        "#",
        "'a",
        "\u{1F600}'x'",
        "$'",
        "-",
        "--x",
        "0x",
        "..=",
        "\u{0}\u{7f}",
    ];
    for family in super::all_families() {
        for sample in samples {
            let lines = lex(family, &format!("{sample}\n{sample}{sample}\n"));
            assert_eq!(lines.len(), 2);
        }
    }
}
