//! The table on screen and the hands over it: the camera and its framing, the gestures under
//! way (aim, placement, the tile map, pan and pinch), the effects and the scene's own motion,
//! and the tips shown over it. One `Table` a game: starting a game makes a fresh one, so
//! nothing of the last game's view or gestures leaks into the next.

use super::aim::{self, Aim};
use super::frame::{Area, Camera, Frame};
use super::placement::Place;
use super::{designs, effects, follow, grid, hints, map, nav, probe, round_map, route, scene};
use engine::core::LaunchKind;

#[derive(Default)]
pub struct Table {
    /// Who the press under way belongs to, and this frame's events routed to their owners.
    pub(crate) press: route::Router,
    /// The pointer's aim under way.
    pub(crate) aim: Option<Aim>,
    /// The keyboard's aim (arrow keys, Space fires) and the one switch's.
    pub(crate) keys: aim::Keys,
    /// A piece being placed or moved.
    pub(crate) place: Option<Place>,
    /// The side view's frame drawn last, and the area the table is drawn in.
    pub(crate) frame: Option<Frame>,
    pub(crate) area: Area,
    /// The player's zoom (mouse wheel) on the framed bounds, and the bounds it applies to: a new
    /// framing (aiming close-up, the whole table for a flight) starts fitted.
    pub(crate) camera: Camera,
    pub(crate) camera_bounds: [f32; 4],
    /// The camera frames a tile map (a zoomed view survives the map growing) rather than a
    /// side view (a new framing starts fitted).
    pub(crate) camera_map: bool,
    /// While aiming, show the whole table instead of the game's close-up of the launcher.
    pub(crate) whole_table: bool,
    /// The launcher the player picked when the prompt offers several.
    pub(crate) kind_pick: Option<LaunchKind>,
    /// The tile map's input, and the prompt it belongs to.
    pub(crate) grid: grid::GridInput,
    pub(crate) grid_tag: String,
    pub(crate) tile_layer: map::TileLayer,
    pub(crate) mouse_last: Option<(f32, f32)>,
    /// Saved designs and their panel.
    pub(crate) designs: designs::DesignUi,
    /// The in-game details panel is open.
    pub(crate) details: bool,
    /// The portrait hint was shown in this game.
    pub(crate) portrait_told: bool,
    /// A hurl over a tile map: the map's band over the side view and where the token landed.
    pub(crate) round: round_map::RoundMap,
    /// Pass-and-play: the human seat the device was last handed to (its hand may be shown).
    pub(crate) handed_to: Option<usize>,
    /// The first-game hint shown this frame, if any, and the first-sight tips (their keys).
    pub(crate) hint_up: Option<hints::Hint>,
    pub(crate) tips_up: Vec<String>,
    /// Pan and pinch on the side view, and the mouse's right or middle button dragging it.
    pub(crate) nav: nav::TableNav,
    pub(crate) mouse_pan: Option<(f32, f32)>,
    /// The press under way began off the launcher's ring (told on release unless it panned).
    pub(crate) off_ring: bool,
    /// The side view on screen easing towards the action of a shot and back.
    pub(crate) ease: follow::Ease,
    /// The last box of moving bodies in the shot now playing (the camera holds it until rest).
    pub(crate) follow_action: Option<[f32; 4]>,
    /// Dust, chips and the shake of a collapse.
    pub(crate) effects: effects::Effects,
    /// The side view's own motion: a catapult's swing, fallen figures carried off.
    pub(crate) scene: scene::Scene,
    /// What the table showed this frame, for the browser tests.
    pub(crate) probe: probe::TableProbe,
}

impl Table {
    /// A piece is being placed for the prompt `tag` names (a new prompt starts afresh).
    pub fn placing(&self, tag: &str) -> bool {
        self.place.as_ref().is_some_and(|pl| pl.tag == tag)
    }
}
