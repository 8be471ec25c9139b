//! `bench`: the physics and headless-game benchmark (docs/benchmarks.md; run by scripts/bench.sh).
//! Also reachable as `referee bench`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = tools::bench::run(&args);
    for line in &result.err {
        eprintln!("{line}");
    }
    for line in &result.out {
        println!("{line}");
    }
    std::process::exit(result.code);
}
