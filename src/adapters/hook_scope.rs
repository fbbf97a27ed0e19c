//! What a hook of any harness needs around the services for one payload: the configuration
//! (found from the payload's `cwd`), the session's ledger, and the index opened as one
//! snapshot around an injection (built first when missing or left incomplete by an
//! interrupted ingest, upgraded first when an older lore wrote it, checked against the
//! knowledge dir and refreshed when it changed on a session start).

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::core::config::Config;
use crate::core::query::{ManifestFindings, TechnologyTable};
use crate::core::sources::Harness;
use crate::services::deadline::Deadline;
use crate::services::ingest::RecordedState;
use crate::services::inject::{InjectContext, Injection, SearchHint, Trace};
use crate::services::project::{command_folder, project_facts_beside};
use crate::services::refresh::{
    Freshness, build_first_index, check_freshness, refresh_changed, refresh_index, upgrade_index,
};
use crate::services::session::{Claim, SessionLedger};
use crate::services::workspace::{ConfigSearch, find_config};
use crate::storage::embed::OllamaEmbedder;
use crate::storage::index::{Index, IndexError};
use crate::storage::project_cache::ProjectCache;

use super::hook_process::HookRequest;

/// How long a hook waits on a busy index before giving up.
const INDEX_BUSY: Duration = Duration::from_millis(300);
/// How many times a call chooses its sections when parallel calls of its session keep
/// claiming them first.
const MAX_CLAIMS: usize = 4;

/// The payload fields that say where and in which session a hook runs.
#[derive(Debug, Clone, Copy, Default)]
pub struct HookOrigin<'a> {
    pub cwd: Option<&'a str>,
    pub session_id: Option<&'a str>,
    pub agent_id: Option<&'a str>,
    /// The harness the hook answers, so what it loads itself is not injected again.
    pub harness: Option<Harness>,
}

/// One hook call's configuration, ledger and project directory.
pub struct HookSession {
    pub config: Config,
    pub ledger: SessionLedger,
    /// The payload's `cwd` when absolute, else the process's working directory.
    pub project_dir: PathBuf,
    /// The repository root the call's files are named from, and the answer's paths shown
    /// from, as the working directory names it (see `touched_path::query_root`): found once
    /// per hook, as both need it.
    query_root: Option<String>,
    /// `hook.deadline_ms` after the hook process started.
    pub deadline: Deadline,
    /// See [`HookRequest::exits_after`].
    exits_after: bool,
    /// How the agent can search for more.
    search_hint: SearchHint,
    /// Where project facts are remembered (see `storage::project_cache`).
    ledger_dir: PathBuf,
    harness: Option<Harness>,
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
        let deadline = Deadline::after(
            request.started,
            Duration::from_millis(config.hook.deadline_ms),
        );
        let ledger =
            SessionLedger::open_in(&request.ledger_dir, origin.session_id, origin.agent_id);
        let search_hint = if request.mcp || super::mcp_json::configures_lore(&project_dir) {
            SearchHint::Mcp
        } else {
            SearchHint::Cli
        };
        let query_root =
            super::touched_path::query_root(config.repository_root(), project_dir.to_str());
        Ok(Self {
            config,
            ledger,
            project_dir,
            query_root,
            deadline,
            exits_after: request.exits_after,
            search_hint,
            ledger_dir: request.ledger_dir.clone(),
            harness: origin.harness,
        })
    }

    /// Complete a call's query input with what the hook can read around it: the repository
    /// root the query names files from, the touched file's path as the working directory
    /// names that root (see `touched_path`), and the project's root files.
    pub fn complete_call(&self, input: &mut crate::core::query::QueryInput) {
        use crate::adapters::touched_path::named_under;
        input.root = self.query_root.clone();
        // Under the root, a file of another package too (the root holds the working
        // directory); without one, under the working directory.
        let base = input.root.as_deref().or(input.cwd.as_deref());
        if let (Some(file), Some(base)) = (input.file_path.as_deref(), base)
            && let Some(named) = named_under(file, base)
        {
            input.file_path = Some(named);
        }
        input.project = match (input.file_path.as_deref(), input.command.as_deref()) {
            (None, Some(command)) => self.command_project_facts(command),
            (file, _) => self.project_facts(file),
        };
    }

    /// What the project's root files show for a shell command: those of the folder it works
    /// in when it names one (see `services::project::command_folder`), else as for a call
    /// touching nothing.
    fn command_project_facts(&self, command: &str) -> ManifestFindings {
        let table = TechnologyTable::with_team(&self.config.technologies);
        let folder = command_folder(
            &self.project_dir,
            command,
            Some(&self.config.knowledge_dir),
            &table,
        );
        self.facts_from(folder.as_deref(), &table)
    }

    /// What the project's root files show, for a call touching `file` (absolute or relative
    /// to the project), each folder read again only when it changed (see `services::project`).
    pub fn project_facts(&self, file: Option<&str>) -> ManifestFindings {
        let table = TechnologyTable::with_team(&self.config.technologies);
        let touched = file
            .map(|f| {
                self.project_dir
                    .join(crate::core::text_window::path_window(f))
            })
            .and_then(|f| f.parent().map(Path::to_path_buf));
        self.facts_from(touched.as_deref(), &table)
    }

    /// The project facts read from `touched` (a folder) up, or from the project's top.
    fn facts_from(&self, touched: Option<&Path>, table: &TechnologyTable) -> ManifestFindings {
        let cache = ProjectCache::new(&self.ledger_dir, &self.project_dir, table.fingerprint());
        let top = self.config.path.as_deref().and_then(Path::parent);
        project_facts_beside(
            &self.project_dir,
            touched,
            top,
            &self.config.knowledge_dir,
            table,
            Some(&cache),
        )
    }

    /// Record in the session's ledger the patterns an answer of lore's MCP search showed
    /// whole (`adapters::mcp::sources_shown_whole`): the agent has read them, so
    /// the hooks do not show them again in this session.
    pub fn record_search_answer(&self, trace: &mut Trace, answer: &str) -> anyhow::Result<()> {
        let sources = crate::adapters::mcp::sources_shown_whole(answer);
        if sources.is_empty() {
            return Ok(());
        }
        let Some(index) = open_index(&self.config, trace, self.deadline)? else {
            return Ok(());
        };
        let keys = crate::services::show::whole_pattern_keys(&index, &sources)?;
        if !keys.is_empty() {
            trace.note(format!(
                "the MCP search showed {sources:?}: recorded as shown to the session"
            ));
            self.ledger.record(&keys)?;
        }
        Ok(())
    }

    /// The session's ledger, for releasing what an answer claimed when it cannot be written.
    pub fn into_ledger(self) -> SessionLedger {
        self.ledger
    }

    /// Open the index (building it on first use) and run `inject` with a context around it;
    /// what the injection shows is claimed in the session's ledger (see [`HookSession::claim`]).
    pub fn inject(
        &self,
        trace: &mut Trace,
        inject: impl Fn(&mut InjectContext<'_>) -> Result<Option<Injection>, IndexError>,
    ) -> anyhow::Result<Option<Injection>> {
        let first = self.inject_once(trace, &inject)?;
        self.claim(trace, first, |trace| self.inject_once(trace, &inject))
    }

    /// Claim in the session's ledger what `injection` shows, before it is answered: parallel
    /// calls of one session read the ledger at once, and only the first to claim a section
    /// shows it. A call that finds part of its sections claimed chooses again (`again`, which
    /// reads the ledger anew), at most [`MAX_CLAIMS`] times, then answers nothing. A ledger
    /// that cannot be written costs dedup, never the answer. An injection without text is
    /// nothing to answer and claims nothing.
    fn claim(
        &self,
        trace: &mut Trace,
        mut injection: Option<Injection>,
        again: impl Fn(&mut Trace) -> anyhow::Result<Option<Injection>>,
    ) -> anyhow::Result<Option<Injection>> {
        for attempt in 1..=MAX_CLAIMS {
            let Some(chosen) = injection.filter(|i| !i.text.trim().is_empty()) else {
                return Ok(None);
            };
            match self.ledger.claim(&chosen.shown) {
                Ok(Claim::Granted) => return Ok(Some(chosen)),
                Ok(Claim::Taken) if attempt < MAX_CLAIMS => {
                    trace.note("another call of this session claimed some of these sections first: choosing again");
                    injection = again(trace)?;
                }
                Ok(Claim::Taken) => {
                    trace.note("other calls of this session keep claiming these sections first: nothing injected");
                    return Ok(None);
                }
                Err(e) => {
                    trace.note(format!(
                        "cannot claim the sections in the session ledger ({e}); injecting without dedup"
                    ));
                    return Ok(Some(chosen));
                }
            }
        }
        Ok(None)
    }

    fn inject_once(
        &self,
        trace: &mut Trace,
        inject: impl FnOnce(&mut InjectContext<'_>) -> Result<Option<Injection>, IndexError>,
    ) -> anyhow::Result<Option<Injection>> {
        self.deadline.check("before opening the index")?;
        let Some(index) = open_index(&self.config, trace, self.deadline)? else {
            return Ok(None);
        };
        self.deadline.check("after opening the index")?;
        self.inject_with(index, trace, inject)
    }

    /// As [`HookSession::inject`], with the index brought up to date with the knowledge dir
    /// (see `services::refresh`): a session start. Listing the knowledge dir and checking
    /// each file's stamp take about as long as injecting, so the check runs on a second
    /// thread while this one injects from a snapshot of the index; the check compares the
    /// files with the stamps read from that same snapshot, so an injection it finds current
    /// is kept. When the check finds changes, the refresh runs, and an injection is made
    /// again from the refreshed index if the refresh changed patterns. Either way the answer
    /// is the one a refresh-then-inject would give.
    ///
    /// The deadline bounds it as it does [`HookSession::inject`]: checked before the index
    /// is opened, after, and between the steps of the check and the refresh; a refresh it
    /// cuts writes nothing, and the answer is then the one from the index as it was, or
    /// none once the deadline stopped the injection too. Only the attempt kept fills the
    /// call's `LORE_TRACE` record.
    ///
    /// `inject` also gets the project's facts (see [`HookSession::project_facts`]), found
    /// while the check runs.
    pub fn inject_refreshed(
        &self,
        trace: &mut Trace,
        inject: impl Fn(
            &mut InjectContext<'_>,
            &ManifestFindings,
        ) -> Result<Option<Injection>, IndexError>,
    ) -> anyhow::Result<Option<Injection>> {
        let first = self.inject_refreshed_once(trace, &inject)?;
        // Chosen again only when a parallel call claimed part of it: the index is fresh now.
        self.claim(trace, first, |trace| {
            let project = self.project_facts(None);
            self.inject_once(trace, |ctx| inject(ctx, &project))
        })
    }

    fn inject_refreshed_once(
        &self,
        trace: &mut Trace,
        inject: impl Fn(
            &mut InjectContext<'_>,
            &ManifestFindings,
        ) -> Result<Option<Injection>, IndexError>,
    ) -> anyhow::Result<Option<Injection>> {
        let config = &self.config;
        let deadline = self.deadline;
        if !config.database.exists() {
            build_first_index(config, trace, deadline);
            let project = self.project_facts(None);
            return self.inject_once(trace, |ctx| inject(ctx, &project));
        }
        deadline.check("before opening the index")?;
        let mut check_trace = trace.child();
        let mut early_trace = trace.trial();
        let (send_state, state) = std::sync::mpsc::sync_channel::<Option<RecordedState>>(1);
        let (freshness, early, project) = std::thread::scope(|scope| {
            let check_trace = &mut check_trace;
            let check = scope.spawn(move || {
                let recorded = move || state.recv().ok().flatten();
                check_freshness(config, deadline, recorded, check_trace)
            });
            // Only an index this lore can read as it is, in which an ingest completed:
            // building, upgrading or completing one waits for the check. The stamps go to
            // the check first: it waits for them once it has listed the files.
            let snapshot = match open_snapshot(config, deadline) {
                Ok(Some(index)) if index.ingest_completed().unwrap_or(false) => {
                    let state = RecordedState::load(&index).ok();
                    early_trace.note("read the index's file stamps");
                    // A failed send means the check stopped early (the listing was skipped);
                    // it needs no state then.
                    let _ = send_state.send(state);
                    Some(index)
                }
                _ => None,
            };
            drop(send_state);
            let project = self.project_facts(None);
            let early = snapshot.map(|index| {
                deadline.check("after opening the index")?;
                let inject = |ctx: &mut InjectContext<'_>| inject(ctx, &project);
                self.inject_with(index, &mut early_trace, inject)
            });
            match check.join() {
                Ok(freshness) => (freshness, early, project),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        });
        trace.absorb(check_trace);
        let patterns_changed = match freshness {
            Freshness::AsIs => false,
            Freshness::Changed(listing) => refresh_changed(config, listing, trace, deadline),
        };
        match early {
            Some(injection) if !patterns_changed => {
                trace.absorb(early_trace);
                injection
            }
            _ => self.inject_once(trace, |ctx| inject(ctx, &project)),
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
        let shown_from = self.query_root.as_deref().map(PathBuf::from);
        let mut ctx = InjectContext {
            config,
            index: &index,
            ledger: &self.ledger,
            project_dir: Some(&self.project_dir),
            shown_from: shown_from.as_deref(),
            search_hint: self.search_hint,
            harness: self.harness,
            deadline: self.deadline,
            embedder: embedder
                .as_ref()
                .map(|e| e as &dyn crate::storage::embed::Embedder),
            trace,
        };
        let injection = inject(&mut ctx)?;
        if let Some(injection) = injection.as_ref().filter(|_| trace.explains()) {
            note_stale(&index, injection, trace);
        }
        if let (Some(record), Some(injection)) = (&mut trace.record, &injection) {
            record.injected = injection.sources.clone();
            record.chars = injection.text.chars().count();
        }
        if self.exits_after {
            // A read-only connection has nothing to write back, and exiting releases its locks
            // as a crash would (which SQLite is built to survive); closing it would free every
            // cached page and unmap the WAL index one by one, about a tenth of a hook.
            std::mem::forget(index);
        }
        Ok(injection)
    }
}

/// Trace which injected patterns are served in a stale version (their file changed and no
/// longer parses), in the debug lines and the call's record, so a debugging user sees why
/// the text differs from the file.
fn note_stale(index: &Index, injection: &Injection, trace: &mut Trace) {
    match index.stale_sources() {
        Ok(stale) => {
            let injected: Vec<String> = stale
                .into_iter()
                .filter(|s| injection.sources.contains(s))
                .collect();
            if !injected.is_empty() {
                trace.note(format!(
                    "injected in the last version that parsed (the file changed and no longer parses; run `lore ingest` to see why): {injected:?}"
                ));
            }
            if let Some(record) = &mut trace.record {
                record.stale = injected;
            }
        }
        Err(e) => trace.note(format!("cannot read the stale patterns: {e}")),
    }
}

/// The index as one snapshot, built first when missing or incomplete and upgraded first when
/// an older lore wrote it (each bounded; see `services::refresh`). None: there is still no
/// index. An index no ingest completed in is never served: it would answer as an empty
/// knowledge base.
fn open_index(
    config: &Config,
    trace: &mut Trace,
    deadline: Deadline,
) -> anyhow::Result<Option<Index>> {
    let index = open_index_once(config, trace, deadline)?;
    match index {
        Some(index) if !index.ingest_completed()? => {
            drop(index);
            trace.note("no ingest completed in the index (one was interrupted, or is running): building it");
            refresh_index(config, trace, deadline);
            deadline.check("while building the index")?;
            match open_snapshot(config, deadline)? {
                Some(index) if index.ingest_completed()? => Ok(Some(index)),
                _ => anyhow::bail!(
                    "the index {} holds no completed ingest (one was interrupted, or is still running); nothing injected; run `lore ingest`",
                    config.database.display()
                ),
            }
        }
        other => Ok(other),
    }
}

fn open_index_once(
    config: &Config,
    trace: &mut Trace,
    deadline: Deadline,
) -> anyhow::Result<Option<Index>> {
    match open_snapshot(config, deadline) {
        Ok(Some(index)) => return Ok(Some(index)),
        Ok(None) => {
            trace.note("no index yet: building it");
            build_first_index(config, trace, deadline);
            deadline.check("while building the index")?;
        }
        Err(IndexError::OlderSchema { found, supported }) => {
            trace.note(format!(
                "the index has schema {found}, older than {supported}: upgrading it"
            ));
            upgrade_index(config, trace, deadline);
            deadline.check("while upgrading the index")?;
        }
        Err(e) => return Err(e.into()),
    }
    Ok(open_snapshot(config, deadline)?)
}

/// The index as one snapshot (see [`Index::open_snapshot`]), a statement still running at
/// the hook's deadline interrupted.
fn open_snapshot(config: &Config, deadline: Deadline) -> Result<Option<Index>, IndexError> {
    match Index::open_snapshot(&config.database, INDEX_BUSY)? {
        Some(index) => Ok(Some(deadline.bound(index)?)),
        None => Ok(None),
    }
}
