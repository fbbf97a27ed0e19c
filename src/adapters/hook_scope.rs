//! What a hook of any harness needs around the services for one payload: the configuration
//! (found from the payload's `cwd`), the session's ledger, and the index opened as one
//! snapshot around an injection (built first when missing, upgraded first when an older lore
//! wrote it, refreshed from the knowledge dir first on a session start).

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::core::config::Config;
use crate::services::inject::{InjectContext, Injection, SearchHint, Trace};
use crate::services::refresh::{
    Freshness, build_first_index, check_freshness, refresh_changed, upgrade_index,
};
use crate::services::session::SessionLedger;
use crate::services::workspace::{ConfigSearch, find_config};
use crate::storage::embed::OllamaEmbedder;
use crate::storage::index::{Index, IndexError};

use super::hook_process::HookRequest;

/// How long a hook waits on a busy index before giving up.
const INDEX_BUSY: Duration = Duration::from_millis(300);

/// The payload fields that say where and in which session a hook runs.
#[derive(Debug, Clone, Copy, Default)]
pub struct HookOrigin<'a> {
    pub cwd: Option<&'a str>,
    pub session_id: Option<&'a str>,
    pub agent_id: Option<&'a str>,
}

/// One hook call's configuration, ledger and project directory.
pub struct HookSession {
    pub config: Config,
    pub ledger: SessionLedger,
    /// The payload's `cwd` when absolute, else the process's working directory.
    pub project_dir: PathBuf,
    /// See [`HookRequest::exits_after`].
    exits_after: bool,
    /// How the agent can search for more.
    search_hint: SearchHint,
}

impl HookSession {
    /// Find the configuration (`--config`, `LORE_CONFIG`, the nearest `lore.toml` above the
    /// payload's `cwd`, the user's) and open the session's ledger.
    pub fn open(request: &HookRequest, origin: HookOrigin<'_>) -> anyhow::Result<Self> {
        let project_dir = origin
            .cwd
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default();
        let config = find_config(&ConfigSearch::from_env(
            request.config_flag.clone(),
            project_dir.clone(),
        ))?;
        let ledger =
            SessionLedger::open_in(&request.ledger_dir, origin.session_id, origin.agent_id);
        let search_hint = if request.mcp || mcp_configured(&project_dir) {
            SearchHint::Mcp
        } else {
            SearchHint::Cli
        };
        Ok(Self {
            config,
            ledger,
            project_dir,
            exits_after: request.exits_after,
            search_hint,
        })
    }

    /// The session's ledger, for recording what an answer showed once it was written.
    pub fn into_ledger(self) -> SessionLedger {
        self.ledger
    }

    /// Open the index (building it on first use) and run `inject` with a context around it.
    pub fn inject(
        &self,
        trace: &mut Trace,
        inject: impl FnOnce(&mut InjectContext<'_>) -> Result<Option<Injection>, IndexError>,
    ) -> anyhow::Result<Option<Injection>> {
        let Some(index) = open_index(&self.config, trace)? else {
            return Ok(None);
        };
        self.inject_with(index, trace, inject)
    }

    /// As [`HookSession::inject`], with the index brought up to date with the knowledge dir
    /// (see `services::refresh`): a session start. Checking the knowledge dir (a walk and an
    /// `lstat` a file) takes about as long as injecting, so the check runs on a second thread
    /// while this one injects from the index as it is; that injection is kept unless the
    /// refresh after a failed check changed patterns, and then it is made again from the
    /// refreshed index. Either way the answer is the one a refresh-then-inject would give.
    pub fn inject_refreshed(
        &self,
        trace: &mut Trace,
        inject: impl Fn(&mut InjectContext<'_>) -> Result<Option<Injection>, IndexError>,
    ) -> anyhow::Result<Option<Injection>> {
        let config = &self.config;
        if !config.database.exists() {
            build_first_index(config, trace);
            return self.inject(trace, inject);
        }
        let mut check_trace = trace.child();
        let mut early_trace = trace.child();
        let (freshness, early) = std::thread::scope(|scope| {
            let check = scope.spawn(|| check_freshness(config, &mut check_trace));
            // Only an index this lore can read as it is: building or upgrading one waits for
            // the check.
            let early = match Index::open_snapshot(&config.database, INDEX_BUSY) {
                Ok(Some(index)) => Some(self.inject_with(index, &mut early_trace, &inject)),
                _ => None,
            };
            match check.join() {
                Ok(freshness) => (freshness, early),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        });
        trace.absorb(check_trace);
        let patterns_changed = match freshness {
            Freshness::AsIs => false,
            Freshness::Changed(scan) => refresh_changed(config, scan, trace),
        };
        match early {
            Some(injection) if !patterns_changed => {
                trace.absorb(early_trace);
                injection
            }
            _ => self.inject(trace, inject),
        }
    }

    fn inject_with(
        &self,
        index: Index,
        trace: &mut Trace,
        inject: impl FnOnce(&mut InjectContext<'_>) -> Result<Option<Injection>, IndexError>,
    ) -> anyhow::Result<Option<Injection>> {
        let config = &self.config;
        // The query embedder exists only when hybrid search is on; it has its own hard timeout
        // (`ollama.query_timeout_ms`), and any failure leaves the hook full-text only.
        let embedder = OllamaEmbedder::when_hybrid(config, true).unwrap_or_else(|e| {
            trace.note(format!("no query embedder ({e}); full text only"));
            None
        });
        let mut ctx = InjectContext {
            config,
            index: &index,
            ledger: &self.ledger,
            project_dir: Some(&self.project_dir),
            search_hint: self.search_hint,
            embedder: embedder
                .as_ref()
                .map(|e| e as &dyn crate::storage::embed::Embedder),
            trace,
        };
        let injection = inject(&mut ctx)?;
        if self.exits_after {
            // A read-only connection has nothing to write back, and exiting releases its locks
            // as a crash would (which SQLite is built to survive); closing it would free every
            // cached page and unmap the WAL index one by one, about a tenth of a hook.
            std::mem::forget(index);
        }
        Ok(injection)
    }
}

/// Whether the project's `.mcp.json` configures lore's MCP server (`lore serve`).
fn mcp_configured(project_dir: &Path) -> bool {
    std::fs::read_to_string(project_dir.join(".mcp.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .is_some_and(|value| mcp_runs_lore(&value))
}

/// Whether an `.mcp.json` document configures a server that runs `lore serve`.
fn mcp_runs_lore(value: &serde_json::Value) -> bool {
    let servers = value.get("mcpServers").unwrap_or(value);
    servers.as_object().is_some_and(|servers| {
        servers.values().any(|server| {
            let command = server.get("command").and_then(|c| c.as_str()).unwrap_or("");
            let runs_lore = Path::new(command)
                .file_name()
                .is_some_and(|name| name == "lore");
            let serves = server
                .get("args")
                .and_then(|a| a.as_array())
                .is_some_and(|args| args.iter().any(|a| a == "serve"));
            runs_lore && serves
        })
    })
}

/// The index as one snapshot, built first when missing and upgraded first when an older lore
/// wrote it (each bounded; see `services::refresh`). None: there is still no index.
fn open_index(config: &Config, trace: &mut Trace) -> anyhow::Result<Option<Index>> {
    match Index::open_snapshot(&config.database, INDEX_BUSY) {
        Ok(Some(index)) => return Ok(Some(index)),
        Ok(None) => {
            trace.note("no index yet: building it");
            build_first_index(config, trace);
        }
        Err(IndexError::OlderSchema { found, supported }) => {
            trace.note(format!(
                "the index has schema {found}, older than {supported}: upgrading it"
            ));
            upgrade_index(config, trace);
        }
        Err(e) => return Err(e.into()),
    }
    Ok(Index::open_snapshot(&config.database, INDEX_BUSY)?)
}
