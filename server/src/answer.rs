//! The HTTP answers of the boards and the ratings: a refusal in words, a JSON body, and a
//! ranked list as they show it (the best entries and the asking device's own after them).

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use nanoserde::SerJson;

/// A refusal: the status and the reason in plain words.
pub fn refuse(status: StatusCode, why: impl Into<String>) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        why.into(),
    )
        .into_response()
}

/// A JSON string.
pub fn js(text: &str) -> String {
    text.to_string().serialize_json()
}

/// A JSON body, never cached (boards and ratings change).
pub fn json(body: String) -> Response {
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

/// The first `size` of `all` (ranked best first) as `entry(rank, item, mine)` writes them, and the
/// asking device's own entry after them when it is further down.
pub fn top_with_mine<T>(
    all: &[T],
    size: usize,
    mine: impl Fn(&T) -> bool,
    entry: impl Fn(usize, &T, bool) -> String,
) -> Vec<String> {
    let mut shown: Vec<String> = all
        .iter()
        .take(size)
        .enumerate()
        .map(|(i, e)| entry(i + 1, e, mine(e)))
        .collect();
    if let Some((i, e)) = all.iter().enumerate().skip(size).find(|(_, e)| mine(e)) {
        shown.push(entry(i + 1, e, true));
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_are_shown_and_the_asking_device_after_them() {
        let all = ["a", "b", "c", "d"];
        let line =
            |rank: usize, e: &&str, mine: bool| format!("{rank}{e}{}", if mine { "!" } else { "" });
        assert_eq!(
            top_with_mine(&all, 2, |e| *e == "d", line),
            ["1a", "2b", "4d!"]
        );
        assert_eq!(top_with_mine(&all, 2, |e| *e == "b", line), ["1a", "2b!"]);
        assert_eq!(
            top_with_mine(&all, 9, |_| false, line),
            ["1a", "2b", "3c", "4d"]
        );
    }
}
