//! What follows a game, against the fake server: a move the turn clock played is heard as the
//! clock's (and said by name), the rematch asked and accepted (both devices in a new room, its
//! game built afresh and played to the end), and a ratings table kept for the screens.

use super::quick::{play_out, quick};
use super::*;
use crate::app::online::{clock_news, rematch_news};
use engine::online::protocol::RatingEntry;

const AGAIN: &str = "fedcba9876543210";

impl Net {
    /// A rematch asked on line `id`: told to the room; once every player asked, a new room
    /// (`Room::rematch`) and each asker welcomed to it.
    pub(super) fn rematch(&mut self, id: usize) {
        if !self.rematch_asks.contains(&id) {
            self.rematch_asks.push(id);
        }
        let Some(room) = self.room.as_ref() else {
            return;
        };
        let players: Vec<usize> = self
            .rematch_asks
            .iter()
            .filter_map(|&l| self.lines[l].player)
            .collect();
        let asked = room.seats_of_players(&players);
        let everyone = players.len() == room.players();
        self.broadcast(&ServerFrame::Rematch { asked });
        if !everyone {
            return;
        }
        let tokens: Vec<Option<String>> = (0..players.len()).map(|_| Some(self.token())).collect();
        let again = self
            .room
            .as_ref()
            .and_then(|r| r.rematch(AGAIN, 99, &tokens).ok());
        let Some(again) = again else { return };
        for l in &mut self.lines {
            l.follows = false;
        }
        self.room = Some(again);
        for line in std::mem::take(&mut self.rematch_asks) {
            let Some(p) = self.lines[line].player else {
                continue;
            };
            let token = tokens.get(p).cloned().flatten();
            let player = token
                .as_deref()
                .and_then(|t| self.room.as_ref().and_then(|r| r.player(t)));
            self.welcome(line, player, token);
        }
        self.bots();
    }

    /// The turn clock's move for the seat to act (its player silent): the easy bot's choice,
    /// marked as the clock's.
    fn clock_move(&mut self) {
        let Some(room) = self.room.as_mut() else {
            return;
        };
        let Some(session) = room.session() else {
            return;
        };
        let Some(seat) = session.game.turn() else {
            return;
        };
        let game = session.game.clone_game();
        let mut rng = engine::core::Rng::new(5);
        let Some(mv) = engine::core::bot::choose_at(
            game.as_ref(),
            engine::core::Level::Easy,
            &mut rng,
            engine::core::bot::BotBudget::default(),
        ) else {
            return;
        };
        let holder = (0..room.players()).find(|&p| room.seats_of(p).contains(&seat));
        let seq = room.seq();
        if let Some(Ok(p)) = holder.map(|h| room.play(h, seq, &mv)) {
            self.played_marked(p, true);
        }
    }

    /// A ratings table of one entry, this device's.
    pub(super) fn table(&self, game: &str) -> ServerFrame {
        ServerFrame::Ratings {
            game: game.to_string(),
            players: 1,
            entries: vec![RatingEntry {
                rank: 1,
                name: "Ann".into(),
                rating: 1512,
                games: 1,
                provisional: true,
                you: true,
            }],
        }
    }
}

fn pair(net: &Shared) -> (Device, Device) {
    let mut ann = quick(net, "Ann");
    run(net, &mut [&mut ann], 2);
    let mut ben = quick(net, "Ben");
    run(net, &mut [&mut ann, &mut ben], 2);
    assert!(ann.client.welcomed && ben.client.welcomed);
    (ann, ben)
}

#[test]
fn the_clocks_move_is_heard_as_the_clocks_and_said_by_name() {
    let net: Shared = Rc::default();
    let (mut ann, mut ben) = pair(&net);
    // Nobody moves here: the clock plays the seat to act, both devices follow it in step.
    let seat = ann.play.as_ref().and_then(|p| p.game().turn());
    let Some(seat) = seat else {
        panic!("a seat to act")
    };
    net.borrow_mut().clock_move();
    for _ in 0..40 {
        net.borrow_mut().step();
        ann.frame(false);
        ben.frame(false);
    }
    for d in [&ann, &ben] {
        assert_eq!(d.clocked, [seat], "heard as the clock's");
        assert_eq!(d.client.resyncs, 0, "{:?}", d.why);
    }
    assert_eq!(ann.summary(), ben.summary());
    // Said by name on the other device, as "you" on the player's own.
    let (own, other) = if ann.client.mine.contains(&seat) {
        (&ann, &ben)
    } else {
        (&ben, &ann)
    };
    let name = &other.client.seats[seat].name;
    assert_eq!(
        clock_news(seat, &other.client.seats, &other.client.mine),
        Some(format!("{name} ran out of time: the bot played for them."))
    );
    assert_eq!(
        clock_news(seat, &own.client.seats, &own.client.mine).as_deref(),
        Some("You ran out of time: the bot played for you.")
    );
}

#[test]
fn a_rematch_asked_and_accepted_moves_both_devices_to_a_new_room_played_to_the_end() {
    let net: Shared = Rc::default();
    let (mut ann, mut ben) = pair(&net);
    play_out(&net, &mut [&mut ann, &mut ben]);
    let (ann_seat, ben_seat) = (ann.client.mine.clone(), ben.client.mine.clone());
    assert!(ann.client.ask_rematch());
    run(&net, &mut [&mut ann, &mut ben], 2);
    assert_eq!(ben.rematch.len(), 1);
    assert_eq!(ben.rematch[0], ann_seat, "Ben hears Ann asked");
    assert!(ann.client.asked_rematch() && !ben.client.asked_rematch());
    assert_eq!(
        rematch_news(
            &[],
            ben.client.rematch(),
            &ben.client.seats,
            &ben.client.mine
        ),
        ["Ann wants a rematch"]
    );
    assert!(
        rematch_news(
            &[],
            ann.client.rematch(),
            &ann.client.seats,
            &ann.client.mine
        )
        .is_empty(),
        "not told of one's own ask"
    );
    assert!(ben.client.ask_rematch());
    run(&net, &mut [&mut ann, &mut ben], 3);
    for d in [&ann, &ben] {
        assert_eq!(d.client.code, AGAIN, "the new room");
        assert_eq!(d.client.phase(), Phase::Playing);
        assert!(d.client.rematch().is_empty(), "a new room asks afresh");
        let moves = d.play.as_ref().map(|p| p.driver.session.replay.moves.len());
        assert_eq!(moves, Some(0), "its game built afresh");
    }
    // The seats moved round by one: each holds the other's old seat.
    assert_eq!(ann.client.mine, ben_seat);
    assert_eq!(ben.client.mine, ann_seat);
    play_out(&net, &mut [&mut ann, &mut ben]);
    assert_eq!(ann.summary(), ben.summary());
    // The ratings table asked for is kept for the screens.
    assert!(ann
        .client
        .ask_ratings("practice", "device-of-Ann-0123456789"));
    run(&net, &mut [&mut ann], 1);
    let t = ann.client.ratings();
    assert_eq!(t.and_then(|t| t.mine()).map(|e| e.rating), Some(1512));
}
