//! A deal anyone can check (commit–reveal). A room's seed fixes every draw of its game. When the
//! room is made the server also draws a secret salt (16 random bytes) and publishes, in every
//! welcome before the first move, the commitment
//!
//! `SHA-256(salt ‖ seed as 8 bytes big-endian)`, written as 64 lowercase hex digits.
//!
//! The move that ends the game reveals the seed and the salt; every client and `referee replay`
//! recompute the hash and compare. The salt keeps the seed from being guessed from the
//! commitment; the commitment keeps the server from changing the seed once it is published.
//! By hand: `printf '%s%016x' SALT SEED | xxd -r -p | sha256sum` (docs/online.md).

use super::sha256::sha256;
use crate::core::replay::Replay;
use crate::core::{Refusal, RuleResult};

/// The salt's length in bytes (written as twice as many hex digits).
pub const SALT_LEN: usize = 16;
/// A commitment's length in hex digits.
pub const COMMITMENT_HEX: usize = 64;

/// What a check that passed says.
pub const CHECKED: &str = "the deal was fixed before the first move: checked";

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The salt as it is stored and revealed: 32 lowercase hex digits.
pub fn salt_text(salt: &[u8; SALT_LEN]) -> String {
    hex(salt)
}

/// The salt from its hex digits (either case), or None when it is not 32 hex digits.
pub fn salt_bytes(text: &str) -> Option<[u8; SALT_LEN]> {
    if text.len() != 2 * SALT_LEN || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut out = [0u8; SALT_LEN];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

/// The commitment to `seed` with `salt`: hex SHA-256 of the salt's 16 bytes, then the seed's 8
/// bytes, most significant first.
pub fn commitment(salt: &[u8; SALT_LEN], seed: u64) -> String {
    let mut message = [0u8; SALT_LEN + 8];
    message[..SALT_LEN].copy_from_slice(salt);
    message[SALT_LEN..].copy_from_slice(&seed.to_be_bytes());
    hex(&sha256(&message))
}

/// Checks a revealed seed and salt against the commitment published before the first move:
/// `CHECKED`, or why not, in words.
pub fn check(commitment_text: &str, salt: &str, seed: u64) -> RuleResult<&'static str> {
    let Some(bytes) = salt_bytes(salt) else {
        return Err(Refusal::new(
            "the deal cannot be checked: the revealed salt is not 32 hexadecimal digits",
        ));
    };
    if commitment(&bytes, seed) != commitment_text.to_ascii_lowercase() {
        return Err(Refusal::new(
            "the deal does not match the commitment published before the first move: the seed \
             or the salt was changed after the game began",
        ));
    }
    Ok(CHECKED)
}

/// Checks a replay's deal: None when it carries no commitment (a local game, or a replay from
/// before commitments), the check's answer when it carries the salt too, and a plain note when
/// the salt is not there yet (a game not over).
pub fn check_replay(replay: &Replay) -> Option<RuleResult<&'static str>> {
    let c = replay.commitment.as_deref()?;
    Some(match replay.salt.as_deref() {
        Some(salt) => check(c, salt, replay.seed),
        None => Ok("the deal's commitment is not opened yet (no salt): not checked"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected values computed independently: Python's hashlib.sha256(salt + seed.to_bytes(8,
    // 'big')) and `printf '000102…0f0123456789abcdef' | xxd -r -p | sha256sum`.
    const SALT: [u8; SALT_LEN] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    const SEED: u64 = 0x0123_4567_89ab_cdef;
    const VECTOR: &str = "a64e70c02b217445dba7d2356a35efa11cc82a4f79338c06550d0d3afacca436";

    #[test]
    fn the_commitment_is_sha256_of_the_salt_then_the_seed_big_endian() {
        assert_eq!(commitment(&SALT, SEED), VECTOR);
        assert_eq!(
            commitment(&[0xff; SALT_LEN], 7),
            "8445766338b13fe5c5020bac312cdd99575d684667db4c200e5c2e1c5d6d13b6"
        );
        assert_eq!(VECTOR.len(), COMMITMENT_HEX);
    }

    #[test]
    fn the_salt_reads_back_from_its_hex_and_nothing_else_does() {
        let text = salt_text(&SALT);
        assert_eq!(text, "000102030405060708090a0b0c0d0e0f");
        assert_eq!(salt_bytes(&text), Some(SALT));
        assert_eq!(salt_bytes(&text.to_uppercase()), Some(SALT));
        assert_eq!(salt_bytes(&text[1..]), None);
        assert_eq!(salt_bytes(&text.replace('f', "g")), None);
        assert_eq!(salt_bytes("é0102030405060708090a0b0c0d0e0f"), None);
    }

    #[test]
    fn a_changed_seed_or_salt_is_caught_in_words() {
        let salt = salt_text(&SALT);
        assert_eq!(check(VECTOR, &salt, SEED), Ok(CHECKED));
        assert_eq!(check(&VECTOR.to_uppercase(), &salt, SEED), Ok(CHECKED));
        let other_seed = check(VECTOR, &salt, SEED + 1).err().map(|e| e.0);
        assert!(
            other_seed
                .as_deref()
                .unwrap_or("")
                .contains("does not match"),
            "{other_seed:?}"
        );
        let other_salt = salt.replace("0f", "0e");
        assert!(check(VECTOR, &other_salt, SEED).is_err());
        let bad = check(VECTOR, "not hex", SEED).err().map(|e| e.0);
        assert!(bad
            .as_deref()
            .unwrap_or("")
            .contains("32 hexadecimal digits"));
    }
}
