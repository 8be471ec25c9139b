//! `catapult-table-server --precompress DIR`: writes a gzip copy (`.gz`, made with Zopfli: an
//! ordinary gzip file, about 4% smaller than `gzip -9` makes) and a brotli copy (`.br`, quality
//! 11) beside every compressible file of the web build whose copy is missing or older than it,
//! so the static file service sends the smallest one a browser accepts. `build.sh` runs it for
//! `serve` and `test` and reports the shipped sizes (docs/web.md, "Size").

use std::io::Write;
use std::path::Path;
use std::time::SystemTime;

const COMPRESSIBLE: [&str; 9] = [
    "wasm",
    "js",
    "mjs",
    "html",
    "css",
    "json",
    "webmanifest",
    "svg",
    "txt",
];

/// Compresses every file under `dir` whose kind compresses; returns how many copies it wrote.
pub fn precompress(dir: &Path) -> Result<usize, String> {
    let mut written = 0;
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            written += precompress(&path)?;
            continue;
        }
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !COMPRESSIBLE.contains(&ext) {
            continue;
        }
        let data = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let made = modified(&path);
        let gz = path.with_extension(format!("{ext}.gz"));
        if stale(&gz, made) {
            write(&gz, &gzip(&data)?)?;
            written += 1;
        }
        let br = path.with_extension(format!("{ext}.br"));
        if stale(&br, made) {
            let mut out = Vec::new();
            {
                let mut w = brotli::CompressorWriter::new(&mut out, 1 << 16, 11, 22);
                w.write_all(&data).map_err(|e| e.to_string())?;
            }
            write(&br, &out)?;
            written += 1;
        }
    }
    Ok(written)
}

/// `data` as a gzip file, compressed by Zopfli.
fn gzip(data: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    zopfli::compress(
        zopfli::Options::default(),
        zopfli::Format::Gzip,
        data,
        &mut out,
    )
    .map_err(|e| format!("gzip: {e}"))?;
    Ok(out)
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// A copy is made again when it is missing or older than the file it copies.
fn stale(copy: &Path, source: Option<SystemTime>) -> bool {
    match (modified(copy), source) {
        (Some(c), Some(s)) => c < s,
        _ => true,
    }
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compressible_files_get_gzip_and_brotli_copies_that_decode_to_them() {
        let dir = std::env::temp_dir().join(format!("ct-precompress-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap_or_else(|e| panic!("{e}"));
        let text = "catapult ".repeat(1000);
        std::fs::write(dir.join("sub/app.js"), &text).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.join("icon.png"), [1u8, 2, 3]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(precompress(&dir), Ok(2));
        assert_eq!(precompress(&dir), Ok(0), "kept");
        let br = std::fs::read(dir.join("sub/app.js.br")).unwrap_or_else(|e| panic!("{e}"));
        assert!(br.len() < text.len() / 10);
        let mut back = Vec::new();
        brotli::BrotliDecompress(&mut &br[..], &mut back).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, text.as_bytes());
        // The gzip copy is an ordinary gzip file (the magic number, deflate, the size at its end).
        let gz = std::fs::read(dir.join("sub/app.js.gz")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(&gz[..3], &[0x1f, 0x8b, 8]);
        let n = gz.len();
        assert_eq!(
            u32::from_le_bytes([gz[n - 4], gz[n - 3], gz[n - 2], gz[n - 1]]) as usize,
            text.len()
        );
        assert!(gz.len() < text.len() / 10);
        assert!(!dir.join("icon.png.br").exists() && !dir.join("icon.png.gz").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_copy_older_than_its_file_is_made_again() {
        let dir = std::env::temp_dir().join(format!("ct-precompress-old-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let file = dir.join("index.html");
        std::fs::write(dir.join("index.html.gz"), b"stale").unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.join("index.html.br"), b"stale").unwrap_or_else(|e| panic!("{e}"));
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&file, "<p>hello</p>".repeat(50)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(precompress(&dir), Ok(2));
        let gz = std::fs::read(dir.join("index.html.gz")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(&gz[..2], &[0x1f, 0x8b]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
