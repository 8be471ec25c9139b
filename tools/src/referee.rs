//! The `referee` command line: `selfplay`, `replay`, `check`, `trace`, `link`, `unlink`,
//! `tournament`, `aim`, `challenge`, `bench` (docs/referee.md). The work itself is the engine's
//! (`engine::referee`, `engine::headless`); this module reads flags and files and prints.

pub use crate::cli::{read_file, usage, Flags};
pub use engine::referee::*;

use engine::core::strict_json::{escaped_whole, shown};
use engine::core::Refusal;
use engine::games;

/// Runs the referee with command-line arguments (without the program name).
pub fn run(args: &[String]) -> RunResult {
    let mut r = RunResult::default();
    let usage = |r: &mut RunResult, msg: String| {
        r.code = 2;
        r.err.push(msg);
        r.err.push(usage());
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
            // An online room's deal, before its moves: the revealed seed and salt against the
            // commitment published before the first move (`online::deal`).
            let header = engine::core::replay::Replay::parse(&text).ok();
            let deal = match header.as_ref().and_then(engine::online::deal::check_replay) {
                Some(Err(e)) => {
                    r.code = 2;
                    r.err.push(format!("{cmd} {}: {e}", shown(path)));
                    return r;
                }
                Some(Ok(said)) => Some(said),
                None => None,
            };
            match replay_as(&text, cmd == "replay", origin) {
                Ok(session) => {
                    r.out.extend(deal.map(String::from));
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
        Some("challenge") => return crate::challenge::challenge_command(&args[1..]),
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
        return fail(r, format!("link: one replay FILE is required\n{}", usage()));
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
                format!("unlink: LINK and --out FILE are required\n{}", usage()),
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
