//! Cutting text to a byte budget without splitting a character: the head of a field a hook
//! reads, the tail of a failure's output, the end of a touched file's path.

/// The longest path of a file a tool can touch (Linux's `PATH_MAX`): a longer `file_path`
/// in a payload names no real file, and is read no further than this.
pub const MAX_PATH_BYTES: usize = 4096;

/// A touched file's path cut to its last [`MAX_PATH_BYTES`] (the file name and its nearest
/// folders, what every later step reads), so no step costs more for a runaway path.
pub fn path_window(path: &str) -> &str {
    tail(path, MAX_PATH_BYTES)
}

/// The largest character boundary of `text` at or before byte `max`.
pub fn floor_boundary(text: &str, max: usize) -> usize {
    if text.len() <= max {
        return text.len();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    end
}

/// At most the first `max` bytes of `text`, cut at a character boundary.
pub fn head(text: &str, max: usize) -> &str {
    text.get(..floor_boundary(text, max)).unwrap_or(text)
}

/// At most the last `max` bytes of `text`, starting at a character boundary.
pub fn tail(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut start = text.len() - max;
    while !text.is_char_boundary(start) {
        start += 1;
    }
    text.get(start..).unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_never_split_a_character() {
        let text = "aé日b"; // 1 + 2 + 3 + 1 bytes
        assert_eq!(head(text, 100), text);
        assert_eq!(head(text, 0), "");
        assert_eq!(head(text, 2), "a");
        assert_eq!(head(text, 3), "aé");
        assert_eq!(head(text, 5), "aé");
        assert_eq!(floor_boundary(text, 5), 3);
        assert_eq!(tail(text, 100), text);
        assert_eq!(tail(text, 1), "b");
        assert_eq!(tail(text, 3), "b");
        assert_eq!(tail(text, 4), "日b");
        assert_eq!(tail(text, 0), "");
    }

    #[test]
    fn a_runaway_path_keeps_its_end() {
        assert_eq!(path_window("/p/src/a.rs"), "/p/src/a.rs");
        let long = format!("/{}/src/main.rs", "é".repeat(MAX_PATH_BYTES));
        let window = path_window(&long);
        assert!(window.len() <= MAX_PATH_BYTES && window.len() > MAX_PATH_BYTES - 2);
        assert!(window.ends_with("/src/main.rs"));
    }
}
