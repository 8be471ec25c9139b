//! The kinds of event this game's rules emit: their names (as logged and tested) and how the
//! app voices them.

crate::event_kinds! {
    /// Every kind of event of this game.
    pub enum Ev {
        AmmoReturned = "ammo_returned",
        CannotTake = "cannot_take",
        CardDiscarded = "card_discarded",
        CardDrawn = "card_drawn",
        CardPlayed = "card_played",
        Corner = "corner",
        DrawDeclined = "draw_declined",
        ExtraShot = "extra_shot",
        GameOver = "game_over" => Win,
        Hit = "hit",
        Miss = "miss",
        RearrangeDone = "rearrange_done",
        RearrangeStart = "rearrange_start",
        Reshuffled = "reshuffled",
        RoofPlaced = "roof_placed",
        RoofRemoved = "roof_removed",
        SameMat = "same_mat",
        Setup = "setup",
        SetupStack = "setup_stack",
        Shot = "shot",
        Stand = "stand",
        TowerMoved = "tower_moved",
        TowerPlaced = "tower_placed",
        TowerRemoved = "tower_removed",
        TowerStacked = "tower_stacked",
        TowerTaken = "tower_taken" => Capture,
        TurnEnd = "turn_end",
        TurnStart = "turn_start",
    }
}
