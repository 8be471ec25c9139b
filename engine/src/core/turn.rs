//! Turn order: clockwise from a start player, with re-ordering ("most points starts").

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnOrder {
    /// Seats in the order they act.
    order: Vec<usize>,
    /// Position in `order` of the seat whose turn it is.
    at: usize,
}

impl TurnOrder {
    /// Clockwise (increasing seat index, wrapping) starting with `start`.
    pub fn clockwise(seats: usize, start: usize) -> Self {
        let n = seats.max(1);
        TurnOrder {
            order: (0..n).map(|i| (start + i) % n).collect(),
            at: 0,
        }
    }

    /// An explicit order (e.g. "the leader starts, the last-placed goes last").
    pub fn from_order(order: Vec<usize>) -> Self {
        TurnOrder { order, at: 0 }
    }

    pub fn current(&self) -> usize {
        self.order.get(self.at).copied().unwrap_or(0)
    }

    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// Position of the current seat in the round (0 = first to act).
    pub fn position(&self) -> usize {
        self.at
    }

    /// Moves to the next seat; returns true when that wrapped into a new round.
    pub fn advance(&mut self) -> bool {
        if self.order.is_empty() {
            return false;
        }
        self.at += 1;
        if self.at >= self.order.len() {
            self.at = 0;
            true
        } else {
            false
        }
    }

    /// Makes `seat` the current one (if present).
    pub fn set_current(&mut self, seat: usize) {
        if let Some(p) = self.order.iter().position(|&s| s == seat) {
            self.at = p;
        }
    }

    /// The seat `k` places clockwise after `seat` in the table's seating (not this order).
    pub fn left_of(seat: usize, k: usize, seats: usize) -> usize {
        (seat + k) % seats.max(1)
    }

    /// The seat to the right of `seat` (counter-clockwise neighbour).
    pub fn right_of(seat: usize, seats: usize) -> usize {
        (seat + seats.max(1) - 1) % seats.max(1)
    }

    /// Removes a seat (elimination), keeping the current seat if it stays.
    pub fn remove(&mut self, seat: usize) {
        if let Some(p) = self.order.iter().position(|&s| s == seat) {
            self.order.remove(p);
            if p < self.at {
                self.at -= 1;
            }
            if self.at >= self.order.len() {
                self.at = 0;
            }
        }
    }

    /// Re-orders by descending key (ties keep clockwise order from `seat 0`): "most points starts".
    pub fn by_descending(keys: &[i64]) -> Self {
        let mut order: Vec<usize> = (0..keys.len()).collect();
        crate::core::order::sort_by(&mut order, |&a, &b| keys[b].cmp(&keys[a]).then(a.cmp(&b)));
        TurnOrder { order, at: 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clockwise_from_start_wraps_and_reports_new_round() {
        let mut t = TurnOrder::clockwise(4, 2);
        assert_eq!(t.order(), &[2, 3, 0, 1]);
        assert!(!t.advance());
        assert!(!t.advance());
        assert!(!t.advance());
        assert_eq!(t.current(), 1);
        assert!(t.advance());
        assert_eq!(t.current(), 2);
    }

    #[test]
    fn remove_keeps_current_and_most_points_starts() {
        let mut t = TurnOrder::clockwise(4, 0);
        t.advance();
        t.advance(); // seat 2
        t.remove(0);
        assert_eq!(t.current(), 2);
        let t = TurnOrder::by_descending(&[3, 9, 1, 9]);
        assert_eq!(t.order(), &[1, 3, 0, 2]);
        assert_eq!(TurnOrder::right_of(0, 4), 3);
    }
}
