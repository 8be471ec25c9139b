//! A throwaway PostgreSQL server for the tests and the benchmark: `initdb` into a folder of its
//! own under the system's temporary folder, started with `pg_ctl` on a free loopback port (its
//! socket in that folder too), stopped and removed when dropped. The binaries are found through
//! `CT_PG_BIN`, the `PATH`, `pg_config --bindir` or Debian's `/usr/lib/postgresql/*/bin`.
//!
//! PostgreSQL refuses to run as root: run as root (as CI is), the cluster is made and run as the
//! unprivileged user `nobody` through `runuser`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// What a test prints when PostgreSQL is not installed (and passes), unless
/// `CT_REQUIRE_POSTGRES=1` (set by `.ci/run`) makes that a failure.
pub const NOT_INSTALLED: &str = "SKIP: PostgreSQL is not installed (no initdb and pg_ctl found on \
the PATH, through pg_config or in /usr/lib/postgresql; Debian: apt-get install postgresql)";

pub struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    run_as: Option<&'static str>,
    pub port: u16,
    /// `postgres://…` for the cluster's `postgres` database.
    pub url: String,
}

fn has_tools(dir: &Path) -> bool {
    dir.join("initdb").is_file() && dir.join("pg_ctl").is_file() && dir.join("postgres").is_file()
}

/// The folder holding `initdb`, `pg_ctl` and `postgres`, if PostgreSQL is installed.
pub fn find_bin() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("CT_PG_BIN") {
        let d = PathBuf::from(d);
        return has_tools(&d).then_some(d);
    }
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    // A PATH entry may hold links to the real binaries (which find their share files beside
    // them): follow initdb's link to its folder.
    for d in on_path {
        if has_tools(&d) {
            let real = std::fs::canonicalize(d.join("initdb"))
                .ok()
                .and_then(|p| p.parent().map(Path::to_path_buf))
                .filter(|r| has_tools(r));
            return Some(real.unwrap_or(d));
        }
    }
    if let Ok(out) = Command::new("pg_config").arg("--bindir").output() {
        let d = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        if out.status.success() && has_tools(&d) {
            return Some(d);
        }
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_string_lossy().parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            has_tools(&bin).then_some((v, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, b)| b)
}

fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self")
        .map(|m| m.uid() == 0)
        .unwrap_or(false)
}

fn free_port() -> Result<u16, String> {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))
}

impl Cluster {
    /// Makes and starts a cluster; `Ok(None)` when PostgreSQL is not installed.
    pub fn start(what: &str) -> Result<Option<Cluster>, String> {
        let Some(bin) = find_bin() else {
            return Ok(None);
        };
        let n = NEXT.fetch_add(1, Ordering::SeqCst);
        let dir =
            std::env::temp_dir().join(format!("ct-postgres-{what}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let run_as = if is_root() { Some("nobody") } else { None };
        if let Some(user) = run_as {
            let ok = Command::new("chown")
                .arg(format!("{user}:"))
                .arg(&dir)
                .status()
                .map(|s| s.success())
                .unwrap_or(false);
            if !ok {
                return Err(format!("cannot give {} to {user}", dir.display()));
            }
        }
        let mut c = Cluster {
            dir,
            bin,
            run_as,
            port: 0,
            url: String::new(),
        };
        let data = c.dir.join("data");
        c.pg("initdb", |cmd| {
            cmd.arg("-D")
                .arg(&data)
                .args(["-U", "ct", "--auth=trust", "-E", "UTF8", "--no-sync"]);
        })?;
        let mut last = String::new();
        for _ in 0..3 {
            let port = free_port()?;
            let options = format!(
                "-p {port} -k {} -c listen_addresses=127.0.0.1 -c max_connections=200",
                c.dir.display()
            );
            let log = c.dir.join("log.txt");
            match c.pg("pg_ctl", |cmd| {
                cmd.arg("-D")
                    .arg(&data)
                    .arg("-l")
                    .arg(&log)
                    .args(["-w", "-t", "60", "-o", &options, "start"]);
            }) {
                Ok(()) => {
                    c.port = port;
                    c.url = format!("postgres://ct@127.0.0.1:{port}/postgres");
                    return Ok(Some(c));
                }
                Err(e) => {
                    last = format!("{e}\n{}", std::fs::read_to_string(&log).unwrap_or_default())
                }
            }
        }
        Err(last)
    }

    /// Runs one of PostgreSQL's programs (as `nobody` when run as root), in the cluster's
    /// folder; its output is kept for the error.
    fn pg(&self, program: &str, args: impl FnOnce(&mut Command)) -> Result<(), String> {
        let exe = self.bin.join(program);
        let mut cmd = match self.run_as {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(&exe);
                c
            }
            None => Command::new(&exe),
        };
        args(&mut cmd);
        let out = cmd
            .current_dir(&self.dir)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!(
                "{program} failed: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.dir.join("data");
        let _ = self.pg("pg_ctl", |cmd| {
            cmd.arg("-D")
                .arg(&data)
                .args(["-m", "immediate", "-w", "stop"]);
        });
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
