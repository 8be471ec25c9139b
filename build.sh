#!/usr/bin/env bash
# Catapult Table build script. Usage: ./build.sh [native|web|serve|test|determinism|bench|fuzz]
set -euo pipefail
cd "$(dirname "$0")"

say() { printf '\n== %s\n' "$*"; }

# Sound on a Linux desktop links ALSA (found through pkg-config; Debian: libasound2-dev). A fresh
# machine with only rustup has neither, so native builds then go without sound (the `audio`
# feature off) instead of failing at link time; the web build always has sound.
# CT_AUDIO=1 or CT_AUDIO=0 overrides the detection.
native_features() {
  case "${CT_AUDIO:-}" in
    1) return ;;
    0) echo "--no-default-features"; return ;;
  esac
  if [ "$(uname -s)" = Linux ] && ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists alsa 2>/dev/null; }; then
    echo "--no-default-features"
  fi
}
CT_NATIVE_FEATURES=$(native_features)
export CT_NATIVE_FEATURES
if [ -n "$CT_NATIVE_FEATURES" ] && [ "${1:-native}" != web ] && [ "${1:-native}" != serve ]; then
  echo "note: no ALSA development files (apt-get install libasound2-dev pkg-config): native builds go without sound"
fi

ensure_wasm_target() {
  local target=$1
  if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    say "installing the $target target"
    rustup target add "$target"
  fi
}

build_native() {
  say "native release build"
  cargo build --release --bins $CT_NATIVE_FEATURES
  echo "play: ./target/release/catapult-table    referee: ./target/release/referee"
}

gzip_size() { gzip -9 -c "$1" | wc -c; }

build_web() {
  ensure_wasm_target wasm32-unknown-unknown
  # WEB_PROFILE=dev (faster to build, much larger) and WEB_FEATURES=fixture-game are for
  # developing the app; a shipped build uses the defaults.
  local profile=${WEB_PROFILE:-web}
  local features=${WEB_FEATURES:-}
  say "web build (profile $profile${features:+, features $features}) into dist/"
  RUSTFLAGS="${WEB_RUSTFLAGS:--C target-feature=+simd128}" \
    cargo build --profile "$profile" --target wasm32-unknown-unknown --bin catapult-table \
    ${features:+--features "$features"}
  local dir=$profile
  [ "$profile" = dev ] && dir=debug
  rm -rf dist && mkdir -p dist
  cp "target/wasm32-unknown-unknown/$dir/catapult-table.wasm" dist/catapult-table.wasm
  if [ "$profile" != dev ] && command -v wasm-opt >/dev/null 2>&1; then
    wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
      --enable-mutable-globals --enable-simd dist/catapult-table.wasm -o dist/catapult-table.opt.wasm \
      && mv dist/catapult-table.opt.wasm dist/catapult-table.wasm \
      || echo "wasm-opt failed; keeping the unoptimised wasm"
  fi
  cp -r web/. dist/
  # The service worker's cache is named after this build, so a new build replaces the old cache.
  local build_id
  build_id=$(find dist -type f ! -name sw.js -print0 | sort -z | xargs -0 cat | sha256sum | cut -c1-12)
  sed -i "s/__BUILD__/$build_id/" dist/sw.js
  # Precompressed copies for servers that send them (catapult-table-server does; `serve` adds
  # brotli ones with the server's --precompress, as Debian's brotli tool is not installed here).
  find dist -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.html' -o -name '*.json' -o -name '*.css' -o -name '*.svg' \) \
    -exec gzip -9 -k -n -f {} \;
  if command -v brotli >/dev/null 2>&1; then
    find dist -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.html' -o -name '*.json' -o -name '*.css' -o -name '*.svg' \) \
      -exec brotli -q 11 -k -f {} \;
  fi
  web_sizes
}

web_sizes() {
  say "dist/ sizes (raw / gzip -9)"
  local total_raw=0 total_gz=0
  while IFS= read -r f; do
    local raw gz
    raw=$(wc -c <"$f"); gz=$(gzip_size "$f")
    total_raw=$((total_raw + raw)); total_gz=$((total_gz + gz))
    printf '%-40s %10d %10d\n' "${f#dist/}" "$raw" "$gz"
  done < <(find dist -type f ! -name '*.gz' ! -name '*.br' | sort)
  printf '%-40s %10d %10d\n' "TOTAL" "$total_raw" "$total_gz"
  # Issue #15's target for the whole dist/ (docs/web.md, "Size" says where the bytes go).
  local target=650000
  if [ "$total_gz" -le "$target" ]; then
    echo "gzip total within the 650 KB target ($((target - total_gz)) bytes to spare)"
  else
    echo "gzip total over the 650 KB target by $((total_gz - target)) bytes (docs/web.md, \"Size\")"
  fi
}

# The web game and online rooms (docs/online.md): the game server on 127.0.0.1 only; rooms are
# kept in server-data/ between runs. ADDR=0.0.0.0:8080 lets others on the network in.
serve() {
  build_web
  say "game server build (release)"
  cargo build --release -p catapult-table-server
  ./target/release/catapult-table-server --precompress dist
  local addr=${ADDR:-127.0.0.1:${PORT:-8080}}
  say "serving the game at http://$addr/ with rooms at ws://$addr/ws  (Ctrl-C to stop)"
  exec ./target/release/catapult-table-server --addr "$addr" --data "${DATA:-server-data}" --dist dist
}

run_tests() {
  say "cargo fmt --check"
  cargo fmt --all -- --check
  say "layer rules (tests/layers.rs)"
  cargo test --quiet $CT_NATIVE_FEATURES --test layers
  say "cargo clippy --all-targets -- -D warnings"
  cargo clippy --all-targets $CT_NATIVE_FEATURES -- -D warnings
  say "cargo test"
  cargo test --all-targets --no-fail-fast $CT_NATIVE_FEATURES
  say "wasm: nothing the browser build uses may pull in wasm-bindgen"
  ensure_wasm_target wasm32-unknown-unknown
  # The server (and its database drivers) never goes to wasm; the app, engine and tools do.
  if cargo tree -p catapult-table -p engine -p tools --target wasm32-unknown-unknown -i wasm-bindgen >/dev/null 2>&1; then
    echo "wasm-bindgen is in the wasm dependency tree"; exit 1
  fi
  build_web
  # The browser tests of online rooms start the real game server (tests/e2e/online.mjs).
  say "game server build (release) for the browser tests"
  cargo build --release -p catapult-table-server
  if [ -x scripts/determinism.sh ]; then
    if command -v node >/dev/null 2>&1; then
      ./scripts/determinism.sh
    else
      say "SKIPPING the native = wasm determinism check: Node.js 20+ is not installed (it runs the wasm referee; apt-get install nodejs)"
    fi
  fi
  if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
    if [ -d tests/e2e ] && [ -f tests/e2e/package.json ]; then
      say "browser tests (headless Chromium)"
      (cd tests/e2e && { [ -d node_modules/playwright-core ] || npm install --no-audit --no-fund; } && node run.mjs)
    else
      echo "no browser tests found in tests/e2e"
    fi
  else
    say "SKIPPING browser tests: chromium is not installed (apt-get install chromium)"
  fi
  say "all tests passed"
}

# The long fuzz run (docs/reliability.md): parser inputs, whole games per game (outcome-only
# shots), randomized simulated shots per game. Counts can be lowered for a partial run, e.g.
# CT_FUZZ_PARSER=100000 CT_FUZZ_GAMES=1000 CT_FUZZ_SHOTS=1000 ./build.sh fuzz
run_fuzz() {
  say "long fuzz run (release)"
  CT_FUZZ_PARSER=${CT_FUZZ_PARSER:-1000000} CT_FUZZ_GAMES=${CT_FUZZ_GAMES:-100000} \
    CT_FUZZ_SHOTS=${CT_FUZZ_SHOTS:-10000} \
    cargo test --release $CT_NATIVE_FEATURES --test fuzz_parser --test fuzz_games --test fuzz_shots \
    -- --ignored --nocapture --test-threads 1
}

case "${1:-native}" in
  native) build_native ;;
  web) build_web ;;
  serve) serve ;;
  test) run_tests ;;
  determinism) ./scripts/determinism.sh ;;
  bench) ./scripts/bench.sh ;;
  fuzz) run_fuzz ;;
  sizes) web_sizes ;;
  *) echo "usage: ./build.sh [native|web|serve|test|determinism|bench|fuzz]"; exit 2 ;;
esac
