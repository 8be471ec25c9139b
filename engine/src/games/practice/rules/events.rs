//! The kinds of event the practice range emits: their names (as logged and tested) and how the
//! app voices them.

crate::event_kinds! {
    /// Every kind of event of the practice range.
    pub enum Ev {
        BallFell = "ball_fell" => Fall,
        CupHit = "tower_captured" => Capture,
        GameOver = "game_over" => Win,
        MarkerKept = "no_marker" => Turn,
        MarkerPlaced = "marker_placed" => Place,
        Missed = "missed" => Miss,
        Passed = "passed" => Turn,
        Placed = "placed" => Place,
        TileLaid = "tile_laid" => Place,
        TileSetAside = "tile_set_aside" => Card,
    }
}
