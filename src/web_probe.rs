//! Entry points for tracing replays inside the shipped web build (`wasm32-unknown-unknown`), in
//! Node or in a browser page (`tests/wasm/web-trace.mjs`): write a replay into memory obtained
//! from `ct_det_alloc`, call `ct_det_trace`, read the trace text (the lines of `referee trace`)
//! at `ct_det_out_ptr` / `ct_det_out_len`. `ct_det_synthetic` traces the synthetic scenes.
//! Nothing calls them in normal play.

use std::sync::Mutex;

static OUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

fn publish(lines: &[String]) -> u32 {
    let text = lines.join("\n");
    let len = text.len() as u32;
    if let Ok(mut out) = OUT.lock() {
        *out = text.into_bytes();
    }
    len
}

/// A zeroed buffer of `len` bytes for the caller to fill; `ct_det_trace` takes it back.
#[no_mangle]
pub extern "C" fn ct_det_alloc(len: u32) -> *mut u8 {
    Box::into_raw(vec![0u8; len as usize].into_boxed_slice()) as *mut u8
}

/// Traces the replay in the buffer and frees it; returns the trace's length in bytes.
///
/// # Safety
/// `ptr` and `len` must come from one `ct_det_alloc(len)` call, and the buffer must not be
/// used afterwards.
#[no_mangle]
pub unsafe extern "C" fn ct_det_trace(ptr: *mut u8, len: u32) -> u32 {
    if ptr.is_null() {
        return publish(&["error: no replay given".to_string()]);
    }
    let bytes = Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len as usize));
    let text = String::from_utf8_lossy(&bytes);
    let (mut lines, result) = engine::referee::trace(&text);
    if let Err(e) = result {
        lines.push(format!("error: {e}"));
    }
    publish(&lines)
}

/// Traces the synthetic scenes (as `referee trace --synthetic`); returns the length.
#[no_mangle]
pub extern "C" fn ct_det_synthetic() -> u32 {
    publish(&engine::physics::synthetic::synthetic_trace())
}

#[no_mangle]
pub extern "C" fn ct_det_out_ptr() -> *const u8 {
    OUT.lock().map(|o| o.as_ptr()).unwrap_or(std::ptr::null())
}

#[no_mangle]
pub extern "C" fn ct_det_out_len() -> u32 {
    OUT.lock().map(|o| o.len() as u32).unwrap_or(0)
}
