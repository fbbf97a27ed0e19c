//! Concept rows for Java, Kotlin and C#, which share a lexer: `//` and `/* */` comments,
//! `"""` text blocks, C# `$"..."`/`@"..."` strings, Kotlin `"${x}"` templates.

use super::{Concept, Family, Syntax, quote, strong, weak};

const JAVA: &[&str] = &["java"];
const JVM: &[&str] = &["java", "kotlin"];
const KOTLIN: &[&str] = &["kotlin"];
const CSHARP: &[&str] = &["csharp"];
const JAVA_CSHARP: &[&str] = &["java", "csharp"];

pub(super) static FAMILY: Family = Family {
    languages: &["java", "kotlin", "csharp"],
    syntax: Syntax {
        line_comments: &["///", "//"],
        hash_at_word_start: false,
        block_comments: &[("/**", "*/"), ("/*", "*/")],
        quotes: &[
            quote("\"\"\"", "\"\"\"", true, true, Some("${")),
            quote("\"", "\"", false, true, Some("${")),
            quote("'", "'", false, true, None),
        ],
        string_prefixes: &[("$@", true), ("@$", true), ("$", true), ("@", false)],
        operators: &[
            "??=", "?.", "??", "!!", "?:", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||",
            "++", "--", "+=", "-=", "*=", "/=", "%=",
        ],
        fold_case: false,
        shell_words: false,
        lifetimes: false,
    },
    concepts: CONCEPTS,
};

#[rustfmt::skip]
const CONCEPTS: &[Concept] = &[
    Concept { only: JVM, ..strong("jvm-field-injection", &["@ Autowired", "@ Inject", "@ Resource"],
        "dependency injection constructor") },
    strong("jvm-transactional", &["@ Transactional"], "transactions"),
    Concept { only: JAVA, ..strong("java-optional", &[
        "Optional <", "Optional . of (", "Optional . ofNullable (", "Optional . empty ( )",
        ". orElse (", ". orElseThrow (",
    ], "optional null") },
    Concept { only: JAVA_CSHARP, ..strong("managed-records", &[
        "^ record $id", "^ public record", "^ public sealed record", "^ internal record",
        "^ private record",
    ], "records") },
    Concept { only: CSHARP, ..strong("cs-async-void", &["async void"], "async void") },
    Concept { only: CSHARP, ..strong("cs-sync-over-async", &[
        ". Result", ". Wait ( )", ". GetAwaiter ( ) . GetResult ( )",
    ], "async deadlocks blocking") },
    Concept { only: CSHARP, ..strong("cs-configure-await", &["ConfigureAwait ("],
        "configureawait async") },
    Concept { only: CSHARP, ..strong("cs-dispose", &[
        "using var", "using (", "await using", "IDisposable", "IAsyncDisposable",
        ". Dispose ( )",
    ], "dispose resources") },
    Concept { only: JAVA, ..strong("java-try-with-resources", &["try ("], "resources closing") },
    Concept { only: CSHARP, ..strong("cs-linq", &[
        ". Where (", ". Select (", ". FirstOrDefault (", ". SingleOrDefault (", ". Any (",
        ". ToList ( )", "from $id in",
    ], "linq") },
    Concept { only: KOTLIN, ..strong("kt-not-null-assertion", &["!!"], "null safety") },
    Concept { only: KOTLIN, ..strong("kt-lateinit", &["lateinit"], "lateinit initialization") },
    Concept { only: KOTLIN, ..strong("kt-data-classes", &["data class"], "data classes") },
    Concept { only: KOTLIN, ..strong("kt-coroutines", &[
        "suspend fun", "launch {", "async {", "runBlocking", "GlobalScope", "withContext (",
    ], "coroutines") },
    strong("managed-broad-catch", &[
        "catch ( Exception", "catch ( Throwable", "catch ( RuntimeException", "catch ( e : Exception",
        "catch ( e : Throwable", "^ catch $end", "} catch {",
    ], "exceptions catch"),
    strong("managed-print-stack-trace", &[". printStackTrace ( )"], "logging exceptions"),
    strong("managed-console", &[
        "System . out . println (", "System . err . println (", "System . out . print (",
        "Console . WriteLine (", "Console . Write (", "^ println (",
    ], "logging console"),
    strong("managed-log-formatting", &[
        "log . $id ( $str +", "logger . $id ( $str +", "LOG . $id ( $str +", "_logger . $id ( $str +",
        "log . $id ( $fstr", "logger . $id ( $fstr", "_logger . $id ( $fstr",
    ], "logging placeholders parameterized"),
    Concept { only: JAVA, ..strong("java-lombok", &[
        "@ Data", "@ Getter", "@ Setter", "@ Builder", "@ AllArgsConstructor", "@ NoArgsConstructor",
        "@ RequiredArgsConstructor", "@ Slf4j",
    ], "lombok") },
    Concept { only: JVM, ..strong("jvm-threads", &[
        "new Thread (", "Executors .", "ExecutorService", "CompletableFuture",
    ], "concurrency threads") },
    Concept { only: JAVA, ..strong("java-synchronized", &["synchronized"],
        "synchronization threads") },
    strong("managed-mocking", &[
        "Mockito .", "@ Mock", "when ( .. ) . thenReturn (", "new Mock <", "Substitute . For <",
    ], "mocking"),
    Concept { only: CSHARP, ..strong("cs-regions", &["# region"], "regions") },
    Concept { only: JAVA, ..strong("java-string-equality", &["== $str", "$str =="],
        "equals comparison") },
    Concept { only: JAVA_CSHARP, ..weak("managed-var", &["^ var $id ="], "var type inference") },
    Concept { only: KOTLIN, ..weak("kt-var", &["^ var", "^ private var", "^ override var"],
        "immutability var") },
    Concept { only: CSHARP, ..weak("cs-async", &["async Task", "async ValueTask", "await"],
        "async await") },
    Concept { only: CSHARP, ..weak("cs-nullable", &["# nullable", "?.", "??", "??="],
        "nullable references") },
    Concept { only: KOTLIN, ..weak("kt-scope-functions", &[
        ". let {", ". apply {", ". also {", ". run {", "?. let {", "?. apply {", "?. also {",
        "?. run {",
    ],
        "scope functions") },
    weak("managed-exceptions", &["catch (", "throw new", "^ throw"], "exceptions"),
    weak("managed-logging", &[
        "LoggerFactory . getLogger (", "Logger . getLogger (", "ILogger <",
    ], "logging"),
    weak("managed-string-concatenation", &["$str +", "+ $str"], "strings concatenation"),
    weak("managed-string-interpolation", &["$fstr"], "string interpolation"),
    Concept { only: JAVA, ..weak("java-streams", &[". stream ( )", "Collectors ."], "streams") },
    Concept { only: JVM, ..weak("jvm-web-controllers", &[
        "@ RestController", "@ Controller", "@ $id*Mapping", "@ RequestBody", "@ PathVariable",
    ], "controllers endpoints") },
    weak("managed-tests", &[
        "@ Test", "[ Fact ]", "[ Theory ]", "[ Test ]", "[ TestMethod ]", "[ TestCase",
    ], "tests unit"),
    Concept { only: JAVA, ..weak("java-instanceof", &["instanceof"], "instanceof pattern matching") },
    weak("managed-null-checks", &["== null", "!= null"], "null checks"),
];
