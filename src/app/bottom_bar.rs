//! What the in-game bottom bar's buttons do, and sending a human's decision.

use super::frame::Camera;
use super::gesture;
use super::play::Play;
use super::session::log_move;
use super::{log, sound, App};
use crate::core::{Choice, Move, PlacementPrompt};

impl App {
    pub(super) fn bottom_action(
        &mut self,
        p: &mut Play,
        key: &str,
        choices: &[Choice],
        placement: Option<&PlacementPrompt>,
    ) {
        if key == "view:fit" {
            self.camera = Camera::default();
            log("view fit");
            return;
        }
        if key == "view:whole" {
            self.whole_table = !self.whole_table;
            log(&format!("view whole={}", self.whole_table));
            return;
        }
        if key == "undo" {
            match p.undo() {
                Ok(()) => {
                    log(&format!("undo moves={}", p.session.replay.moves.len()));
                    self.play_later_save(p);
                }
                Err(e) => self.say(e.0, true),
            }
            return;
        }
        if let Some(name) = key.strip_prefix("kind:") {
            let picked = p
                .game()
                .launch_prompt()
                .and_then(|lp| lp.kinds.into_iter().find(|k| k.name() == name));
            if picked.is_some() {
                self.kind_pick = picked;
                self.aim = None;
            }
            return;
        }
        if key == "release" {
            let Some(lp) = p.game().launch_prompt() else {
                return;
            };
            match gesture::release_launch(&lp) {
                Ok(launch) => match p.fire(launch) {
                    Ok(()) => log("fire release"),
                    Err(e) => self.say(format!("Refused: {e}"), true),
                },
                Err(r) => self.say(r.message, true),
            }
            return;
        }
        if key == "place" {
            let (Some(pp), Some(pl), Some(seat)) = (placement, self.place.as_ref(), p.human_turn())
            else {
                return;
            };
            let args = gesture::placement_args(pp, pl.x, pl.y, pl.angle);
            let mv = Move::decide(seat, &pp.action, &args);
            self.decide(p, mv);
            return;
        }
        if let Some(i) = key
            .strip_prefix("choice:")
            .and_then(|s| s.parse::<usize>().ok())
        {
            if let Some(c) = choices.get(i) {
                self.decide(p, c.mv.clone());
            }
        }
    }

    pub(super) fn decide(&mut self, p: &mut Play, mv: Move) {
        match p.decide(mv) {
            Ok(ev) => {
                let mut effect = None;
                for e in &ev {
                    if let Some(fx) = sound::for_event(&e.kind) {
                        effect = Some(fx);
                    }
                }
                if let Some(fx) = effect {
                    self.sfx(fx);
                }
                log_move(p);
                self.place = None;
                self.play_later_save(p);
            }
            Err(e) => self.say(e.0, true),
        }
    }
}
