//! Java, Kotlin and C# rows: a line that shows each, and near misses.

use super::{assert_found, assert_not_found};

#[rustfmt::skip]
pub(super) const FOUND: &[(&str, &str, &str)] = &[
    ("java", "jvm-field-injection", "@Autowired"),
    ("java", "jvm-transactional", "@Transactional"),
    ("java", "java-optional", "Optional<User> user = repo.findById(id);"),
    ("java", "managed-records", "public record Point(int x, int y) {}"),
    ("csharp", "cs-async-void", "public async void OnClick(object sender, EventArgs e)"),
    ("csharp", "cs-sync-over-async", "var user = GetUserAsync(id).Result;"),
    ("csharp", "cs-configure-await", "await stream.FlushAsync().ConfigureAwait(false);"),
    ("csharp", "cs-dispose", "using var conn = new SqlConnection(cs);"),
    ("java", "java-try-with-resources", "try (var in = Files.newInputStream(path)) {"),
    ("csharp", "cs-linq", "var adults = people.Where(p => p.Age >= 18).ToList();"),
    ("kotlin", "kt-not-null-assertion", "val name = user!!.name"),
    ("kotlin", "kt-lateinit", "lateinit var adapter: UserAdapter"),
    ("kotlin", "kt-data-classes", "data class User(val id: Long, val name: String)"),
    ("kotlin", "kt-coroutines", "suspend fun load(): User {"),
    ("java", "managed-broad-catch", "} catch (Exception e) {"),
    ("java", "managed-print-stack-trace", "e.printStackTrace();"),
    ("java", "managed-console", "System.out.println(\"done\");"),
    ("java", "managed-log-formatting", "log.info(\"saved \" + count + \" rows\");"),
    ("java", "java-lombok", "@Data"),
    ("java", "jvm-threads", "ExecutorService pool = Executors.newFixedThreadPool(4);"),
    ("java", "java-synchronized", "public synchronized void add(int n) {"),
    ("java", "managed-mocking", "when(repo.findById(1L)).thenReturn(Optional.of(user));"),
    ("csharp", "cs-regions", "#region Parsing"),
    ("java", "java-string-equality", "if (name == \"admin\") {"),
    ("csharp", "managed-var", "var total = items.Sum();"),
    ("kotlin", "kt-var", "var count = 0"),
    ("csharp", "cs-async", "public async Task<User> GetAsync(int id)"),
    ("csharp", "cs-nullable", "var city = user?.Address?.City;"),
    ("kotlin", "kt-scope-functions", "user?.let { save(it) }"),
    ("java", "managed-exceptions", "throw new IllegalArgumentException(\"id\");"),
    ("java", "managed-logging", "static final Logger log = LoggerFactory.getLogger(Cart.class);"),
    ("java", "managed-string-concatenation", "String msg = \"Hello, \" + name;"),
    ("kotlin", "managed-string-interpolation", "val msg = \"Hello, ${user.name}\""),
    ("csharp", "managed-string-interpolation", "var msg = $\"Hello, {name}\";"),
    ("java", "java-streams", "list.stream().filter(x -> x > 0).collect(Collectors.toList());"),
    ("java", "jvm-web-controllers", "@GetMapping(\"/users/{id}\")"),
    ("csharp", "managed-tests", "[Fact]"),
    ("java", "java-instanceof", "if (shape instanceof Circle c) {"),
    ("java", "managed-null-checks", "if (user != null) {"),
];

#[test]
fn managed_rows_are_found() {
    assert_found(FOUND);
}

#[test]
#[rustfmt::skip]
fn managed_near_misses_are_not() {
    assert_not_found(&[
        ("java", "managed-broad-catch", "} catch (IOException e) {"),
        ("csharp", "cs-regions", "// #region Parsing"),
        ("java", "java-string-equality", "if (name.equals(\"admin\")) {"),
        // Rows of one language of the family stay out of the others.
        ("java", "cs-linq", "var adults = people.Where(p -> p.age >= 18);"),
        ("csharp", "kt-var", "var count = 0;"),
        ("java", "managed-string-interpolation", "String msg = \"Hello, {name}\";"),
    ]);
}
