//! The Catapult Castle table at rest for the generic renderer: bodies (tagged and coloured, see
//! table.rs) and labels naming the mats (their number, owner and royal deck), the squares (the
//! log names them), ammo inside towers and roofs. The supply and what to do are on the status
//! line, not the table.

use super::geometry::*;
use super::rules::events::Ev;
use super::rules::State;
use super::table::{layout_of, rest_specs, spec_views};
use super::*;
use crate::core::game::prelude::*;
use crate::core::game::RulesState;
use crate::core::{Seat, TableView};

/// The labels of the table (drawn under the bodies).
pub fn labels(state: &State, seats: &[Seat]) -> Vec<(f32, f32, String)> {
    let layout = layout_of(state);
    let mut out = Vec::new();
    for (m, mat) in state.mats.iter().enumerate() {
        let cx = layout.mat_x0(m) + layout.mat_len() / 2.0;
        let deck = state.deck_names.get(mat.deck).cloned().unwrap_or_default();
        let text = match mat.owner.and_then(|o| seats.get(o)) {
            Some(s) => format!("Mat {}: {} ({deck})", m + 1, s.name),
            None => format!("Mat {} ({deck})", m + 1),
        };
        out.push((cx, -0.075, text));
        for (s, sq) in mat.squares.iter().enumerate() {
            let x = layout.square_x(m, s);
            out.push((x, -0.045, format!("{}", s + 1)));
            let ammo: u32 = sq.stack.iter().map(|t| t.ammo).sum();
            let h = sq.stack.len();
            let mut y = if h == 0 {
                MAT_THICK
            } else {
                tower_top_y(h - 1)
            } + 0.015;
            if sq.roof.is_some() {
                out.push((x, y, "Roof".to_string()));
                y += 0.02;
            }
            if ammo > 0 {
                out.push((x, y, format!("{ammo} ammo")));
            }
        }
    }
    out
}

pub fn table_view(state: &State, seats: &[Seat]) -> TableView {
    let specs = rest_specs(state, seats, true);
    TableView {
        bodies: spec_views(&specs),
        bounds: layout_of(state).view_bounds(),
        labels: labels(state, seats),
    }
}

/// Each square with a tower, named by its owner: "Ben's tower on square 3", or "the tower on
/// square 2 of mat 3" on a mat nobody owns; the shooter's own towers last.
pub fn aim_places(
    state: &State,
    seats: &[Seat],
    shooter: Option<usize>,
    from: f32,
) -> Vec<crate::core::AimPlace> {
    let layout = layout_of(state);
    let (mut out, mut own) = (Vec::new(), Vec::new());
    for (m, mat) in state.mats.iter().enumerate() {
        for (s, sq) in mat.squares.iter().enumerate() {
            if sq.stack.is_empty() {
                continue;
            }
            let words = match mat.owner.and_then(|o| seats.get(o)) {
                Some(seat) => format!("{}'s tower on square {}", seat.name, s + 1),
                None => format!("the tower on square {} of mat {}", s + 1, m + 1),
            };
            let place = crate::core::AimPlace {
                x: layout.square_x(m, s),
                y: tower_top_y(sq.stack.len() - 1),
                // The cup's mouth: ammo that comes down within it rests inside.
                half_width: TOWER_HW,
                words,
            };
            if mat.owner.is_some() && mat.owner == shooter {
                own.push(place);
            } else {
                out.push(place);
            }
        }
    }
    use crate::core::aim_place::nearest_first;
    [nearest_first(out, from), nearest_first(own, from)].concat()
}

impl Draw for Castle {
    fn view(&self) -> TableView {
        view::table_view(&self.state, &self.seats)
    }

    fn aim_places(&self) -> Vec<crate::core::AimPlace> {
        let Some(from) = self.launch_prompt().map(|p| p.origin[0]) else {
            return Vec::new();
        };
        view::aim_places(&self.state, &self.seats, self.turn(), from)
    }

    /// A tower taken (into the taker's hand, until it is placed) or removed from play.
    fn taken_off(&self, event: &crate::core::Event) -> Option<u32> {
        tower_of(event, &[Ev::TowerTaken, Ev::TowerRemoved])
    }

    /// A tower placed, stacked or moved: from where it was last drawn to its square.
    fn moved(&self, event: &crate::core::Event) -> Option<u32> {
        tower_of(event, &[Ev::TowerPlaced, Ev::TowerStacked, Ev::TowerMoved])
    }
}

/// The tower an event of one of these kinds names (its first number is the tower's id).
fn tower_of(event: &crate::core::Event, kinds: &[Ev]) -> Option<u32> {
    use crate::core::event::EventKind;
    if !kinds.iter().any(|k| event.kind == k.name()) {
        return None;
    }
    let id = u32::try_from(*event.args.first()?).ok()?;
    Some(super::table::tower_piece(id))
}

impl StatusText for Castle {
    fn hud(&self) -> Vec<String> {
        let s = &self.state;
        let mut out = Vec::new();
        let Some(seat) = s.acting() else {
            out.push("Game over".into());
            let names: Vec<String> = self.seats.iter().map(|x| x.name.clone()).collect();
            out.extend(s.ranking().explain(&names));
            if s.solo {
                out.push(rules::solo_title(s.solo_score()).to_string());
            }
            return out;
        };
        let name = self
            .seats
            .get(seat)
            .map(|x| x.name.clone())
            .unwrap_or_default();
        out.push(format!("{name}: {}", self.phase()));
        // A hand is shown to its human owner only: a bot's stays hidden.
        let human = self.seats.get(seat).map(|x| x.kind) == Some(SeatKind::Human);
        let hand: Vec<&str> = s.hands[seat].iter().map(|c| c.effect.name()).collect();
        if human {
            out.push(format!(
                "{name}'s hand: {}",
                if hand.is_empty() {
                    "no cards".to_string()
                } else {
                    hand.join(", ")
                }
            ));
        } else {
            let n = hand.len();
            out.push(format!(
                "{name} holds {n} card{}",
                if n == 1 { "" } else { "s" }
            ));
        }
        if s.solo {
            out.push(format!(
                "Ammo left {} of {} · towers removed {} · score {} ({}) · rearrangements left {}",
                s.supply,
                rules::SOLO_AMMO,
                s.removed.len(),
                s.solo_score(),
                rules::solo_title(s.solo_score()),
                s.rearrangements_left
            ));
        } else {
            out.push(format!(
                "Supply: {} ammo · in towers: {}",
                s.supply,
                s.ammo_in_towers()
            ));
            let towers: Vec<String> = (0..s.seats)
                .map(|i| {
                    let n = self
                        .seats
                        .get(i)
                        .map(|x| x.name.clone())
                        .unwrap_or_default();
                    format!("{n} {} towers ({} ammo)", s.towers_of(i), s.ammo_of(i))
                })
                .collect();
            out.push(towers.join(" · "));
        }
        let mut effects = Vec::new();
        if s.turn.toss {
            effects.push("Magic Toss".to_string());
        }
        if s.turn.strong {
            effects.push("Strong Ammo".to_string());
        }
        if s.turn.shots_allowed > 1 {
            effects.push(format!(
                "shot {} of {}",
                s.turn.shots_taken + 1,
                s.turn.shots_allowed
            ));
        }
        if s.stand.get(s.turn.seat).copied().unwrap_or(false) {
            effects.push("catapult on the box".to_string());
        }
        if !effects.is_empty() {
            out.push(format!("This turn: {}", effects.join(", ")));
        }
        out
    }

    fn status(&self) -> Vec<StatusItem> {
        let s = &self.state;
        let names: Vec<String> = self.seats.iter().map(|x| x.name.clone()).collect();
        let Some(seat) = s.acting() else {
            let mut out = status::game_over(&s.ranking(), &names);
            if s.solo {
                out = vec![StatusItem::count(Icon::Points, s.solo_score())];
                out.push(StatusItem::new(
                    Icon::None,
                    rules::solo_title(s.solo_score()),
                ));
            }
            return out;
        };
        let mut out = vec![StatusItem::next(match &s.phase {
            Phase::Aim if s.turn.shots_allowed > 1 => format!(
                "Aim: shot {} of {}",
                s.turn.shots_taken + 1,
                s.turn.shots_allowed
            ),
            Phase::Aim => "Aim at a tower".to_string(),
            Phase::Rearrange => format!("Rearrange the towers ({} left)", s.rearrangements_left),
            Phase::Place { towers, .. } => match towers.len() {
                1 => "Place the tower you took".to_string(),
                n => format!("Place the {n} towers you took"),
            },
            Phase::Draw { left, .. } => match left {
                1 => "Draw a card?".to_string(),
                n => format!("Draw a card? ({n} left)"),
            },
            Phase::Over => "Game over".to_string(),
        })];
        if s.solo {
            out.push(StatusItem::new(
                Icon::Ammo,
                format!("{} of {}", s.supply, rules::SOLO_AMMO),
            ));
            out.push(StatusItem::count(Icon::Points, s.solo_score()));
        } else {
            out.push(StatusItem::count(Icon::Ammo, s.supply));
            out.push(StatusItem::count(Icon::Tower, s.towers_of(seat)));
        }
        out.push(StatusItem::count(Icon::Card, s.hands[seat].len()));
        if s.phase == Phase::Aim && s.turn.toss {
            out.push(StatusItem::new(Icon::None, "Magic Toss"));
        }
        if s.phase == Phase::Aim && s.turn.strong {
            out.push(StatusItem::new(Icon::None, "Strong Ammo"));
        }
        out
    }
}
