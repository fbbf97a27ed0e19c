//! MCP adapter: `lore serve` speaks the Model Context Protocol over stdio with the official
//! Rust SDK (rmcp). Tools translate arguments to the search, status and author services; the
//! server answers every request (errors included) and keeps serving until stdin closes.

mod framing;
mod in_flight;
mod message_lines;
mod params;
mod search;
mod server;

use rmcp::ServiceExt;
use thiserror::Error;

use crate::core::config::Config;
pub use search::{BODY_BUDGET, MAX_TOP_K, sources_shown_whole};
pub use server::LoreServer;

#[derive(Debug, Error)]
pub enum ServeError {
    #[error("cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
    #[error("the MCP session could not start: {0}")]
    Initialize(String),
    #[error("the MCP session ended abnormally: {0}")]
    Session(String),
}

/// Serve `config`'s patterns over stdin/stdout until the client disconnects.
pub fn serve_stdio(config: Config) -> Result<(), ServeError> {
    serve(LoreServer::new(config))
}

/// Serve MCP over stdio where there is no configuration to use (`why`): every tool answers
/// with what to do.
pub fn serve_stdio_unset(why: String) -> Result<(), ServeError> {
    serve(LoreServer::with_config(Err(why)))
}

fn serve(server: LoreServer) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .enable_io()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(async move {
        let (reads, writes, writer) = framing::framed_stdio();
        let running = server
            .serve((reads, writes))
            .await
            .map_err(|e| ServeError::Initialize(e.to_string()))?;
        running
            .waiting()
            .await
            .map_err(|e| ServeError::Session(e.to_string()))?;
        // Every reply the server wrote reaches stdout before the process ends.
        let _ = tokio::time::timeout(std::time::Duration::from_secs(10), writer).await;
        Ok(())
    })
}
