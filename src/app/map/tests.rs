//! The tile map's window-free parts, tested.

use super::starts_afresh;

#[test]
fn regress_pausing_or_watching_the_game_keeps_a_staged_tile() {
    let playing = "Some(0):Some((Place, \"place\")):5:2";
    let paused = "None:None:5:2";
    assert!(
        !starts_afresh(false, paused, playing),
        "paused: the staged tile stays"
    );
    assert!(
        !starts_afresh(true, playing, playing),
        "back in the game: it is still there"
    );
    assert!(starts_afresh(
        true,
        "Some(1):Some((Place, \"place\")):6:2",
        playing
    ));
}
