//! The room's own tests: seats, the start, moves refused and played, a whole game, quick rooms.

use super::*;
use crate::core::Launch;

fn seats(plans: &[SeatPlan]) -> Vec<SeatRequest> {
    plans
        .iter()
        .enumerate()
        .map(|(i, &plan)| SeatRequest {
            plan,
            name: format!("P{i}"),
        })
        .collect()
}

fn room(game: &str, plans: &[SeatPlan]) -> Room {
    Room::create("code", game, &[], &seats(plans), 7, "host").unwrap_or_else(|e| panic!("{e}"))
}

fn why<T>(r: RuleResult<T>) -> String {
    r.err().map(|e| e.0).unwrap_or_default()
}

use SeatPlan::{Bot, Here, Invited};

#[test]
fn a_room_waits_for_its_invited_players_and_only_the_host_starts_it() {
    let mut r = room("castle", &[Here, Invited, Invited]);
    assert_eq!(r.phase(), Phase::Waiting);
    assert_eq!(r.seats_of(HOST), vec![0]);
    assert!(why(r.start(HOST)).contains("waiting for 2 invited players"));
    assert_eq!(r.join("  Ben ", "t1"), Ok(1));
    assert!(why(r.start(1)).contains("only the player who made the room"));
    assert!(why(r.start(HOST)).contains("waiting for 1 invited player to"));
    assert!(why(r.join("", "t2")).contains("1 to 24 characters"));
    assert_eq!(r.join("Cy", "t2"), Ok(2));
    assert!(why(r.join("Di", "t3")).contains("every invited seat"));
    assert_eq!(r.player("t1"), Some(1));
    assert_eq!(r.player("t9"), None);
    let infos = r.seat_infos(&|p| p == 1);
    assert_eq!(infos[1].name, "Ben");
    assert!(infos[1].taken && infos[1].online && !infos[2].online);
    assert!(r.start(HOST).is_ok());
    assert_eq!(r.phase(), Phase::Playing);
    assert!(why(r.start(HOST)).contains("already started"));
    assert!(why(r.join("Ed", "t4")).contains("has started"));
}

#[test]
fn a_room_refuses_bad_setups_by_name() {
    let bad = |game: &str, options: &[String], plans: &[SeatPlan]| {
        why(Room::create("c", game, options, &seats(plans), 1, "h"))
    };
    assert!(bad("feud", &[], &[Here, Invited, Invited]).contains("2 to 2 players, not 3"));
    assert!(bad("nosuch", &[], &[Here, Here]).contains("unknown game"));
    assert!(bad("castle", &["turbo".into()], &[Here, Here]).contains("no option `turbo`"));
    assert!(bad("castle", &[], &[Bot(Level::Easy), Bot(Level::Hard)]).contains("one seat"));
}

/// Plays a whole game through the room, every seat's move chosen by the engine's bot on the
/// "client" side and sent as a real client sends it (a shot as its launch alone).
fn play_out(game: &str, plans: &[SeatPlan]) -> Room {
    play_out_room(room(game, plans), game, plans)
}

fn play_out_room(mut r: Room, game: &str, plans: &[SeatPlan]) -> Room {
    for _ in plans.iter().filter(|p| **p == Invited) {
        let n = r.players();
        r.join("Friend", &format!("t{n}"))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    r.start(HOST).unwrap_or_else(|e| panic!("{e}"));
    let mut n = 0;
    while r.phase() == Phase::Playing {
        n += 1;
        assert!(n < 3000, "{game}: no end");
        if let Some(job) = r.bot_job() {
            let seq = job.seq;
            let mv = job
                .think()
                .unwrap_or_else(|| panic!("{game}: the bot is stuck"));
            r.play_bot(seq, mv).unwrap_or_else(|e| panic!("{e}"));
            continue;
        }
        let s = r.session().unwrap_or_else(|| panic!("started"));
        let seat = s.game.turn().unwrap_or(0);
        let mut rng = crate::core::Rng::new(n);
        let mut mv = bot::choose_at(s.game.as_ref(), Level::Easy, &mut rng, BotBudget::default())
            .unwrap_or_else(|| panic!("{game}: stuck"));
        mv.outcome = None;
        let player = r.meta.seats[seat].holder as usize;
        let seq = r.seq();
        r.play(player, seq, &mv)
            .unwrap_or_else(|e| panic!("{game}: {e}"));
    }
    r
}

#[test]
fn a_whole_room_game_replays_to_the_same_summary_and_restores_from_its_log() {
    let r = play_out("castle", &[Here, Invited, Bot(Level::Easy)]);
    assert_eq!(r.phase(), Phase::Over);
    let text = r.replay_text();
    let replayed = crate::referee::replay(&text, true).unwrap_or_else(|e| panic!("{e}"));
    let summary = r.session().map(|s| s.summary()).unwrap_or_default();
    assert_eq!(replayed.summary(), summary);
    assert_eq!(
        replay_of(&r.view(&|_| true, Some(0))).to_json(),
        text,
        "a client's copy is the log"
    );
    let moves = r
        .session()
        .map(|s| s.replay.moves.clone())
        .unwrap_or_default();
    let back = Room::restore("code", &r.meta_json(), moves).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.hash(), r.hash());
    assert_eq!(back.seats_of(1), vec![1]);
    assert_eq!(back.player("t1"), Some(1));
}

fn started(game: &str) -> Room {
    let mut r = room(game, &[Here, Invited]);
    r.join("Ben", "t1").unwrap_or_else(|e| panic!("{e}"));
    r.start(HOST).unwrap_or_else(|e| panic!("{e}"));
    r
}

#[test]
fn moves_out_of_turn_for_another_seat_stale_or_outcome_only_are_refused_and_change_nothing() {
    let mut r = started("catapults");
    let before = r.hash();
    let turn = r.session().and_then(|s| s.game.turn()).unwrap_or(0);
    let other = 1 - turn;
    let holder = |seat: usize| if seat == 0 { HOST } else { 1 };
    let prompt = r.session().and_then(|s| s.game.launch_prompt());
    let prompt = prompt.unwrap_or_else(|| panic!("catapults opens with a flick"));
    let launch = Launch {
        kind: prompt.kinds[0],
        angle: prompt.angle.0,
        power: prompt.power.1 / 2,
        spin: prompt.spin.0,
        x: prompt.x.0,
        y: prompt.y.0,
    };
    let shot = Move::shot(turn, launch.clone());
    // Another player's seat.
    assert!(why(r.play(holder(other), 0, &shot)).contains("is not yours"));
    // Out of turn: the rules' own reason.
    let early = Move::shot(other, launch.clone());
    let e = why(r.play(holder(other), 0, &early));
    assert!(
        e.contains(&format!("it is seat {turn}'s turn, not seat {other}'s")),
        "{e}"
    );
    // Stale.
    assert!(why(r.play(holder(turn), 3, &shot)).contains("another move came first"));
    // Outcome only.
    let mut bare = Move::outcome_only(turn, vec![]);
    bare.launch = None;
    assert!(why(r.play(holder(turn), 0, &bare)).contains("an outcome alone"));
    // Outside the launch prompt.
    let wild = Move::shot(
        turn,
        Launch {
            power: 5000,
            ..launch.clone()
        },
    );
    assert!(why(r.play(holder(turn), 0, &wild)).contains("power 5000"));
    // A forged outcome.
    let mut forged = shot.clone();
    forged.outcome = Some(crate::core::Outcome {
        facts: vec![],
        steps: 1,
        hash: "0000000000000000".into(),
    });
    let e = why(r.play(holder(turn), 0, &forged));
    assert!(e.contains("differently on the server"), "{e}");
    // A decision the rules do not know.
    let e = why(r.play(holder(turn), 0, &Move::decide(turn, "win", &[])));
    assert!(!e.is_empty());
    assert_eq!(r.hash(), before, "nothing changed");
    assert_eq!(r.seq(), 0);
    // The real shot is played, logged with the outcome the room simulated.
    let played = r
        .play(holder(turn), 0, &shot)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(played.seq, 0);
    assert!(played
        .mv
        .outcome
        .as_ref()
        .is_some_and(|o| o.hash.len() == 16));
    assert_eq!(played.hash, r.hash());
    assert_ne!(r.hash(), before);
}

#[test]
fn a_decision_with_more_arguments_than_its_rules_read_is_refused_and_taken_back() {
    let mut tried = 0;
    for game in ["castle", "feud", "carcassonne", "assault"] {
        let mut r = started(game);
        let Some(s) = r.session() else { continue };
        let (Some(turn), Some(choice)) = (s.game.turn(), s.game.choices().first().cloned()) else {
            continue;
        };
        let before = r.hash();
        let mut long = choice.mv.clone();
        long.args.extend([1, 2, 3, 4, 5, 6]);
        let holder = if turn == 0 { HOST } else { 1 };
        let e = why(r.play(holder, 0, &long));
        assert!(e.contains("argument"), "{game}: {e}");
        assert_eq!((r.seq(), r.hash()), (0, before), "{game}: taken back");
        assert!(
            r.play(holder, 0, &choice.mv).is_ok(),
            "{game}: the room still plays"
        );
        tried += 1;
    }
    assert!(tried > 0, "some game opens with a decision");
}

#[test]
fn nothing_is_played_before_the_start() {
    let mut r = room("castle", &[Here, Invited]);
    assert!(why(r.play(HOST, 0, &Move::decide(0, "pass", &[]))).contains("not started"));
    assert!(r.bot_job().is_none());
}

#[test]
fn a_bot_moves_only_on_its_turn_and_for_the_room_it_thought_for() {
    let mut r = room("feud", &[Here, Bot(Level::Easy)]);
    r.start(HOST).unwrap_or_else(|e| panic!("{e}"));
    assert!(why(r.play_bot(0, Move::decide(1, "pass", &[]))).contains("no bot"));
    assert!(why(r.play_bot(5, Move::decide(0, "pass", &[]))).contains("moved on"));
}

fn waiting(name: &str, token: &str, device: Option<&str>) -> QuickSeat {
    QuickSeat::Player {
        name: name.into(),
        token: token.into(),
        device: device.map(String::from),
        aid: None,
    }
}

#[test]
fn a_quick_room_starts_with_its_players_seated_nobody_hosting_and_is_rated_with_two_devices() {
    let seats = [
        waiting("Ann", "ta", Some("device-of-ann-0001")),
        waiting(" Ben ", "tb", Some("device-of-ben-0001")),
    ];
    let mut r = Room::quick("code", "feud", &seats, 7).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.phase(), Phase::Playing);
    assert!(r.rated());
    assert_eq!((r.player("ta"), r.player("tb")), (Some(0), Some(1)));
    assert_eq!((r.seats_of(0), r.seats_of(1)), (vec![0], vec![1]));
    assert!(!r.is_host(0) && !r.is_host(1));
    let infos = r.seat_infos(&|_| true);
    assert_eq!(infos[1].name, "Ben");
    assert!(infos.iter().all(|s| s.plan == Invited && s.taken));
    assert!(why(r.join("Cy", "tc")).contains("has started"));
    assert!(why(r.start(0)).contains("already started"));
    assert!(r.rated_result().is_none(), "not over yet");
    // The flag and the devices survive a restart; a friends' room's setup is written as before.
    let back = Room::restore("code", &r.meta_json(), vec![]).unwrap_or_else(|e| panic!("{e}"));
    assert!(back.rated() && !back.is_host(0));
    let friends = room("feud", &[Here, Invited]);
    assert!(!friends.rated() && friends.is_host(HOST));
    let meta = friends.meta_json();
    assert!(!meta.contains("quick") && !meta.contains("rated") && !meta.contains("device"));
}

#[test]
fn a_quick_room_with_one_device_or_one_player_is_unrated_and_bad_setups_are_refused() {
    let same = [
        waiting("Ann", "ta", Some("device-same-00001")),
        waiting("Ben", "tb", Some("device-same-00001")),
    ];
    let r = Room::quick("c", "feud", &same, 1).unwrap_or_else(|e| panic!("{e}"));
    assert!(!r.rated());
    let anonymous = [
        waiting("Ann", "ta", None),
        waiting("Ben", "tb", Some("dev")),
    ];
    let r = Room::quick("c", "feud", &anonymous, 1).unwrap_or_else(|e| panic!("{e}"));
    assert!(!r.rated());
    let bots = [
        waiting("Ann", "ta", Some("device-of-ann-0001")),
        QuickSeat::Bot,
    ];
    let r = Room::quick("c", "feud", &bots, 1).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !r.rated() && r.bot_job().is_some() == (r.session().and_then(|s| s.game.turn()) == Some(1))
    );
    let e = why(Room::quick(
        "c",
        "feud",
        &[QuickSeat::Bot, QuickSeat::Bot],
        1,
    ));
    assert!(e.contains("needs a player"), "{e}");
    let e = why(Room::quick("c", "feud", &bots[..1], 1));
    assert!(e.contains("not 1"), "{e}");
    assert!(why(Room::quick("c", "nosuch", &bots, 1)).contains("unknown game"));
    let e = why(Room::quick(
        "c",
        "feud",
        &[waiting("", "ta", None), QuickSeat::Bot],
        1,
    ));
    assert!(e.contains("1 to 24 characters"), "{e}");
}

#[test]
fn a_finished_rated_room_gives_each_player_a_place() {
    let seats = [
        waiting("Ann", "ta", Some("device-of-ann-0001")),
        waiting("Ben", "tb", Some("device-of-ben-0001")),
    ];
    let mut r = Room::quick("code", "feud", &seats, 3).unwrap_or_else(|e| panic!("{e}"));
    let mut n = 0;
    while r.phase() == Phase::Playing {
        n += 1;
        assert!(n < 3000, "no end");
        let s = r.session().unwrap_or_else(|| panic!("started"));
        let seat = s.game.turn().unwrap_or(0);
        let mut rng = crate::core::Rng::new(n);
        let mut mv = bot::choose_at(s.game.as_ref(), Level::Easy, &mut rng, BotBudget::default())
            .unwrap_or_else(|| panic!("stuck"));
        mv.outcome = None;
        let seq = r.seq();
        r.play(seat, seq, &mv).unwrap_or_else(|e| panic!("{e}"));
    }
    let result = r.rated_result().unwrap_or_else(|| panic!("rated and over"));
    assert_eq!(result.len(), 2);
    assert_eq!(result[0].device, "device-of-ann-0001");
    assert_eq!(result[1].name, "Ben");
    assert!(result.iter().any(|s| s.place == 0));
}

#[test]
fn a_quick_room_sets_every_players_aid_to_standard_and_a_learning_seat_makes_it_unrated() {
    let with = |aid: Option<&str>| QuickSeat::Player {
        name: "Ben".into(),
        token: "tb".into(),
        device: Some("device-of-ben-0001".into()),
        aid: aid.map(String::from),
    };
    let ann = waiting("Ann", "ta", Some("device-of-ann-0001"));
    // Asked nothing, Standard, or a word the room does not know: Standard, rated.
    for asked in [None, Some("standard"), Some("sideways")] {
        let r = Room::quick("c", "feud", &[ann.clone(), with(asked)], 1)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(r.rated(), "{asked:?}");
        assert_eq!(r.aids(), Some(vec![Some(Aid::Standard); 2]), "{asked:?}");
    }
    // Less aid is no advantage: Expert stays, still rated.
    let r = Room::quick("c", "feud", &[ann.clone(), with(Some("expert"))], 1)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(r.rated());
    assert_eq!(r.aids(), Some(vec![Some(Aid::Standard), Some(Aid::Expert)]));
    // Learning: the seat plays with it, every seat sees it, and the game is not rated.
    let r = Room::quick("c", "feud", &[ann.clone(), with(Some("learning"))], 1)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!r.rated());
    let view = r.view(&|_| true, Some(0));
    assert_eq!(view.aids.as_deref(), Some("standard,learning"));
    // It survives a restart; a bot's seat has none.
    let back = Room::restore("c", &r.meta_json(), vec![]).unwrap_or_else(|e| panic!("{e}"));
    assert!(!back.rated());
    assert_eq!(back.aids(), r.aids());
    let r = Room::quick("c", "feud", &[ann, QuickSeat::Bot], 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.aids(), Some(vec![Some(Aid::Standard), None]));
    // A friends' room sets none (each device plays at its own setting).
    assert_eq!(room("feud", &[Here, Invited]).aids(), None);
}

const SALT: [u8; deal::SALT_LEN] = [9; deal::SALT_LEN];

#[test]
fn a_committed_room_shows_its_commitment_from_the_first_welcome_and_opens_it_at_the_end() {
    let plans = [Here, Invited, Bot(Level::Easy)];
    let r = room("castle", &plans).committed(SALT);
    let promised = deal::commitment(&SALT, 7);
    for view in [r.view(&|_| true, Some(0)), r.view(&|_| true, None)] {
        assert_eq!(view.commitment.as_deref(), Some(promised.as_str()));
        assert_eq!(
            (view.seed, view.salt.as_deref()),
            (0, None),
            "nothing opened yet"
        );
    }
    assert!(
        r.meta_json().contains(&deal::salt_text(&SALT)),
        "kept with the room"
    );
    let r = play_out_room(r, "castle", &plans);
    assert_eq!(r.phase(), Phase::Over);
    let view = r.view(&|_| true, Some(1));
    assert_eq!(view.commitment.as_deref(), Some(promised.as_str()));
    assert_eq!(view.salt, r.salt_when_over());
    let salt = view.salt.clone().unwrap_or_default();
    assert_eq!(deal::check(&promised, &salt, view.seed), Ok(deal::CHECKED));
    // The room's log carries both, and so does the copy a client keeps.
    let log = Replay::parse(&r.replay_text()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(deal::check_replay(&log), Some(Ok(deal::CHECKED)));
    assert_eq!(replay_of(&view).to_json(), r.replay_text());
    let moves = log.moves.clone();
    let back = Room::restore("code", &r.meta_json(), moves).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.commitment(), Some(promised));
}

#[test]
fn the_salt_stays_hidden_until_the_game_is_over_and_old_rooms_have_no_commitment() {
    let seats = [waiting("Ann", "ta", None), QuickSeat::Bot];
    let r = Room::quick("code", "feud", &seats, 7)
        .unwrap_or_else(|e| panic!("{e}"))
        .committed(SALT);
    assert_eq!(r.phase(), Phase::Playing);
    assert_eq!(r.salt_when_over(), None);
    let view = r.view(&|_| true, Some(0));
    assert_eq!(view.commitment, Some(deal::commitment(&SALT, 7)));
    assert_eq!((view.seed, view.salt), (0, None));
    let old = room("castle", &[Here, Invited]);
    assert_eq!(old.commitment(), None);
    assert_eq!(old.view(&|_| true, None).commitment, None);
    assert!(!old.meta_json().contains("salt"));
}
