//! The kinds of event Catapult Feud's rules emit: their names (as logged and tested) and how the
//! app voices them.

crate::event_kinds! {
    /// Every kind of event of this game.
    pub enum Ev {
        BlockBoxed = "block_boxed" => Fall,
        BlockRepaired = "block_repaired" => Place,
        BoardCleared = "board_cleared" => Place,
        CardPlayed = "card_played" => Card,
        CardsDrawn = "cards_drawn" => Card,
        CatapultMoved = "catapult_moved" => Place,
        CatapultPlaced = "catapult_placed" => Place,
        CatapultTurned = "catapult_turned" => Place,
        DesignBuilt = "design_built" => Place,
        FortressFell = "fortress_fell" => Fall,
        FortressStands = "fortress_stands" => Place,
        GameOver = "game_over" => Win,
        LetGo = "let_go" => Place,
        NoCard = "no_card" => Turn,
        PiecePlaced = "piece_placed" => Place,
        RepairNone = "repair_none" => Turn,
        RepairRefused = "repair_refused" => Fall,
        Repaired = "repaired" => Place,
        Shot = "shot" => Miss,
        SoldierLost = "soldier_lost" => Capture,
        SoldierMarched = "soldier_marched" => Place,
        SoldierPlaced = "soldier_placed" => Place,
        ThiefEmpty = "thief_empty" => Miss,
        ThiefStole = "thief_stole" => Card,
        Turn = "turn" => Turn,
    }
}
