//! Final ranking with tie-break chains: seats are compared key by key, and the ranking records
//! which key separated each seat from the one below it (the results screen shows that chain).

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub seat: usize,
    /// 1-based place; tied seats share a place.
    pub place: usize,
    pub keys: Vec<i64>,
    /// Name of the key that put this seat above the next one, or "tied".
    pub decided_by: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranking {
    pub key_names: Vec<String>,
    pub standings: Vec<Standing>,
}

impl Ranking {
    /// The single winner, or None for a shared first place (or no seats).
    pub fn winner(&self) -> Option<usize> {
        let firsts: Vec<_> = self.standings.iter().filter(|s| s.place == 1).collect();
        if firsts.len() == 1 {
            Some(firsts[0].seat)
        } else {
            None
        }
    }

    /// Lines for the results screen and the screen reader: place, name, the counts a player
    /// knows, and why in words ("1. Ada — standing cards 3 (the winner)"). Keys that only say who
    /// won ("winner", "outlasted") are not read out as numbers: the place says it.
    pub fn explain(&self, names: &[String]) -> Vec<String> {
        self.standings
            .iter()
            .map(|s| {
                let name = names
                    .get(s.seat)
                    .cloned()
                    .unwrap_or_else(|| format!("Seat {}", s.seat + 1));
                let keys: Vec<String> = self
                    .key_names
                    .iter()
                    .zip(&s.keys)
                    .filter(|(k, _)| is_count(k))
                    .map(|(k, v)| format!("{k} {v}"))
                    .collect();
                let why = match s.decided_by.as_str() {
                    "last" | "" => String::new(),
                    "winner" => " (the winner)".to_string(),
                    "outlasted" => " (lasted longer)".to_string(),
                    TURN_ORDER => format!(" ({TURN_ORDER})"),
                    "tied" => " (tied)".to_string(),
                    k => format!(" (ahead on {k})"),
                };
                let counts = if keys.is_empty() {
                    String::new()
                } else {
                    format!(" — {}", keys.join(", "))
                };
                format!("{}. {}{counts}{why}", s.place, name)
            })
            .collect()
    }

    /// The first key that is a count a player knows ("points", "standing cards"), not one that
    /// only says who won: the one the results draw as bars.
    pub fn shown_key(&self) -> usize {
        self.key_names.iter().position(|k| is_count(k)).unwrap_or(0)
    }
}

/// Whether a ranking key is a count a player knows, not one that only orders the places ("winner",
/// "outlasted", Castle's last tie-break "later in turn order").
fn is_count(key: &str) -> bool {
    !matches!(key, "winner" | "outlasted" | TURN_ORDER)
}

/// Castle's last tie-break: a seat's place in the turn order (a position, not a count).
const TURN_ORDER: &str = "later in turn order";

/// Ranks seats by their key vectors, each compared descending (bigger is better), in order.
/// `keys[seat]` must all have `key_names.len()` entries. Eliminated seats can be given low keys.
pub fn rank(key_names: &[&str], keys: &[Vec<i64>]) -> Ranking {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    crate::core::order::sort_by(&mut order, |&a, &b| keys[b].cmp(&keys[a]).then(a.cmp(&b)));
    let mut standings: Vec<Standing> = Vec::with_capacity(order.len());
    for (i, &seat) in order.iter().enumerate() {
        let place = match standings.last() {
            Some(prev) if keys[prev.seat] == keys[seat] => prev.place,
            _ => i + 1,
        };
        standings.push(Standing {
            seat,
            place,
            keys: keys[seat].clone(),
            decided_by: String::new(),
        });
    }
    for i in 0..standings.len() {
        let why = match standings.get(i + 1) {
            None => "last".to_string(),
            Some(next) => {
                let a = &standings[i].keys;
                match (0..a.len()).find(|&k| a[k] != next.keys[k]) {
                    Some(k) => key_names.get(k).map(|s| s.to_string()).unwrap_or_default(),
                    None => "tied".to_string(),
                }
            }
        };
        standings[i].decided_by = why;
    }
    Ranking {
        key_names: key_names.iter().map(|s| s.to_string()).collect(),
        standings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tie_break_chain_names_the_deciding_key() {
        let r = rank(&["towers", "ammo"], &[vec![3, 1], vec![3, 2], vec![1, 9]]);
        let seats: Vec<usize> = r.standings.iter().map(|s| s.seat).collect();
        assert_eq!(seats, vec![1, 0, 2]);
        assert_eq!(r.standings[0].decided_by, "ammo");
        assert_eq!(r.standings[1].decided_by, "towers");
        assert_eq!(r.winner(), Some(1));
    }

    #[test]
    fn full_tie_shares_first_place() {
        let r = rank(&["points"], &[vec![5], vec![5]]);
        assert_eq!(r.winner(), None);
        assert_eq!(r.standings[1].place, 1);
        assert_eq!(r.standings[0].decided_by, "tied");
    }

    #[test]
    fn assault_outlasted_999_is_not_read_out() {
        // Assault ranks by winner, then who outlasted whom (1000 - defeats), then standing cards.
        let r = rank(
            &["winner", "outlasted", "standing cards"],
            &[vec![0, 999, 0], vec![1, 1000, 3], vec![0, 2, 0]],
        );
        let names: Vec<String> = ["Ada", "Ben", "Cy"].map(String::from).to_vec();
        assert_eq!(
            r.explain(&names),
            [
                "1. Ben — standing cards 3 (the winner)",
                "2. Ada — standing cards 0 (lasted longer)",
                "3. Cy — standing cards 0",
            ]
        );
        assert_eq!(r.shown_key(), 2);
        // Castle's last tie-break is a place in the turn order, not a count.
        let castle = rank(
            &["towers", "later in turn order"],
            &[vec![3, 0], vec![3, 1]],
        );
        assert_eq!(
            castle.explain(&names),
            [
                "1. Ben — towers 3 (later in turn order)",
                "2. Ada — towers 3"
            ]
        );
        let points = rank(&["points"], &[vec![3], vec![5]]);
        assert_eq!(
            points.explain(&names),
            ["1. Ben — points 5 (ahead on points)", "2. Ada — points 3"]
        );
    }
}
