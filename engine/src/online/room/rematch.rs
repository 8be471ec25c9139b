//! A rematch: a new started room with the same game, options and players as a finished one.

use super::*;

impl Room {
    /// The rematch of this room: a new room, started, with the same game and options, a new
    /// `seed`, and the same seats moved round by one (the second seat begins, so who begins
    /// takes turns). `tokens` has one entry per player of this room: the new token of a player
    /// who comes along, or none for one who left (their seats are played by the normal bot, under
    /// the same name). Bots stay bots; a quick-match room stays one, rated again when two or more
    /// players with devices of their own sit in it.
    pub fn rematch(&self, code: &str, seed: u64, tokens: &[Option<String>]) -> RuleResult<Room> {
        if self.phase() != Phase::Over {
            return Err(Refusal::new("a rematch is asked for once the game is over"));
        }
        if tokens.len() != self.meta.players.len() {
            return Err(Refusal::new("a rematch needs one answer per player"));
        }
        let mut players = Vec::new();
        let mut renumbered = Vec::new();
        for (p, token) in self.meta.players.iter().zip(tokens) {
            renumbered.push(token.as_ref().map(|t| {
                players.push(Player {
                    name: p.name.clone(),
                    token: t.clone(),
                    device: p.device.clone(),
                });
                (players.len() - 1) as i64
            }));
        }
        if players.is_empty() {
            return Err(Refusal::new("a rematch needs at least one player"));
        }
        let mut seats: Vec<MetaSeat> = self
            .meta
            .seats
            .iter()
            .map(|s| {
                let holder = usize::try_from(s.holder)
                    .ok()
                    .and_then(|h| renumbered.get(h).copied().flatten());
                match holder {
                    Some(h) => MetaSeat {
                        holder: h,
                        ..s.clone()
                    },
                    None if s.holder >= 0 => MetaSeat {
                        kind: "bot".into(),
                        name: s.name.clone(),
                        level: Level::Normal.name().into(),
                        holder: -1,
                    },
                    None => s.clone(),
                }
            })
            .collect();
        let turn = 1.min(seats.len());
        seats.rotate_left(turn);
        let quick = self.meta.quick == Some(true);
        let mut devices: Vec<&str> = players.iter().filter_map(|p| p.device.as_deref()).collect();
        crate::core::order::sort(&mut devices);
        devices.dedup();
        // Each seat keeps its aim aid: the list turns with the seats.
        let mut aids = self.aids();
        if let Some(a) = aids.as_mut() {
            if turn <= a.len() {
                a.rotate_left(turn);
            }
        }
        let rated = quick
            && super::rated_setup(players.len(), devices.len(), aids.as_deref().unwrap_or(&[]));
        let mut room = Room {
            code: code.to_string(),
            meta: Meta {
                game: self.meta.game.clone(),
                options: self.meta.options.clone(),
                seed,
                seats,
                players,
                started: true,
                quick: self.meta.quick,
                rated: rated.then_some(true),
                aids: aids.map(|a| super::Aid::join(&a)),
                salt: None,
            },
            driver: None,
            notes: Vec::new(),
        };
        room.drive(&[])?;
        Ok(room)
    }

    /// The seats a player held, by player (for the `rematch` frame: who asked).
    pub fn seats_of_players(&self, players: &[usize]) -> Vec<usize> {
        let mut seats: Vec<usize> = players.iter().flat_map(|&p| self.seats_of(p)).collect();
        seats.sort_unstable();
        seats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::room::QuickSeat;

    fn finished_quick(ben: bool) -> Room {
        let mut seats = vec![QuickSeat::Player {
            name: "Ann".into(),
            token: "a".repeat(26),
            device: Some("device-of-ann-0001".into()),
            aid: None,
        }];
        seats.push(match ben {
            true => QuickSeat::Player {
                name: "Ben".into(),
                token: "b".repeat(26),
                device: Some("device-of-ben-0001".into()),
                aid: None,
            },
            false => QuickSeat::Bot,
        });
        let mut room = Room::quick("0123456789abcdef", "feud", &seats, 7).expect("a room");
        let mut n = 0;
        while room.phase() != Phase::Over && n < 20_000 {
            let job = room.bot_job();
            let turn = room.session().and_then(|s| s.game.turn());
            let Some(seat) = turn else { break };
            // Every seat played by the bot's choice, through the room as its player would.
            let game = room.session().map(|s| s.game.clone_game()).expect("a game");
            let mut rng = crate::core::Rng::new(n);
            let mv = bot::choose_at(game.as_ref(), Level::Easy, &mut rng, BotBudget::default())
                .expect("a move");
            let seq = room.seq();
            let played = match job {
                Some(_) => room.play_bot(seq, mv),
                None => {
                    let holder = (0..room.players())
                        .find(|&p| room.seats_of(p).contains(&seat))
                        .expect("a holder");
                    room.play(holder, seq, &mv)
                }
            };
            played.expect("the move is played");
            n += 1;
        }
        assert_eq!(room.phase(), Phase::Over);
        room
    }

    #[test]
    fn a_rematch_keeps_the_players_and_bots_moves_the_seats_round_and_stays_rated() {
        let room = finished_quick(true);
        let tokens = [Some("c".repeat(26)), Some("d".repeat(26))];
        let again = room
            .rematch("fedcba9876543210", 8, &tokens)
            .expect("a rematch");
        assert_eq!(again.phase(), Phase::Playing);
        assert_eq!(again.game(), "feud");
        assert!(again.rated(), "two players with their devices: rated");
        assert!(!again.is_host(HOST), "still a quick-match room");
        let names: Vec<String> = again
            .seat_infos(&|_| true)
            .iter()
            .map(|s| s.name.clone())
            .collect();
        assert_eq!(names, ["Ben", "Ann"], "moved round by one: Ben begins");
        assert_eq!(again.player(&"c".repeat(26)), Some(0));
        assert_eq!(again.seats_of(0), [1], "Ann's seat");
        assert_eq!(again.seats_of(1), [0], "Ben's seat");
        assert_eq!(
            again.player(&"a".repeat(26)),
            None,
            "old tokens do not enter"
        );
        assert_eq!(again.seats_of_players(&[0, 1]), [0, 1]);
        // Bots stay bots; one player with a bot is not rated.
        let lone = finished_quick(false);
        let again = lone
            .rematch("fedcba9876543210", 8, &[Some("c".repeat(26))])
            .expect("a rematch");
        let seats = again.seat_infos(&|_| true);
        assert!(matches!(seats[0].plan, SeatPlan::Bot(Level::Normal)));
        assert_eq!(seats[0].name, "Bot 1");
        assert!(!again.rated());
    }

    #[test]
    fn a_player_who_left_gets_the_bot_and_the_rematch_is_then_unrated() {
        let room = finished_quick(true);
        let again = room
            .rematch("fedcba9876543210", 8, &[Some("c".repeat(26)), None])
            .expect("a rematch");
        assert!(!again.rated(), "one player against bots is not rated");
        let seats = again.seat_infos(&|_| true);
        assert!(matches!(seats[0].plan, SeatPlan::Bot(Level::Normal)));
        assert_eq!(seats[0].name, "Ben", "under the same name");
        assert_eq!(again.players(), 1);
        assert!(room.rematch("x", 1, &[None, None]).is_err(), "nobody came");
        assert!(
            room.rematch("x", 1, &[None]).is_err(),
            "one answer per player"
        );
        let waiting = Room::create(
            "0123456789abcdef",
            "feud",
            &[],
            &[
                SeatRequest {
                    plan: SeatPlan::Here,
                    name: "Ann".into(),
                },
                SeatRequest {
                    plan: SeatPlan::Invited,
                    name: "Friend".into(),
                },
            ],
            1,
            &"a".repeat(26),
        )
        .expect("a room");
        let e = waiting.rematch("x", 1, &[Some("c".repeat(26))]).err();
        assert!(e.is_some_and(|e| e.0.contains("once the game is over")));
    }
}
