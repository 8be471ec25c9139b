//! Tournaments between bot levels (`referee tournament`) and the aim survey (`referee aim`):
//! many bot-only games with rotating seats, win rates with 95% intervals, the start seat's
//! advantage and the games' length. See docs/referee.md and docs/balance.md.

use crate::cli::Flags;
use engine::core::replay::Replay;
use engine::core::seat::{default_seats, SeatKind};
use engine::core::strict_json::shown;
use engine::core::Level;
use engine::games;
use engine::headless::{self, RunResult};

/// Reads a comma-separated list of levels (`hard,easy`), refusing an unknown one by name.
pub fn parse_levels(text: &str) -> Result<Vec<Level>, String> {
    text.split(',')
        .map(|name| {
            Level::from_name(name.trim()).ok_or_else(|| {
                format!(
                    "{} is not a bot level (easy, normal or hard)",
                    shown(name.trim())
                )
            })
        })
        .collect()
}

/// One game of a tournament, as the TSV records it.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentGame {
    pub seed: u64,
    /// `seat_entry[seat]` = the index into the entries of the level that sat there.
    pub seat_entry: Vec<usize>,
    /// The seat that acted first.
    pub start_seat: usize,
    /// The winning seat, or None for a shared first place.
    pub winner: Option<usize>,
    pub moves: usize,
    pub shots: usize,
    pub scores: Vec<i64>,
    /// Per entry: shots fired and hits among them (`Game::shot_hit`), where the game has hits.
    pub aim: Vec<(usize, usize)>,
    /// The game reached the move cap (`core::driver::MOVE_CAP`) without ending: no winner.
    pub unfinished: bool,
}

/// The tally of a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    pub game: String,
    pub entries: Vec<Level>,
    pub games: Vec<TournamentGame>,
}

impl Tournament {
    /// Outright wins per entry, whatever seat it sat in.
    pub fn wins(&self) -> Vec<usize> {
        let mut w = vec![0; self.entries.len()];
        for g in &self.games {
            if let Some(e) = g.winner.and_then(|s| g.seat_entry.get(s)) {
                w[*e] += 1;
            }
        }
        w
    }

    /// Per entry: shots and hits over all games (`Game::shot_hit`; zero shots where the game
    /// has no notion of a hit).
    pub fn aim(&self) -> Vec<(usize, usize)> {
        let mut a = vec![(0, 0); self.entries.len()];
        for g in &self.games {
            for (e, (s, h)) in g.aim.iter().enumerate() {
                a[e].0 += s;
                a[e].1 += h;
            }
        }
        a
    }

    pub fn shared(&self) -> usize {
        self.games.iter().filter(|g| g.winner.is_none()).count()
    }

    pub fn start_seat_wins(&self) -> usize {
        self.games
            .iter()
            .filter(|g| g.winner == Some(g.start_seat))
            .count()
    }

    fn mean(&self, f: impl Fn(&TournamentGame) -> usize) -> f64 {
        let n = self.games.len().max(1) as f64;
        self.games.iter().map(f).sum::<usize>() as f64 / n
    }

    pub fn mean_shots(&self) -> f64 {
        self.mean(|g| g.shots)
    }

    pub fn mean_moves(&self) -> f64 {
        self.mean(|g| g.moves)
    }

    /// The last line of `referee tournament`: one JSON object.
    pub fn json(&self) -> String {
        let seats: Vec<String> = self
            .entries
            .iter()
            .map(|l| format!("\"{}\"", l.name()))
            .collect();
        let wins: Vec<String> = self.wins().iter().map(|w| w.to_string()).collect();
        format!(
            "{{\"game\":\"{}\",\"games\":{},\"seats\":[{}],\"wins\":[{}],\"shared\":{},\"start_seat_wins\":{},\"mean_shots\":{:.1}}}",
            self.game,
            self.games.len(),
            seats.join(","),
            wins.join(","),
            self.shared(),
            self.start_seat_wins(),
            self.mean_shots()
        )
    }

    /// One row per game, tab-separated, with a header.
    pub fn tsv(&self) -> String {
        let mut out = String::from("game\tseed\tseat_levels\tstart_seat\twinner_seat\twinner_level\tmoves\tshots\tscores\n");
        for (i, g) in self.games.iter().enumerate() {
            let levels: Vec<&str> = g
                .seat_entry
                .iter()
                .map(|&e| self.entries[e].name())
                .collect();
            let scores: Vec<String> = g.scores.iter().map(|s| s.to_string()).collect();
            let (winner, level) = match g.winner {
                Some(w) => (w.to_string(), self.entries[g.seat_entry[w]].name()),
                None if g.unfinished => ("unfinished".to_string(), "unfinished"),
                None => ("shared".to_string(), "shared"),
            };
            out.push_str(&format!(
                "{i}\t{}\t{}\t{}\t{winner}\t{level}\t{}\t{}\t{}\n",
                g.seed,
                levels.join(","),
                g.start_seat,
                g.moves,
                g.shots,
                scores.join(",")
            ));
        }
        out
    }

    /// Lines for people: win rates with 95% intervals, the start seat's share, lengths.
    pub fn report(&self) -> Vec<String> {
        let n = self.games.len();
        let k = self.entries.len();
        let mut out = vec![format!(
            "{}: {n} games, seats {} (rotating)",
            self.game,
            self.entries
                .iter()
                .map(|l| l.name())
                .collect::<Vec<_>>()
                .join(",")
        )];
        for (e, w) in self.wins().iter().enumerate() {
            let (lo, hi) = wilson(*w, n);
            out.push(format!(
                "entry {e} ({}): {w} wins, {:.1}% (95% interval {:.1}–{:.1}%)",
                self.entries[e].name(),
                pct(*w, n),
                lo * 100.0,
                hi * 100.0
            ));
        }
        for (e, (shots, hits)) in self.aim().iter().enumerate() {
            if *shots > 0 {
                out.push(format!(
                    "entry {e} ({}): {hits} hits in {shots} shots, {:.1}%",
                    self.entries[e].name(),
                    pct(*hits, *shots)
                ));
            }
        }
        let unfinished = self.games.iter().filter(|g| g.unfinished).count();
        out.push(format!(
            "shared first places: {} (of them unfinished at the move cap: {unfinished})",
            self.shared()
        ));
        let (lo, hi) = wilson(self.start_seat_wins(), n);
        out.push(format!(
            "start seat won {} of {n}: {:.1}% (95% interval {:.1}–{:.1}%; a fair share is {:.1}%)",
            self.start_seat_wins(),
            pct(self.start_seat_wins(), n),
            lo * 100.0,
            hi * 100.0,
            100.0 / k.max(1) as f64
        ));
        out.push(format!(
            "mean length: {:.1} moves, {:.1} shots",
            self.mean_moves(),
            self.mean_shots()
        ));
        out
    }
}

fn pct(w: usize, n: usize) -> f64 {
    100.0 * w as f64 / n.max(1) as f64
}

/// The Wilson score interval (95%) of `w` successes in `n` trials.
pub fn wilson(w: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let n = n as f64;
    let p = w as f64 / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / d;
    ((c - h).max(0.0), (c + h).min(1.0))
}

/// Plays `games` bot-only games of `game`, one seat per entry, rotating the seats each game
/// (entry e sits in seat (e + game) mod seats), seeds `seed`, `seed + 1`…
pub fn play(
    game: &str,
    entries: &[Level],
    games: usize,
    seed: u64,
    options: &[String],
) -> Result<Tournament, String> {
    let info = games::info(game).map_err(|e| e.0)?;
    let k = entries.len();
    if k < info.min_seats || k > info.max_seats {
        return Err(format!(
            "{} takes {} to {} players, not {k} (one level per seat)",
            info.name, info.min_seats, info.max_seats
        ));
    }
    let mut t = Tournament {
        game: game.to_string(),
        entries: entries.to_vec(),
        games: Vec::with_capacity(games),
    };
    for i in 0..games {
        let seed = seed.wrapping_add(i as u64);
        let seat_entry: Vec<usize> = (0..k).map(|s| (s + k - i % k) % k).collect();
        let seats = default_seats(k, SeatKind::Bot)
            .into_iter()
            .zip(&seat_entry)
            .map(|(s, &e)| s.at(entries[e]))
            .collect();
        let header = Replay::new(
            game,
            &engine::games::new_game_options(game, options),
            seats,
            seed,
        );
        let mut d = headless::driver_for(&header).map_err(|e| e.0)?;
        let mut aim = vec![(0usize, 0usize); k];
        let mut unfinished = false;
        let stuck = |e: engine::core::driver::DriveError| format!("game {i} (seed {seed}): {e}");
        while !d.game().is_over() {
            if d.within_cap().is_err() {
                // A table where no shot can change anything any more (every tower left full or
                // roofed…): no winner; counted as unfinished and as a shared first place.
                unfinished = true;
                break;
            }
            let before = d.game().launch_prompt().map(|_| d.game().clone_game());
            let mv = d.bot_turn().map_err(stuck)?;
            if let (Some(g), Some(o)) = (before, mv.outcome.as_ref()) {
                if let Some(hit) = g.shot_hit(o) {
                    let e = seat_entry[mv.seat as usize];
                    aim[e].0 += 1;
                    aim[e].1 += usize::from(hit);
                }
            }
        }
        let moves = &d.session.replay.moves;
        t.games.push(TournamentGame {
            seed,
            seat_entry,
            start_seat: moves.first().map(|m| m.seat as usize).unwrap_or(0),
            winner: if unfinished {
                None
            } else {
                d.game().ranking().winner()
            },
            unfinished,
            moves: moves.len(),
            shots: moves.iter().filter(|m| m.is_shot()).count(),
            scores: d.game().scores(),
            aim,
        });
    }
    Ok(t)
}

/// `referee tournament --game ID --seats LEVEL,LEVEL... [--games N] [--seed S] [--option NAME]...
/// [--tsv FILE]`.
pub fn tournament_command(args: &[String]) -> RunResult {
    let mut r = RunResult::default();
    let refuse = |r: &mut RunResult, msg: String| {
        r.code = 2;
        r.err.push(format!("tournament: {msg}"));
        r.err.push(crate::cli::usage());
    };
    let flags = match Flags::parse(
        "tournament",
        args,
        &[
            "--game", "--seats", "--games", "--seed", "--option", "--tsv",
        ],
        &["--option"],
        &[],
        0,
    ) {
        Ok(f) => f,
        Err(e) => {
            r.code = 2;
            r.err.push(e);
            r.err.push(crate::cli::usage());
            return r;
        }
    };
    let Some(game) = flags.value("--game") else {
        refuse(&mut r, "--game is required".into());
        return r;
    };
    let Some(seats) = flags.value("--seats") else {
        refuse(
            &mut r,
            "--seats is required (one level per seat: hard,easy)".into(),
        );
        return r;
    };
    let entries = match parse_levels(seats) {
        Ok(l) => l,
        Err(e) => {
            refuse(&mut r, e);
            return r;
        }
    };
    let games = match number(flags.value("--games"), 200, "--games") {
        Ok(0) => {
            refuse(&mut r, "--games must be at least 1".into());
            return r;
        }
        Ok(n) => n as usize,
        Err(e) => {
            refuse(&mut r, e);
            return r;
        }
    };
    let seed = match number(flags.value("--seed"), 1, "--seed") {
        Ok(s) => s,
        Err(e) => {
            refuse(&mut r, e);
            return r;
        }
    };
    let t = match play(game, &entries, games, seed, &flags.all("--option")) {
        Ok(t) => t,
        Err(e) => {
            r.code = if e.contains("takes") || e.contains("unknown") {
                2
            } else {
                1
            };
            r.err.push(format!("tournament: {e}"));
            return r;
        }
    };
    let path = flags
        .value("--tsv")
        .map(str::to_string)
        .unwrap_or_else(|| format!("tournament-{game}.tsv"));
    if let Err(e) = headless::write_atomically(&path, &t.tsv()) {
        r.code = 2;
        r.err.push(format!("tournament: {e}"));
        return r;
    }
    r.out.extend(t.report());
    r.out.push(format!("games written to {}", shown(&path)));
    r.out.push(t.json());
    r
}

fn number(v: Option<&str>, default: u64, name: &str) -> Result<u64, String> {
    match v {
        None => Ok(default),
        Some(v) => v
            .parse()
            .map_err(|_| format!("{name} expects a number, not {}", shown(v))),
    }
}

/// `referee aim --game ID [--players N] [--positions P] [--tries T] [--seed S]`: how each level's
/// shots come off on the same positions (`headless::aim_survey`); `--skip N` surveys each game
/// only after its first N shots.
pub fn aim_command(args: &[String]) -> RunResult {
    let mut r = RunResult::default();
    let flags = match Flags::parse(
        "aim",
        args,
        &[
            "--game",
            "--players",
            "--positions",
            "--tries",
            "--seed",
            "--skip",
        ],
        &[],
        &[],
        0,
    ) {
        Ok(f) => f,
        Err(e) => {
            r.code = 2;
            r.err.push(e);
            return r;
        }
    };
    let Some(game) = flags.value("--game") else {
        r.code = 2;
        r.err.push("aim: --game is required".into());
        return r;
    };
    let parsed = (|| {
        Ok::<_, String>((
            number(flags.value("--players"), 2, "--players")? as usize,
            number(flags.value("--positions"), 40, "--positions")? as usize,
            number(flags.value("--tries"), 5, "--tries")? as usize,
            number(flags.value("--seed"), 1, "--seed")?,
            number(flags.value("--skip"), 0, "--skip")? as usize,
        ))
    })();
    let (players, positions, tries, seed, skip) = match parsed {
        Ok(p) => p,
        Err(e) => {
            r.code = 2;
            r.err.push(format!("aim: {e}"));
            return r;
        }
    };
    match headless::aim_survey_after(game, players, seed, skip, positions, tries, &Level::ALL) {
        Ok(survey) => {
            r.out
                .push("level\tshots\tcame_off\tin_any_tower\ton_target".into());
            for s in survey {
                let share = |v: Option<f64>| {
                    v.map(|v| format!("{:.1}%", 100.0 * v))
                        .unwrap_or_else(|| "-".into())
                };
                r.out.push(format!(
                    "{}\t{}\t{:.1}%\t{}\t{}",
                    s.level.name(),
                    s.shots,
                    100.0 * s.came_off_share(),
                    share(headless::hit_fact(game).map(|_| s.hit_share())),
                    share(s.target_hit_share())
                ));
            }
        }
        Err(e) => {
            r.code = 2;
            r.err.push(format!("aim: {e}"));
        }
    }
    r
}
