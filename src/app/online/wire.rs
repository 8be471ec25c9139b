//! The connection to the game server, behind a small trait: in the browser a WebSocket to the
//! page's own server at `/ws` through `web/ct_net.js` (which reconnects by itself with backoff);
//! in the tests a fake. The desktop build has none: it stays offline.

/// Where the connection stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub enum WireState {
    Closed,
    /// Opening for the first time.
    Connecting,
    Open,
    /// Lost and opening again (the calm banner).
    Reconnecting,
}

/// A connection that carries text frames and opens again by itself when it drops.
pub trait Wire {
    /// Opens (again: a connection already open is dropped first).
    fn open(&mut self);
    fn close(&mut self);
    fn state(&self) -> WireState;
    /// How many times it has opened since `open`: each new opening needs the room entered again.
    fn opens(&self) -> u32;
    /// Sends a frame; false when not connected.
    fn send(&mut self, text: &str) -> bool;
    /// The next frame received, if any.
    fn recv(&mut self) -> Option<String>;
}

#[cfg(target_arch = "wasm32")]
mod web {
    extern "C" {
        pub fn ct_net_open();
        pub fn ct_net_close();
        pub fn ct_net_state() -> i32;
        pub fn ct_net_opens() -> i32;
        pub fn ct_net_send(p: *const u8, n: usize) -> i32;
        pub fn ct_net_next_len() -> i32;
        pub fn ct_net_next(buf: *mut u8, cap: usize) -> i32;
        pub fn ct_set_title(p: *const u8, n: usize);
        pub fn ct_room_len() -> i32;
        pub fn ct_room_get(buf: *mut u8, cap: usize) -> i32;
        pub fn ct_room_show(p: *const u8, n: usize);
    }
}

/// The browser's WebSocket (`web/ct_net.js`).
#[cfg(target_arch = "wasm32")]
pub struct WebWire;

#[cfg(target_arch = "wasm32")]
impl Wire for WebWire {
    fn open(&mut self) {
        // SAFETY: an import without arguments.
        unsafe { web::ct_net_open() }
    }
    fn close(&mut self) {
        // SAFETY: an import without arguments.
        unsafe { web::ct_net_close() }
    }
    fn state(&self) -> WireState {
        // SAFETY: an import without arguments returning a number.
        match unsafe { web::ct_net_state() } {
            1 => WireState::Connecting,
            2 => WireState::Open,
            3 => WireState::Reconnecting,
            _ => WireState::Closed,
        }
    }
    fn opens(&self) -> u32 {
        // SAFETY: as above.
        unsafe { web::ct_net_opens() }.max(0) as u32
    }
    fn send(&mut self, text: &str) -> bool {
        // SAFETY: the pointer and length describe a live UTF-8 buffer for the call.
        unsafe { web::ct_net_send(text.as_ptr(), text.len()) == 1 }
    }
    fn recv(&mut self) -> Option<String> {
        // SAFETY: the plugin writes at most `cap` bytes into the live buffer.
        unsafe {
            let n = web::ct_net_next_len();
            if n < 0 {
                return None;
            }
            let mut buf = vec![0u8; n as usize];
            let got = web::ct_net_next(buf.as_mut_ptr(), buf.len());
            if got < 0 {
                return None;
            }
            buf.truncate(got as usize);
            Some(String::from_utf8_lossy(&buf).into_owned())
        }
    }
}

/// The connection this build has: the browser's, or none (the desktop stays offline).
pub fn platform_wire() -> Option<Box<dyn Wire>> {
    #[cfg(target_arch = "wasm32")]
    {
        Some(Box::new(WebWire))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// Whether this build plays online (the web build; the desktop build stays offline).
pub const ONLINE: bool = cfg!(target_arch = "wasm32");

/// Sets the page's title (the tab says "Your turn").
pub fn set_title(title: &str) {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: the pointer and length describe a live UTF-8 buffer for the call.
    unsafe {
        web::ct_set_title(title.as_ptr(), title.len())
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = title;
}

/// The room link in the page's fragment (`#room=…`), if any (one over 256 bytes is not read:
/// it is refused as too long).
pub fn room_fragment() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: the plugin writes at most `cap` bytes into the live buffer.
        unsafe {
            let n = web::ct_room_len();
            if n < 0 {
                return None;
            }
            if n > 256 {
                // Far longer than any room link: refused as it is, without copying it.
                return Some(format!("{}{}", super::link::FRAGMENT, "?".repeat(257)));
            }
            let mut buf = vec![0u8; n as usize];
            let got = web::ct_room_get(buf.as_mut_ptr(), buf.len());
            if got < 0 {
                return None;
            }
            buf.truncate(got as usize);
            Some(String::from_utf8_lossy(&buf).into_owned())
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// Puts `fragment` in the address bar (`#room=CODE`), or takes it away ("").
pub fn show_fragment(fragment: &str) {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: the pointer and length describe a live UTF-8 buffer for the call.
    unsafe {
        web::ct_room_show(fragment.as_ptr(), fragment.len())
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = fragment;
}
