//! The kinds of event this game's rules emit: their names (as logged and tested) and how the
//! app voices them.

crate::event_kinds! {
    /// Every kind of event of this game.
    pub enum Ev {
        AmmoReturned = "ammo_returned" => Place,
        CannotTake = "cannot_take" => Miss,
        CardDiscarded = "card_discarded" => Card,
        CardDrawn = "card_drawn" => Card,
        CardPlayed = "card_played" => Card,
        Corner = "corner" => Place,
        DrawDeclined = "draw_declined" => Turn,
        ExtraShot = "extra_shot" => Turn,
        GameOver = "game_over" => Win,
        Hit = "hit" => Hit,
        Miss = "miss" => Miss,
        RearrangeDone = "rearrange_done" => Turn,
        RearrangeStart = "rearrange_start" => Turn,
        Reshuffled = "reshuffled" => Card,
        RoofPlaced = "roof_placed" => Place,
        RoofRemoved = "roof_removed" => Hit,
        SameMat = "same_mat" => Miss,
        Setup = "setup" => Place,
        SetupStack = "setup_stack" => Place,
        Shot = "shot" => Miss,
        Stand = "stand" => Place,
        TowerMoved = "tower_moved" => Place,
        TowerPlaced = "tower_placed" => Place,
        TowerRemoved = "tower_removed" => Score,
        TowerStacked = "tower_stacked" => Place,
        TowerTaken = "tower_taken" => Capture,
        TurnEnd = "turn_end" => Turn,
        TurnStart = "turn_start" => Turn,
    }
}
