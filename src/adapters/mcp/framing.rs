//! Line framing in front of rmcp. Every stdin line that is not a JSON message gets a JSON-RPC
//! error instead of silence or the end of the session: text that is not JSON a parse error
//! (`id: null`, code -32700), bytes that are not UTF-8 a parse error, and a message over
//! [`MAX_MESSAGE_BYTES`] an invalid-request error (-32600), these two with the request's id
//! when it can be read (see `message_lines`). JSON lines pass to the server through a pipe.
//! One task owns stdout, so the server's replies and these errors never interleave inside a
//! line. A request passed on is answered even when stdin closes right after it.

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use super::in_flight::InFlight;
use super::message_lines::{MAX_MESSAGE_BYTES, MessageLine, MessageReader};

/// Bytes buffered in each direction between the framing tasks and the server.
const PIPE_BYTES: usize = 1 << 20;

/// JSON-RPC's code for text that is not a JSON message.
const PARSE_ERROR: i64 = -32700;
/// JSON-RPC's code for a message lore will not take.
const INVALID_REQUEST: i64 = -32600;

fn error_reply(id: Value, code: i64, message: String) -> String {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": code, "message": message},
    })
    .to_string()
}

/// What to answer a line instead of passing it on, if anything (None: pass it on).
fn refusal(line: &MessageLine) -> Option<String> {
    match line {
        MessageLine::Text(text) => serde_json::from_str::<Value>(text)
            .err()
            .map(|e| error_reply(Value::Null, PARSE_ERROR, format!("Parse error: {e}"))),
        MessageLine::NotUtf8 { valid_up_to, id } => Some(error_reply(
            id.clone(),
            PARSE_ERROR,
            format!(
                "Parse error: the message is not valid UTF-8 (byte {valid_up_to} of the line); send JSON text encoded as UTF-8"
            ),
        )),
        MessageLine::TooLong { len, id } => Some(error_reply(
            id.clone(),
            INVALID_REQUEST,
            format!(
                "Invalid Request: the message is {len} bytes; lore serve takes at most {MAX_MESSAGE_BYTES} bytes per message (every tool argument has a far smaller limit)"
            ),
        )),
    }
}

/// The server's ends of the two pipes (read requests, write replies), with the tasks that
/// connect them to stdin and stdout already running, and the task writing stdout: it ends
/// once the server has closed its end and every reply is written. When stdin closes, the
/// server's input is closed only once every request passed on has its answer (see
/// `in_flight`).
pub fn framed_stdio() -> (DuplexStream, DuplexStream, JoinHandle<()>) {
    let (mut to_server, server_reads) = tokio::io::duplex(PIPE_BYTES);
    let (server_writes, from_server) = tokio::io::duplex(PIPE_BYTES);
    let (errors, mut error_lines) = mpsc::unbounded_channel::<String>();
    let in_flight = InFlight::default();
    let answers = in_flight.clone();

    tokio::spawn(async move {
        let mut lines = MessageReader::new(BufReader::new(tokio::io::stdin()));
        // Only a closed or unreadable stdin ends the session, never what a line holds.
        while let Ok(Some(line)) = lines.next_line().await {
            if let MessageLine::Text(text) = &line
                && text.trim().is_empty()
            {
                continue;
            }
            match (refusal(&line), line) {
                (Some(reply), _) => {
                    let _ = errors.send(reply);
                }
                (None, MessageLine::Text(text)) => {
                    in_flight.sent(&text);
                    let forwarded = async {
                        to_server.write_all(text.as_bytes()).await?;
                        to_server.write_all(b"\n").await
                    };
                    if forwarded.await.is_err() {
                        break;
                    }
                }
                (None, _) => {}
            }
        }
        // stdin closed: once the requests in flight are answered, closing the pipe lets the
        // server end its session.
        in_flight.drained().await;
        let _ = to_server.shutdown().await;
    });

    let writer = tokio::spawn(async move {
        let mut stdout = tokio::io::stdout();
        let mut replies = BufReader::new(from_server).lines();
        loop {
            let line = tokio::select! {
                reply = replies.next_line() => match reply {
                    Ok(Some(line)) => {
                        answers.answered(&line);
                        line
                    }
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

    (server_reads, server_writes, writer)
}
