//! UTC timestamps for humans (`2026-11-22 00:19:27 UTC`) and for logs
//! (`2026-11-22T00:19:27.123Z`), without a date-time dependency.

use crate::core::calendar::civil_from_days;

/// Format seconds since the Unix epoch as a UTC date and time.
pub fn format_utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Format milliseconds since the Unix epoch as an RFC 3339 UTC time with milliseconds.
pub fn format_rfc3339_millis(millis: u64) -> String {
    let secs = millis / 1000;
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let rem = secs % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        millis % 1000
    )
}

/// Today's day number (days since 1970-01-01, UTC) by the system clock.
pub fn today() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| (d.as_secs() / 86_400) as i64)
}

#[cfg(test)]
mod tests {
    use super::{format_rfc3339_millis, format_utc};

    #[test]
    fn formats_known_instants() {
        assert_eq!(format_utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(format_utc(951_782_400), "2000-02-29 00:00:00 UTC");
        assert_eq!(format_utc(1_795_307_967), "2026-11-22 00:39:27 UTC");
        assert_eq!(format_rfc3339_millis(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(
            format_rfc3339_millis(1_795_307_967_042),
            "2026-11-22T00:39:27.042Z"
        );
    }
}
