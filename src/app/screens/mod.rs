//! The app's screens, one type each (see `super::screen` for the stack they live on).

pub(crate) mod challenge;
pub(crate) mod daily_result;
pub(crate) mod pause;
pub(crate) mod play;
pub(crate) mod quick;
pub(crate) mod ratings;
pub(crate) mod results;
pub(crate) mod room;
pub(crate) mod rules;
pub(crate) mod setup;
pub(crate) mod title;
pub(crate) mod upright;
pub(crate) mod viewer;
