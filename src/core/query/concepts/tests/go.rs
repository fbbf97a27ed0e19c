//! Go rows: a line that shows each, and near misses.

use super::{assert_found, assert_not_found};

#[rustfmt::skip]
pub(super) const FOUND: &[(&str, &str, &str)] = &[
    ("go", "go-goroutine", "go func() { done <- work() }()"),
    ("go", "go-goroutine", "go worker(jobs)"),
    ("go", "go-waitgroup", "var wg sync.WaitGroup"),
    ("go", "go-defer", "defer f.Close()"),
    ("go", "go-error-wrapping", "return fmt.Errorf(\"open config: %w\", err)"),
    ("go", "go-error-matching", "if errors.Is(err, os.ErrNotExist) {"),
    ("go", "go-error-naming", "var ErrNotFound = errors.New(\"not found\")"),
    ("go", "go-init", "func init() {"),
    ("go", "go-servemux", "mux.HandleFunc(\"GET /v1/links\", h.listLinks)"),
    ("go", "go-servemux", "mux := http.NewServeMux()"),
    ("go", "go-mutex", "mu sync.Mutex"),
    ("go", "go-atomic", "atomic.AddInt64(&n, 1)"),
    ("go", "go-panic", "panic(\"unreachable\")"),
    ("go", "go-exit", "log.Fatalf(\"listen: %v\", err)"),
    ("go", "go-table-tests", "t.Run(tt.name, func(t *testing.T) {"),
    ("go", "go-container-capacity", "out := make([]string, 0, len(in))"),
    ("go", "go-struct-tags", "Name string `json:\"name\"`"),
    ("go", "go-context", "func Fetch(ctx context.Context, id string) error {"),
    ("go", "go-time", "timeout time.Duration"),
    ("go", "go-channel-size", "results := make(chan int, 64)"),
    ("go", "go-type-assertion", "s, ok := v.(string)"),
    ("go", "go-import-alias", "import client \"example.com/api/v2\""),
    ("go", "go-functional-options", "func WithTimeout(d time.Duration) Option {"),
    ("go", "go-interface-compliance", "var _ http.Handler = (*Server)(nil)"),
    ("go", "go-enums", "ModeRead Mode = iota + 1"),
    ("go", "go-channels", "done := make(chan struct{})"),
    ("go", "go-errorf", "return fmt.Errorf(\"bad id %q\", id)"),
    ("go", "go-errors-new", "return errors.New(\"empty\")"),
    ("go", "go-error-check", "if err != nil {"),
    ("go", "go-tests", "func TestParse(t *testing.T) {"),
    ("go", "go-maps", "seen := make(map[string]bool)"),
    ("go", "go-nil-slices", "return []string{}"),
    ("go", "go-empty-interface", "func Log(args ...interface{}) {"),
    ("go", "go-imports", "import ("),
    ("go", "go-sprintf", "s := fmt.Sprintf(\"%d\", n)"),
    ("go", "go-strconv", "s := strconv.Itoa(n)"),
    ("go", "go-byte-conversion", "w.Write([]byte(\"hello\"))"),
    ("go", "go-raw-strings", "re := regexp.MustCompile(`^\\d+$`)"),
];

#[test]
fn go_rows_are_found() {
    assert_found(FOUND);
}

#[test]
#[rustfmt::skip]
fn go_near_misses_are_not() {
    assert_not_found(&[
        ("go", "go-goroutine", "gofunc()"),
        ("go", "go-goroutine", "// go func() is forbidden here"),
        ("go", "go-goroutine", "msg := \"go func\""),
        ("go", "go-error-wrapping", "return fmt.Errorf(\"open config: %v\", err)"),
        ("go", "go-init", "func initConfig() {"),
        ("go", "go-panic", "log.Panic(\"stop\")"),
        ("go", "go-container-capacity", "out := make([]string, n)"),
        ("go", "go-type-assertion", "name := v.String()"),
        // A raw string's text is not code, even over several lines.
        ("go", "go-defer", "const usage = `\ndefer nothing\n`"),
    ]);
}
