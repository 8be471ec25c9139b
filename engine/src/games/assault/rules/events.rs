//! The kinds of event this game's rules emit: their names (as logged and tested) and how the
//! app voices them.

crate::event_kinds! {
    /// Every kind of event of this game.
    pub enum Ev {
        BuildingDone = "building_done" => Place,
        BuildingDrawn = "building_drawn" => Card,
        CardGiven = "card_given" => Card,
        CardOffMat = "card_off_mat" => Fall,
        CardPlaced = "card_placed" => Place,
        CardTakenBack = "card_taken_back" => Capture,
        CastleDidNotStand = "castle_did_not_stand" => Fall,
        CastleHit = "castle_hit" => Hit,
        CastleStands = "castle_stands" => Place,
        Defeated = "defeated" => Fall,
        DesignBuilt = "design_built" => Place,
        Eliminated = "eliminated" => Fall,
        GodsReward = "gods_reward" => Score,
        GodsTrebuchet = "gods_trebuchet" => Card,
        NoSiegeCard = "no_siege_card" => Card,
        PlayBegins = "play_begins" => Turn,
        Reinforced = "reinforced" => Place,
        RuinsCleared = "ruins_cleared" => Place,
        RuinsKept = "ruins_kept" => Place,
        SecondTurn = "second_turn" => Turn,
        SiegeDrawn = "siege_drawn" => Card,
        SiegeReshuffled = "siege_reshuffled" => Card,
        Taxed = "taxed" => Card,
        Thrown = "thrown" => Miss,
        TowerMoved = "tower_moved" => Place,
        TowerOff = "tower_off" => Fall,
        TowerPlaced = "tower_placed" => Place,
        TowerStays = "tower_stays" => Place,
        TurnLost = "turn_lost" => Miss,
        Winner = "winner" => Win,
    }
}
