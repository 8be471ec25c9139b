//! What Assault on the Castle shows: the table to draw (`Draw`) and the status text (`StatusText`).

use super::*;
use crate::core::event::EventKind;
use crate::core::game::prelude::*;

impl Draw for Assault {
    fn view(&self) -> TableView {
        let mut v = self.frame();
        v.bodies.extend(table::state_bodies(&self.state));
        v
    }

    /// Every other player's castle: "Ben's castle".
    fn aim_places(&self) -> Vec<crate::core::AimPlace> {
        let Some(from) = self.launch_prompt().map(|p| p.origin[0]) else {
            return Vec::new();
        };
        let view = self.view();
        let castles = crate::core::aim_place::owned_groups(
            &view,
            self.seats(),
            self.turn(),
            &[crate::core::Look::Card],
            "castle",
        );
        crate::core::aim_place::nearest_first(castles, from)
    }

    /// A building card that left its mat goes back to the building deck (the event names its
    /// seat and the card).
    fn taken_off(&self, event: &Event) -> Option<u32> {
        if event.kind != rules::events::Ev::CardOffMat.name() {
            return None;
        }
        let seat = usize::try_from(event.seat).ok()?;
        let card = u32::try_from(*event.args.first()?).ok()?;
        Some(table::card_piece(seat, card))
    }
}

impl StatusText for Assault {
    fn hud(&self) -> Vec<String> {
        let st = &self.state;
        let mut lines = Vec::new();
        match st.turn() {
            Some(s) => lines.push(format!("{} to act: {}", self.seats[s].name, st.phase())),
            None => match st.winner {
                Some(w) => lines.push(format!(
                    "{} wins: the last castle standing",
                    self.seats[w].name
                )),
                None => lines.push("Game over".into()),
            },
        }
        if let Some(t) = st.turn_seat {
            lines.push(format!("Turn {} — {}'s turn", st.turns, self.seats[t].name));
        }
        if !st.munitions.is_empty() {
            let names: Vec<&str> = st.munitions.iter().map(|k| k.title()).collect();
            lines.push(format!("Siege card: {}", names.join(" + ")));
        }
        if let Some(s) = st.turn() {
            let p = &st.players[s];
            lines.push(format!(
                "Hand: {} building {}; castle: {}, {} standing{}",
                p.hand.len(),
                if p.hand.len() == 1 { "card" } else { "cards" },
                status::plural(p.castle.len(), "card", "cards"),
                p.standing(),
                if p.two_storeys() { ", two storeys" } else { "" }
            ));
        }
        lines.push(format!(
            "Building deck: {} · Siege deck: {} (discards {})",
            st.building.len(),
            st.siege.len(),
            st.siege.discard.len()
        ));
        for (s, p) in st.players.iter().enumerate() {
            let status = if p.eliminated {
                "eliminated".to_string()
            } else if p.defeated {
                format!("last bastion: {} standing", p.standing())
            } else {
                format!("{} cards, {} standing", p.castle.len(), p.standing())
            };
            lines.push(format!("{}: {status}", self.seats[s].name));
        }
        lines
    }

    fn status(&self) -> Vec<StatusItem> {
        let st = &self.state;
        let Some(s) = st.turn() else {
            return status::game_over(&self.ranking(), &self.names());
        };
        let p = &st.players[s];
        let mut out = vec![StatusItem::next(st.phase())];
        if !st.munitions.is_empty() {
            let names: Vec<&str> = st.munitions.iter().map(|k| k.title()).collect();
            out.push(StatusItem::new(
                Icon::None,
                format!("Siege: {}", names.join(" + ")),
            ));
        }
        out.push(StatusItem::count(Icon::Card, p.hand.len()));
        out.push(StatusItem::count(Icon::Castle, p.standing()));
        out.push(StatusItem::count(Icon::Deck, st.building.len()));
        out.push(StatusItem::new(
            Icon::Deck,
            format!("Siege {}", st.siege.len()),
        ));
        out
    }
}
