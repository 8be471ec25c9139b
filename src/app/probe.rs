//! What the app shows, for tests in a real browser: a snapshot updated every frame and read by
//! small exported functions (`wasm_exports.ct_*` in the page). Buttons are found by the FNV-1a
//! 32-bit hash of their key (`game:castle`, `start`, `choice:0`…), computed the same way in JS.

use std::sync::Mutex;

#[derive(Clone, Debug, Default)]
pub struct Probe {
    /// 1 title, 2 setup, 3 play, 4 pause, 5 rules, 6 results.
    pub screen: i32,
    pub frames: u32,
    pub moves: i32,
    pub turn: i32,
    /// 1 while a shot flies or a bot is about to act.
    pub busy: i32,
    pub human: i32,
    /// 0 none, 1 catapult, 2 toss, 3 flick, 4 wrist, 5 placement, 6 let go, 7 pick up and move
    /// a piece (anchor: the first source), 8 lay a tile on the map (anchor: the ghost's cell, or
    /// the first open cell), 9 a spot on the map (anchor: the first spot).
    pub input: i32,
    /// The launcher (or the placement ghost) on screen, logical pixels.
    pub anchor: (f32, f32),
    /// Pixels per metre of the table on screen.
    pub scale: f32,
    pub buttons: Vec<(u32, f32, f32)>,
    pub muted: i32,
    /// The side view's centre (world metres) and its zoom over the fitted table.
    pub camera: (f32, f32, f32),
    /// 1 while the Reduce motion setting is on.
    pub reduce_motion: i32,
    /// Dust and chips alive.
    pub particles: i32,
    pub has_save: i32,
    /// The tile map on screen: pixels per cell and the screen point of map (0, 0).
    pub map: Option<(f32, f32, f32)>,
    /// The rotation of the ghost of the piece in hand, or -1.
    pub ghost: i32,
    /// Every text drawn in the frame: its box (logical pixels), words and colours.
    pub texts: Vec<super::seen::Text>,
    /// Every button and tap target of the frame: its key and box (x, y, w, h, logical pixels).
    pub targets: Vec<(String, [f32; 4])>,
    /// The screen in logical pixels and the device pixels per logical pixel.
    pub size: (f32, f32, f32),
    /// The button with the keyboard's focus ring (its place in `buttons`), or -1.
    pub focus: i32,
}

/// What the shell reads of the table on screen for the probe: what it showed this frame, the
/// side view's scale and the particles alive.
#[derive(Clone, Copy, Default)]
pub struct TableFigures {
    pub probe: TableProbe,
    pub scale: f32,
    pub particles: i32,
}

/// What the table showed in this frame (see the same fields of `Probe`): all but the camera
/// are told anew each frame.
#[derive(Clone, Copy, Debug)]
pub struct TableProbe {
    pub input: i32,
    pub anchor: (f32, f32),
    pub map: Option<(f32, f32, f32)>,
    pub ghost: i32,
    pub camera: (f32, f32, f32),
}

impl Default for TableProbe {
    fn default() -> Self {
        TableProbe {
            input: 0,
            anchor: (-1.0, -1.0),
            map: None,
            ghost: -1,
            camera: (0.0, 0.0, 0.0),
        }
    }
}

impl TableProbe {
    pub fn new_frame(&mut self) {
        *self = TableProbe {
            camera: self.camera,
            ..TableProbe::default()
        };
    }
}

static PROBE: Mutex<Option<Probe>> = Mutex::new(None);

pub fn publish(p: Probe) {
    if let Ok(mut g) = PROBE.lock() {
        *g = Some(p);
    }
}

fn read<T>(f: impl FnOnce(&Probe) -> T, default: T) -> T {
    match PROBE.lock() {
        Ok(g) => g.as_ref().map(f).unwrap_or(default),
        Err(_) => default,
    }
}

/// The time the bots spent thinking in each frame, seconds: the longest slice and how many.
static BOT_SLICES: Mutex<(f64, u32)> = Mutex::new((0.0, 0));

/// Records the time a bot thought in this frame.
pub fn bot_slice(seconds: f64) {
    if let Ok(mut g) = BOT_SLICES.lock() {
        g.0 = g.0.max(seconds);
        g.1 += 1;
    }
}

/// The longest a bot has thought in one frame so far, seconds.
pub fn bot_slice_longest() -> f64 {
    BOT_SLICES.lock().map(|g| g.0).unwrap_or(0.0)
}

/// The longest unit of a bot's thinking (the time between two of its `more` questions, or before
/// the first, or after the last), seconds, and where it was: 0 before the first question (the
/// turn's start), 1 between two, 2 after the last (the move made, a shot built to animate).
static BOT_UNIT: Mutex<(f64, u32)> = Mutex::new((0.0, 0));

/// Records a frame's longest unit of thinking and where it was.
pub fn bot_unit(seconds: f64, at: u32) {
    if let Ok(mut g) = BOT_UNIT.lock() {
        if seconds > g.0 {
            *g = (seconds, at);
        }
    }
}

/// The longest unit of thinking so far, seconds, and where it was (see `BOT_UNIT`).
pub fn bot_unit_longest() -> (f64, u32) {
    BOT_UNIT.lock().map(|g| *g).unwrap_or((0.0, 0))
}

/// The longest unit (ms) of a bot's thinking since the page opened: the part of a frame's
/// thinking that cannot be cut shorter.
#[no_mangle]
pub extern "C" fn ct_bot_unit_ms() -> f32 {
    (bot_unit_longest().0 * 1000.0) as f32
}

/// The longest time (ms) a bot spent thinking in one frame since the page opened.
#[no_mangle]
pub extern "C" fn ct_bot_slice_ms() -> f32 {
    (bot_slice_longest() * 1000.0) as f32
}

/// How many frames a bot spent thinking in since the page opened.
#[no_mangle]
pub extern "C" fn ct_bot_slices() -> u32 {
    BOT_SLICES.lock().map(|g| g.1).unwrap_or(0)
}

/// The last turn framed on the side view: the pieces' box from the launcher to the farthest
/// target (screen x0, y0, x1, y1), the table's area (x, y, w, h), the screen y of the table's top
/// edge, of the top of what the turn aims at first and of the tallest piece in sight, and the
/// frame it was drawn in.
type Framing = ([f32; 4], [f32; 4], [f32; 3], u32);
static FRAMING: Mutex<Option<Framing>> = Mutex::new(None);

/// Records the turn's framing as drawn this frame (`camera::draw_table`); the target view
/// is recorded after it when drawn (`target_view`).
pub fn framing(pieces: [f32; 4], area: [f32; 4], tops: [f32; 3]) {
    let frame = read(|p| p.frames, 0);
    if let Ok(mut g) = FRAMING.lock() {
        *g = Some((pieces, area, tops, frame));
    }
}

/// The target view drawn last: its box on screen, the target's height in it (px), the world
/// box it shows (metres: x0, y0, x1, y1) and the frame it was drawn in (the last published
/// frame's count while it was drawn).
type Inset = ([f32; 4], f32, [f32; 4], u32);
static INSET: Mutex<Option<Inset>> = Mutex::new(None);

/// Records the target view drawn this frame (`screens/play/target_view.rs`).
pub fn target_view(area: [f32; 4], target_px: f32, world: [f32; 4]) {
    let frame = read(|p| p.frames, 0);
    if let Ok(mut g) = INSET.lock() {
        *g = Some((area, target_px, world, frame));
    }
}

/// The target view if the last frame drawn showed one.
fn inset_now() -> Option<([f32; 4], f32, [f32; 4])> {
    let now = read(|p| p.frames, 0);
    let last = INSET.lock().ok().and_then(|g| *g)?;
    (last.3 + 1 == now).then_some((last.0, last.1, last.2))
}

/// The target's height (px) in the target view of the last frame drawn, 0 without one.
#[no_mangle]
pub extern "C" fn ct_inset() -> f32 {
    inset_now().map_or(0.0, |i| i.1)
}

/// The last turn's framing as one console line, `[ct] framing {"pieces":[..],"area":[..],
/// "top":y,"target":y,"tallest":y,"inset":[x,y,w,h,target,wx0,wy0,wx1,wy1]|null,"frame":n}`
/// (JSON; the inset: the target view's box, the target's height in it and the world box it
/// shows, null when the last frame had none), or
/// `[ct] framing null` before any turn was framed.
#[no_mangle]
pub extern "C" fn ct_framing() {
    // Numbers joined by commas (one formatting path: the web build's size budget).
    let list = |v: &[f32]| {
        let s: Vec<String> = v.iter().map(|x| format!("{x:.4}")).collect();
        s.join(",")
    };
    let inset = inset_now().map_or(String::from("null"), |(a, t, w)| {
        format!("[{},{},{}]", list(&a), list(&[t]), list(&w))
    });
    let line = FRAMING
        .lock()
        .ok()
        .and_then(|g| *g)
        .map(|(p, a, t, frame)| {
            format!(
                "{{\"pieces\":[{}],\"area\":[{}],\"top\":{},\"target\":{},\"tallest\":{},\"inset\":{inset},\"frame\":{frame}}}",
                list(&p),
                list(&a),
                list(&t[..1]),
                list(&t[1..2]),
                list(&t[2..])
            )
        })
        .unwrap_or_else(|| "null".to_string());
    super::platform::log(&format!("[ct] framing {line}"));
}

/// The predicted path drawn this frame while a person aims (world metres), and the frame.
static AIM_PATH: Mutex<(Vec<[f32; 2]>, u32)> = Mutex::new((Vec::new(), 0));

/// Records the predicted path drawn now (`aim::launch_input`).
pub fn aim_path(dots: &[[f32; 2]]) {
    let frame = read(|p| p.frames, 0);
    if let Ok(mut g) = AIM_PATH.lock() {
        g.0.clear();
        g.0.extend_from_slice(dots);
        g.1 = frame;
    }
}

/// The predicted path drawn in the last two frames (world metres), if one was.
pub fn aim_path_now() -> Option<Vec<[f32; 2]>> {
    let frame = read(|p| p.frames, 0);
    let g = AIM_PATH.lock().ok()?;
    (frame.saturating_sub(g.1) <= 2 && !g.0.is_empty()).then(|| g.0.clone())
}

/// The predicted path last drawn, `[ct] path {"frame":n,"dots":[[x,y],...]}` (world metres).
#[no_mangle]
pub extern "C" fn ct_path() {
    let line = AIM_PATH
        .lock()
        .map(|g| {
            let dots: Vec<String> =
                g.0.iter()
                    .map(|d| format!("[{:.4},{:.4}]", d[0], d[1]))
                    .collect();
            format!("{{\"frame\":{},\"dots\":[{}]}}", g.1, dots.join(","))
        })
        .unwrap_or_else(|_| "null".to_string());
    super::platform::log(&format!("[ct] path {line}"));
}

/// The side view last drawn (world metres) and its frame (scale, ox, oy), kept only once a test
/// asked for it (`ct_watch_table`): copying a table every frame is not free.
type Watched = (engine::core::TableView, [f32; 3], u32);
static WATCH: Mutex<(bool, Option<Watched>)> = Mutex::new((false, None));

/// Starts keeping the side view drawn each frame for `ct_table`.
#[no_mangle]
pub extern "C" fn ct_watch_table() {
    if let Ok(mut g) = WATCH.lock() {
        g.0 = true;
    }
}

/// Records the side view drawn this frame, when watched (`camera::draw_table`).
pub fn table(view: &engine::core::TableView, f: &super::frame::Frame) {
    let frame = read(|p| p.frames, 0);
    if let Ok(mut g) = WATCH.lock() {
        if g.0 {
            g.1 = Some((view.clone(), [f.scale, f.ox, f.oy], frame));
        }
    }
}

/// The watched side view as one console line: `[ct] table {"frame":n,"f":[scale,ox,oy],
/// "bodies":[[x,y,hw,hh,owner,look],...],"labels":[[x,y,"text"],...]}` (world metres; owner -1
/// for none; look as `Look`'s order: 0 plain, 1 table, 2 wood, 3 stone, 4 card, 5 figure,
/// 6 ammo, 7 catapult, 8 cube, 9 mat), or `null`.
#[no_mangle]
pub extern "C" fn ct_table() {
    let line = WATCH
        .lock()
        .ok()
        .and_then(|g| g.1.as_ref().map(watched_json))
        .unwrap_or_else(|| "null".to_string());
    super::platform::log(&format!("[ct] table {line}"));
}

fn watched_json((view, f, frame): &Watched) -> String {
    use engine::core::{BodyShape, Look};
    let bodies: Vec<String> = view
        .bodies
        .iter()
        .map(|b| {
            let (hw, hh) = match b.shape {
                BodyShape::Rect { hw, hh } => (hw, hh),
                BodyShape::Circle { r } => (r, r),
            };
            let look = match b.look {
                Look::Plain => 0,
                Look::Table => 1,
                Look::Wood => 2,
                Look::Stone => 3,
                Look::Card => 4,
                Look::Figure => 5,
                Look::Ammo => 6,
                Look::Catapult => 7,
                Look::Cube => 8,
                Look::Mat => 9,
            };
            let owner = b.owner.map_or(-1, i32::from);
            format!("[{:.4},{:.4},{:.4},{:.4},{owner},{look}]", b.x, b.y, hw, hh)
        })
        .collect();
    let labels: Vec<String> = view
        .labels
        .iter()
        .map(|(x, y, t)| {
            let t: String = t
                .chars()
                .filter(|c| *c != '"' && *c != '\\' && (*c as u32) >= 0x20)
                .collect();
            format!("[{x:.4},{y:.4},\"{t}\"]")
        })
        .collect();
    format!(
        "{{\"frame\":{frame},\"f\":[{:.3},{:.2},{:.2}],\"bodies\":[{}],\"labels\":[{}]}}",
        f[0],
        f[1],
        f[2],
        bodies.join(","),
        labels.join(",")
    )
}

/// FNV-1a, 32 bits, over the key's UTF-8 bytes.
pub fn key_hash(key: &str) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in key.bytes() {
        h ^= b as u32;
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

#[no_mangle]
pub extern "C" fn ct_screen() -> i32 {
    read(|p| p.screen, 0)
}
#[no_mangle]
pub extern "C" fn ct_frames() -> u32 {
    read(|p| p.frames, 0)
}
#[no_mangle]
pub extern "C" fn ct_moves() -> i32 {
    read(|p| p.moves, -1)
}
#[no_mangle]
pub extern "C" fn ct_turn() -> i32 {
    read(|p| p.turn, -1)
}
#[no_mangle]
pub extern "C" fn ct_busy() -> i32 {
    read(|p| p.busy, 0)
}
#[no_mangle]
pub extern "C" fn ct_human() -> i32 {
    read(|p| p.human, 0)
}
#[no_mangle]
pub extern "C" fn ct_input() -> i32 {
    read(|p| p.input, 0)
}
#[no_mangle]
pub extern "C" fn ct_anchor_x() -> f32 {
    read(|p| p.anchor.0, -1.0)
}
#[no_mangle]
pub extern "C" fn ct_anchor_y() -> f32 {
    read(|p| p.anchor.1, -1.0)
}
#[no_mangle]
pub extern "C" fn ct_scale() -> f32 {
    read(|p| p.scale, 0.0)
}
#[no_mangle]
pub extern "C" fn ct_muted() -> i32 {
    read(|p| p.muted, 0)
}
/// The side view's centre, x in world metres.
#[no_mangle]
pub extern "C" fn ct_cam_x() -> f32 {
    read(|p| p.camera.0, 0.0)
}
/// The side view's centre, y in world metres.
#[no_mangle]
pub extern "C" fn ct_cam_y() -> f32 {
    read(|p| p.camera.1, 0.0)
}
/// The side view's zoom over the fitted table (1 fitted), 0 before a table was drawn.
#[no_mangle]
pub extern "C" fn ct_cam_zoom() -> f32 {
    read(|p| p.camera.2, 0.0)
}
#[no_mangle]
pub extern "C" fn ct_reduce_motion() -> i32 {
    read(|p| p.reduce_motion, 0)
}
#[no_mangle]
pub extern "C" fn ct_particles() -> i32 {
    read(|p| p.particles, 0)
}
#[no_mangle]
pub extern "C" fn ct_has_save() -> i32 {
    read(|p| p.has_save, 0)
}
/// Screen x of the centre of map cell (x, y), or -1 when no map is shown.
#[no_mangle]
pub extern "C" fn ct_cell_x(x: i32, _y: i32) -> f32 {
    read(
        |p| p.map.map(|m| m.1 + (x as f32 + 0.5) * m.0).unwrap_or(-1.0),
        -1.0,
    )
}
/// Screen y of the centre of map cell (x, y), or -1 when no map is shown.
#[no_mangle]
pub extern "C" fn ct_cell_y(_x: i32, y: i32) -> f32 {
    read(
        |p| p.map.map(|m| m.2 - (y as f32 + 0.5) * m.0).unwrap_or(-1.0),
        -1.0,
    )
}
#[no_mangle]
pub extern "C" fn ct_ghost_r() -> i32 {
    read(|p| p.ghost, -1)
}
/// The last frame's texts as one console line, `[ct] texts [[x,y,w,h,"text","#ink",
/// "#behind",contrast,"s"|"w"|"c",marker],...]` (JSON; the kind: on the screen, a label in the
/// table or map, such a label cut by the table's edge; a table label's marker `[x,y]`, the
/// point of its piece it names, else null), for the browser tests' checks that no two texts
/// overlap, none leaves the screen, each label stands by its piece and each text reads
/// against what is behind it.
#[no_mangle]
pub extern "C" fn ct_texts() {
    let line = read(|p| texts_json(&p.texts), String::from("[]"));
    super::platform::log(&format!("[ct] texts {line}"));
}

/// A string as a JSON string's inside.
fn escaped(t: &str) -> String {
    let mut esc = String::new();
    for c in t.chars() {
        match c {
            '"' => esc.push_str("\\\""),
            '\\' => esc.push_str("\\\\"),
            c if (c as u32) < 0x20 => esc.push(' '),
            c => esc.push(c),
        }
    }
    esc
}

fn texts_json(texts: &[super::seen::Text]) -> String {
    use super::contrast::hex;
    let rows: Vec<String> = texts
        .iter()
        .map(|t| {
            let r = t.area;
            let kind = match (t.world, t.cut) {
                (false, _) => "s",
                (true, false) => "w",
                (true, true) => "c",
            };
            let marker = t
                .marker()
                .map_or(String::from("null"), |(x, y)| format!("[{x:.1},{y:.1}]"));
            format!(
                "[{:.1},{:.1},{:.1},{:.1},\"{}\",\"{}\",\"{}\",{:.2},\"{kind}\",{marker}]",
                r.x,
                r.y,
                r.w,
                r.h,
                escaped(&t.words),
                hex(t.ink),
                hex(t.behind),
                t.contrast
            )
        })
        .collect();
    format!("[{}]", rows.join(","))
}

/// The last frame's buttons and tap targets as one console line, `[ct] targets {"w":..,"h":..,
/// "dpi":..,"targets":[[x,y,w,h,"key"],...]}` (JSON; logical pixels, which are CSS pixels on
/// the web: `dpi` device pixels each), for the browser tests' check of their size.
#[no_mangle]
pub extern "C" fn ct_targets() {
    let line = read(targets_json, String::from("null"));
    super::platform::log(&format!("[ct] targets {line}"));
}

fn targets_json(p: &Probe) -> String {
    let rows: Vec<String> = p
        .targets
        .iter()
        .map(|(k, r)| {
            format!(
                "[{:.1},{:.1},{:.1},{:.1},\"{}\"]",
                r[0],
                r[1],
                r[2],
                r[3],
                escaped(k)
            )
        })
        .collect();
    format!(
        "{{\"w\":{:.1},\"h\":{:.1},\"dpi\":{:.3},\"targets\":[{}]}}",
        p.size.0,
        p.size.1,
        p.size.2,
        rows.join(",")
    )
}

/// Centre x of the button with this key hash, or -1.
#[no_mangle]
pub extern "C" fn ct_button_x(hash: u32) -> f32 {
    read(
        |p| {
            p.buttons
                .iter()
                .find(|b| b.0 == hash)
                .map(|b| b.1)
                .unwrap_or(-1.0)
        },
        -1.0,
    )
}
/// Centre y of the button with this key hash, or -1.
#[no_mangle]
pub extern "C" fn ct_button_y(hash: u32) -> f32 {
    read(
        |p| {
            p.buttons
                .iter()
                .find(|b| b.0 == hash)
                .map(|b| b.2)
                .unwrap_or(-1.0)
        },
        -1.0,
    )
}

/// Where the button with this key hash is in the keyboard's Tab order, or -1.
#[no_mangle]
pub extern "C" fn ct_button_index(hash: u32) -> i32 {
    read(
        |p| {
            p.buttons
                .iter()
                .position(|b| b.0 == hash)
                .map_or(-1, |i| i as i32)
        },
        -1,
    )
}
/// The button with the keyboard's focus ring (its place in the Tab order), or -1.
#[no_mangle]
pub extern "C" fn ct_focus() -> i32 {
    read(|p| p.focus, -1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buttons_are_found_by_key_hash() {
        assert_eq!(key_hash(""), 0x811c_9dc5);
        assert_eq!(key_hash("a"), 0xe40c_292c);
        publish(Probe {
            screen: 1,
            buttons: vec![(key_hash("game:castle"), 10.0, 20.0)],
            ..Probe::default()
        });
        assert_eq!(ct_screen(), 1);
        assert_eq!(ct_button_x(key_hash("game:castle")), 10.0);
        assert_eq!(ct_button_y(key_hash("game:castle")), 20.0);
        assert_eq!(ct_button_x(key_hash("start")), -1.0);
        assert_eq!(ct_cell_x(0, 0), -1.0, "no map shown");
        publish(Probe {
            map: Some((100.0, 50.0, 400.0)),
            ghost: 2,
            ..Probe::default()
        });
        assert_eq!((ct_cell_x(1, -1), ct_cell_y(1, -1)), (200.0, 450.0));
        assert_eq!(ct_ghost_r(), 2);
    }

    #[test]
    fn texts_are_listed_as_json_with_quotes_escaped() {
        use super::super::seen;
        let a = |v: [f32; 4]| super::super::frame::Area::new(v[0], v[1], v[2], v[3]);
        let white = [1.0, 1.0, 1.0, 1.0];
        seen::start([0.0, 0.0, 0.0, 1.0]);
        seen::text(
            a([1.0, 2.0, 30.5, 14.0]),
            "Ada's \"turn\"",
            white,
            false,
            false,
        );
        seen::text(a([0.0, 0.0, 1.0, 1.0]), "a\\b", white, true, true);
        seen::marker_of_last("a\\b", (0.5, 2.0));
        let j = texts_json(&seen::texts());
        assert_eq!(
            j,
            r##"[[1.0,2.0,30.5,14.0,"Ada's \"turn\"","#ffffff","#000000",21.00,"s",null],[0.0,0.0,1.0,1.0,"a\\b","#ffffff","#000000",21.00,"c",[0.5,2.0]]]"##
        );
    }

    #[test]
    fn targets_are_listed_with_the_screen_and_its_pixel_ratio() {
        let p = Probe {
            targets: vec![("game:castle".to_string(), [1.0, 2.0, 44.0, 50.5])],
            size: (390.0, 844.0, 3.0),
            ..Probe::default()
        };
        assert_eq!(
            targets_json(&p),
            r#"{"w":390.0,"h":844.0,"dpi":3.000,"targets":[[1.0,2.0,44.0,50.5,"game:castle"]]}"#
        );
    }
}
