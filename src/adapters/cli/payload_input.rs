//! The text `lore why` and `lore extract-queries` read their payloads from: a regular file of
//! at most a cap (a FIFO or a device is refused unopened, never waited on or read without
//! end), or standard input read up to the cap and refused past it. Whatever they are given,
//! both finish in bounded time and memory.

use std::io::{IsTerminal, Read};
use std::path::Path;

use anyhow::{anyhow, bail};

use crate::storage::bounded_read::read_bounded;

/// The text of `file`, or of standard input when there is none, if it is UTF-8 and at most
/// `limit` bytes. The error says what is wrong without naming the input: callers name it.
/// Standard input that is a terminal gets `expected` on stderr first, so a person who ran the
/// command by hand knows it is waiting for them.
pub(super) fn read_input(
    file: Option<&Path>,
    limit: u64,
    expected: &str,
) -> anyhow::Result<String> {
    let bytes = match file {
        Some(path) => read_bounded(path, limit, true)?,
        None => {
            if std::io::stdin().is_terminal() {
                eprintln!("{expected} (end it with Ctrl-D)");
            }
            let mut bytes = Vec::new();
            std::io::stdin()
                .take(limit.saturating_add(1))
                .read_to_end(&mut bytes)?;
            if bytes.len() as u64 > limit {
                bail!("stdin holds more than the limit of {limit} bytes");
            }
            bytes
        }
    };
    String::from_utf8(bytes).map_err(|_| anyhow!("it is not UTF-8 text"))
}
