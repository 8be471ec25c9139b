//! The kinds of event this game's rules emit: their names (as logged and tested) and how the
//! app voices them.

crate::event_kinds! {
    /// Every kind of event of this game.
    pub enum Ev {
        BuildingDone = "building_done",
        BuildingDrawn = "building_drawn",
        CardGiven = "card_given",
        CardOffMat = "card_off_mat",
        CardPlaced = "card_placed",
        CardTakenBack = "card_taken_back" => Capture,
        CastleDidNotStand = "castle_did_not_stand",
        CastleHit = "castle_hit",
        CastleStands = "castle_stands",
        Defeated = "defeated",
        DesignBuilt = "design_built",
        Eliminated = "eliminated",
        GodsReward = "gods_reward",
        GodsTrebuchet = "gods_trebuchet",
        NoSiegeCard = "no_siege_card",
        PlayBegins = "play_begins",
        Reinforced = "reinforced",
        RuinsCleared = "ruins_cleared",
        RuinsKept = "ruins_kept",
        SecondTurn = "second_turn",
        SiegeDrawn = "siege_drawn",
        SiegeReshuffled = "siege_reshuffled",
        Taxed = "taxed",
        Thrown = "thrown",
        TowerMoved = "tower_moved",
        TowerOff = "tower_off",
        TowerPlaced = "tower_placed",
        TowerStays = "tower_stays",
        TurnLost = "turn_lost",
        Winner = "winner" => Win,
    }
}
