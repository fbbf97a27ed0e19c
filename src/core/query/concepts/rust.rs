//! Concept rows for Rust, and how Rust is lexed (`///` doc comments, `'a` lifetimes, raw and
//! byte strings).

use super::{Concept, Family, Syntax, quote, strong, weak};

pub(super) static FAMILY: Family = Family {
    languages: &["rust"],
    syntax: Syntax {
        line_comments: &["///", "//!", "//"],
        hash_at_word_start: false,
        block_comments: &[("/**", "*/"), ("/*!", "*/"), ("/*", "*/")],
        quotes: &[quote("\"", "\"", true, true, None)],
        string_prefixes: &[("br", false), ("b", false), ("r", false)],
        operators: &[
            "..=", "...", "==", "!=", "<=", ">=", "=>", "->", "::", "&&", "||", "+=", "-=", "*=",
            "/=", "%=", "..",
        ],
        fold_case: false,
        shell_words: false,
        lifetimes: true,
    },
    concepts: CONCEPTS,
};

#[rustfmt::skip]
const CONCEPTS: &[Concept] = &[
    strong("rust-unwrap", &[". unwrap ( )", ". expect (", ". unwrap_unchecked ("],
        "unwrap panic error handling"),
    strong("rust-error-propagation", &[") ?", "$id ?", "] ?"], "error propagation"),
    strong("rust-panic", &["panic !", "unreachable !", "todo !", "unimplemented !"], "panic"),
    strong("rust-error-types", &[
        "Box < dyn Error", "Box < dyn std :: error :: Error", "# [ derive .. Error", "# [ error (",
        "thiserror ::", "anyhow ::", "anyhow !", "impl Error for", "impl std :: error :: Error for",
    ], "error types thiserror anyhow"),
    strong("rust-conversion-traits", &[
        "impl From <", "impl TryFrom <", "impl Into <", "impl AsRef <", "impl FromStr for",
        "impl < .. > From <", "impl < .. > TryFrom <",
    ], "conversion traits"),
    strong("rust-serde", &[
        "# [ derive .. Serialize", "# [ derive .. Deserialize", "# [ serde (", "use serde",
    ], "serde serialization"),
    strong("rust-debug", &[
        "# [ derive .. Debug", "impl Debug for", "impl fmt :: Debug for",
        "impl std :: fmt :: Debug for", "impl < .. > Debug for", "impl < .. > fmt :: Debug for",
    ], "debug formatting"),
    strong("rust-constructor", &["fn new ("], "constructor"),
    strong("rust-builder", &[
        "( mut self ,", "( mut self )", "fn build ( self", "fn build ( & self", "$id*Builder {",
        "$id*Builder ::",
    ], "builder"),
    strong("rust-display", &[
        "impl Display for", "impl fmt :: Display for", "impl std :: fmt :: Display for",
        "impl < .. > Display for", "impl < .. > fmt :: Display for",
    ], "display formatting"),
    strong("rust-unsafe", &["unsafe {", "unsafe fn", "unsafe impl", "unsafe trait", "unsafe extern"],
        "unsafe safety"),
    strong("rust-tests", &[
        "# [ cfg ( test ) ]", "# [ test ]", "# [ $id :: test", "# [ should_panic",
    ], "tests unit"),
    strong("rust-println", &["println !", "eprintln !", "print !", "eprint !", "dbg !"],
        "logging println"),
    strong("rust-macros", &["macro_rules !", "# [ proc_macro"], "macros"),
    strong("rust-async", &["async fn", "async move", ". await", "# [ $id :: main"],
        "async await"),
    strong("rust-locks", &["Mutex <", "RwLock <", "Mutex :: new", "RwLock :: new", ". lock ( )"],
        "mutex concurrency"),
    strong("rust-send-sync", &["Send + Sync", "impl Send for", "impl Sync for"],
        "send sync threads"),
    strong("rust-numeric-casts", &[
        "as u8", "as u16", "as u32", "as u64", "as u128", "as usize", "as i8", "as i16", "as i32",
        "as i64", "as i128", "as isize", "as f32", "as f64",
    ], "casts numeric"),
    strong("rust-lint-attributes", &[
        "# [ allow (", "# ! [ allow (", "# [ expect (", "# ! [ deny (", "# ! [ warn (",
    ], "lints clippy warnings"),
    strong("rust-global-state", &[
        "static mut", "lazy_static !", "OnceLock <", "LazyLock <", "thread_local !",
    ], "global state"),
    strong("rust-non-exhaustive", &["# [ non_exhaustive ]"], "exhaustive future proofing"),
    strong("rust-inline", &["# [ inline"], "inline performance"),
    weak("rust-result", &["Result <", "-> Result"], "result error"),
    weak("rust-derive", &["# [ derive ("], "derive common traits"),
    weak("rust-doc-comments", &["^ ///", "^ //!", "# [ doc"], "documentation comments"),
    weak("rust-clone", &[". clone ( )", ". cloned ( )", ". to_owned ( )"], "clone ownership"),
    weak("rust-assertions", &["assert_eq !", "assert_ne !", "assert !", "debug_assert !"],
        "assertions"),
    weak("rust-lifetimes", &["< $life", "& $life", "$life ,", "$life >"], "lifetimes borrowing"),
    weak("rust-mut-self", &["& mut self"], "mutable borrowing"),
    weak("rust-logging", &[
        "log :: $id !", "tracing :: $id !", "info !", "warn !", "error !", "debug !", "trace !",
    ], "logging tracing"),
    weak("rust-shared-ownership", &["Arc <", "Arc :: new", "Rc <", "Rc :: new", "RefCell <"],
        "shared ownership"),
    weak("rust-iterators", &[
        ". iter ( )", ". into_iter ( )", ". iter_mut ( )", ". collect", ". filter_map (",
        ". for_each (",
    ], "iterators"),
    weak("rust-strings", &[". to_string ( )", "String :: from (", "format !"],
        "strings formatting"),
    weak("rust-trait-objects", &["Box < dyn", "& dyn", "Arc < dyn"], "trait objects"),
    weak("rust-generic-bounds", &["^ where", "where $end"], "trait bounds"),
    weak("rust-visibility", &["pub ( crate )", "pub ( super )"], "visibility"),
    weak("rust-imports", &["^ use", "^ pub use"], "imports"),
    weak("rust-traits", &["^ trait", "^ pub trait"], "traits"),
];
