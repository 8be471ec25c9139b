//! Files from and to the outside, done carefully: reading refuses anything that is not a regular
//! file and stops at the size cap before allocating more; writing is atomic (a temporary file with
//! an unpredictable name, created exclusively beside the target, synced, then renamed over it),
//! never follows a symlink, never replaces anything but a regular file, and leaves nothing behind
//! on an error. Messages name the file with [`shown`] (escaped).

use crate::core::strict_json::{self, shown, MAX_BYTES};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// Reads a text file of at most [`MAX_BYTES`]. FIFOs, devices and directories are refused before
/// they are opened (reading a FIFO would wait forever, a device would never end).
pub fn read_text(path: &str) -> Result<String, String> {
    let name = shown(path);
    let meta = fs::metadata(path).map_err(|e| format!("cannot read {name}: {}", plain(&e)))?;
    if !meta.is_file() {
        return Err(format!("cannot read {name}: it is not a regular file"));
    }
    strict_json::check_size(meta.len().try_into().unwrap_or(usize::MAX), &name)?;
    let file = File::open(path).map_err(|e| format!("cannot read {name}: {}", plain(&e)))?;
    // The file may grow after the check: never read more than the cap (plus one byte to notice).
    let mut bytes = Vec::new();
    file.take(MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {name}: {}", plain(&e)))?;
    strict_json::check_size(bytes.len(), &name)?;
    match String::from_utf8(bytes) {
        Ok(t) => Ok(t),
        Err(e) => {
            let err = strict_json::text_of(e.as_bytes()).err();
            Err(format!(
                "{name} is not a valid replay file: {}",
                err.map(|e| e.to_string())
                    .unwrap_or_else(|| "not UTF-8 text".into())
            ))
        }
    }
}

/// Writes `text` to `path` whole or not at all.
pub fn write_atomically(path: &str, text: &str) -> Result<(), String> {
    write_with(path, |f| f.write_all(text.as_bytes()))
}

/// The atomic write with the writing step given (tests inject a failing one: a full disk).
pub fn write_with(
    path: &str,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(), String> {
    let name = shown(path);
    let target = Path::new(path);
    refuse_non_regular(target, &name)?;
    let Some(file_name) = target.file_name() else {
        return Err(format!(
            "cannot write {name}: it names a folder, not a file"
        ));
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(file_name);
    tmp_name.push(format!(".{:016x}.tmp", unpredictable()));
    let tmp = dir.join(tmp_name);
    // create_new: O_CREAT|O_EXCL, which fails on anything already there, symlinks included.
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o644);
    }
    // The file is closed at the end of this block, before the rename.
    let written = {
        let mut file = options
            .open(&tmp)
            .map_err(|e| format!("cannot write {name}: {}", plain(&e)))?;
        write(&mut file).and_then(|()| file.sync_all())
    };
    let result = written
        .map_err(|e| format!("cannot write {name}: {}", plain(&e)))
        .and_then(|()| refuse_non_regular(target, &name))
        .and_then(|()| {
            fs::rename(&tmp, target).map_err(|e| format!("cannot write {name}: {}", plain(&e)))
        });
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Only a regular file may be replaced (not a symlink, a device, a FIFO or a folder).
fn refuse_non_regular(target: &Path, name: &str) -> Result<(), String> {
    match fs::symlink_metadata(target) {
        Ok(m) if m.file_type().is_file() => Ok(()),
        Ok(m) => {
            let what = if m.file_type().is_symlink() {
                "a symbolic link"
            } else if m.is_dir() {
                "a folder"
            } else {
                "not a regular file"
            };
            Err(format!(
                "cannot write {name}: it is {what}, and only a regular file is replaced"
            ))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("cannot write {name}: {}", plain(&e))),
    }
}

/// 64 bits the outside cannot guess: std seeds its hash keys from the operating system.
fn unpredictable() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0),
    );
    h.write_u32(std::process::id());
    h.finish()
}

/// An I/O error in plain words (without the `(os error N)` suffix).
fn plain(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_lowercase(),
        None => s.to_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("ct-files-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        let _ = fs::create_dir_all(&d);
        d
    }

    fn leftovers(d: &Path) -> Vec<String> {
        fs::read_dir(d)
            .map(|r| {
                r.filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().to_string())
                    .filter(|n| n.ends_with(".tmp"))
                    .collect()
            })
            .unwrap_or_default()
    }

    #[test]
    fn regress_a_failed_write_leaves_no_temporary_file_and_the_old_file_intact() {
        let d = dir("full");
        let target = d.join("x.json");
        let _ = fs::write(&target, "old");
        let p = target.to_string_lossy().to_string();
        let r = write_with(&p, |f| {
            f.write_all(b"half")?;
            Err(io::Error::other("no space left on device"))
        });
        assert!(r.as_ref().is_err_and(|e| e.contains("no space")), "{r:?}");
        assert_eq!(fs::read_to_string(&target).ok().as_deref(), Some("old"));
        assert!(leftovers(&d).is_empty(), "{:?}", leftovers(&d));
        assert_eq!(write_atomically(&p, "new"), Ok(()));
        assert_eq!(fs::read_to_string(&target).ok().as_deref(), Some("new"));
        assert!(leftovers(&d).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn regress_symlinks_and_devices_are_never_written_through() {
        let d = dir("links");
        let victim = d.join("victim");
        let _ = fs::write(&victim, "precious");
        let link = d.join("out.json");
        let _ = std::os::unix::fs::symlink(&victim, &link);
        let r = write_atomically(&link.to_string_lossy(), "evil");
        assert!(
            r.as_ref().is_err_and(|e| e.contains("symbolic link")),
            "{r:?}"
        );
        assert_eq!(
            fs::read_to_string(&victim).ok().as_deref(),
            Some("precious")
        );
        // The old predictable temporary name, pre-planted as a symlink, is not used at all.
        let planted = d.join("y.json.tmp");
        let _ = std::os::unix::fs::symlink(&victim, &planted);
        assert_eq!(
            write_atomically(&d.join("y.json").to_string_lossy(), "ok"),
            Ok(())
        );
        assert_eq!(
            fs::read_to_string(&victim).ok().as_deref(),
            Some("precious")
        );
        let r = write_atomically("/dev/null", "x");
        assert!(
            r.as_ref().is_err_and(|e| e.contains("not a regular file")),
            "{r:?}"
        );
        assert!(write_atomically(&d.to_string_lossy(), "x").is_err());
    }

    #[cfg(unix)]
    #[test]
    fn regress_fifos_and_devices_are_not_read() {
        for p in ["/dev/zero", "/dev/urandom", "/"] {
            let r = read_text(p);
            assert!(
                r.as_ref().is_err_and(|e| e.contains("not a regular file")),
                "{p}: {r:?}"
            );
        }
        let d = dir("fifo");
        let fifo = d.join("f");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.map(|s| s.success()).unwrap_or(false) {
            let r = read_text(&fifo.to_string_lossy());
            assert!(
                r.as_ref().is_err_and(|e| e.contains("not a regular file")),
                "{r:?}"
            );
        }
        let bin = d.join("bin");
        let _ = fs::write(&bin, b"{\"a\xff\"}");
        let r = read_text(&bin.to_string_lossy());
        assert!(r.as_ref().is_err_and(|e| e.contains("UTF-8")), "{r:?}");
    }

    #[test]
    fn a_file_over_the_cap_is_refused_before_it_is_read() {
        let d = dir("big");
        let big = d.join("big.json");
        if let Ok(f) = File::create(&big) {
            let _ = f.set_len(MAX_BYTES as u64 + 1);
        }
        let r = read_text(&big.to_string_lossy());
        assert!(
            r.as_ref().is_err_and(|e| e.contains("largest accepted")),
            "{r:?}"
        );
        let _ = fs::remove_file(&big);
    }
}
