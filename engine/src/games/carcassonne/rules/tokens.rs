//! The catapult round's tokens and the outcomes of a Catch hurl: the words of the round, shared by
//! its flow (`catapult`) and its events (`events`).

/// The four catapult tokens every player holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    KnockOut,
    Seduction,
    Target,
    Catch,
}

impl Token {
    pub const ALL: [Token; 4] = [
        Token::KnockOut,
        Token::Seduction,
        Token::Target,
        Token::Catch,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: i64) -> Option<Token> {
        usize::try_from(i)
            .ok()
            .and_then(|i| Token::ALL.get(i).copied())
    }

    pub fn word(self) -> &'static str {
        match self {
            Token::KnockOut => "Knock out",
            Token::Seduction => "Seduction",
            Token::Target => "Target hurling",
            Token::Catch => "Catch",
        }
    }
}

/// The four outcomes of a Catch hurl.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CatchOutcome {
    Caught,
    FarEnough,
    NotFarEnough,
    TouchedNotCaught,
}

impl CatchOutcome {
    pub fn index(self) -> usize {
        self as usize
    }

    /// Who scores 5: true = the catcher, false = the hurler (docs/rules/carcassonne.md).
    pub fn catcher_scores(self) -> bool {
        matches!(self, CatchOutcome::Caught | CatchOutcome::NotFarEnough)
    }

    pub fn words(self) -> &'static str {
        match self {
            CatchOutcome::Caught => "caught",
            CatchOutcome::FarEnough => "not caught, far enough",
            CatchOutcome::NotFarEnough => "not caught, not far enough",
            CatchOutcome::TouchedNotCaught => "touched but not caught",
        }
    }
}
