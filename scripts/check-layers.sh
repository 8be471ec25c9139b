#!/usr/bin/env bash
# Fails if a layer reaches upwards or std transcendental math sits on the simulation path.
set -uo pipefail
cd "$(dirname "$0")/.."
fail=0
bad() { echo "layer rule broken: $*"; fail=1; }
hits=$(grep -rnE 'macroquad' src/core src/physics 2>/dev/null)
[ -n "$hits" ] && bad "core/ or physics/ uses macroquad:"$'\n'"$hits"
hits=$(grep -rnE 'rapier2d|crate::physics|super::super::physics' src/core 2>/dev/null)
[ -n "$hits" ] && bad "core/ uses rapier or physics:"$'\n'"$hits"
hits=$(grep -rnE 'rapier2d|crate::physics|macroquad' src/games/*/rules.rs src/games/*/rules/ 2>/dev/null)
[ -n "$hits" ] && bad "a game's rules.rs uses physics or the window:"$'\n'"$hits"
hits=$(grep -rnE 'macroquad' src/games 2>/dev/null | grep -v '/view\.rs:')
[ -n "$hits" ] && bad "games/ uses macroquad outside view.rs:"$'\n'"$hits"
# std float functions whose bits differ between platforms (method form and f32::/f64:: path form);
# sqrt, mul_add, powi, to_radians are exact or plain arithmetic. Same list as tests/layers.rs.
T='sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|exp|exp2|exp_m1|ln|ln_1p|log|log2|log10|powf|cbrt|hypot|sin_cos'
hits=$(grep -rnE "\.($T)\(|\bf(32|64)::($T)\b" src/core src/physics src/games 2>/dev/null | grep -v '/view\.rs:')
[ -n "$hits" ] && bad "std transcendental math on the simulation path (use libm):"$'\n'"$hits"
grep -qE '^rapier2d.*enhanced-determinism' Cargo.toml \
  || bad "Cargo.toml: rapier2d must enable enhanced-determinism (rapier's own math through libm)"
[ $fail -eq 0 ] && echo "layers ok"
exit $fail
