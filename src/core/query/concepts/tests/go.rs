//! Go rows: a line that shows each, and near misses.

use super::{assert_found, assert_not_found};

#[rustfmt::skip]
pub(super) const FOUND: &[(&str, &str, &str)] = &[
    ("go", "go-goroutine", "go func() { tick <- sample(probe) }()"),
    ("go", "go-goroutine", "go pump(readings)"),
    ("go", "go-waitgroup", "var pending sync.WaitGroup"),
    ("go", "go-defer", "defer gaugeLog.Close()"),
    ("go", "go-error-wrapping", "return fmt.Errorf(\"decode tide table: %w\", err)"),
    ("go", "go-error-matching", "if errors.As(err, &pathErr) {"),
    ("go", "go-error-naming", "var ErrBerthTaken = errors.New(\"berth taken\")"),
    ("go", "go-init", "func init() {"),
    ("go", "go-servemux", "http.HandleFunc(\"/healthz\", healthz)"),
    ("go", "go-servemux", "routes := http.NewServeMux()"),
    ("go", "go-mutex", "guard sync.RWMutex"),
    ("go", "go-atomic", "atomic.StoreInt32(&ready, 1)"),
    ("go", "go-panic", "panic(\"tide table missing\")"),
    ("go", "go-exit", "log.Fatal(srv.ListenAndServe())"),
    ("go", "go-table-tests", "t.Run(c.label, func(t *testing.T) {"),
    ("go", "go-container-capacity", "berths := make([]Berth, 0, len(rows))"),
    ("go", "go-struct-tags", "Length float64 `yaml:\"length\"`"),
    ("go", "go-context", "ctx, cancel := context.WithTimeout(parent, 3*time.Second)"),
    ("go", "go-time", "elapsed := time.Since(began)"),
    ("go", "go-channel-size", "readings := make(chan Reading, 16)"),
    ("go", "go-type-assertion", "n, ok := raw.(int)"),
    ("go", "go-import-alias", "import tidev1 \"example.org/tides/api/v1\""),
    ("go", "go-functional-options", "func WithRetries(n int) Option {"),
    ("go", "go-interface-compliance", "var _ io.Reader = (*gaugeReader)(nil)"),
    ("go", "go-enums", "TideLow Tide = iota"),
    ("go", "go-channels", "stop := make(chan bool)"),
    ("go", "go-errorf", "return fmt.Errorf(\"unknown gauge %s\", name)"),
    ("go", "go-errors-new", "return errors.New(\"no readings\")"),
    ("go", "go-error-check", "} else if err != nil {"),
    ("go", "go-tests", "func TestHighWater(t *testing.T) {"),
    ("go", "go-maps", "byName := make(map[string]Gauge)"),
    ("go", "go-nil-slices", "return []Reading{}"),
    ("go", "go-empty-interface", "func Record(fields map[string]interface{}) {"),
    ("go", "go-imports", "import ("),
    ("go", "go-sprintf", "label := fmt.Sprint(level)"),
    ("go", "go-strconv", "depth, err := strconv.ParseFloat(field, 64)"),
    ("go", "go-byte-conversion", "h.Write([]byte(name))"),
    ("go", "go-raw-strings", "const header = `station,level`"),
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
        ("go", "go-goroutine", "// go func() would leak here"),
        ("go", "go-goroutine", "hint := \"go func\""),
        ("go", "go-error-wrapping", "return fmt.Errorf(\"decode tide table: %v\", err)"),
        ("go", "go-init", "func initGauges() {"),
        ("go", "go-panic", "log.Panic(\"halt\")"),
        ("go", "go-container-capacity", "berths := make([]Berth, count)"),
        ("go", "go-type-assertion", "label := level.String()"),
        // A raw string's text is not code, even over several lines.
        ("go", "go-defer", "const help = `\ndefer later\n`"),
    ]);
}
