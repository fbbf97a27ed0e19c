//! Secrets known by what encloses them: `<private>` spans, private key blocks, and the
//! password between `user:` and `@` in a URL or connection string. Each scan moves forward
//! past what it read, or looks a bounded distance.

use std::ops::Range;

/// Where `needle` first occurs in `hay`.
fn find_bytes(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// `<private>…</private>`: everything inside, tags included; an unclosed one runs to the end.
pub(super) fn tagged_blocks(text: &str, spans: &mut Vec<Range<usize>>) {
    const OPEN: &str = "<private>";
    const CLOSE: &str = "</private>";
    let mut from = 0;
    while let Some(i) = text[from..].find(OPEN) {
        let start = from + i;
        let body = start + OPEN.len();
        match text[body..].find(CLOSE) {
            Some(j) => {
                let end = body + j + CLOSE.len();
                spans.push(start..end);
                from = end;
            }
            None => {
                spans.push(start..text.len());
                return;
            }
        }
    }
}

/// `-----BEGIN … PRIVATE KEY-----` through its `-----END … PRIVATE KEY-----` line (to the end
/// of the text when the block is cut off). Certificates and public keys are left alone.
pub(super) fn key_blocks(text: &str, spans: &mut Vec<Range<usize>>) {
    const BEGIN: &str = "-----BEGIN ";
    const END: &str = "-----END ";
    const DASHES: &str = "-----";
    let mut from = 0;
    while let Some(i) = text[from..].find(BEGIN) {
        let start = from + i;
        let label_start = start + BEGIN.len();
        // The label is short and on the same line: look a bounded distance only.
        let window = &text.as_bytes()[label_start..text.len().min(label_start + 64)];
        let label = find_bytes(window, DASHES.as_bytes())
            .map(|e| &window[..e])
            .filter(|l| !l.contains(&b'\n') && find_bytes(l, b"PRIVATE KEY").is_some());
        let Some(label) = label else {
            from = label_start;
            continue;
        };
        let body = label_start + label.len() + DASHES.len();
        let Some(j) = text[body..].find(END) else {
            spans.push(start..text.len());
            return;
        };
        let end_label = body + j + END.len();
        let end = text[end_label..]
            .find(DASHES)
            .map_or(text.len(), |k| end_label + k + DASHES.len());
        spans.push(start..end);
        from = end;
    }
}

/// `scheme://user:password@host`: the password. A bracket ends the search (an IPv6 host, or
/// the marker an earlier redaction left, so redacting again changes nothing).
pub(super) fn url_passwords(text: &str, spans: &mut Vec<Range<usize>>) {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(i) = text[from..].find("://") {
        let authority = from + i + 3;
        from = authority;
        let mut colon = None;
        let mut j = authority;
        // `/` ends the authority, so this scan never passes the next `://`.
        while j < bytes.len() && j - authority < 512 {
            match bytes[j] {
                b'@' => break,
                b':' if colon.is_none() => colon = Some(j),
                b'/' | b'?' | b'#' | b'"' | b'\'' | b'`' | b'<' | b'>' | b'[' | b']' | b'\\' => {
                    break;
                }
                b if b.is_ascii_whitespace() => break,
                _ => {}
            }
            j += 1;
        }
        if let Some(c) = colon
            && bytes.get(j) == Some(&b'@')
            && j > c + 1
        {
            spans.push(c + 1..j);
            from = j;
        }
    }
}
