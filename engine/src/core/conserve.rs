//! The conservation checks the fuzzers run (`Game::invariant_violations`): every numbered piece
//! in exactly one place.

/// None when each id in `0..total` occurs exactly once in `ids`; otherwise one line saying how
/// many `what` are lost, in two places, or unknown.
pub fn each_once(what: &str, ids: impl IntoIterator<Item = usize>, total: usize) -> Option<String> {
    let mut seen = vec![0u32; total];
    let mut stray = 0;
    for id in ids {
        match seen.get_mut(id) {
            Some(k) => *k += 1,
            None => stray += 1,
        }
    }
    let lost = seen.iter().filter(|&&k| k == 0).count();
    let twice = seen.iter().filter(|&&k| k > 1).count();
    (lost + twice + stray > 0).then(|| {
        format!("{what}: {lost} lost, {twice} in two places, {stray} unknown (of {total})")
    })
}

#[cfg(test)]
mod tests {
    use super::each_once;

    #[test]
    fn each_piece_once_or_a_line_that_counts_what_is_wrong() {
        assert_eq!(each_once("cubes", [2, 0, 1], 3), None);
        assert_eq!(
            each_once("cubes", [0, 0, 7], 3).as_deref(),
            Some("cubes: 2 lost, 1 in two places, 1 unknown (of 3)")
        );
    }
}
