//! The MCP tool handler: maps each tool's arguments to one service call and its result to
//! text. Argument problems (size limits, paths outside the knowledge dir) are JSON-RPC
//! `invalid_params` errors; failures the agent should read and act on (a name collision, a
//! missing file) are tool results with `isError`. Blocking work runs off the async runtime.

use std::sync::Arc;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};

use super::params::{
    AddParams, AppendParams, OneOrMany, ProposeParams, SearchParams, UpdateParams,
};
use super::search::{MAX_TOP_K, SearchRequest, search_text};
use crate::adapters::cli::timestamp::today;
use crate::core::config::Config;
use crate::core::learn::inbox::Offered;
use crate::core::learn::scope::Scope;
use crate::services::author::{
    self, AuthorError, CommitOutcome, NewPattern, PatternAppend, PatternUpdate, WriteOutcome,
    check_len, limits,
};
use crate::services::ingest::NoProgress;
use crate::services::learn::{Classifier, Inbox, propose, review_index};
use crate::services::status::status_report;
use crate::services::workspace::open_index_building_if_missing;
use crate::storage::embed::{Embedder, OllamaEmbedder};
use std::time::Duration;

const INSTRUCTIONS: &str = "lore serves this team's coding conventions (patterns). \
Call search_patterns before writing code in an unfamiliar area, and follow what it returns. \
When you learn a convention the team wants kept, record it with add_pattern (or extend one \
with update_pattern / append_to_pattern); writes are indexed at once and committed to git \
when the patterns live in a repository. To suggest one nobody asked you to record, use \
propose_pattern: it waits for a person's review.";

/// The `lore serve` MCP server for one configuration.
#[derive(Clone)]
pub struct LoreServer {
    /// The configuration, or why there is none to use: a server registered for every
    /// project (the user's MCP settings, a plugin) still starts where lore is not set up,
    /// and each tool says so, rather than showing the agent a server that failed.
    config: Result<Arc<Config>, Arc<str>>,
    tool_router: ToolRouter<Self>,
}

/// Run blocking work on tokio's blocking pool.
async fn blocking<T, F>(work: F) -> Result<T, ErrorData>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, ErrorData> + Send + 'static,
{
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ErrorData::internal_error(format!("tool task failed: {e}"), None))?
}

fn text_result(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// Invalid input → JSON-RPC error; anything else → a tool error the agent can read.
fn author_failure(e: AuthorError) -> Result<CallToolResult, ErrorData> {
    if e.is_invalid_input() {
        Err(ErrorData::invalid_params(e.to_string(), None))
    } else {
        Ok(CallToolResult::error(vec![ContentBlock::text(
            e.to_string(),
        )]))
    }
}

fn write_summary(outcome: &WriteOutcome) -> String {
    let verb = match outcome.action {
        author::WriteAction::Added => "Added",
        author::WriteAction::Updated => "Updated",
        author::WriteAction::Appended => "Appended a section to",
    };
    let mut text = format!("{verb} {}", outcome.source);
    let report = &outcome.ingest;
    let same_title = (!outcome.same_title.is_empty()).then(|| {
        format!(
            "Note: {} already {} this title: if it is the same convention, keep one file \
             (update_pattern, append_to_pattern); the same topic for another language may \
             stay apart.\n",
            outcome
                .same_title
                .iter()
                .map(|s| format!("`{s}`"))
                .collect::<Vec<_>>()
                .join(", "),
            if outcome.same_title.len() == 1 {
                "has"
            } else {
                "have"
            }
        )
    });
    if report.errors.is_empty() {
        text.push_str(" and indexed it; search_patterns finds it now.\n");
    } else {
        text.push_str(", but indexing reported problems:\n");
        for issue in &report.errors {
            text.push_str(&format!("  {issue}\n"));
        }
    }
    match &outcome.commit {
        CommitOutcome::Committed {
            commit,
            branch,
            new_branch,
        } => {
            let short: String = commit.chars().take(12).collect();
            text.push_str(&format!(
                "Committed {short} on {}branch {branch}.\n",
                if *new_branch { "new " } else { "" }
            ));
        }
        CommitOutcome::NotCommitted { reason } => {
            text.push_str(&format!("Not committed: {reason}.\n"));
        }
    }
    text.extend(same_title);
    text
}

fn list(value: Option<OneOrMany>) -> Vec<String> {
    value.map(OneOrMany::into_vec).unwrap_or_default()
}

#[tool_router]
impl LoreServer {
    pub fn new(config: Config) -> Self {
        Self::with_config(Ok(config))
    }

    /// A server for `config`, or for a folder with none to use (`Err`: why, one line).
    pub fn with_config(config: Result<Config, String>) -> Self {
        Self {
            config: config.map(Arc::new).map_err(Arc::from),
            tool_router: Self::tool_router(),
        }
    }

    /// The configuration, or the tool result that says there is none to use.
    fn config(&self) -> Result<Arc<Config>, Box<CallToolResult>> {
        self.config.clone().map_err(|why| {
            Box::new(CallToolResult::error(vec![ContentBlock::text(format!(
                "lore is not set up for this project: {why}. Restart this MCP server once it is."
            ))]))
        })
    }

    #[tool(
        description = "Search the team's coding conventions (same ranking as `lore search`). Returns the matching sections with their source file and heading, then the full text of the matching patterns, best first, within about 8000 characters.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn search_patterns(
        &self,
        Parameters(p): Parameters<SearchParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let invalid = |e: AuthorError| ErrorData::invalid_params(e.to_string(), None);
        check_len("query", &p.query, limits::QUERY).map_err(invalid)?;
        if p.query.trim().is_empty() {
            return Err(ErrorData::invalid_params("query must not be empty", None));
        }
        let tags = list(p.tags);
        if tags.len() > limits::ITEMS {
            return Err(ErrorData::invalid_params(
                format!(
                    "tags has {} entries; the limit is {}",
                    tags.len(),
                    limits::ITEMS
                ),
                None,
            ));
        }
        for tag in &tags {
            check_len("tags", tag, limits::ITEM).map_err(invalid)?;
        }
        if let Some(lang) = &p.language {
            check_len("language", lang, limits::ITEM).map_err(invalid)?;
        }
        let config = match self.config() {
            Ok(config) => config,
            Err(unset) => return Ok(*unset),
        };
        let top_k = match p.top_k {
            None => config.search.top_k.clamp(1, MAX_TOP_K),
            Some(k) if (1..=MAX_TOP_K as u32).contains(&k) => k as usize,
            Some(k) => {
                return Err(ErrorData::invalid_params(
                    format!("top_k is {k}; it must be between 1 and {MAX_TOP_K}"),
                    None,
                ));
            }
        };
        let request = SearchRequest {
            query: p.query,
            top_k,
            language: p
                .language
                .map(|l| l.trim().to_lowercase())
                .filter(|l| !l.is_empty()),
            tags,
            include_metadata: p.include_metadata.unwrap_or(false),
        };
        blocking(move || {
            let result = open_index_building_if_missing(&config, &mut NoProgress)
                .map_err(|e| e.to_string())
                .and_then(|(index, _)| {
                    // Same ranking as `lore search`: hybrid when configured; any embedder
                    // problem leaves the search on full text. A query waits
                    // `ollama.query_timeout_ms`, not the ingest timeout.
                    let embedder = OllamaEmbedder::when_hybrid(&config, true).ok().flatten();
                    let embedder = embedder.as_ref().map(|e| e as &dyn Embedder);
                    search_text(&index, &request, embedder, config.search.min_relevance)
                        .map_err(|e| e.to_string())
                });
            Ok(match result {
                Ok(text) => text_result(text),
                Err(e) => {
                    CallToolResult::error(vec![ContentBlock::text(format!("search failed: {e}"))])
                }
            })
        })
        .await
    }

    #[tool(
        description = "Record a new coding convention as a markdown pattern file in the knowledge dir, named from the title. It is indexed at once and, when the knowledge dir is in a git repository, committed. Fails if a file with that name exists: then use update_pattern or append_to_pattern.",
        annotations(
            read_only_hint = false,
            destructive_hint = false,
            open_world_hint = false
        )
    )]
    async fn add_pattern(
        &self,
        Parameters(p): Parameters<AddParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let new = NewPattern {
            title: p.title,
            body: p.body,
            tags: list(p.tags),
            languages: p.language.map(|l| l.into_vec()).unwrap_or_default(),
            paths: list(p.paths),
            directory: p.directory,
            learned: None,
        };
        let config = match self.config() {
            Ok(config) => config,
            Err(unset) => return Ok(*unset),
        };
        blocking(move || match author::add_pattern(&config, &new) {
            Ok(outcome) => Ok(text_result(write_summary(&outcome))),
            Err(e) => author_failure(e),
        })
        .await
    }

    #[tool(
        description = "Replace the text of an existing pattern file (everything below its `# Title`), optionally its tags and language. Re-indexed at once; committed when in git.",
        annotations(
            read_only_hint = false,
            destructive_hint = true,
            open_world_hint = false
        )
    )]
    async fn update_pattern(
        &self,
        Parameters(p): Parameters<UpdateParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let update = PatternUpdate {
            source: p.source,
            body: p.body,
            tags: p.tags.map(|t| list(Some(t))),
            languages: p.language.map(|l| l.into_vec()),
        };
        let config = match self.config() {
            Ok(config) => config,
            Err(unset) => return Ok(*unset),
        };
        blocking(move || match author::update_pattern(&config, &update) {
            Ok(outcome) => Ok(text_result(write_summary(&outcome))),
            Err(e) => author_failure(e),
        })
        .await
    }

    #[tool(
        description = "Add a `## heading` section at the end of an existing pattern file. Re-indexed at once; committed when in git.",
        annotations(
            read_only_hint = false,
            destructive_hint = false,
            open_world_hint = false
        )
    )]
    async fn append_to_pattern(
        &self,
        Parameters(p): Parameters<AppendParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let append = PatternAppend {
            source: p.source,
            heading: p.heading,
            body: p.body,
        };
        let config = match self.config() {
            Ok(config) => config,
            Err(unset) => return Ok(*unset),
        };
        blocking(move || match author::append_to_pattern(&config, &append) {
            Ok(outcome) => Ok(text_result(write_summary(&outcome))),
            Err(e) => author_failure(e),
        })
        .await
    }

    #[tool(
        description = "Propose a convention for the team to review: it goes to lore's private review inbox (`lore inbox`), never into the patterns, and a person accepts or rejects it. Use it for a convention you noticed but were not asked to record.",
        annotations(
            read_only_hint = false,
            destructive_hint = false,
            open_world_hint = false
        )
    )]
    async fn propose_pattern(
        &self,
        Parameters(p): Parameters<ProposeParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let invalid = |e: AuthorError| ErrorData::invalid_params(e.to_string(), None);
        check_len("title", &p.title, limits::TITLE).map_err(invalid)?;
        check_len("rule", &p.rule, limits::BODY).map_err(invalid)?;
        let languages = p.language.map(|l| l.into_vec()).unwrap_or_default();
        let paths = list(p.paths);
        for (field, items) in [("language", &languages), ("paths", &paths)] {
            if items.len() > limits::ITEMS {
                return Err(ErrorData::invalid_params(
                    format!(
                        "{field} has {} entries; the limit is {}",
                        items.len(),
                        limits::ITEMS
                    ),
                    None,
                ));
            }
            for item in items {
                check_len(field, item, limits::ITEM).map_err(invalid)?;
            }
        }
        if p.title.trim().is_empty() || p.rule.trim().is_empty() || p.title.contains('\n') {
            return Err(ErrorData::invalid_params(
                "title (one line) and rule must not be empty",
                None,
            ));
        }
        let config = match self.config() {
            Ok(config) => config,
            Err(unset) => return Ok(*unset),
        };
        blocking(move || {
            let result = Inbox::open(&config).and_then(|inbox| {
                let index = review_index(&config, Duration::from_secs(2));
    let classifier = Classifier::new(&config, index.as_ref());
                let scope = Scope { languages, paths };
                propose(&inbox, &classifier, &p.title, &p.rule, scope, today())
            });
            Ok(match result {
                Ok((Offered::Refused, _)) => text_result(
                    "The team rejected this convention before; it was not proposed again.".to_string(),
                ),
                Ok((_, Some(item))) => text_result(format!(
                    "Proposed for review as inbox item {} (a person runs `lore inbox show {}`, then accepts or rejects it). Nothing was written to the patterns.",
                    item.id, item.id
                )),
                Ok((_, None)) => text_result("Proposed for review.".to_string()),
                Err(e) => CallToolResult::error(vec![ContentBlock::text(format!(
                    "could not propose: {e}"
                ))]),
            })
        })
        .await
    }

    #[tool(
        description = "Where lore's configuration, knowledge dir and index are, and their state (the same facts as `lore status --json`).",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn lore_status(&self) -> Result<CallToolResult, ErrorData> {
        let config = match self.config() {
            Ok(config) => config,
            Err(unset) => return Ok(*unset),
        };
        blocking(move || {
            let report = status_report(&config);
            let json = serde_json::to_string_pretty(&report).map_err(|e| {
                ErrorData::internal_error(format!("cannot serialise the status: {e}"), None)
            })?;
            Ok(text_result(json))
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for LoreServer {
    /// A call of a tool lore has not is refused naming it, the tools lore has, and the one
    /// it looks like (a client's or a person's typo), not with a bare "tool not found".
    async fn call_tool(
        &self,
        request: rmcp::model::CallToolRequestParams,
        context: rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> Result<rmcp::model::CallToolResponse, ErrorData> {
        let name = request.name.to_string();
        if !self.tool_router.has_route(&name) {
            let tools: Vec<String> = self
                .tool_router
                .list_all()
                .into_iter()
                .map(|t| t.name.to_string())
                .collect();
            let known: Vec<&str> = tools.iter().map(String::as_str).collect();
            let hint = crate::core::spelling::meant(&name, &known)
                .map(|m| format!(" (did you mean `{m}`?)"))
                .unwrap_or_default();
            return Err(ErrorData::invalid_params(
                format!(
                    "lore has no tool named `{name}`{hint}; its tools are {}",
                    known.join(", ")
                ),
                None,
            ));
        }
        let call = rmcp::handler::server::tool::ToolCallContext::new(self, request, context);
        self.tool_router.call(call).await
    }

    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(
                Implementation::new("lore", env!("CARGO_PKG_VERSION")).with_title("lore"),
            )
            .with_instructions(INSTRUCTIONS)
    }
}
