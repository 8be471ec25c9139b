//! Each seat's shape mark (drawn by `draw::seat_mark` on its pieces, results and badges), so a
//! seat is told by shape as well as by colour (window-free).

/// A seat's mark, in seat order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    Circle,
    Triangle,
    Square,
    Diamond,
    Cross,
    Bar,
    Ring,
    Chevron,
    DotPair,
    Star,
}

/// The ten marks, one a seat.
pub const MARKS: [Mark; 10] = [
    Mark::Circle,
    Mark::Triangle,
    Mark::Square,
    Mark::Diamond,
    Mark::Cross,
    Mark::Bar,
    Mark::Ring,
    Mark::Chevron,
    Mark::DotPair,
    Mark::Star,
];

/// The mark of a seat (0-based).
pub fn of(seat: usize) -> Mark {
    MARKS[seat % MARKS.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::seat::{MAX_SEATS, SEAT_COLOURS};
    use std::collections::BTreeSet;

    /// The seat colours stay Okabe and Ito's colour-blind-safe set, in this order (their black
    /// softened to ink), then grey and chalk for seats 9 and 10 (docs/look-and-feel.md).
    #[test]
    fn seat_colours_stay_okabe_ito_and_every_seat_has_its_own_shape_mark() {
        let okabe_ito: [[u8; 3]; 7] = [
            [0, 114, 178],   // blue
            [230, 159, 0],   // orange
            [0, 158, 115],   // bluish green
            [204, 121, 167], // reddish purple
            [86, 180, 233],  // sky blue
            [213, 94, 0],    // vermillion
            [240, 228, 66],  // yellow
        ];
        assert_eq!(SEAT_COLOURS[..7], okabe_ito);
        let ink = SEAT_COLOURS[7];
        assert!(
            ink.iter().all(|v| *v < 60),
            "seat 8 is Okabe-Ito's black, softened: {ink:?}"
        );
        assert_eq!(SEAT_COLOURS[8], [153, 153, 153]);
        assert_eq!(SEAT_COLOURS[9], [245, 245, 238]);
        let colours: BTreeSet<[u8; 3]> = SEAT_COLOURS.iter().copied().collect();
        assert_eq!(colours.len(), MAX_SEATS, "every seat its own colour");
        let marks: BTreeSet<Mark> = (0..MAX_SEATS).map(of).collect();
        assert_eq!(marks.len(), MAX_SEATS, "every seat its own shape mark");
    }

    #[test]
    fn every_seat_colour_and_the_palette_s_pairs_read_at_4_5_to_1() {
        use super::super::contrast::ratio;
        use super::super::ui::*;
        use macroquad::prelude::{Color, WHITE};
        for c in engine::core::seat::SEAT_COLOURS {
            let bg = rgb(c);
            let r = ratio(rgba(ink_on(bg)), rgba(bg));
            assert!(r >= 4.5, "{c:?}: {r}");
        }
        let on_plate = |c: Color, under: Color| ratio(rgba(c), rgba(over(PLATE, under)));
        let pairs = [
            (TEXT, BUTTON),
            (TEXT, BUTTON_HOT),
            (DIM, BUTTON_OFF),
            (INK, PRIMARY),
            (INK, PRIMARY_HOT),
            (INK, CHOSEN),
            (DIM, BG),
            (GOOD, BUTTON),
            (BAD, BG),
            (ACCENT, BAR),
        ];
        for (ink, bg) in pairs {
            assert!(ratio(rgba(ink), rgba(bg)) >= 4.5, "{ink:?} on {bg:?}");
        }
        for c in [TEXT, ACCENT, BAD, GOOD] {
            assert!(on_plate(c, WHITE) >= 4.5, "{c:?} on a plate over white");
        }
    }
}
