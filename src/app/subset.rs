//! The typeface's character subset (Latin-1, dashes, quotes, bullets, arrows: assets/fonts/
//! README.md) and text made drawable in it (window-free).

/// Characters outside the typeface's subset (Latin-1, dashes, quotes, bullets, arrows).
fn in_subset(c: char) -> bool {
    matches!(c, ' '..='~' | '\u{a0}'..='\u{ff}')
        || matches!(
            c,
            '–' | '—'
                | '‘'
                | '’'
                | '“'
                | '”'
                | '•'
                | '…'
                | '←'
                | '↑'
                | '→'
                | '↓'
                | '−'
        )
}

/// Text the typeface can draw: a few signs outside its subset become look-alikes, anything
/// else a question mark.
pub fn plain(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '≥' => out.push_str(">="),
            '≤' => out.push_str("<="),
            // The separator of table labels' parts, which they are shortened at (draw.rs).
            '·' => out.push('|'),
            c if in_subset(c) => out.push(c),
            '\n' | '\t' => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_typeface_draws_typographic_signs_and_only_unknown_ones_become_question_marks() {
        assert_eq!(plain("45°  62% — “Go” → ×2 …"), "45°  62% — “Go” → ×2 …");
        assert_eq!(plain("Zoë’s café • ≥ 3"), "Zoë’s café • >= 3");
        assert_eq!(plain("Mat 1 · King"), "Mat 1 | King");
        assert_eq!(plain("名 ★"), "? ?");
    }
}
