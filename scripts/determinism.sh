#!/usr/bin/env bash
# Determinism proof: the same replays give the same per-move outcome hashes natively and in wasm.
#
#   scripts/determinism.sh                   build, generate (or reuse) the corpus, compare
#   scripts/determinism.sh --update-goldens  re-record tests/golden/<game>/ (deliberate physics
#                                            or rules change: say why in the commit), then compare
#   scripts/determinism.sh --fresh           regenerate the corpus even if a cached one matches
#
# Environment: DET_PER_GAME (replays per game in the corpus, default 3, raised until there are 20
# in all; every seat count gets at least one), DET_WASM_RUSTFLAGS (default
# "-C target-feature=+simd128", as the web build), DET_JOBS (default 2), DET_NOSIMD=1 (also trace
# with a wasm build without SIMD: one more release build), DET_WEB=0 (skip the web build's trace),
# PLAYWRIGHT_CORE / CHROMIUM (see tests/wasm/web-trace.mjs), DET_FIXTURE=1 (build the referees and
# the web build with the practice game, feature fixture-game: it joins the corpus by its registry
# line alone; its replays are never recorded as goldens).
#
# What it does (docs/determinism.md):
#  1. builds the release referee natively and for wasm32-wasip1 (run by Node's WASI);
#  2. checks that rapier's enhanced-determinism (libm math in rapier, parry, glam, simba) is on;
#  3. corpus: `referee selfplay` for every available game (engine/src/games/mod.rs GAMES), every seat
#     count, several seeds; cached under target/determinism/ by a hash of the sources;
#  4. `referee trace` over corpus + goldens natively and in wasm: one line per move with the
#     re-simulated outcome hash, steps, facts digest and a rules-state digest, then the summary;
#     also the synthetic scenes frame by frame. Fails on the first differing line, naming the
#     replay and the move; fails if a native re-simulation differs from its recording;
#  5. the same traces inside the shipped web build (wasm32-unknown-unknown, profile web) through
#     its ct_det_* exports: in headless Chromium when available, else in Node.
# Last line: `determinism: N replays identical (native = wasm)`.
set -euo pipefail
cd "$(dirname "$0")/.."

update_goldens=0
fresh=0
for a in "$@"; do
  case "$a" in
    --update-goldens) update_goldens=1 ;;
    --fresh) fresh=1 ;;
    *) echo "usage: scripts/determinism.sh [--update-goldens] [--fresh]"; exit 2 ;;
  esac
done

say() { printf '\n== %s\n' "$*"; }
die() { echo "determinism: FAILED: $*" >&2; exit 1; }

PER_GAME=${DET_PER_GAME:-3}
JOBS=${DET_JOBS:-2}
export CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="${DET_WASM_RUSTFLAGS:--C target-feature=+simd128}"
T=${CARGO_TARGET_DIR:-target}
NATIVE=$T/release/referee
WASM=$T/wasm32-wasip1/release/referee.wasm
RUNNER=tests/wasm/run-wasi.mjs
NODE=(node --disable-warning=ExperimentalWarning "$RUNNER" "$WASM")

command -v node >/dev/null 2>&1 || die "node (20+) is needed to run the wasm referee"
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 20 ] || die "node $node_major is too old: node:wasi preview1 needs Node 20+"
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-wasip1; then
  say "installing the wasm32-wasip1 target"
  rustup target add wasm32-wasip1
fi

say "building the referee (release): native and wasm32-wasip1 ($CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS)"
REF_FEATURES=()
APP_FEATURES=()
if [ "${DET_FIXTURE:-0}" = 1 ]; then
  REF_FEATURES=(--features tools/fixture-game)
  APP_FEATURES=(--features fixture-game)
  [ "$update_goldens" -eq 0 ] || die "DET_FIXTURE=1 with --update-goldens would record the practice game"
fi
cargo build --release ${CT_NATIVE_FEATURES:-} "${REF_FEATURES[@]}" --bin referee
cargo build --release --target wasm32-wasip1 "${REF_FEATURES[@]}" --bin referee
[ -f "$WASM" ] || die "$WASM was not built"

say "rapier's own math: enhanced-determinism (libm) must be on"
features=$(cargo tree -e features --prefix none 2>/dev/null)
for f in 'rapier2d feature "enhanced-determinism"' 'parry2d feature "enhanced-determinism"' \
         'simba feature "libm_force"' 'glam feature "libm"' 'glamx feature "libm"'; do
  grep -qF "$f" <<<"$features" || die "$f is not enabled (Cargo.toml: rapier2d features)"
  echo "ok: $f"
done

mapfile -t GAME_LINES < <("$NATIVE" games)
if [ "${#GAME_LINES[@]}" -eq 0 ]; then
  echo "no game is available yet (engine/src/games/mod.rs): the corpus is empty; synthetic scenes only"
fi

# The corpus depends on every source that can change an outcome.
key=$( { find src engine tools assets -type f 2>/dev/null | sort | xargs cat 2>/dev/null; cat Cargo.toml Cargo.lock; \
         echo "$PER_GAME ${GAME_LINES[*]:-}"; } | sha256sum | cut -c1-16)
CORPUS=$T/determinism/corpus-$key
WORK=$T/determinism/run
mkdir -p "$T/determinism" "$WORK"

# Jobs: one line "game players seed" per replay; at least 20 in all once a game exists.
plan_for() { # PER: one line per replay
  local line id lo hi counts k n s
  for line in "${GAME_LINES[@]}"; do
    read -r id lo hi <<<"$line"
    counts=$((hi - lo + 1))
    k=$(( ($1 + counts - 1) / counts ))
    for ((n = lo; n <= hi; n++)); do
      for ((s = 1; s <= k; s++)); do
        echo "$id $n $((s * 1000 + n))"
      done
    done
  done
}
plan() {
  local per=$PER_GAME
  [ "${#GAME_LINES[@]}" -gt 0 ] || return 0
  while [ "$(plan_for "$per" | wc -l)" -lt 20 ]; do per=$((per + 1)); done
  plan_for "$per"
}
mapfile -t JOBS_LIST < <(plan)

if [ $fresh -eq 1 ]; then rm -rf "$CORPUS"; fi
if [ -f "$CORPUS/complete" ]; then
  say "reusing the corpus $CORPUS (${#JOBS_LIST[@]} replays; sources unchanged)"
else
  say "generating the corpus: ${#JOBS_LIST[@]} selfplay replays ($JOBS at a time)"
  find "$T/determinism" -maxdepth 1 -name 'corpus-*' -type d -exec rm -rf {} +
  mkdir -p "$CORPUS"
  start=$(date +%s)
  if [ "${#JOBS_LIST[@]}" -gt 0 ]; then
    printf '%s\n' "${JOBS_LIST[@]}" | xargs -P "$JOBS" -L 1 sh -c '
      out="$1/$3-$4p-s$5.json"
      if ! "$2" selfplay --game "$3" --players "$4" --seed "$5" --out "$out" >"$out.summary" 2>"$out.err"; then
        echo "selfplay failed: $3, $4 players, seed $5: $(cat "$out.err")" >&2; exit 255
      fi' sh "$CORPUS" "$NATIVE" 2>&1 || die "corpus generation failed"
  fi
  touch "$CORPUS/complete"
  echo "corpus generated in $(( $(date +%s) - start )) s"
fi

if [ $update_goldens -eq 1 ]; then
  say "re-recording the golden replays (tests/golden/<game>/) and tests/golden/synthetic.expect"
  mkdir -p tests/golden
  "$NATIVE" trace --synthetic \
    | awk '/^== /{if(last!="")print last; print; last=""; next} /^frame /{last=$0} END{if(last!="")print last}' \
    >tests/golden/synthetic.expect
  for line in "${GAME_LINES[@]}"; do
    read -r id lo hi <<<"$line"
    dir=tests/golden/$id
    mkdir -p "$dir"
    mid=$(( (lo + hi) / 2 ))
    existing=$(find "$dir" -name '*.json' | sort)
    if [ -z "$existing" ]; then
      wanted="$lo 1
$mid 2
$hi 3"
    else
      wanted=$(for f in $existing; do b=$(basename "$f" .json); n=${b#"$id"-}; n=${n%%p-*}; s=${b##*-s}; echo "$n $s"; done)
    fi
    rm -f "$dir"/*.json "$dir"/*.expect
    while read -r n s; do
      [ -n "$n" ] || continue
      f="$dir/$id-${n}p-s$s.json"
      "$NATIVE" selfplay --game "$id" --players "$n" --seed "$s" --out "$f" >/dev/null \
        || die "selfplay for golden $f failed"
      "$NATIVE" trace "$f" | tail -n 2 >"$dir/$id-${n}p-s$s.expect"
      echo "recorded $f: $(head -c 200 "$dir/$id-${n}p-s$s.expect" | head -n 1)"
    done <<<"$wanted"
  done
fi

mapfile -t FILES < <( { find "$CORPUS" -name '*.json' 2>/dev/null; find tests/golden -name '*.json' 2>/dev/null; } | sort)
# Absolute paths: the wasm runner preopens each file's folder at the same path, so both traces
# print identical headers.
for i in "${!FILES[@]}"; do FILES[i]=$(realpath "${FILES[i]}"); done

compare() { # name native.txt wasm.txt
  local name=$1 a=$2 b=$3
  if cmp -s "$a" "$b"; then return 0; fi
  local line
  local c
  c=$(cmp "$a" "$b" 2>&1 || true)
  line=$(sed -n 's/.* line \([0-9]*\).*/\1/p' <<<"$c")
  # "EOF on FILE after byte B, line L": the shorter trace stopped after line L.
  if grep -q EOF <<<"$c" && [ -n "$line" ]; then line=$((line + 1)); fi
  [ -n "$line" ] || line=$(( $(wc -l <"$a") + 1 ))
  local file
  file=$(head -n "$line" "$a" | grep '^== ' | tail -n 1 | cut -c4-)
  echo "first difference ($name), line $line, in ${file:-?}:" >&2
  echo "  native: $(sed -n "${line}p" "$a")" >&2
  echo "  wasm:   $(sed -n "${line}p" "$b")" >&2
  die "$name: ${file:-?} diverges at: $(sed -n "${line}p" "$a" | cut -d' ' -f1-4)"
}

say "synthetic scenes, frame by frame: native vs wasm"
"$NATIVE" trace --synthetic >"$WORK/synthetic.native"
"${NODE[@]}" trace --synthetic >"$WORK/synthetic.wasm"
compare "synthetic scenes" "$WORK/synthetic.native" "$WORK/synthetic.wasm"
echo "$(grep -c '^frame' "$WORK/synthetic.native") frames of 2 synthetic scenes identical"

if [ "${#FILES[@]}" -gt 0 ]; then
  say "tracing ${#FILES[@]} replays natively"
  t0=$(date +%s%N)
  native_ok=1
  "$NATIVE" trace "${FILES[@]}" >"$WORK/replays.native" 2>"$WORK/replays.native.err" || native_ok=0
  t1=$(date +%s%N)
  say "tracing ${#FILES[@]} replays in wasm (node)"
  wasm_ok=1
  "${NODE[@]}" trace "${FILES[@]}" >"$WORK/replays.wasm" 2>"$WORK/replays.wasm.err" || wasm_ok=0
  t2=$(date +%s%N)
  echo "native $(( (t1 - t0) / 1000000 )) ms, wasm $(( (t2 - t1) / 1000000 )) ms (wall, incl. startup)"
  compare "replays" "$WORK/replays.native" "$WORK/replays.wasm"
  if [ "${DET_NOSIMD:-0}" = 1 ]; then
    say "also a wasm build without SIMD (DET_NOSIMD=1)"
    CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="" cargo build --release --target wasm32-wasip1 \
      "${REF_FEATURES[@]}" --bin referee --target-dir "$T/wasm-nosimd"
    node --disable-warning=ExperimentalWarning "$RUNNER" "$T/wasm-nosimd/wasm32-wasip1/release/referee.wasm" \
      trace "${FILES[@]}" >"$WORK/replays.nosimd" || true
    compare "replays, wasm without SIMD" "$WORK/replays.native" "$WORK/replays.nosimd"
    echo "the wasm build without SIMD agrees as well"
  fi
  if [ $native_ok -eq 0 ]; then
    cat "$WORK/replays.native.err" >&2
    die "a replay does not re-simulate to its recorded outcome natively (stale goldens? run scripts/determinism.sh --update-goldens deliberately)"
  fi
  [ $wasm_ok -eq 1 ] || { cat "$WORK/replays.wasm.err" >&2; die "the wasm trace failed"; }
  summaries=$(grep -c '^{"game"' "$WORK/replays.native" || true)
  [ "$summaries" -eq "${#FILES[@]}" ] || die "expected ${#FILES[@]} summary lines, got $summaries"
  shots=$(grep -c ' sim ' "$WORK/replays.native" || true)
  moves=$(grep -c '^move ' "$WORK/replays.native" || true)
  echo "${#FILES[@]} summary lines, $moves moves, $shots re-simulated shots: identical"
fi

# The shipped web build (wasm32-unknown-unknown, profile web, as ./build.sh web makes it): its
# ct_det_* exports (src/web_probe.rs) trace the same replays; in headless Chromium when available,
# else in Node. Same comparison, same failure messages.
web_note=""
if [ "${DET_WEB:-1}" = 1 ]; then
  say "the web build (as shipped): wasm32-unknown-unknown, profile web"
  rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
    || rustup target add wasm32-unknown-unknown
  RUSTFLAGS="${WEB_RUSTFLAGS:--C target-feature=+simd128}" \
    cargo build --profile web --target wasm32-unknown-unknown "${APP_FEATURES[@]}" --bin catapult-table
  WEB=$T/wasm32-unknown-unknown/web/catapult-table.wasm
  # dist/ holds what ships (after wasm-opt when ./build.sh web found it): trace that file when it
  # was made from this build.
  if [ "${DET_FIXTURE:-0}" != 1 ] && [ -f dist/catapult-table.wasm ] && [ ! dist/catapult-table.wasm -ot "$WEB" ]; then
    WEB=dist/catapult-table.wasm
  fi
  echo "tracing $WEB"
  if ! node -e "const m = new WebAssembly.Module(require('fs').readFileSync(process.argv[1]));
      process.exit(WebAssembly.Module.exports(m).some(e => e.name === 'ct_det_trace') ? 0 : 1)" "$WEB"; then
    web_note="web build: not traced (its wasm exports no ct_det_trace: the binary does not link the library yet)"
    echo "$web_note"
  else
    where=chromium
    web_args=(--browser)
    node tests/wasm/web-trace.mjs "$WEB" --browser --synthetic >"$WORK/synthetic.web" 2>"$WORK/web.err" || {
      rc=$?
      [ $rc -eq 3 ] || { cat "$WORK/web.err" >&2; die "the web build's synthetic trace failed in Chromium"; }
      echo "SKIPPING Chromium: $(cat "$WORK/web.err"); tracing the web build in Node instead"
      where=node
      web_args=()
      node tests/wasm/web-trace.mjs "$WEB" --synthetic >"$WORK/synthetic.web"
    }
    compare "synthetic scenes, web build in $where" "$WORK/synthetic.native" "$WORK/synthetic.web"
    if [ "${#FILES[@]}" -gt 0 ]; then
      t0=$(date +%s%N)
      node tests/wasm/web-trace.mjs "$WEB" "${web_args[@]}" "${FILES[@]}" >"$WORK/replays.web" || true
      echo "web build in $where: $(( ($(date +%s%N) - t0) / 1000000 )) ms"
      compare "replays, web build in $where" "$WORK/replays.native" "$WORK/replays.web"
    fi
    web_note="web build (as shipped) in $where: ${#FILES[@]} replays and the synthetic scenes identical"
    echo "$web_note"
  fi
fi

N=${#FILES[@]}
if [ "$N" -eq 0 ]; then
  [ "${#GAME_LINES[@]}" -eq 0 ] || die "games are available but no replay was traced"
  echo "N = 0: no game is available yet; only the synthetic scenes were compared (identical)"
fi
echo "determinism: $N replays identical (native = wasm)"
