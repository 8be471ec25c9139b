//! The web game's files from `--dist`: plain, or the precompressed copy a browser accepts.

use crate::common;

use common::*;
use std::io::{Read, Write};

fn get(addr: &str, path: &str, accept: &str) -> String {
    let mut s = std::net::TcpStream::connect(addr).unwrap_or_else(|e| panic!("{e}"));
    let req = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept-Encoding: {accept}\r\nConnection: close\r\n\r\n"
    );
    s.write_all(req.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap_or_else(|e| panic!("{e}"));
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn files_are_served_with_their_precompressed_copies() {
    let dir = TempDir::new("files");
    let dist = dir.0.join("dist");
    std::fs::create_dir_all(&dist).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dist.join("index.html"), "<p>the game</p>").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dist.join("index.html.gz"), "GZ").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dist.join("index.html.br"), "BR").unwrap_or_else(|e| panic!("{e}"));
    let server = Server::start(&dir.0, &[]);
    let plain = get(&server.addr, "/", "identity");
    assert!(
        plain.starts_with("HTTP/1.1 200") && plain.ends_with("<p>the game</p>"),
        "{plain}"
    );
    let br = get(&server.addr, "/index.html", "gzip, br");
    assert!(
        br.to_ascii_lowercase().contains("content-encoding: br") && br.ends_with("BR"),
        "{br}"
    );
    let gz = get(&server.addr, "/index.html", "gzip");
    assert!(
        gz.to_ascii_lowercase().contains("content-encoding: gzip") && gz.ends_with("GZ"),
        "{gz}"
    );
    let missing = get(&server.addr, "/nothing.js", "gzip");
    assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
    let outside = get(&server.addr, "/../rooms/rooms.sqlite", "identity");
    assert!(!outside.starts_with("HTTP/1.1 200"), "{outside}");
}
