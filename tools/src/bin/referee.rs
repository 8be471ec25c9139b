//! `referee`: the headless referee (no window). See docs/referee.md.

use engine::core::strict_json::shown;

fn main() {
    let mut args = Vec::new();
    for (i, a) in std::env::args_os().skip(1).enumerate() {
        match a.into_string() {
            Ok(s) => args.push(s),
            Err(raw) => {
                eprintln!(
                    "argument {} is not UTF-8 text: {}",
                    i + 1,
                    shown(&raw.to_string_lossy())
                );
                eprintln!("{}", tools::referee::usage());
                std::process::exit(2);
            }
        }
    }
    let result = tools::referee::run(&args);
    for line in &result.err {
        eprintln!("{line}");
    }
    for line in &result.out {
        println!("{line}");
    }
    std::process::exit(result.code);
}
