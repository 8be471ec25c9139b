//! `referee`: the headless referee (no window). See docs/referee.md.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = catapult_table::referee::run(&args);
    for line in &result.err {
        eprintln!("{line}");
    }
    for line in &result.out {
        println!("{line}");
    }
    std::process::exit(result.code);
}
