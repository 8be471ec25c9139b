//! Where everything stands on the Catapult Castle table (side view, metres, y up, table top y = 0).
//! Pure arithmetic shared by the physics table, the view and the bot: the mats lie in a row along
//! the table, squares in a row along each mat, a gap between mats (and at both ends) holds the
//! catapult at a mat's corner.

/// Width of one square on a mat (one tower per square).
pub const SQUARE: f32 = 0.09;
/// Gap between two mats, and beyond the outer mats: where a catapult stands.
pub const GAP: f32 = 0.16;
/// A mat is a thin cardboard slab on the table.
pub const MAT_THICK: f32 = 0.003;
/// Tower (a cup): half of its outer width, its height, its wall and floor thickness.
pub const TOWER_HW: f32 = 0.032;
pub const TOWER_H: f32 = 0.075;
pub const WALL: f32 = 0.003;
/// A card lying flat (between stacked towers, or as a Reinforced Roof): half length, thickness.
pub const CARD_HW: f32 = 0.044;
pub const CARD_THICK: f32 = 0.0015;
/// Catapult ammo: a ball.
pub const AMMO_R: f32 = 0.0085;
/// Height of the catapult arm's release point above the table.
pub const CATAPULT_Y: f32 = 0.07;
/// The game box under the catapult (the rulebook's optional stand) raises it by this much.
pub const STAND_H: f32 = 0.10;
/// Half width of the catapult's base drawn at the corner.
pub const CATAPULT_HW: f32 = 0.025;
/// Catapult launch speeds (m/s) for power 0 and 1000.
pub const CATAPULT_SPEED: (f32, f32) = (1.0, 5.5);
/// Magic Toss launch speeds (m/s): a hand throw, gentler and finer than the catapult.
pub const TOSS_SPEED: (f32, f32) = (0.5, 4.0);
/// Magic Toss spin at |spin| = 1000, rad/s.
pub const TOSS_MAX_SPIN: f32 = 40.0;
/// Magic Toss release point: x offset from the corner (mm), and the gap under the ball (mm).
pub const TOSS_X_MM: (i32, i32) = (-50, 50);
pub const TOSS_Y_MM: (i32, i32) = (0, 15);
/// Balls sit in a tower in layers of this many.
pub const AMMO_PER_LAYER: u32 = 3;
/// At most this many balls fit inside one tower (4 layers of 3).
pub const AMMO_CAPACITY: u32 = 12;

/// The row of mats for a game: how many mats and how many squares on each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub mats: usize,
    pub squares: usize,
}

impl Layout {
    pub fn mat_len(&self) -> f32 {
        self.squares as f32 * SQUARE
    }

    /// Length of the row of mats with the gaps between them.
    pub fn row_len(&self) -> f32 {
        self.mats as f32 * self.mat_len() + (self.mats.saturating_sub(1)) as f32 * GAP
    }

    /// Left edge of mat `m`.
    pub fn mat_x0(&self, m: usize) -> f32 {
        -self.row_len() / 2.0 + m as f32 * (self.mat_len() + GAP)
    }

    /// Centre x of square `s` on mat `m`.
    pub fn square_x(&self, m: usize, s: usize) -> f32 {
        self.mat_x0(m) + (s as f32 + 0.5) * SQUARE
    }

    /// The corner of mat `m`: `end` 0 is its left end, 1 its right end. The catapult stands in
    /// the middle of the gap beyond that end, never over the mat.
    pub fn corner_x(&self, m: usize, end: usize) -> f32 {
        if end == 0 {
            self.mat_x0(m) - GAP / 2.0
        } else {
            self.mat_x0(m) + self.mat_len() + GAP / 2.0
        }
    }

    /// The table top spans this (the catapults at the outer corners stand on it too).
    pub fn table_span(&self) -> (f32, f32) {
        let half = self.row_len() / 2.0 + GAP + 0.25;
        (-half, half)
    }

    /// The kill zone: a body whose centre leaves this is off the table.
    pub fn kill_bounds(&self) -> [f32; 4] {
        let (x0, x1) = self.table_span();
        [x0 - 0.5, -0.5, x1 + 0.5, 5.0]
    }

    /// What the camera should frame.
    pub fn view_bounds(&self) -> [f32; 4] {
        let (x0, x1) = self.table_span();
        [x0 - 0.05, -0.12, x1 + 0.05, 0.75]
    }
}

/// Bottom of the tower at `level` of a stack (0 stands on the mat; each level above stands on a
/// card lying on the rim of the tower below).
pub fn tower_base_y(level: usize) -> f32 {
    MAT_THICK + level as f32 * (TOWER_H + CARD_THICK)
}

/// Top of the rim of the tower at `level`.
pub fn tower_top_y(level: usize) -> f32 {
    tower_base_y(level) + TOWER_H
}

/// Where ball `k` of the ammo resting inside a tower sits, relative to the tower's centre x and
/// base y: layers of three across the floor, upwards.
pub fn ammo_slot(k: u32) -> (f32, f32) {
    let layer = (k / AMMO_PER_LAYER).min(AMMO_CAPACITY / AMMO_PER_LAYER - 1);
    let j = k % AMMO_PER_LAYER;
    let dx = (j as f32 - 1.0) * (2.0 * AMMO_R + 0.002);
    let dy = WALL + AMMO_R + layer as f32 * 2.0 * AMMO_R;
    (dx, dy)
}

/// Is a ball centred at (x, y) inside the cup of a tower centred at `cx` with its base at `base`?
/// Inside means between the inner walls, above the floor and below the rim.
pub fn inside_cup(x: f32, y: f32, cx: f32, base: f32) -> bool {
    (x - cx).abs() < TOWER_HW - WALL && y > base + WALL && y < base + TOWER_H
}

/// Whole millimetres of a length in metres (facts are integers).
pub fn mm(v: f32) -> i64 {
    libm::roundf(v * 1000.0) as i64
}
