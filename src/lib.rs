//! Catapult Table: the window app (desktop and web), made of screens, on the headless `engine`
//! crate. Everything that touches the window, the input or the sound lives here.

pub mod app;
pub mod web_probe;
