//! Seats at the table: 1–10, each with a name, a colour and a human or a bot behind it.

use super::bot::Level;
use nanoserde::{DeJson, SerJson, SerJsonState};

pub const MAX_SEATS: usize = 10;

/// Ten seat colours (RGB), used by every game: the eight of Okabe and Ito's colour-blind-safe
/// set first (black softened to ink), then grey and chalk white; every seat also has its shape
/// mark, so colour is never the only cue (docs/look-and-feel.md).
pub const SEAT_COLOURS: [[u8; 3]; MAX_SEATS] = [
    [0, 114, 178],
    [230, 159, 0],
    [0, 158, 115],
    [204, 121, 167],
    [86, 180, 233],
    [213, 94, 0],
    [240, 228, 66],
    [40, 40, 44],
    [153, 153, 153],
    [245, 245, 238],
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, SerJson, DeJson)]
pub enum SeatKind {
    Human,
    Bot,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Seat {
    pub name: String,
    pub kind: SeatKind,
    /// Index into `SEAT_COLOURS`.
    pub colour: u32,
    /// How well a bot in this seat plays (a human seat keeps Normal; it is not read).
    pub level: Level,
}

/// Written as `{"name":…,"kind":…,"colour":…}`, with `"level":…` after them only when it is not
/// Normal: a file without a level means Normal, and files written before levels existed read
/// and write back byte for byte.
impl SerJson for Seat {
    fn ser_json(&self, d: usize, s: &mut SerJsonState) {
        s.st_pre();
        s.field(d + 1, "name");
        self.name.ser_json(d + 1, s);
        s.conl();
        s.field(d + 1, "kind");
        self.kind.ser_json(d + 1, s);
        s.conl();
        s.field(d + 1, "colour");
        self.colour.ser_json(d + 1, s);
        if self.level != Level::Normal {
            s.conl();
            s.field(d + 1, "level");
            self.level.name().to_string().ser_json(d + 1, s);
        }
        s.st_post(d);
    }
}

impl Seat {
    pub fn new(index: usize, kind: SeatKind) -> Self {
        let name = match kind {
            SeatKind::Human => format!("Player {}", index + 1),
            SeatKind::Bot => format!("Bot {}", index + 1),
        };
        Seat {
            name,
            kind,
            colour: (index % MAX_SEATS) as u32,
            level: Level::Normal,
        }
    }

    /// This seat with a bot of `level` behind it.
    pub fn at(mut self, level: Level) -> Self {
        self.level = level;
        self
    }

    pub fn rgb(&self) -> [u8; 3] {
        SEAT_COLOURS[self.colour as usize % MAX_SEATS]
    }

    pub fn is_bot(&self) -> bool {
        self.kind == SeatKind::Bot
    }
}

/// `n` seats, all bots or all humans.
/// Seat `seat`'s name, or "Player N" for a seat that is not there.
pub fn seat_name(seats: &[Seat], seat: usize) -> String {
    seats
        .get(seat)
        .map(|s| s.name.clone())
        .unwrap_or_else(|| format!("Player {}", seat + 1))
}

pub fn default_seats(n: usize, kind: SeatKind) -> Vec<Seat> {
    (0..n).map(|i| Seat::new(i, kind)).collect()
}

/// Checks a seat list against a game's allowed seat counts and the table limit.
pub fn check_seats(seats: &[Seat], min: usize, max: usize) -> super::RuleResult<()> {
    if seats.len() < min || seats.len() > max || seats.len() > MAX_SEATS {
        return Err(super::Refusal(format!(
            "this game takes {min} to {max} seats, not {}",
            seats.len()
        )));
    }
    for (i, s) in seats.iter().enumerate() {
        if s.name.trim().is_empty() || s.name.chars().count() > 24 {
            return Err(super::Refusal(format!(
                "seat {i}: a name must have 1 to 24 characters"
            )));
        }
        if s.colour as usize >= MAX_SEATS {
            return Err(super::Refusal(format!(
                "seat {i}: colour {} is not one of the ten",
                s.colour
            )));
        }
    }
    Ok(())
}
