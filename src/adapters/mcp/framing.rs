//! Line framing in front of rmcp. Every stdin line that is not JSON gets a JSON-RPC parse
//! error (`id: null`, code -32700) instead of silence; JSON lines pass to the server through a
//! pipe. One task owns stdout, so the server's replies and parse errors never interleave
//! inside a line.

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};
use tokio::sync::mpsc;

/// Bytes buffered in each direction between the framing tasks and the server.
const PIPE_BYTES: usize = 1 << 20;

/// The server's ends of the two pipes (read requests, write replies), with the tasks that
/// connect them to stdin and stdout already running.
pub fn framed_stdio() -> (DuplexStream, DuplexStream) {
    let (mut to_server, server_reads) = tokio::io::duplex(PIPE_BYTES);
    let (server_writes, from_server) = tokio::io::duplex(PIPE_BYTES);
    let (errors, mut error_lines) = mpsc::unbounded_channel::<String>();

    tokio::spawn(async move {
        let mut lines = BufReader::new(tokio::io::stdin()).lines();
        while let Ok(Some(line)) = lines.next_line().await {
            if line.trim().is_empty() {
                continue;
            }
            match serde_json::from_str::<Value>(&line) {
                Ok(_) => {
                    let forwarded = async {
                        to_server.write_all(line.as_bytes()).await?;
                        to_server.write_all(b"\n").await
                    };
                    if forwarded.await.is_err() {
                        break;
                    }
                }
                Err(e) => {
                    let reply = json!({
                        "jsonrpc": "2.0",
                        "id": null,
                        "error": {"code": -32700, "message": format!("Parse error: {e}")},
                    });
                    let _ = errors.send(reply.to_string());
                }
            }
        }
        // stdin closed: closing the pipe lets the server end its session.
        let _ = to_server.shutdown().await;
    });

    tokio::spawn(async move {
        let mut stdout = tokio::io::stdout();
        let mut replies = BufReader::new(from_server).lines();
        loop {
            let line = tokio::select! {
                reply = replies.next_line() => match reply {
                    Ok(Some(line)) => line,
                    _ => break,
                },
                Some(error) = error_lines.recv() => error,
            };
            let written = async {
                stdout.write_all(line.as_bytes()).await?;
                stdout.write_all(b"\n").await?;
                stdout.flush().await
            };
            if written.await.is_err() {
                break;
            }
        }
    });

    (server_reads, server_writes)
}
