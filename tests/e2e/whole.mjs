// Whole games by touch alone: one human seat (seat 0) against a bot, from the title screen to
// the results screen. Every human decision is a tap on its button, every shot the game's own
// gesture (drag-to-fire, wrist flick, lever flick), every placement a drag of the ghost and a
// tap on *Place*. The tests read the app through `[ct] …` console lines and `wasm_exports.ct_*`.

// A seeded pseudo-random sequence (mulberry32): the scripted player's aim varies from shot to
// shot like a person's, and the same every run.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Drives seat 0 until the results screen. `hooks.turn(tab, input, ctx)` may handle a turn
// itself (returns true); otherwise: 1/2 drag-to-fire with `hooks.pull(i)`, 3 a flick, 4 a wrist
// throw with `hooks.swipe(i)`, 5 drag the ghost a little and tap Place, 6 tap Let go, else tap
// `hooks.choice(input)` (default the first choice). Fails with a clear message past `budgetMs`.
export async function playOut(tab, h, hooks) {
  const { check, sleep, gesturePath } = h;
  const start = Date.now();
  const deadline = start + hooks.budgetMs;
  const stats = { shots: 0, decisions: 0, placements: 0, letGos: 0, refused: 0, turns: 0 };
  const size = await tab.size();
  const frames0 = await tab.q("ct_frames");
  const lines0 = tab.mark();
  const over = async () => (await tab.q("ct_screen")) === 6;
  for (;;) {
    const left = deadline - Date.now();
    check(left > 0, `the game did not end within ${hooks.budgetMs / 1000} s (stats ${JSON.stringify(stats)}, moves ${await tab.q("ct_moves")})`);
    await tab.waitFor(
      `a human turn or the results (budget ${hooks.budgetMs / 1000} s)`,
      async () => (await over()) || ((await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0),
      left
    );
    if (await over()) break;
    await sleep(60);
    if (await over()) break;
    const input = await tab.q("ct_input");
    const moves = await tab.q("ct_moves");
    const mark = tab.mark();
    stats.turns++;
    if (hooks.turn && (await hooks.turn(tab, input, stats))) {
      // handled
    } else if (input >= 1 && input <= 4) {
      const anchor = { x: await tab.q("ct_anchor_x"), y: await tab.q("ct_anchor_y") };
      const i = stats.shots;
      const entry = input === 1 || input === 2 ? { pull: hooks.pull?.(i, anchor, size) } : { swipe: hooks.swipe?.(i, anchor, size) };
      const g = gesturePath(input, anchor, size, entry);
      await tab.drag(g.pts, g.stepMs, g.burst);
      stats.shots++;
    } else if (input === 5) {
      const ax = await tab.q("ct_anchor_x");
      const ay = await tab.q("ct_anchor_y");
      await tab.drag([[ax, ay], [ax + 10, ay], [ax + 20, ay]], 40);
      await tab.tapButton("place");
      stats.placements++;
    } else if (input === 6) {
      await tab.tapButton("release");
      stats.letGos++;
    } else {
      const key = hooks.choice ? await hooks.choice(tab, input) : "choice:0";
      check(await tab.button(key), `seat 0 has nothing to do (input ${input}, no ${key})`);
      await tab.tapButton(key);
      stats.decisions++;
    }
    const got = await tab.waitLine(new RegExp(`^\\[ct\\] (move ${moves + 1} .*|refused .*|gesture cancelled)$`), 60000, mark);
    if (!got[1].startsWith("move ")) {
      stats.refused++;
      check(stats.refused <= 12, `too many refusals; the last: ${got[1]}`);
      await sleep(200);
    }
  }
  stats.seconds = (Date.now() - start) / 1000;
  stats.moves = await tab.q("ct_moves");
  // Where the time went: the app's frame rate and the bots' thinking (milliseconds).
  stats.fps = Math.round(((await tab.q("ct_frames")) - frames0) / stats.seconds);
  const thinks = tab.lines.slice(lines0).map((l) => /^\[ct\] bot-think ms=(\d+)/.exec(l)).filter(Boolean).map((m) => Number(m[1]));
  stats.botThinkMs = thinks.reduce((a, b) => a + b, 0);
  stats.longestBotThinkMs = Math.max(0, ...thinks);
  return stats;
}
