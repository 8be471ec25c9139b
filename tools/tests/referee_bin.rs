//! The `referee` binary itself, run as a process (the rest of its tests call `tools::referee`
//! directly: tests/it/hostile_referee.rs, tests/it/referee_cli.rs).

#[cfg(unix)]
#[test]
fn regress_a_non_utf8_argument_is_refused_not_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_referee"))
        .arg("check")
        .arg(std::ffi::OsStr::from_bytes(b"bad\xffname.json"))
        .output()
        .unwrap_or_else(|e| panic!("run the referee: {e}"));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("not UTF-8") && !err.contains("panicked"),
        "{err}"
    );
}
