//! The `referee` command line: `selfplay`, `replay`, `check`, `trace`, `link`, `unlink`,
//! `tournament`, `aim`, `bench` (docs/referee.md). The work itself is the engine's
//! (`engine::referee`, `engine::headless`); this module reads flags and files and prints.

pub use engine::referee::*;

use engine::core::strict_json::{escaped_whole, shown};
use engine::core::Refusal;
use engine::games;

/// A command's flags and files, read strictly: unknown flags, a flag without its value, a flag
/// given twice and extra arguments are refused (usage, exit 2).
#[derive(Debug, Default)]
pub struct Flags {
    values: Vec<(&'static str, String)>,
    switches: Vec<&'static str>,
    pub files: Vec<String>,
}

impl Flags {
    pub fn parse(
        cmd: &str,
        args: &[String],
        with_value: &[&'static str],
        repeatable: &[&'static str],
        switches: &[&'static str],
        max_files: usize,
    ) -> Result<Flags, String> {
        let mut f = Flags::default();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            if let Some(&name) = with_value.iter().find(|n| **n == a) {
                let Some(v) = it.next().filter(|v| !v.starts_with("--")) else {
                    return Err(format!("{cmd}: {name} needs a value"));
                };
                if f.value(name).is_some() && !repeatable.contains(&name) {
                    return Err(format!("{cmd}: {name} is given twice"));
                }
                f.values.push((name, v.clone()));
            } else if let Some(&name) = switches.iter().find(|n| **n == a) {
                if f.switches.contains(&name) {
                    return Err(format!("{cmd}: {name} is given twice"));
                }
                f.switches.push(name);
            } else if a.starts_with('-') && a.len() > 1 {
                return Err(format!("{cmd}: unknown flag {}", shown(a)));
            } else if f.files.len() < max_files {
                f.files.push(a.clone());
            } else {
                return Err(format!("{cmd}: unexpected argument {}", shown(a)));
            }
        }
        Ok(f)
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn all(&self, name: &str) -> Vec<String> {
        self.values
            .iter()
            .filter(|(n, _)| *n == name)
            .map(|(_, v)| v.clone())
            .collect()
    }

    pub fn switch(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }

    fn num<T: std::str::FromStr>(&self, name: &str, default: Option<T>) -> Result<T, String> {
        match self.value(name) {
            Some(v) => v
                .parse()
                .map_err(|_| format!("{name} expects a number, not {}", shown(v))),
            None => default.ok_or_else(|| format!("{name} is required")),
        }
    }
}

/// Reads a replay file from outside (see `files::read_text`: regular files only, size cap).
pub fn read_file(path: &str) -> Result<String, String> {
    engine::files::read_text(path)
}

pub const USAGE: &str = "usage:
  referee selfplay --game ID --players N [--levels L,L...] [--seed S] [--option NAME]... [--out FILE]
      (levels: easy, normal or hard, one per seat; default normal)
  referee tournament --game ID --seats L,L... [--games N] [--seed S] [--option NAME]... [--tsv FILE]
      (N games, seats rotating; win rates, start seat, length; last line JSON; default N 200)
  referee aim --game ID [--players N] [--positions P] [--tries T] [--seed S]
      (how each level's shots come off on the same positions)
  referee replay [--scenario] FILE
  referee check [--scenario] FILE
      (--scenario: a rule scenario, whose shots may be outcome-only; files from players may not)
  referee trace FILE...   (one line per move with re-simulated hashes: for determinism checks)
  referee trace --synthetic   (the benchmark's synthetic scenes, one hash per frame)
  referee link FILE   (the game as a link fragment, #g=...: every shot re-simulated first)
  referee unlink LINK --out FILE   (a link back into a replay file, every shot re-simulated)
  referee games   (available games: id, min seats, max seats)
  referee bench [--game ID]... [--reps N] [--replays DIR] [--tsv] [--no-selfplay]
  referee bench --bots [--game ID]... [--seed S] [--no-baseline]   (Hard decision wall and CPU times, whole-game times)
game ids: castle, feud, carcassonne, assault, catapults";

/// Runs the referee with command-line arguments (without the program name).
pub fn run(args: &[String]) -> RunResult {
    let mut r = RunResult::default();
    let usage = |r: &mut RunResult, msg: String| {
        r.code = 2;
        r.err.push(msg);
        r.err.push(USAGE.to_string());
    };
    match args.first().map(|s| s.as_str()) {
        Some("selfplay") => {
            let flags = match Flags::parse(
                "selfplay",
                &args[1..],
                &[
                    "--game",
                    "--players",
                    "--levels",
                    "--seed",
                    "--option",
                    "--out",
                ],
                &["--option"],
                &[],
                0,
            ) {
                Ok(f) => f,
                Err(e) => {
                    usage(&mut r, e);
                    return r;
                }
            };
            let Some(game) = flags.value("--game").map(str::to_string) else {
                usage(&mut r, "selfplay: --game is required".into());
                return r;
            };
            let players = match flags.num::<usize>("--players", None) {
                Ok(p) => p,
                Err(e) => {
                    usage(&mut r, format!("selfplay: {e}"));
                    return r;
                }
            };
            let seed = match flags.num::<u64>("--seed", Some(1)) {
                Ok(s) => s,
                Err(e) => {
                    usage(&mut r, format!("selfplay: {e}"));
                    return r;
                }
            };
            let options = flags.all("--option");
            let played = match flags.value("--levels").map(crate::tournament::parse_levels) {
                None => selfplay(&game, players, seed, &options),
                Some(Ok(l)) if l.len() == players => selfplay_at(&game, &l, seed, &options),
                Some(Ok(l)) => {
                    usage(
                        &mut r,
                        format!(
                            "selfplay: --levels names {} level(s) for {players} players \
                             (one per seat)",
                            l.len()
                        ),
                    );
                    return r;
                }
                Some(Err(e)) => {
                    usage(&mut r, format!("selfplay: --levels: {e}"));
                    return r;
                }
            };
            match played {
                Ok(session) => {
                    if let Some(out) = flags.value("--out") {
                        if let Err(e) = write_atomically(out, &session.replay.to_json()) {
                            r.code = 2;
                            r.err.push(e);
                            return r;
                        }
                    }
                    r.out.push(session.summary());
                }
                Err(SelfplayError::Refused(e)) => {
                    r.code = 2;
                    r.err.push(format!("selfplay: {e}"));
                }
                Err(SelfplayError::MoveCap(cap)) => {
                    r.code = 1;
                    r.err
                        .push(format!("selfplay: the game did not end within {cap} moves"));
                }
                Err(SelfplayError::Stuck(e)) => {
                    r.code = 1;
                    r.err.push(format!("selfplay: {e}"));
                }
            }
        }
        Some(cmd @ ("replay" | "check")) => {
            let flags = match Flags::parse(cmd, &args[1..], &[], &[], &["--scenario"], 1) {
                Ok(f) => f,
                Err(e) => {
                    usage(&mut r, e);
                    return r;
                }
            };
            let Some(path) = flags.files.first() else {
                usage(&mut r, format!("{cmd}: a replay FILE is required"));
                return r;
            };
            let text = match read_file(path) {
                Ok(t) => t,
                Err(e) => {
                    r.code = 2;
                    r.err.push(format!("{cmd}: {e}"));
                    return r;
                }
            };
            let origin = if flags.switch("--scenario") {
                Origin::Scenario
            } else {
                Origin::Player
            };
            match replay_as(&text, cmd == "replay", origin) {
                Ok(session) => {
                    if cmd == "check" {
                        r.out.push(format!(
                            "{}: valid {} replay, {} moves, game over: {}",
                            shown(path),
                            session.replay.game,
                            session.replay.moves.len(),
                            session.game.is_over()
                        ));
                    }
                    r.out.push(session.summary());
                }
                Err(e) => {
                    r.code = 2;
                    r.err.push(format!("{cmd} {}: {e}", shown(path)));
                }
            }
        }
        Some("games") if args.len() > 1 => {
            usage(
                &mut r,
                format!("games: unexpected argument {}", shown(&args[1])),
            );
        }
        Some("games") => {
            for g in games::GAMES.iter().filter(|g| g.available) {
                r.out
                    .push(format!("{} {} {}", g.id, g.min_seats, g.max_seats));
            }
        }
        Some("trace") if args.len() == 2 && args[1] == "--synthetic" => {
            r.out.extend(engine::physics::synthetic::synthetic_trace());
        }
        Some("trace") => {
            if args.len() < 2 {
                usage(&mut r, "trace: at least one replay FILE is required".into());
                return r;
            }
            if let Some(a) = args[1..].iter().find(|a| a.starts_with('-')) {
                usage(&mut r, format!("trace: unknown flag {}", shown(a)));
                return r;
            }
            for path in &args[1..] {
                r.out.push(format!("== {}", escaped_whole(path)));
                let (lines, result) = match read_file(path) {
                    Ok(text) => trace(&text),
                    Err(e) => (Vec::new(), Err(Refusal(e))),
                };
                r.out.extend(lines);
                if let Err(e) = result {
                    r.code = 2;
                    r.out.push(format!("error: {e}"));
                    r.err.push(format!("trace {}: {e}", shown(path)));
                }
            }
        }
        Some("bench") => return crate::bench::run(&args[1..]),
        Some("tournament") => return crate::tournament::tournament_command(&args[1..]),
        Some("aim") => return crate::tournament::aim_command(&args[1..]),
        Some("link") => return link_command(&args[1..]),
        Some("unlink") => return unlink_command(&args[1..]),
        Some(other) => usage(&mut r, format!("unknown command {}", shown(other))),
        None => usage(&mut r, "a command is required".into()),
    }
    r
}

/// `referee link FILE`: replays the file (re-simulating every launch, as the receiver will) and
/// prints its link fragment; the length goes to stderr.
pub fn link_command(args: &[String]) -> RunResult {
    let mut r = RunResult::default();
    let fail = |mut r: RunResult, msg: String| {
        r.code = 2;
        r.err.push(msg);
        r
    };
    let [path] = args else {
        return fail(r, format!("link: one replay FILE is required\n{USAGE}"));
    };
    let text = match read_file(path) {
        Ok(t) => t,
        Err(e) => return fail(r, format!("link: {e}")),
    };
    let session = match replay(&text, true) {
        Ok(s) => s,
        Err(e) => return fail(r, format!("link {path}: {e}")),
    };
    match engine::core::link::encode(&session.replay) {
        Ok(payload) => {
            let fragment = format!("{}{payload}", engine::core::link::FRAGMENT);
            r.err.push(format!(
                "link {path}: {} moves, {} characters",
                session.replay.moves.len(),
                fragment.len()
            ));
            r.out.push(fragment);
            r
        }
        Err(e) => fail(r, format!("link {path}: {e}")),
    }
}

/// `referee unlink LINK --out FILE`: opens a link (a URL, `#g=…` or the payload), re-simulates
/// every shot and checks it against the sender's, and writes the replay. Exit 2 on a bad link.
pub fn unlink_command(args: &[String]) -> RunResult {
    let mut r = RunResult::default();
    let fail = |mut r: RunResult, msg: String| {
        r.code = 2;
        r.err.push(msg);
        r
    };
    let (link, out) = match args {
        [link, flag, out] if flag == "--out" => (link, out),
        [flag, out, link] if flag == "--out" => (link, out),
        _ => {
            return fail(
                r,
                format!("unlink: LINK and --out FILE are required\n{USAGE}"),
            )
        }
    };
    let game = match engine::core::link::decode(link) {
        Ok(g) => g,
        Err(e) => return fail(r, format!("unlink: {e}")),
    };
    let mut session = match engine::headless::driver_for(&game.replay) {
        Ok(d) => d.session,
        Err(e) => return fail(r, format!("unlink: This game link cannot be opened: {e}.")),
    };
    if let Err(e) = engine::core::link::play_into(&mut session, &game) {
        return fail(r, format!("unlink: {e}"));
    }
    if let Err(e) = write_atomically(out, &session.replay.to_json()) {
        return fail(r, format!("unlink: {e}"));
    }
    r.out.push(session.summary());
    r
}
