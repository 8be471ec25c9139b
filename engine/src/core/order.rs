//! Stable sorts for the short lists the games and the app put in order (seats, a bot's
//! candidates, a table's places). An insertion sort gives exactly the order `slice::sort_by`
//! gives (both are stable) with a fraction of its code: in the web build every `sort_by` with
//! its own closure is a new copy of the standard sort, kilobytes each (docs/web.md, "Size").
//! Quadratic: for lists of a few hundred at most.

use std::cmp::Ordering;

/// Sorts `items` by `cmp`, keeping the order of equals (as `slice::sort_by`).
pub fn sort_by<T>(items: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && cmp(&items[j - 1], &items[j]) == Ordering::Greater {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts `items` into their own order. For a type whose equal values are the same value (numbers,
/// ids, tuples of them), every sort gives this result, `sort_unstable` included.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// Sorts `items` by `key`, keeping the order of equals (as `slice::sort_by_key`).
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_is_the_standard_stable_sort_s() {
        let mut seed = 7u32;
        for n in [0usize, 1, 2, 5, 40, 300] {
            let v: Vec<(u8, u32)> = (0..n as u32)
                .map(|i| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((seed >> 16) as u8 % 7, i)
                })
                .collect();
            let (mut a, mut b) = (v.clone(), v.clone());
            a.sort_by_key(|x| std::cmp::Reverse(x.0));
            sort_by(&mut b, |x, y| y.0.cmp(&x.0));
            assert_eq!(a, b, "n = {n}");
            let mut c = v.clone();
            sort_by_key(&mut c, |x| x.0);
            let mut d = v;
            d.sort_by_key(|x| x.0);
            assert_eq!(c, d);
        }
    }
}
