//! The requests a client sent that the server has not answered yet. A client may send its
//! last requests and close stdin at once; the session ends when the server's input ends, and
//! rmcp then drops the answers still being worked out. The framing holds the server's input
//! open until every request it passed on has its answer (or [`DRAIN_LIMIT`] has passed).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::Notify;

/// Longest wait for the answers to requests in flight once stdin has closed.
pub const DRAIN_LIMIT: Duration = Duration::from_secs(60);

/// Request ids passed to the server and not yet answered, shared by the framing's reader and
/// writer.
#[derive(Clone, Default)]
pub struct InFlight {
    ids: Arc<Mutex<HashSet<String>>>,
    answered: Arc<Notify>,
}

/// The id of a message, as text, when it is a request (`method` and `id`) or an answer
/// (`id` with `result` or `error`).
fn id_of(message: &Value, request: bool) -> Option<String> {
    let object = message.as_object()?;
    let id = object.get("id").filter(|id| !id.is_null())?;
    let is_request = object.contains_key("method");
    let is_answer = object.contains_key("result") || object.contains_key("error");
    (if request {
        is_request
    } else {
        is_answer && !is_request
    })
    .then(|| id.to_string())
}

/// The id of a line, as [`id_of`] reads it, when the line is JSON.
fn id_in(line: &str, request: bool) -> Option<String> {
    serde_json::from_str(line)
        .ok()
        .and_then(|v| id_of(&v, request))
}

impl InFlight {
    /// Note a line the client sent, when it is a request.
    pub fn sent(&self, line: &str) {
        if let (Some(id), Ok(mut ids)) = (id_in(line, true), self.ids.lock()) {
            ids.insert(id);
        }
    }

    /// Note a line the server wrote, when it answers a request.
    pub fn answered(&self, line: &str) {
        if let (Some(id), Ok(mut ids)) = (id_in(line, false), self.ids.lock()) {
            ids.remove(&id);
            drop(ids);
            self.answered.notify_waiters();
        }
    }

    fn is_empty(&self) -> bool {
        self.ids.lock().map_or(true, |ids| ids.is_empty())
    }

    /// Wait until every request noted has been answered, at most [`DRAIN_LIMIT`].
    pub async fn drained(&self) {
        let wait = async {
            loop {
                let answered = self.answered.notified();
                if self.is_empty() {
                    return;
                }
                // Checked again at least every 50 ms, in case a notice came between.
                let _ = tokio::time::timeout(Duration::from_millis(50), answered).await;
            }
        };
        let _ = tokio::time::timeout(DRAIN_LIMIT, wait).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_pending_until_their_answer_and_notifications_never_are() {
        let flight = InFlight::default();
        flight.sent(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call"}"#);
        flight.sent(r#"{"jsonrpc":"2.0","id":"a","method":"tools/list"}"#);
        flight.sent(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        flight.sent("not json");
        assert!(!flight.is_empty());
        // A request from the server to the client is not an answer.
        flight.answered(r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#);
        flight.answered(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#);
        assert!(!flight.is_empty());
        flight.answered(r#"{"jsonrpc":"2.0","id":"a","error":{"code":-1,"message":"x"}}"#);
        assert!(flight.is_empty());
    }
}
