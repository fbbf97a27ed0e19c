//! Concept rows for Go, and how Go is lexed (raw `` ` `` strings may span lines).

use super::{Concept, Family, Syntax, quote, strong, weak};

pub(super) static FAMILY: Family = Family {
    languages: &["go"],
    syntax: Syntax {
        line_comments: &["//"],
        hash_at_word_start: false,
        block_comments: &[("/*", "*/")],
        quotes: &[
            quote("`", "`", true, false, None),
            quote("\"", "\"", false, true, None),
            quote("'", "'", false, true, None),
        ],
        string_prefixes: &[],
        operators: &[
            "...", "&^=", "<<=", ">>=", ":=", "<-", "==", "!=", "<=", ">=", "&&", "||", "++", "--",
            "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "<<", ">>", "&^",
        ],
        fold_case: false,
        shell_words: false,
        lifetimes: false,
    },
    concepts: CONCEPTS,
};

#[rustfmt::skip]
const CONCEPTS: &[Concept] = &[
    strong("go-goroutine", &["go func", "^ go $id (", "^ go $id . $id ("],
        "goroutine concurrency"),
    strong("go-waitgroup", &["sync . WaitGroup", "errgroup . $id"], "waitgroup goroutine"),
    strong("go-defer", &["^ defer"], "defer close"),
    strong("go-error-wrapping", &[
        "fmt . Errorf ( $str*%w", "errors . Wrap (", "errors . Wrapf (", "errors . WithMessage (",
    ], "wrap errors"),
    strong("go-error-matching", &["errors . Is (", "errors . As ("], "compare errors"),
    strong("go-error-naming", &["^ var $id = errors . New (", "^ $id = errors . New ("],
        "sentinel errors"),
    strong("go-init", &["^ func init ( )"], "init"),
    strong("go-servemux", &[
        "http . NewServeMux (", "http . ServeMux", "mux . HandleFunc (", "mux . Handle (",
        "http . HandleFunc (",
    ], "servemux routing handlers"),
    strong("go-mutex", &["sync . Mutex", "sync . RWMutex", ". Lock ( )", ". RLock ( )"],
        "mutex locking"),
    strong("go-atomic", &["atomic . $id (", "$str*sync/atomic", "$str*go.uber.org/atomic"],
        "atomic"),
    strong("go-panic", &["$noprev:. panic (", "$noprev:. recover ( )"], "panic recover"),
    strong("go-exit", &[
        "os . Exit (", "log . Fatal (", "log . Fatalf (", "log . Fatalln (", "log . Panic (",
        "log . Panicf (",
    ], "exit fatal"),
    strong("go-table-tests", &[
        "t . Run (", "[ ] struct {", "for _ , tt := range", "for _ , tc := range",
        "for _ , test := range",
    ], "table tests subtests"),
    strong("go-container-capacity", &["make ( [ ] .. , .. ,", "make ( map [ .. ] .. ,"],
        "preallocate capacity"),
    strong("go-struct-tags", &[
        "$str*json:\"", "$str*yaml:\"", "$str*xml:\"", "$str*db:\"", "$str*toml:\"",
        "$str*mapstructure:\"",
    ], "struct tags marshaling"),
    strong("go-context", &[
        "context . Context", "context . Background ( )", "context . TODO ( )",
        "context . WithTimeout (", "context . WithCancel (", "context . WithDeadline (",
    ], "context cancellation"),
    strong("go-time", &[
        "time . Duration", "time . Time", "time . Now ( )", "time . Since (", "time . Sleep (",
    ], "time duration"),
    strong("go-channel-size", &["make ( chan .. , .. )"], "buffered channels"),
    strong("go-type-assertion", &[". ( $id )", ". ( * $id )", ". ( $id . $id )", ". ( type )"],
        "type assertion"),
    strong("go-import-alias", &["^ import $id $str"], "imports aliasing"),
    strong("go-functional-options", &[
        "type Option", "type $id*Option func", "type $id*Option interface", "^ func $id^With (",
    ], "functional options"),
    strong("go-interface-compliance", &["var _ $id =", "var _ $id . $id ="],
        "interface satisfaction check"),
    strong("go-enums", &["iota"], "enums iota"),
    weak("go-channels", &["chan", "<-", "^ select {"], "channels concurrency"),
    weak("go-errorf", &["fmt . Errorf ("], "error messages"),
    weak("go-errors-new", &["errors . New ("], "error values"),
    weak("go-error-check", &["err != nil"], "error handling"),
    weak("go-tests", &["^ func $id^Test (", "* testing . T", "* testing . B"], "tests"),
    weak("go-maps", &["make ( map ["], "maps initialization"),
    weak("go-nil-slices", &["= [ ] $id { }", "return [ ] $id { }", "len ( $id ) == 0"],
        "nil slices empty"),
    weak("go-empty-interface", &["interface { }", "[ ] any", "] any", "$id any )", "$id any ,"],
        "empty interface"),
    weak("go-imports", &["^ import (", "^ import $str"], "imports grouping"),
    weak("go-sprintf", &["fmt . Sprintf (", "fmt . Sprint (", "fmt . Sprintln ("],
        "string formatting sprintf"),
    weak("go-strconv", &["strconv . $id ("], "strconv conversion"),
    weak("go-byte-conversion", &["[ ] byte ("], "byte conversion"),
    weak("go-raw-strings", &["$str^`"], "raw string literals"),
];
