//! The kinds of event Catapult Feud's rules emit: their names (as logged and tested) and how the
//! app voices them.

crate::event_kinds! {
    /// Every kind of event of this game.
    pub enum Ev {
        BlockBoxed = "block_boxed" => Fall,
        BlockRepaired = "block_repaired",
        BoardCleared = "board_cleared",
        CardPlayed = "card_played",
        CardsDrawn = "cards_drawn",
        CatapultMoved = "catapult_moved",
        CatapultPlaced = "catapult_placed",
        CatapultTurned = "catapult_turned",
        DesignBuilt = "design_built",
        FortressFell = "fortress_fell" => Fall,
        FortressStands = "fortress_stands",
        GameOver = "game_over" => Win,
        LetGo = "let_go",
        NoCard = "no_card",
        PiecePlaced = "piece_placed",
        RepairNone = "repair_none",
        RepairRefused = "repair_refused" => Fall,
        Repaired = "repaired",
        Shot = "shot",
        SoldierLost = "soldier_lost" => Capture,
        SoldierMarched = "soldier_marched",
        SoldierPlaced = "soldier_placed",
        ThiefEmpty = "thief_empty",
        ThiefStole = "thief_stole",
        Turn = "turn",
    }
}
