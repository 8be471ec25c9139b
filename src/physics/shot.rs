//! A shot in flight: a table plus the game's fact reader. Implements the core's `Shot`.

use super::Table;
use crate::core::{Fact, Outcome, Shot, TableView};

pub struct ShotRun<F>
where
    F: Fn(&Table) -> Vec<Fact> + Send,
{
    pub table: Table,
    read: F,
    /// Frame of the view (what the camera frames) and static labels.
    frame: TableView,
}

impl<F> ShotRun<F>
where
    F: Fn(&Table) -> Vec<Fact> + Send,
{
    /// `frame` carries bounds and labels; bodies come from the table each frame.
    pub fn new(table: Table, frame: TableView, read: F) -> Self {
        ShotRun { table, read, frame }
    }
}

impl<F> Shot for ShotRun<F>
where
    F: Fn(&Table) -> Vec<Fact> + Send,
{
    fn step_frame(&mut self) -> bool {
        self.table.step_frame()
    }

    fn settled(&self) -> bool {
        self.table.settled()
    }

    fn steps(&self) -> u64 {
        self.table.steps()
    }

    fn view(&self) -> TableView {
        TableView {
            bodies: self.table.views(),
            bounds: self.frame.bounds,
            labels: self.frame.labels.clone(),
        }
    }

    fn physics_table(&self) -> Option<&dyn std::any::Any> {
        Some(&self.table)
    }

    fn outcome(&self) -> Outcome {
        Outcome {
            facts: (self.read)(&self.table),
            steps: self.table.steps(),
            hash: format!("{:016x}", self.table.hash()),
        }
    }
}
