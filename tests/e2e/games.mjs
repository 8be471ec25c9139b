// How a scripted player performs each game's own gesture. New games need no entry: the defaults
// below follow the launcher kind the app reports (ct_input: 1 catapult, 2 toss, 3 flick,
// 4 wrist, 5 placement) and aim from the launcher towards the middle of the table. An entry
// overrides the defaults for a game whose target lies elsewhere, and may check the shot's facts.
//
// Units: fractions of the canvas's shorter side; screen y points down. `variants` (optional) runs
// the game more than once, each with its own setup-screen taps (options, seat kinds).
// `placeFirst`: drag-and-place a piece when both a placement and choices are offered (by
// default the scripted player takes the first choice). `toEnd` (optional): setup taps for a short
// game that a test plays to its results screen.

export const GAMES = {
  // The development fixture (only in builds with the `fixture-game` feature).
  // Its variants cover every launcher kind and a placement (setup taps pick the options).
  practice: {
    pull: [-0.17, 0.15],
    expectFacts: /ball_at|ball_fell/,
    variants: [
      { label: "practice (placement, then catapult)", taps: ["opt:3"], placeFirst: true },
      { label: "practice (toss)", taps: ["opt:0"] },
      { label: "practice (flick)", taps: ["opt:1"] },
      { label: "practice (wrist)", taps: ["opt:2"] },
    ],
    // One seat, a human, two shots: to the results screen.
    toEnd: { taps: ["seats-"], maxTurns: 6 },
  },
  castle: {},
  feud: {},
  // A tile map, no shots: its whole-game test (run.mjs) lays every tile by touch instead.
  carcassonne: { map: true },
  assault: {},
  catapults: {},
};

// Points (x, y in CSS pixels) and the pause between them (ms) for one gesture. `burst`: after
// the press, the rest of the swipe and the release are sent at once. The app measures a swipe's
// speed in frames, and a headless software-rendered browser may run at a few frames a second
// (each scripted touch event then waits for a frame): a burst keeps a flick quick there too.
export function gesturePath(kind, anchor, size, entry = {}) {
  const side = Math.min(size.w, size.h);
  const towards = anchor.x < size.w / 2 ? 1 : -1;
  const pts = [];
  if (kind === 1 || kind === 2) {
    // Drag-to-fire: press on the launcher, pull back away from the target, release.
    const [px, py] = entry.pull || [-0.16 * towards, 0.14];
    for (let i = 0; i <= 12; i++) {
      pts.push([anchor.x + (px * side * i) / 12, anchor.y + (py * side * i) / 12]);
    }
    return { pts, stepMs: 30 };
  }
  if (kind === 3) {
    // Flick: a quick swipe starting on the lever.
    const [sx, sy] = entry.swipe || [0.0, 0.2];
    for (let i = 0; i <= 3; i++) {
      pts.push([anchor.x + (sx * side * i) / 3, anchor.y + (sy * side * i) / 3]);
    }
    return { pts, stepMs: 16, burst: true };
  }
  if (kind === 4) {
    // Wrist throw: a quick flick out from the hand, slightly curved.
    const [sx, sy] = entry.swipe || [0.22 * towards, -0.2];
    for (let i = 0; i <= 4; i++) {
      const t = i / 4;
      const bend = 0.03 * side * Math.sin(Math.PI * t);
      pts.push([anchor.x + sx * side * t - bend * towards, anchor.y + sy * side * t - bend]);
    }
    return { pts, stepMs: 16, burst: true };
  }
  throw new Error(`no gesture for input kind ${kind}`);
}

// The acting human's move, plainly played: the game's own gesture for a shot, else a tap on the
// first choice; resolves once the app logs the move. `h.check` reports a turn with nothing to do.
export async function playPlainMove(tab, h) {
  const moves = await tab.q("ct_moves");
  const input = await tab.q("ct_input");
  const mark = tab.mark();
  if (input >= 1 && input <= 4) {
    const anchor = { x: await tab.q("ct_anchor_x"), y: await tab.q("ct_anchor_y") };
    const g = gesturePath(input, anchor, await tab.size(), {});
    await tab.drag(g.pts, g.stepMs, g.burst);
  } else {
    h.check(await tab.button("choice:0"), `nothing to do (input ${input})`);
    await tab.tapButton("choice:0");
  }
  await tab.waitLine(new RegExp(`^\\[ct\\] move ${moves + 1} `), 60000, mark);
  return moves;
}

// The key hash the app's probe finds buttons by: FNV-1a, 32 bits, as the app hashes button keys
// (src/app/probe.rs `key_hash`).
export function keyHash(key) {
  let h = 0x811c9dc5;
  for (const b of Buffer.from(key, "utf8")) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

// Debian's Chromium and the flags every browser test and benchmark launches it with.
export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
export const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--enable-unsafe-swiftshader",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
