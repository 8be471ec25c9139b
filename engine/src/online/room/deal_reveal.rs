//! The deal anyone can check (`online::deal`): the room's commitment to its seed from the start,
//! the seed and the salt that open it once the game is over.

use super::*;

impl Room {
    /// The game's seed, for everyone once the game is over (None before).
    pub fn seed_when_over(&self) -> Option<u64> {
        (self.phase() == Phase::Over).then_some(self.meta.seed)
    }

    /// The room with its seed committed to (`deal`): `salt` is secret random bytes the server
    /// draws, as it draws the seed. Before any move is played or shown.
    pub fn committed(mut self, salt: [u8; deal::SALT_LEN]) -> Room {
        self.meta.salt = Some(deal::salt_text(&salt));
        let commitment = self.commitment();
        if let Some(d) = self.driver.as_mut() {
            d.session.replay.commitment = commitment;
            d.session.replay.salt = self.meta.salt.clone();
        }
        self
    }

    /// The commitment to the seed, for everyone from the start (None for a room made before
    /// commitments).
    pub fn commitment(&self) -> Option<String> {
        let salt = deal::salt_bytes(self.meta.salt.as_deref()?)?;
        Some(deal::commitment(&salt, self.meta.seed))
    }

    /// The salt that opens the commitment, for everyone once the game is over (None before).
    pub fn salt_when_over(&self) -> Option<String> {
        self.meta
            .salt
            .clone()
            .filter(|_| self.phase() == Phase::Over)
    }
}
