//! What the command lines share: strict flags, reading a file from outside, the usage text.

use engine::core::strict_json::shown;
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

    pub(crate) fn num<T: std::str::FromStr>(
        &self,
        name: &str,
        default: Option<T>,
    ) -> Result<T, String> {
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

/// The referee's usage text, ending with the ids of the games it plays (the registry's).
pub fn usage() -> String {
    let ids: Vec<&str> = games::GAMES
        .iter()
        .filter(|g| g.available)
        .map(|g| g.id)
        .collect();
    format!("{USAGE}\ngame ids: {}", ids.join(", "))
}

const USAGE: &str = "usage:
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
  referee challenge --game ID --date YYYY-MM-DD   (the day's challenge: its goal and its game)
  referee challenge --game ID --date D --play LEVEL --out FILE [--seed S]   (a bot plays it)
  referee challenge --game ID --date D --verify FILE [--claim N]   (re-simulated and scored)
  referee games   (available games: id, min seats, max seats)
  referee bench [--game ID]... [--reps N] [--replays DIR] [--tsv] [--no-selfplay]
  referee bench --bots [--game ID]... [--seed S] [--no-baseline]   (Hard decision wall and CPU times, whole-game times)";
