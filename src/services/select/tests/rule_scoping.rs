//! Selection of other agents' rule files: their own scoping (content-scoped rules by what the
//! call writes or replaces), folder-scoped instructions nearest first, and files the harness
//! loaded itself left out.

use super::rule_repo::{Repo, kept, repo, verdict};
use crate::core::query::QueryInput;
use crate::core::select::bar::{Grounds, Shortfall, Verdict};
use crate::core::sources::Harness;
use crate::services::inject::{Moment, select_for_moment};
use crate::services::select::Candidate;

const API: (&str, &str) = (
    ".cursor/rules/api.mdc",
    "---\nglobs: src/api/**\nalwaysApply: false\n---\n# Endpoints\nEvery handler returns a typed envelope.\n",
);
const PYTHON: (&str, &str) = (
    ".github/instructions/python.instructions.md",
    "---\napplyTo: \"**/*.py\"\n---\n# Python\nType-annotate every function.\n",
);

#[test]
fn a_rule_comes_for_files_its_globs_match_and_a_broad_glob_needs_a_word_of_the_call() {
    let r = repo(&[API, PYTHON]);
    let api = r.edit("", "src/api/orders.ts", "export const x = 1;", None);
    assert_eq!(kept(&api), [".cursor/rules/api.mdc"]);
    assert_eq!(
        verdict(&api, API.0),
        Some(&Verdict::Kept(Grounds::Glob {
            glob: "src/api/**".into()
        }))
    );
    let ui = r.edit("", "src/ui/button.ts", "export const y = 2;", None);
    assert!(kept(&ui).is_empty(), "{:?}", kept(&ui));
    // A glob over every Python file says where the rule may apply; the call's words say
    // whether it applies now.
    let bare = r.edit("", "tools/report.py", "x = 1\n", None);
    assert!(kept(&bare).is_empty(), "{:?}", kept(&bare));
    assert_eq!(
        verdict(&bare, PYTHON.0),
        Some(&Verdict::Dropped(Shortfall::NoCallEvidence))
    );
    let annotated = r.edit(
        "",
        "tools/report.py",
        "def total(rows: list[int]) -> int:  # annotate every function\n",
        None,
    );
    assert_eq!(kept(&annotated), [PYTHON.0]);
}

#[test]
fn a_language_wide_glob_needs_the_words_an_always_on_rule_needs_and_a_narrower_one_does_not() {
    let cython = (
        ".cursor/rules/cython.mdc",
        "---\nglobs: \"**/*.pyx\"\n---\n# Extension modules\nRelease the GIL around blocking calls.\n",
    );
    let logging = (
        ".cursor/rules/logging.mdc",
        "---\nglobs: \"**/*.py\"\n---\n# Logging\nLog through the module logger, never print.\n",
    );
    let uploads = (
        ".cursor/rules/uploads.mdc",
        "# Uploads\nAn upload retries with backoff; a failed upload is logged with its \
         bucket, key, size, checksum and attempt.\n",
    );
    let r = repo(&[cython, logging, uploads]);
    // The author picked the Cython files: the rule comes for one whatever the edit says.
    let ext = r.edit("", "native/_codec.pyx", "x = 1\n", None);
    assert_eq!(kept(&ext), [cython.0]);
    // A word the Python-wide rule shares with the edit is not enough when the call's words
    // bear far more on another rule.
    let upload = r.edit(
        "",
        "storage/upload.py",
        "log.warning('failed upload', bucket, key, size, checksum, attempt)  # retry\n",
        None,
    );
    assert!(kept(&upload).contains(&uploads.0), "{:?}", kept(&upload));
    assert!(!kept(&upload).contains(&logging.0), "{:?}", kept(&upload));
}

#[test]
fn a_comment_fixed_under_a_rules_glob_does_not_bring_the_rule() {
    let ownership = (
        ".github/instructions/ownership.instructions.md",
        "---\napplyTo: \"engine/**\"\n---\n# Buffer ownership\nA function that keeps a \
         buffer takes it by value; a borrowed buffer never outlives the call.\n",
    );
    let r = repo(&[ownership]);
    let old = "// recieve the next frame\nauto frame = decode(in);\n";
    let typo = r.replace(
        "engine/decode.cpp",
        old,
        "// receive the next frame\nauto frame = decode(in);\n",
        true,
    );
    assert!(kept(&typo).is_empty(), "{:?}", kept(&typo));
    assert!(matches!(
        verdict(&typo, ownership.0),
        Some(Verdict::Dropped(Shortfall::WeakWords { .. }))
    ));
    // The same words in code: the author's glob picks the file, enough alone.
    let code = r.replace(
        "engine/decode.cpp",
        old,
        "// recieve the next frame\nauto frame = decode_exact(in);\n",
        true,
    );
    assert_eq!(kept(&code), [ownership.0]);
}

#[test]
fn a_rule_naming_the_touched_file_s_folder_is_judged_by_its_words_whatever_its_paths() {
    let notes = (
        ".cursor/rules/release-notes.mdc",
        "---\nglobs: services/**\n---\n# Release notes\nA user-facing service change adds a \
         release note under `.changes/`: one line of what changed for the user, then the \
         ticket.\n",
    );
    let settings = (
        ".cursor/rules/settings.mdc",
        "---\nglobs: services/**\n---\n# Settings\nEvery setting is read once in \
         tools/config/loader.py and documented with its default.\n",
    );
    let r = repo(&[notes, settings]);
    let note = r.edit(
        "",
        ".changes/faster-exports.md",
        "Release note: exports of large user reports are faster (ticket 412).\n",
        None,
    );
    assert_eq!(kept(&note), [notes.0]);
    // A text citing one file of a folder is not about every file there.
    let other = r.edit(
        "",
        "tools/config/env.py",
        "# every setting documented with its default\nDEFAULT = 1\n",
        None,
    );
    assert!(kept(&other).is_empty(), "{:?}", kept(&other));
}

#[test]
fn a_rule_for_the_test_tree_is_judged_by_its_words_for_a_test_kept_elsewhere() {
    let tests = (
        ".github/instructions/tests.instructions.md",
        "---\napplyTo: \"**/src/test/**/*.java\"\n---\n# Tests\nPrefer fluent assertions \
         over bare assertEquals; a fixture builder makes every order.\n",
    );
    let r = repo(&[tests]);
    let body = "assertThat(order.total()).isEqualTo(3); // fluent assertions, fixture builder\n";
    let helper = r.edit(
        "",
        "orders-testing/src/main/java/acme/AbstractOrderTest.java",
        body,
        None,
    );
    assert_eq!(kept(&helper), [tests.0]);
    // Not a test by its name: the rule's paths keep it out.
    let code = r.edit("", "orders/src/main/java/acme/OrderTotals.java", body, None);
    assert!(kept(&code).is_empty(), "{:?}", kept(&code));
    assert_eq!(
        verdict(&code, tests.0),
        Some(&Verdict::Dropped(Shortfall::OutsidePaths))
    );
    // A test in a test tree the globs leave out (the Python bindings' own tests) is not
    // one its author meant the rule for.
    let other_tree = r.edit("", "bindings/tests/test_order_total.py", body, None);
    assert!(kept(&other_tree).is_empty(), "{:?}", kept(&other_tree));
    assert_eq!(
        verdict(&other_tree, tests.0),
        Some(&Verdict::Dropped(Shortfall::OutsidePaths))
    );
}

#[test]
fn a_rule_s_language_glob_keeps_it_from_other_files_whatever_its_words() {
    let style = (
        ".github/instructions/style.instructions.md",
        "---\napplyTo: \"**/*.{java,kt}\"\n---\n# Style\nRegister every instrumentation \
         module once; keep classpath properties out of module classes.\n",
    );
    let r = repo(&[style]);
    let words = "registering instrumentation module classpath properties\n";
    let java = r.edit("", "agent/src/main/java/acme/Module.java", words, None);
    assert_eq!(kept(&java), [style.0]);
    // Copilot would not attach it to a Gradle script: lore does not either.
    let script = r.edit("", "agent/build.gradle.kts", words, None);
    assert!(kept(&script).is_empty(), "{:?}", kept(&script));
    assert_eq!(
        verdict(&script, style.0),
        Some(&Verdict::Dropped(Shortfall::OutsidePaths))
    );
}

#[test]
fn manual_and_excluded_rules_stay_out_of_hooks_whatever_their_words() {
    let r = repo(&[
        (
            ".windsurf/rules/deploy.md",
            "---\ntrigger: manual\n---\n# Deploy\nThe TypeScript orders endpoint deploys with canary.\n",
        ),
        (
            ".github/instructions/review.instructions.md",
            "---\napplyTo: \"src/**\"\nexcludeAgent: coding-agent\n---\n# Review\nCheck orders.\n",
        ),
    ]);
    let s = r.edit(
        "",
        "src/orders/deploy.ts",
        "canary orders endpoint deploy",
        None,
    );
    assert!(kept(&s).is_empty(), "{:?}", kept(&s));
    assert_eq!(
        verdict(&s, ".github/instructions/review.instructions.md"),
        Some(&Verdict::Dropped(Shortfall::ExcludedAgent))
    );
    assert_eq!(
        verdict(&s, ".windsurf/rules/deploy.md"),
        Some(&Verdict::Dropped(Shortfall::Manual))
    );
}

#[test]
fn nested_instructions_apply_under_their_folder_nearest_first() {
    let r = repo(&[
        ("AGENTS.md", "# Repository\nRun make check.\n"),
        (
            "services/billing/AGENTS.md",
            "# Billing\nAmounts are cents.\n",
        ),
        ("web/GEMINI.md", "# Web\nUse pnpm.\n"),
    ]);
    // The repository's own AGENTS.md primes the session (see `services::session_start`); a
    // sub-folder's comes with the calls made in it.
    let billing = r.edit("", "services/billing/invoice.go", "package billing", None);
    assert_eq!(kept(&billing), ["services/billing/AGENTS.md"]);
    let web = r.edit("", "web/app.ts", "export {}", None);
    assert_eq!(kept(&web), ["web/GEMINI.md"]);
    let check = r.edit("", "web/app.ts", "// run make check", None);
    assert_eq!(kept(&check), ["web/GEMINI.md", "AGENTS.md"]);
}

#[test]
fn what_the_harness_loaded_itself_is_not_injected_to_it() {
    let r = repo(&[
        ("AGENTS.md", "# Agents\nRun make check.\n"),
        ("CLAUDE.md", "# Claude\nRun make lint.\n"),
        ("api/AGENTS.md", "# Api agents\nVersion routes.\n"),
        (
            ".claude/rules/api.md",
            "---\npaths: [\"api/**\"]\n---\n# Api rule\nNo globals.\n",
        ),
    ]);
    let claude = r.edit(
        "",
        "api/routes.py",
        "x = 1  # make lint",
        Some(Harness::ClaudeCode),
    );
    assert_eq!(kept(&claude), ["api/AGENTS.md"]);
    assert_eq!(
        verdict(&claude, "CLAUDE.md"),
        Some(&Verdict::Dropped(Shortfall::LoadedByHarness {
            harness: Harness::ClaudeCode
        }))
    );
    assert_eq!(
        verdict(&claude, ".claude/rules/api.md"),
        Some(&Verdict::Dropped(Shortfall::LoadedByHarness {
            harness: Harness::ClaudeCode
        }))
    );
    // Codex loads AGENTS.md from the root down to the working directory only; CLAUDE.md is
    // for it a rule like any other, found by its words.
    let codex = r.edit(
        "",
        "api/routes.py",
        "x = 1  # make lint",
        Some(Harness::Codex),
    );
    assert_eq!(kept(&codex), [".claude/rules/api.md", "api/AGENTS.md"]);
    assert!(!matches!(
        verdict(&codex, "CLAUDE.md"),
        Some(Verdict::Dropped(Shortfall::LoadedByHarness { .. }))
    ));
    let codex_in_api = r.edit(
        "api",
        "api/routes.py",
        "x = 1  # make lint",
        Some(Harness::Codex),
    );
    assert_eq!(kept(&codex_in_api), [".claude/rules/api.md"]);
    assert_eq!(
        verdict(&codex_in_api, "api/AGENTS.md"),
        Some(&Verdict::Dropped(Shortfall::LoadedByHarness {
            harness: Harness::Codex
        }))
    );
}

#[test]
fn opencode_is_not_sent_the_claude_md_it_loads_when_there_is_no_agents_md() {
    let claude_only = repo(&[("CLAUDE.md", "# Claude\nRun make lint.\n")]);
    let call = claude_only.edit(
        "",
        "api/routes.py",
        "lint = 1  # make lint",
        Some(Harness::OpenCode),
    );
    assert_eq!(
        verdict(&call, "CLAUDE.md"),
        Some(&Verdict::Dropped(Shortfall::LoadedByHarness {
            harness: Harness::OpenCode
        }))
    );
    // With an AGENTS.md, OpenCode loads that instead, and the CLAUDE.md is a rule like any
    // other, found by its words.
    let both = repo(&[
        ("CLAUDE.md", "# Claude\nRun make lint.\n"),
        ("AGENTS.md", "# Agents\nRun make check.\n"),
    ]);
    let call = both.edit(
        "",
        "api/routes.py",
        "lint = 1  # make lint",
        Some(Harness::OpenCode),
    );
    assert!(
        matches!(
            verdict(&call, "CLAUDE.md"),
            Some(Verdict::Kept(_) | Verdict::Dropped(Shortfall::WeakWords { .. }))
        ),
        "{:?}",
        verdict(&call, "CLAUDE.md")
    );
}

#[test]
fn globs_match_the_path_from_the_repository_root_whatever_the_working_directory() {
    let r = repo(&[API]);
    let from_src = r.edit("src", "src/api/orders.ts", "export const x = 1;", None);
    assert_eq!(kept(&from_src), [API.0]);
    let nested = r.edit("src", "src/src/api/x.ts", "export const x = 1;", None);
    assert!(kept(&nested).is_empty(), "{:?}", kept(&nested));
}

#[test]
fn a_rule_s_own_glob_orders_it_with_the_team_s_globs_even_when_words_match_too() {
    let r = repo(&[
        ("src/AGENTS.md", "# Sources\nGreetings live here.\n"),
        (
            ".cursor/rules/greetings.mdc",
            "---\nglobs: src/**\n---\n# Greeting rules\nGreetings end with a full stop.\n",
        ),
    ]);
    let s = r.edit("", "src/greeting.txt", "greeting greetings", None);
    assert_eq!(kept(&s), [".cursor/rules/greetings.mdc", "src/AGENTS.md"]);
    assert_eq!(
        verdict(&s, ".cursor/rules/greetings.mdc"),
        Some(&Verdict::Kept(Grounds::Glob {
            glob: "src/**".into()
        }))
    );
}

const GO_TESTS: (&str, &str) = (
    ".continue/rules/go-tests.md",
    "---\nname: Go tests\nglobs: \"**/*_test.go\"\nregex: \"func Test\\\\w+\"\n---\n# Go tests\n\
     Write table tests with t.Run for every case.\n",
);
const TODOS: (&str, &str) = (
    ".continue/rules/todos.md",
    "---\nname: TODOs\nregex:\n  - 'TODO(?:\\(\\w+\\))?:'\n  - FIXME\n---\n# TODO comments\n\
     Every TODO names an issue number, never a person.\n",
);

#[test]
fn a_content_rule_comes_when_what_the_call_writes_matches_within_its_globs() {
    let r = repo(&[GO_TESTS, TODOS]);
    for explain in [false, true] {
        let test = r.replace(
            "pkg/add_test.go",
            "",
            "func TestAdd(t *testing.T) {}",
            explain,
        );
        assert_eq!(kept(&test), [GO_TESTS.0], "explain {explain}");
        assert_eq!(
            verdict(&test, GO_TESTS.0),
            Some(&Verdict::Kept(Grounds::Content {
                regex: r"func Test\w+".into()
            }))
        );
        // The same text in a file its globs do not name; its globs' file without the text.
        let elsewhere = r.replace("pkg/add.go", "", "func TestAdd(t *testing.T) {}", explain);
        assert!(kept(&elsewhere).is_empty(), "{:?}", kept(&elsewhere));
        let helper = r.replace("pkg/add_test.go", "", "func helper() {}", explain);
        assert!(kept(&helper).is_empty(), "{:?}", kept(&helper));
        // Without globs, any file; what an edit removes counts as well as what it adds.
        let todo = r.replace("web/app.ts", "", "// TODO(cache): keep it\n", explain);
        assert_eq!(kept(&todo), [TODOS.0], "explain {explain}");
        let removed = r.replace("web/app.ts", "// FIXME: slow\n", "cache();\n", explain);
        assert_eq!(kept(&removed), [TODOS.0], "explain {explain}");
    }
}

#[test]
fn a_content_rule_its_words_find_is_dropped_unless_its_regex_matches() {
    let r = repo(&[GO_TESTS, TODOS]);
    // Every word of the rule, none of its regexes.
    let words = r.replace(
        "pkg/add_test.go",
        "",
        "// write table tests with t.Run for every case\nfunc helper() {}",
        true,
    );
    assert_eq!(
        verdict(&words, GO_TESTS.0),
        Some(&Verdict::Dropped(Shortfall::ContentUnmatched))
    );
    // A prompt writes nothing: the rule never comes with one.
    let input = QueryInput {
        prompt: Some("How do we name TODO comments and FIXME notes?".into()),
        cwd: Some(r.dir.path().display().to_string()),
        ..QueryInput::default()
    };
    let prompt = select_for_moment(
        &r.index,
        &r.config,
        Moment::Prompt,
        &input,
        None,
        true,
        Some(Harness::ClaudeCode),
    )
    .unwrap()
    .selection
    .unwrap();
    assert!(!kept(&prompt).contains(&TODOS.0), "{:?}", kept(&prompt));
}

#[test]
fn a_rule_scoped_to_a_language_s_files_comes_to_a_command_by_its_words_not_its_name() {
    let text = "# Go\nAccept `for i := range n`, `min()` and, in tests, `t.Context()` in review.\n";
    let rule_file = format!("---\napplyTo: \"**/*.go\"\n---\n{text}");
    // Other languages' guides, so `tests` is a word most files hold, not a distinctive one.
    let python = (
        "patterns/python.md",
        "# Python\nRun the tests with pytest.\n",
    );
    let ruby = (
        "patterns/ruby.md",
        "# Ruby\nName tests for the behaviour.\n",
    );
    let rule = repo(&[
        (".github/instructions/go.instructions.md", &rule_file),
        python,
        ruby,
    ]);
    let own = repo(&[("patterns/go.md", text), python, ruby]);
    let command = "go test ./internal/ledger/...";
    // The team scoped its rule to Go files; a command touches none, so the rule's name
    // naming the language is no reason to send it, and its one shared word is too weak.
    // lore's own `go.md`, the same text scoped by its name alone, is the language's
    // general conventions.
    let run = rule.command(command);
    assert!(kept(&run).is_empty());
    let judged = run
        .candidates
        .iter()
        .find(|c| c.source == ".github/instructions/go.instructions.md")
        .unwrap();
    assert!(judged.evidence.name_set_aside, "{judged:?}");
    assert_eq!(
        verdict(&own.command(command), "go.md"),
        Some(&Verdict::Kept(Grounds::Stack))
    );
    // The rule still comes to an edit of a Go file whose words it bears on.
    let edit = rule.edit(
        "",
        "internal/ledger/sum.go",
        "for i := range n {\n\ttotal = min(total, rows[i])\n}\n",
        None,
    );
    assert_eq!(kept(&edit), [".github/instructions/go.instructions.md"]);
}

#[test]
fn a_rule_judged_by_its_words_sets_the_call_s_best_for_the_others() {
    let rule = (
        ".github/instructions/rspec.instructions.md",
        "---\napplyTo: \"**/*_spec.rb\"\n---\n# RSpec\nBuild each customer with its factory; \
         run the models specs with bundle exec rspec before a push.\n",
    );
    let logging = (
        "patterns/logging.md",
        "# Logging\nLog the customer id of the models a job changes; a job run with bundle \
         exec logs in the documented format.\n",
    );
    let others = [
        ("patterns/api.md", "# API\nVersion every route.\n"),
        (
            "patterns/commits.md",
            "# Commits\nWrite the why in the body.\n",
        ),
        (
            "patterns/migrations.md",
            "# Migrations\nOne change per migration.\n",
        ),
    ];
    let mut files = vec![rule, logging];
    files.extend(others);
    let run = repo(&files)
        .command("bundle exec rspec spec/models/customer_spec.rb --format documentation");
    // The rule's name is set aside (a command touches no file), so its words decide, and
    // they are the call's best: a file sharing two of them trails it far.
    assert_eq!(kept(&run), [".github/instructions/rspec.instructions.md"]);
    assert!(
        matches!(
            verdict(&run, "logging.md"),
            Some(Verdict::Dropped(Shortfall::FarBelowBest { .. }))
        ),
        "{:?}",
        verdict(&run, "logging.md")
    );
}

#[test]
fn one_rule_scores_the_same_in_any_agent_s_format() {
    let body = "# Errors\nWrap every returned error with the operation that failed.\n";
    let copilot = repo(&[(
        ".github/instructions/errors.instructions.md",
        &format!("---\napplyTo: \"src/**\"\n---\n{body}"),
    )]);
    let cursor = repo(&[(
        ".cursor/rules/errors.mdc",
        &format!("---\nglobs: src/**\n---\n{body}"),
    )]);
    let score = |r: &Repo| {
        let selection = r.edit(
            "",
            "src/github/client.go",
            "return fmt.Errorf(\"fetch instructions: %w\", err)\n",
            None,
        );
        let kept: Vec<&Candidate> = selection.kept().collect();
        assert_eq!(kept.len(), 1, "{:?}", kept);
        kept[0].score
    };
    // The Copilot folder's `github` and its `.instructions` mark are no words of the rule,
    // though the edit's path and text hold them.
    let (a, b) = (score(&copilot), score(&cursor));
    assert!((a - b).abs() < 1e-9, "copilot {a} cursor {b}");
}
