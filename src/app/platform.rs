//! The few things that differ between the browser and the desktop: console lines, storage
//! (localStorage through our own small JS plugin, `web/ct_plugin.js`; files on the desktop) and
//! telling the page that the first frame is up.

use super::store::Store;

#[cfg(target_arch = "wasm32")]
mod web {
    extern "C" {
        pub fn ct_console(p: *const u8, n: usize);
        pub fn ct_store_len(kp: *const u8, kn: usize) -> i32;
        pub fn ct_store_get(kp: *const u8, kn: usize, buf: *mut u8, cap: usize) -> i32;
        pub fn ct_store_set(kp: *const u8, kn: usize, vp: *const u8, vn: usize) -> i32;
        pub fn ct_store_remove(kp: *const u8, kn: usize);
        pub fn ct_first_frame();
        pub fn ct_url_seed() -> f64;
        pub fn ct_url_quick_pace() -> i32;
        pub fn ct_url_hints_off() -> i32;
        pub fn ct_reduced_motion() -> i32;
        pub fn ct_prompt(
            tp: *const u8,
            tn: usize,
            cp: *const u8,
            cn: usize,
            buf: *mut u8,
            cap: usize,
        ) -> i32;
    }
}

/// The plugin's version, checked by the loader (`<name>_crate_version`).
#[no_mangle]
pub extern "C" fn catapult_table_crate_version() -> u32 {
    1
}

/// One console line (the browser console on the web, stdout on the desktop). E2E tests read
/// lines that start with `[ct]`.
pub fn log(line: &str) {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: the pointer and length describe a live UTF-8 buffer for the duration of the call.
    unsafe {
        web::ct_console(line.as_ptr(), line.len());
    }
    #[cfg(not(target_arch = "wasm32"))]
    println!("{line}");
}

/// Whether the first frame has been announced (`first_frame`): work the first frame does not
/// need (the title's miniatures) waits for it, so a cold load shows the title sooner.
static FIRST_FRAME_SHOWN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// True once `first_frame` has run.
pub fn first_frame_shown() -> bool {
    FIRST_FRAME_SHOWN.load(std::sync::atomic::Ordering::Relaxed)
}

/// Tells the page the first frame is drawn (it hides the loading indicator).
pub fn first_frame() {
    FIRST_FRAME_SHOWN.store(true, std::sync::atomic::Ordering::Relaxed);
    #[cfg(target_arch = "wasm32")]
    // SAFETY: an import without arguments.
    unsafe {
        web::ct_first_frame();
    }
}

/// A seed fixed from outside (the page's `?seed=N`, or `CATAPULT_TABLE_SEED` on the desktop), so
/// a test or a bug report can replay the same game; None normally (the clock seeds games).
pub fn fixed_seed() -> Option<u64> {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: an import without arguments returning a number.
        let v = unsafe { web::ct_url_seed() };
        (v.is_finite() && v >= 0.0).then_some(v as u64)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::env::var("CATAPULT_TABLE_SEED")
            .ok()
            .and_then(|v| v.trim().parse().ok())
    }
}

/// Bots move at a quick pace (the page's `?pace=quick`, or `CATAPULT_TABLE_PACE=quick` on the
/// desktop): for tests and for players who would rather not wait; read once.
pub fn quick_pace() -> bool {
    static QUICK: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *QUICK.get_or_init(|| {
        #[cfg(target_arch = "wasm32")]
        {
            // SAFETY: an import without arguments returning a number.
            unsafe { web::ct_url_quick_pace() == 1 }
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            std::env::var("CATAPULT_TABLE_PACE").is_ok_and(|v| v.trim() == "quick")
        }
    })
}

/// First-game hints are off (the page's `?hints=off`, or `CATAPULT_TABLE_HINTS=off` on the
/// desktop): for tests and screenshots; read once.
pub fn hints_off() -> bool {
    static OFF: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *OFF.get_or_init(|| {
        #[cfg(target_arch = "wasm32")]
        {
            // SAFETY: an import without arguments returning a number.
            unsafe { web::ct_url_hints_off() == 1 }
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            std::env::var("CATAPULT_TABLE_HINTS").is_ok_and(|v| v.trim() == "off")
        }
    })
}

/// The browser asks for reduced motion (`prefers-reduced-motion: reduce`; on the desktop
/// `CATAPULT_TABLE_MOTION=reduce`): the app starts with its Reduce motion setting on.
pub fn prefers_reduced_motion() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        // SAFETY: an import without arguments returning a number.
        unsafe { web::ct_reduced_motion() == 1 }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::env::var("CATAPULT_TABLE_MOTION").is_ok_and(|v| v.trim() == "reduce")
    }
}

/// What asking the player for a line of text gave.
pub enum Asked {
    Text(String),
    Cancelled,
    /// No dialog here (the desktop): type into the field instead.
    Unsupported,
}

/// Asks for a line of text with the browser's own dialog (it brings up a touch keyboard).
pub fn ask_text(title: &str, current: &str) -> Asked {
    #[cfg(target_arch = "wasm32")]
    {
        let mut buf = vec![0u8; 128];
        // SAFETY: pointers and lengths describe live buffers; the plugin writes at most `cap`.
        let n = unsafe {
            web::ct_prompt(
                title.as_ptr(),
                title.len(),
                current.as_ptr(),
                current.len(),
                buf.as_mut_ptr(),
                buf.len(),
            )
        };
        if n < 0 {
            return Asked::Cancelled;
        }
        buf.truncate(n as usize);
        Asked::Text(String::from_utf8_lossy(&buf).into_owned())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (title, current);
        Asked::Unsupported
    }
}

/// The platform's persistent store.
pub fn store() -> Box<dyn Store> {
    #[cfg(target_arch = "wasm32")]
    {
        Box::new(WebStore)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Box::new(FileStore::new(data_dir()))
    }
}

#[cfg(target_arch = "wasm32")]
pub struct WebStore;

#[cfg(target_arch = "wasm32")]
impl Store for WebStore {
    fn get(&self, key: &str) -> Option<String> {
        // SAFETY: pointers and lengths describe live buffers; the plugin writes at most `cap`.
        unsafe {
            let n = web::ct_store_len(key.as_ptr(), key.len());
            if n < 0 {
                return None;
            }
            let mut buf = vec![0u8; n as usize];
            let got = web::ct_store_get(key.as_ptr(), key.len(), buf.as_mut_ptr(), buf.len());
            if got < 0 {
                return None;
            }
            buf.truncate(got as usize);
            String::from_utf8(buf).ok()
        }
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        // SAFETY: as above.
        let ok = unsafe { web::ct_store_set(key.as_ptr(), key.len(), value.as_ptr(), value.len()) };
        if ok == 1 {
            Ok(())
        } else {
            Err("the browser refused to store it (storage full or disabled)".into())
        }
    }
    fn remove(&mut self, key: &str) {
        // SAFETY: as above.
        unsafe { web::ct_store_remove(key.as_ptr(), key.len()) }
    }
}

/// Where the desktop keeps saves: `$CATAPULT_TABLE_DATA`, else `$XDG_DATA_HOME/catapult-table`,
/// else `~/.local/share/catapult-table`, else the current folder.
#[cfg(not(target_arch = "wasm32"))]
pub fn data_dir() -> std::path::PathBuf {
    use std::path::PathBuf;
    if let Some(d) = std::env::var_os("CATAPULT_TABLE_DATA") {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_DATA_HOME") {
        return PathBuf::from(d).join("catapult-table");
    }
    if let Some(h) = std::env::var_os("HOME") {
        return PathBuf::from(h).join(".local/share/catapult-table");
    }
    PathBuf::from(".")
}

/// One file per key in a folder (written to a temporary file, then renamed).
pub struct FileStore {
    dir: std::path::PathBuf,
}

impl FileStore {
    pub fn new(dir: std::path::PathBuf) -> Self {
        FileStore { dir }
    }

    fn path(&self, key: &str) -> std::path::PathBuf {
        let name: String = key
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        self.dir.join(name)
    }
}

impl Store for FileStore {
    fn get(&self, key: &str) -> Option<String> {
        // Bounded, regular files only (see `files::read_text`).
        engine::files::read_text(&self.path(key).to_string_lossy()).ok()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let p = self.path(key);
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| format!("cannot write {}: {e}", p.display()))?;
        engine::files::write_atomically(&p.to_string_lossy(), value)
    }
    fn remove(&mut self, key: &str) {
        let _ = std::fs::remove_file(self.path(key));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_store_round_trips_and_removes() {
        let dir = std::env::temp_dir().join(format!("ct-store-test-{}", std::process::id()));
        let mut s = FileStore::new(dir.clone());
        assert_eq!(s.get("a.b"), None);
        assert!(s.set("a.b", "hello").is_ok());
        assert_eq!(s.get("a.b").as_deref(), Some("hello"));
        assert!(s.set("a/b", "x").is_ok(), "odd keys become safe file names");
        assert_eq!(s.get("a/b").as_deref(), Some("x"));
        s.remove("a.b");
        assert_eq!(s.get("a.b"), None);
        let _ = std::fs::remove_dir_all(dir);
    }
}
