//! Catapult Feud through the referee: bots build, post soldiers, play cards and shoot to the
//! rulebook's end, and the replays re-simulate to the identical summary.

use engine::core::replay::Replay;
use engine::core::seat::{default_seats, SeatKind};
use engine::core::Game;
use engine::games::feud::rules::{Loc, Phase, PIECES, SOLDIERS};
use engine::games::feud::Feud;
use tools::referee::{replay, selfplay, MOVE_CAP};

/// Plays the recorded moves (outcomes as recorded) on a fresh game to inspect the final state.
fn final_state(text: &str, seed: u64) -> Feud {
    let parsed = Replay::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let mut g =
        Feud::create(default_seats(2, SeatKind::Bot), seed).unwrap_or_else(|e| panic!("{e}"));
    for (i, mv) in parsed.moves.iter().enumerate() {
        if let Err(e) = g.apply(mv) {
            panic!("move {i}: {e}");
        }
    }
    g
}

fn play_and_replay(seed: u64) -> Feud {
    let session =
        selfplay("feud", 2, seed, &[]).unwrap_or_else(|e| panic!("selfplay seed {seed}: {e:?}"));
    assert!(session.game.is_over());
    assert!(session.replay.moves.len() < MOVE_CAP);
    let text = session.replay.to_json();
    let again = replay(&text, true).unwrap_or_else(|e| panic!("replay seed {seed}: {e}"));
    assert_eq!(
        session.summary(),
        again.summary(),
        "the replay re-simulates identically"
    );
    let g = final_state(&text, seed);
    let Phase::Over { winner } = g.state.phase else {
        panic!("seed {seed}: not over");
    };
    let loser = 1 - winner;
    assert_eq!(
        g.state.players[loser].upright_soldiers(),
        0,
        "ended the rulebook's way"
    );
    assert!(g.state.players[winner].upright_soldiers() > 0 || winner == g.state.turn.seat);
    for p in &g.state.players {
        assert_eq!(p.pieces.len(), PIECES);
        assert_eq!(p.soldiers.len(), SOLDIERS);
        assert!(p.pieces.iter().chain(&p.soldiers).all(|l| *l != Loc::Hand));
    }
    assert_eq!(g.scores(), session.game.scores());
    g
}

#[test]
fn bots_play_whole_games_that_replay_identically() {
    let mut cards = 0;
    for seed in [1, 2] {
        let g = play_and_replay(seed);
        cards += g.state.box_cards.len();
    }
    assert!(cards > 0, "the bots played cards");
}
