//! Concept rows for Ruby (Rails included), and how Ruby is lexed (`#` comments, `"#{x}"`
//! interpolation).

use super::{Concept, Family, Syntax, quote, strong, weak};

pub(super) static FAMILY: Family = Family {
    languages: &["ruby"],
    syntax: Syntax {
        line_comments: &["#"],
        hash_at_word_start: false,
        block_comments: &[],
        quotes: &[
            quote("\"", "\"", false, true, Some("#{")),
            quote("'", "'", false, true, None),
        ],
        string_prefixes: &[],
        operators: &[
            "<=>", "===", "||=", "&&=", "**=", "...", "==", "!=", "=~", "!~", "<=", ">=", "=>",
            "->", "::", "&&", "||", "&.", "**", "+=", "-=", "<<", ">>", "..",
        ],
        fold_case: false,
        shell_words: false,
        lifetimes: false,
    },
    concepts: CONCEPTS,
};

#[rustfmt::skip]
const CONCEPTS: &[Concept] = &[
    strong("rb-rescue", &[
        "rescue =>", "rescue $id =>", "^ rescue $end", "rescue Exception", "rescue StandardError",
    ], "exceptions rescue"),
    strong("rb-attributes", &["attr_accessor", "attr_reader", "attr_writer"],
        "attributes accessors"),
    strong("rb-associations", &["has_many", "belongs_to", "has_one", "has_and_belongs_to_many"],
        "associations"),
    strong("rb-validations", &[
        "^ validates", "^ validate", "^ validates_presence_of", "^ validates_uniqueness_of",
    ], "validations"),
    strong("rb-scopes", &["^ scope :"], "scopes"),
    strong("rb-callbacks", &[
        "^ before_action", "^ after_action", "^ around_action", "^ skip_before_action",
        "^ before_save", "^ after_save", "^ before_create", "^ after_create",
        "^ before_validation", "^ after_commit",
    ], "callbacks"),
    strong("rb-for-loops", &["^ for $id in"], "loops iterators"),
    strong("rb-string-concatenation", &["$str +", "+ $str", "<< $str"],
        "strings interpolation concatenation"),
    strong("rb-unless", &["unless"], "unless conditionals"),
    strong("rb-sql-interpolation", &[
        "where ( $fstr", "find_by_sql ( $fstr", "execute ( $fstr", "order ( $fstr",
    ], "sql injection"),
    strong("rb-frozen-strings", &["$comment*frozen_string_literal"], "frozen string literals"),
    strong("rb-eager-loading", &[". includes (", ". preload (", ". eager_load ("],
        "eager loading queries"),
    strong("rb-metaprogramming", &[
        ". send (", ". public_send (", "method_missing", "define_method", "instance_variable_get",
    ], "metaprogramming"),
    strong("rb-strong-parameters", &["params . require (", ". permit ("], "strong parameters"),
    weak("rb-puts", &["^ puts", "^ pp", "^ p $id"], "puts logging"),
    weak("rb-iterators", &[". each do", ". each {", ". each_with_index", ". map do", ". map {"],
        "iterators blocks"),
    weak("rb-interpolation", &["$fstr"], "string interpolation"),
    weak("rb-safe-navigation", &["&."], "safe navigation"),
    weak("rb-class-methods", &["def self ."], "class methods"),
    weak("rb-rspec", &[
        "^ describe", "^ it $str", "^ let (", "^ let !", "^ context $str", "RSpec . describe",
    ], "rspec specs"),
    weak("rb-raise", &["^ raise", "raise $id"], "exceptions raise"),
    weak("rb-hash-rockets", &[": $id =>"], "hash syntax literals"),
];
