//! The one shot runner: a table plus the game's stop rules and fact reader. Every game's shot is a
//! `ShotRun`; the runner steps whole frames, applies the table's settling and kill zone, hashes the
//! result and draws the bodies in flight. A game supplies only `ShotStages`: what happens between
//! frames (a finger lifted, a thrown card taken off and the table settled again), when the shot is
//! decided, and which facts it reports.

use super::table::spec_views;
use super::{BodySpec, Table};
use crate::core::{Fact, Outcome, Shot, TableView};

/// The game-specific part of a shot.
pub trait ShotStages: Send {
    /// Before each frame is stepped (the step rate changed, a finger lifted…).
    fn before_frame(&mut self, _table: &mut Table) {}
    /// After each frame, with the table's own settle signal: true once the shot is decided. A game
    /// may act on the table here (lift the thrown cards, then wait for a second settle).
    fn after_frame(&mut self, _table: &mut Table, settled: bool) -> bool {
        settled
    }
    /// The integer facts, once decided.
    fn facts(&self, table: &Table) -> Vec<Fact>;
    /// Whether bodies with this tag are drawn in flight (the frame's own bodies are drawn first).
    fn drawn(&self, _tag: u32) -> bool {
        true
    }
}

/// A plain fact reader is a shot that is decided when the table settles.
impl<F> ShotStages for F
where
    F: Fn(&Table) -> Vec<Fact> + Send,
{
    fn facts(&self, table: &Table) -> Vec<Fact> {
        self(table)
    }
}

pub struct ShotRun<S: ShotStages> {
    pub table: Table,
    pub stages: S,
    /// Frame of the view (what the camera frames), static labels and bodies drawn under the table's.
    frame: TableView,
    done: bool,
}

impl<S: ShotStages> ShotRun<S> {
    /// `frame` carries bounds, labels and decorations; bodies come from the table each frame.
    pub fn new(table: Table, frame: TableView, stages: S) -> Self {
        ShotRun {
            table,
            stages,
            frame,
            done: false,
        }
    }
}

/// A table holding these bodies, inserted in this order (ids are the specs' indices).
pub fn table_of(config: super::TableConfig, specs: Vec<BodySpec>) -> Table {
    let mut table = Table::new(config);
    for spec in specs {
        table.add(spec);
    }
    table
}

/// The view of bodies at rest, straight from the specs a table would be built from: the one way a
/// game draws its table between shots (no physics world needed).
pub fn rest_view<'a>(specs: impl IntoIterator<Item = &'a BodySpec>) -> Vec<crate::core::BodyView> {
    let mut out = Vec::new();
    for spec in specs {
        spec_views(spec, spec.x, spec.y, spec.angle, &mut out);
    }
    out
}

impl<S: ShotStages> Shot for ShotRun<S> {
    fn step_frame(&mut self) -> bool {
        if self.done {
            return true;
        }
        self.stages.before_frame(&mut self.table);
        let settled = self.table.step_frame();
        self.done = self.stages.after_frame(&mut self.table, settled);
        self.done
    }

    fn settled(&self) -> bool {
        self.done
    }

    fn steps(&self) -> u64 {
        self.table.steps()
    }

    fn view(&self) -> TableView {
        let mut bodies = self.frame.bodies.clone();
        bodies.extend(
            self.table
                .views()
                .into_iter()
                .filter(|b| self.stages.drawn(b.tag)),
        );
        TableView {
            bodies,
            bounds: self.frame.bounds,
            labels: self.frame.labels.clone(),
        }
    }

    fn work(&self) -> u64 {
        self.table.work()
    }

    fn hurry(&mut self, frames: u32) {
        self.table.hurry(frames);
    }

    /// The benchmark compares this table with bare rapier (`referee bench`).
    fn physics_table(&self) -> Option<&dyn std::any::Any> {
        Some(&self.table)
    }

    fn outcome(&self) -> Outcome {
        Outcome {
            facts: self.stages.facts(&self.table),
            steps: self.table.steps(),
            hash: format!("{:016x}", self.table.hash()),
        }
    }
}
