//! The kinds of event this game's rules emit: their names (as logged and tested) and how the
//! app voices them.

crate::event_kinds! {
    /// Every kind of event of this game.
    pub enum Ev {
        CubeKnocked = "cube_knocked" => Hit,
        CubeLanded = "cube_landed" => Place,
        CubeReturned = "cube_returned" => Fall,
        GameOver = "game_over" => Win,
        RoundScored = "round_scored" => Capture,
        RoundStarted = "round_started" => Turn,
    }
}
