//! `catapult-table-server --precompress DIR`: writes a brotli copy (`.br`, quality 11) beside
//! every compressible file of the web build that lacks one (build.sh writes the `.gz` copies with
//! gzip -9), so the static file service sends the smallest one a browser accepts.

use std::io::Write;
use std::path::Path;

const COMPRESSIBLE: [&str; 8] = ["wasm", "js", "mjs", "html", "css", "json", "svg", "txt"];

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
        let br = path.with_extension(format!("{ext}.br"));
        if !br.exists() {
            let mut out = Vec::new();
            {
                let mut w = brotli::CompressorWriter::new(&mut out, 1 << 16, 11, 22);
                w.write_all(&data).map_err(|e| e.to_string())?;
            }
            std::fs::write(&br, out).map_err(|e| format!("{}: {e}", br.display()))?;
            written += 1;
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compressible_files_get_a_brotli_copy_that_decodes_to_them() {
        let dir = std::env::temp_dir().join(format!("ct-precompress-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap_or_else(|e| panic!("{e}"));
        let text = "catapult ".repeat(1000);
        std::fs::write(dir.join("sub/app.js"), &text).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.join("icon.png"), [1u8, 2, 3]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(precompress(&dir), Ok(1));
        assert_eq!(precompress(&dir), Ok(0), "kept");
        let br = std::fs::read(dir.join("sub/app.js.br")).unwrap_or_else(|e| panic!("{e}"));
        assert!(br.len() < text.len() / 10);
        let mut back = Vec::new();
        brotli::BrotliDecompress(&mut &br[..], &mut back).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, text.as_bytes());
        assert!(!dir.join("icon.png.br").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
