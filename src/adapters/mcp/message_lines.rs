//! Reading newline-delimited messages from a client without trusting them: a line is at most
//! [`MAX_MESSAGE_BYTES`] in memory whatever the client sends (the rest of a longer one is read
//! and dropped), bytes that are not UTF-8 are a line of their own kind rather than the end of
//! the stream, and the request id of a message that cannot be parsed is recovered when it can
//! be, so the client waiting on it gets its error. Linear in the bytes read.

use serde_json::Value;
use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// The largest message passed on, newline excluded: one byte under the 16 MiB line rmcp's
/// transport accepts (newline included), so no message lore passes on is dropped there.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024 * 1024 - 1;

/// Longest id value recovered from a message that cannot be parsed.
const MAX_ID_BYTES: usize = 256;

/// One line a client sent.
#[derive(Debug, Clone, PartialEq)]
pub enum MessageLine {
    /// A line of UTF-8 text (trailing `\r` removed), to parse as JSON.
    Text(String),
    /// A line that is not UTF-8: where its first bad byte is, and its request id if one
    /// could be read.
    NotUtf8 { valid_up_to: usize, id: Value },
    /// A line longer than [`MAX_MESSAGE_BYTES`] (its length, newline excluded), dropped
    /// unread but for its request id.
    TooLong { len: u64, id: Value },
}

/// Reads [`MessageLine`]s from `input`.
pub struct MessageReader<R> {
    input: R,
    max: usize,
}

impl<R: AsyncBufRead + Unpin> MessageReader<R> {
    pub fn new(input: R) -> Self {
        Self::with_limit(input, MAX_MESSAGE_BYTES)
    }

    /// A reader that drops lines over `max` bytes (tests use a small one).
    pub fn with_limit(input: R, max: usize) -> Self {
        Self { input, max }
    }

    /// The next line, or None at the end of input. A last line without a newline counts.
    pub async fn next_line(&mut self) -> std::io::Result<Option<MessageLine>> {
        let mut line = Vec::new();
        let mut too_long: Option<(u64, IdScanner)> = None;
        let mut read_any = false;
        loop {
            let chunk = self.input.fill_buf().await?;
            if chunk.is_empty() {
                if !read_any {
                    return Ok(None);
                }
                break;
            }
            read_any = true;
            let newline = chunk.iter().position(|b| *b == b'\n');
            let body = &chunk[..newline.unwrap_or(chunk.len())];
            match &mut too_long {
                Some((len, scanner)) => {
                    *len += body.len() as u64;
                    scanner.feed(body);
                }
                None if line.len() + body.len() > self.max => {
                    let mut scanner = IdScanner::default();
                    scanner.feed(&line);
                    scanner.feed(body);
                    too_long = Some(((line.len() + body.len()) as u64, scanner));
                    line = Vec::new();
                }
                None => line.extend_from_slice(body),
            }
            let consumed = newline.map_or(chunk.len(), |at| at + 1);
            self.input.consume(consumed);
            if newline.is_some() {
                break;
            }
        }
        if let Some((len, scanner)) = too_long {
            return Ok(Some(MessageLine::TooLong {
                len,
                id: scanner.id(),
            }));
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Ok(Some(match String::from_utf8(line) {
            Ok(text) => MessageLine::Text(text),
            Err(e) => {
                let valid_up_to = e.utf8_error().valid_up_to();
                let mut scanner = IdScanner::default();
                scanner.feed(e.as_bytes());
                MessageLine::NotUtf8 {
                    valid_up_to,
                    id: scanner.id(),
                }
            }
        }))
    }
}

/// Finds the `"id"` member of a JSON object's top level in bytes fed piece by piece, without
/// parsing (or holding) the rest: enough to answer a request that cannot be parsed.
#[derive(Debug, Default)]
struct IdScanner {
    /// Nesting of objects and arrays outside strings.
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// The top-level string being read, while it could still be `id`.
    key: Vec<u8>,
    /// The last top-level string just ended and was `id`: a `:` makes it the key.
    after_id_string: bool,
    /// Bytes of the id value being read.
    value: Option<Vec<u8>>,
    /// The value, once read whole.
    found: Option<Vec<u8>>,
}

impl IdScanner {
    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.found.is_some() {
                return;
            }
            self.step(b);
        }
    }

    fn step(&mut self, b: u8) {
        if let Some(value) = &mut self.value {
            let ends = !self.in_string && self.depth == 1 && (b == b',' || b == b'}');
            if ends {
                self.found = self.value.take();
            } else if value.len() < MAX_ID_BYTES {
                value.push(b);
            } else {
                self.value = None; // too long to be an id worth answering
            }
        }
        if self.in_string {
            if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' {
                self.in_string = false;
                self.after_id_string = self.depth == 1 && self.key == b"id";
                return;
            }
            if self.depth == 1 && self.key.len() <= 2 {
                self.key.push(b);
            }
            return;
        }
        match b {
            b'"' => {
                self.in_string = true;
                self.key.clear();
            }
            b'{' | b'[' => self.depth += 1,
            b'}' | b']' => self.depth = self.depth.saturating_sub(1),
            b':' if self.after_id_string && self.depth == 1 => self.value = Some(Vec::new()),
            _ => {}
        }
        if !b.is_ascii_whitespace() {
            self.after_id_string = false;
        }
    }

    /// The id found: a number or a string, else null.
    fn id(&self) -> Value {
        let Some(bytes) = &self.found else {
            return Value::Null;
        };
        match serde_json::from_slice::<Value>(bytes) {
            Ok(id @ (Value::Number(_) | Value::String(_))) => id,
            _ => Value::Null,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn id_of(text: &[u8]) -> Value {
        let mut scanner = IdScanner::default();
        scanner.feed(text);
        scanner.id()
    }

    #[test]
    fn the_top_level_id_is_found_wherever_it_is() {
        let cases: &[(&[u8], Value)] = &[
            (br#"{"jsonrpc":"2.0","id":7,"method":"x"}"#, json!(7)),
            (
                br#"{"method":"x","params":{"id":99},"id":"abc"}"#,
                json!("abc"),
            ),
            (
                br#"{"params":{"id":1,"note":"\"id\":2"}, "id" : 3 }"#,
                json!(3),
            ),
            (br#"{"method":"id","x":1}"#, Value::Null),
            (br#"{"id":null,"method":"x"}"#, Value::Null),
            (br#"{"id":{"nested":1}}"#, Value::Null),
            (br#"["id", 4]"#, Value::Null),
            (b"not json at all", Value::Null),
            (b"{\"id\":5,\"text\":\"caf\xe9\"}", json!(5)),
        ];
        for (text, expected) in cases {
            assert_eq!(&id_of(text), expected, "{}", String::from_utf8_lossy(text));
        }
    }

    #[test]
    fn an_id_split_across_pieces_is_found() {
        let text = br#"{"method":"tools/call","id":12345}"#;
        for split in 0..text.len() {
            let mut scanner = IdScanner::default();
            scanner.feed(&text[..split]);
            scanner.feed(&text[split..]);
            assert_eq!(scanner.id(), json!(12345), "split at {split}");
        }
    }

    async fn lines(input: &[u8], max: usize) -> Vec<MessageLine> {
        let mut reader =
            MessageReader::with_limit(tokio::io::BufReader::with_capacity(4, input), max);
        let mut out = Vec::new();
        while let Some(line) = reader.next_line().await.unwrap() {
            out.push(line);
        }
        out
    }

    #[tokio::test]
    async fn bad_bytes_and_long_lines_are_lines_of_their_own_and_reading_goes_on() {
        let input = b"{\"id\":1}\r\n{\"id\":2,\"x\":\"\xff\"}\n{\"id\":3,\"pad\":\"0123456789\"}\n{\"id\":4}";
        assert_eq!(
            lines(input, 20).await,
            [
                MessageLine::Text("{\"id\":1}".into()),
                MessageLine::NotUtf8 {
                    valid_up_to: 13,
                    id: json!(2)
                },
                MessageLine::TooLong {
                    len: 27,
                    id: json!(3)
                },
                MessageLine::Text("{\"id\":4}".into()),
            ]
        );
    }
}
