//! The results chart's geometry without a window: running totals round by round scaled into a
//! screen rectangle, with axis ticks and the goal line. Drawing it is `mod.rs`'s job.

use super::frame::Area;

/// A tick step of 1, 2 or 5 times a power of ten giving at most `max_ticks` ticks over
/// `lo..=hi`, and the ticks themselves (multiples of the step, inside the range).
pub fn ticks(lo: i64, hi: i64, max_ticks: usize) -> Vec<i64> {
    let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
    let max_ticks = max_ticks.max(2) as i64;
    let span = (hi - lo).max(1);
    let mut step = 1i64;
    'find: loop {
        for m in [1, 2, 5] {
            let s = step.saturating_mul(m);
            if span / s < max_ticks {
                step = s;
                break 'find;
            }
        }
        if step > i64::MAX / 10 {
            break;
        }
        step *= 10;
    }
    let first = lo.div_euclid(step) * step;
    let first = if first < lo { first + step } else { first };
    let mut out = Vec::new();
    let mut t = first;
    while t <= hi {
        out.push(t);
        t += step;
    }
    out
}

/// Where everything of the chart goes, in screen pixels (y down).
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// The plotting rectangle (the axes run along its left and bottom edges).
    pub plot: Area,
    /// One polyline per seat: the start (0 points before round 1) then one point per round.
    pub lines: Vec<Vec<(f32, f32)>>,
    /// Round numbers along the x axis: screen x, round.
    pub x_ticks: Vec<(f32, i64)>,
    /// Points along the y axis: screen y, points.
    pub y_ticks: Vec<(f32, i64)>,
    /// Screen y of the goal line, if the game has a goal.
    pub goal: Option<(f32, i64)>,
}

impl Chart {
    /// Lays out `history` (one row per round, one column per seat: totals after the round) in
    /// `plot`. The y range runs from min(0, lowest total) to max(goal, highest total).
    pub fn new(history: &[Vec<i64>], goal: Option<i64>, plot: Area) -> Chart {
        let seats = history.iter().map(|r| r.len()).max().unwrap_or(0);
        let rounds = history.len() as i64;
        let all = history.iter().flatten().copied();
        let lo = all.clone().min().unwrap_or(0).min(0);
        let hi = all.max().unwrap_or(0).max(goal.unwrap_or(0)).max(lo + 1);
        let w = plot.w.max(1.0);
        let h = plot.h.max(1.0);
        let sx = |round: i64| plot.x + w * round as f32 / rounds.max(1) as f32;
        let sy = |v: i64| plot.y + h - h * (v - lo) as f32 / (hi - lo) as f32;
        let lines = (0..seats)
            .map(|s| {
                std::iter::once((sx(0), sy(0)))
                    .chain(history.iter().enumerate().map(|(r, row)| {
                        // A short row (never from a game) counts as 0 points.
                        let v = row.get(s).copied().unwrap_or(0);
                        (sx(r as i64 + 1), sy(v))
                    }))
                    .collect()
            })
            .collect();
        let x_ticks = ticks(0, rounds, ((w / 40.0) as usize).clamp(2, 12))
            .into_iter()
            .map(|r| (sx(r), r))
            .collect();
        let y_ticks = ticks(lo, hi, ((h / 30.0) as usize).clamp(2, 8))
            .into_iter()
            .map(|v| (sy(v), v))
            .collect();
        Chart {
            plot,
            lines,
            x_ticks,
            y_ticks,
            goal: goal.map(|g| (sy(g), g)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 1e-3
    }

    #[test]
    fn ticks_are_round_steps_inside_the_range() {
        assert_eq!(ticks(0, 5, 10), vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(ticks(0, 21, 8), vec![0, 5, 10, 15, 20]);
        assert_eq!(ticks(0, 30, 4), vec![0, 10, 20, 30]);
        assert_eq!(ticks(-3, 12, 8), vec![-2, 0, 2, 4, 6, 8, 10, 12]);
        assert_eq!(ticks(0, 250, 6), vec![0, 50, 100, 150, 200, 250]);
        assert_eq!(ticks(7, 7, 5), vec![7]);
        assert_eq!(ticks(12, 0, 8), ticks(0, 12, 8), "reversed range");
        for (lo, hi, n) in [(0, 1000, 5), (-40, 17, 6), (0, 3, 2)] {
            let t = ticks(lo, hi, n);
            assert!(!t.is_empty() && t.len() <= n, "{lo}..{hi}/{n}: {t:?}");
            assert!(t.iter().all(|v| (lo..=hi).contains(v)), "{t:?}");
        }
    }

    #[test]
    fn totals_are_scaled_into_the_plot_with_round_zero_at_the_left() {
        let plot = Area::new(100.0, 50.0, 400.0, 210.0);
        let history = vec![vec![8, 0], vec![12, 6], vec![23, 6]];
        let c = Chart::new(&history, Some(21), plot);
        assert_eq!(c.lines.len(), 2);
        assert_eq!(c.lines[0].len(), 4, "start + three rounds");
        // Round 0 at the left edge, the last round at the right edge.
        assert!(close(c.lines[0][0].0, 100.0) && close(c.lines[0][3].0, 500.0));
        // 0 points on the bottom edge, the highest total (23 > goal 21) on the top edge.
        assert!(close(c.lines[1][0].1, 260.0), "{:?}", c.lines[1]);
        assert!(close(c.lines[0][3].1, 50.0), "{:?}", c.lines[0]);
        // Round 1 is a third of the way; 8 of 23 points up.
        assert!(close(c.lines[0][1].0, 100.0 + 400.0 / 3.0));
        assert!(close(c.lines[0][1].1, 260.0 - 210.0 * 8.0 / 23.0));
        let (gy, g) = c.goal.unwrap_or((0.0, 0));
        assert_eq!(g, 21);
        assert!(close(gy, 260.0 - 210.0 * 21.0 / 23.0), "{gy}");
        // Every round has a tick here, and every tick lies on the axes.
        assert_eq!(
            c.x_ticks.iter().map(|t| t.1).collect::<Vec<_>>(),
            vec![0, 1, 2, 3]
        );
        assert!(c.y_ticks.iter().any(|t| t.1 == 0 && close(t.0, 260.0)));
        assert!(c
            .y_ticks
            .iter()
            .all(|t| t.0 >= 50.0 - 1e-3 && t.0 <= 260.0 + 1e-3));
    }

    #[test]
    fn the_goal_sets_the_top_while_nobody_reached_it() {
        let plot = Area::new(0.0, 0.0, 300.0, 300.0);
        let c = Chart::new(&[vec![4, 0, 2]], Some(21), plot);
        assert_eq!(c.lines.len(), 3);
        assert!(
            close(c.goal.map(|g| g.0).unwrap_or(-1.0), 0.0),
            "goal on top"
        );
        assert!(close(c.lines[0][1].1, 300.0 - 300.0 * 4.0 / 21.0));
        // Without a goal the highest total is the top.
        let c = Chart::new(&[vec![4, 0, 2]], None, plot);
        assert!(c.goal.is_none());
        assert!(close(c.lines[0][1].1, 0.0));
        // Negative totals lower the bottom below zero.
        let c = Chart::new(&[vec![-5, 5]], None, plot);
        assert!(close(c.lines[0][1].1, 300.0) && close(c.lines[0][0].1, 150.0));
    }

    #[test]
    fn an_empty_history_has_no_lines() {
        let c = Chart::new(&[], Some(21), Area::new(0.0, 0.0, 100.0, 100.0));
        assert!(c.lines.is_empty());
    }
}
