//! What Catapult Feud shows: the table to draw (`Draw`) and the status text (`StatusText`).

use super::*;
use crate::core::event::EventKind;
use crate::core::game::prelude::*;
use crate::core::game::RulesState;
use rules::Ev;

impl Draw for Feud {
    fn view(&self) -> TableView {
        table::view(&self.state, &self.seats, self.table)
    }

    /// The other player's fortress and each of their soldiers, nearest first: "Ben's fortress",
    /// "Ben's soldier 2".
    fn aim_places(&self) -> Vec<crate::core::AimPlace> {
        use crate::core::aim_place::{nearest_first, owned_groups, owned_pieces};
        let Some(from) = self.launch_prompt().map(|p| p.origin[0]) else {
            return Vec::new();
        };
        let view = self.view();
        let shooter = self.turn();
        let fortress = owned_groups(
            &view,
            &self.seats,
            shooter,
            &[crate::core::Look::Wood],
            "fortress",
        );
        let soldiers = owned_pieces(
            &view,
            &self.seats,
            shooter,
            crate::core::Look::Figure,
            "soldier",
            from,
        );
        [fortress, nearest_first(soldiers, from)].concat()
    }

    /// A soldier lost or a block boxed goes off the table (the event names its seat and `k`).
    fn taken_off(&self, event: &Event) -> Option<u32> {
        let soldier = match event.kind.as_str() {
            k if k == Ev::SoldierLost.name() => true,
            k if k == Ev::BlockBoxed.name() => false,
            _ => return None,
        };
        let seat = usize::try_from(event.seat).ok()?;
        let k = usize::try_from(*event.args.first()?).ok()?;
        Some(table::piece_id(seat, soldier, k))
    }
}

impl StatusText for Feud {
    fn hud(&self) -> Vec<String> {
        let st = &self.state;
        let mut out = Vec::new();
        let Some(seat) = st.acting() else {
            out.push("Game over".into());
            if let Some(w) = st.winner() {
                out.push(format!(
                    "{} wins: the enemy has no soldier left standing",
                    self.name(w)
                ));
            }
            let names: Vec<String> = (0..2).map(|s| self.name(s)).collect();
            out.extend(st.ranking().explain(&names));
            return out;
        };
        out.push(format!("{}: {}", self.name(seat), st.phase_words()));
        // Whose hand is shown: the acting player's, or while a bot acts, the human's (a bot's
        // hand is as hidden as any opponent's).
        let human = |s: usize| self.seats.get(s).map(|x| x.kind) == Some(SeatKind::Human);
        let viewer = if human(seat) || !human(State::opponent(seat)) {
            seat
        } else {
            State::opponent(seat)
        };
        let p = &st.players[viewer];
        let mut kinds = p.hand.clone();
        crate::core::order::sort(&mut kinds);
        kinds.dedup();
        let named: Vec<String> = kinds
            .iter()
            .map(|&c| match p.hand.iter().filter(|&&h| h == c).count() {
                1 => c.name().to_string(),
                n => format!("{} ({n})", c.name()),
            })
            .collect();
        let whose = if viewer == seat {
            "Your hand".to_string()
        } else {
            format!("{}'s hand", self.name(viewer))
        };
        if named.is_empty() {
            out.push(format!("{whose}: no cards"));
        }
        // Three kinds of card a line, so that a full hand fits a narrow screen.
        for (i, chunk) in named.chunks(3).enumerate() {
            let lead = if i == 0 {
                format!("{whose}: ")
            } else {
                "  ".into()
            };
            out.push(format!("{lead}{}", chunk.join(", ")));
        }
        let lead = if viewer == seat {
            "Deck".to_string()
        } else {
            format!("{}'s deck", self.name(viewer))
        };
        out.push(format!("{lead} {} · ammo {}", p.deck.len(), p.ammo));
        let opp = State::opponent(viewer);
        out.push(format!(
            "{}: {} in hand, deck {}",
            self.name(opp),
            rules::count(st.players[opp].hand.len(), "card", "cards"),
            st.players[opp].deck.len()
        ));
        // Soldiers standing are on the score bar and on each board's plate: not repeated here.
        if !st.box_cards.is_empty() {
            let names: Vec<&str> = st.box_cards.iter().map(|c| c.1.name()).collect();
            out.push(format!("In the box: {}", names.join(", ")));
        }
        out
    }

    fn status(&self) -> Vec<StatusItem> {
        let st = &self.state;
        let Some(seat) = st.acting() else {
            let names: Vec<String> = (0..2).map(|s| self.name(s)).collect();
            return status::game_over(&st.ranking(), &names);
        };
        let p = &st.players[seat];
        let mut out = vec![StatusItem::next(st.phase_words())];
        if matches!(st.phase, Phase::Build { .. }) {
            let left = p.pieces.len() - p.blocks_on_table();
            out.push(StatusItem::new(Icon::Block, format!("{left} to place")));
        } else {
            out.push(StatusItem::count(Icon::Soldier, p.upright_soldiers()));
        }
        out.push(StatusItem::count(Icon::Ammo, p.ammo));
        out.push(StatusItem::count(Icon::Card, p.hand.len()));
        out.push(StatusItem::count(Icon::Deck, p.deck.len()));
        out
    }
}
