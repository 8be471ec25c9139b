// Playing by keyboard alone (src/app/aim.rs over src/app/keyaim.rs): the screens' buttons by Tab
// and Enter, and a Castle shot aimed with the arrow keys and fired with Space. No pointer or
// touch event is sent in this test.

import { rng } from "./whole.mjs";
import { keyHash } from "./games.mjs";

const buttons = (tab) => tab.page.evaluate(() => window.ctA11y.buttons());

// Tab round to the button named `label` from the start of the ring (a new screen starts with no
// button focused), then Enter presses it.
async function pressByKeys(tab, label, sleep) {
  const list = await buttons(tab);
  const at = list.indexOf(label);
  if (at < 0) throw new Error(`no button "${label}" (have: ${list.join(" | ")})`);
  for (let i = 0; i <= at; i++) {
    await tab.page.keyboard.press("Tab");
    await sleep(40);
  }
  await tab.page.keyboard.press("Enter");
}

export async function keyboardCastleShot(browser, url, Tab, { check, sleep }) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await Tab.open(ctx, `${url}?seed=7&pace=quick&hints=off`);
  await tab.page.evaluate(() => localStorage.removeItem("catapult-table.save"));
  await tab.waitFor("the title's buttons", async () => (await buttons(tab)).includes("Catapult Castle"));
  await pressByKeys(tab, "Catapult Castle", sleep);
  await tab.waitFor("the setup screen", async () => (await tab.q("ct_screen")) === 2);
  await tab.waitFor("the setup's buttons", async () => (await buttons(tab)).includes("Start"));
  await pressByKeys(tab, "Start", sleep);
  await tab.waitFor(
    "the human's turn at the catapult",
    async () => (await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0 && (await tab.q("ct_input")) === 1,
    30000
  );
  const moves = await tab.q("ct_moves");
  const mark = tab.mark();
  // The first aiming key starts the keyboard aim where the prompt starts it.
  await tab.page.keyboard.press("ArrowUp");
  await tab.waitLine(/^\[ct\] key-aim start$/, 5000, mark);
  const first = await tab.waitLine(/^\[ct\] key-aim (\w+) angle (-?\d+) power (\d+) spin (-?\d+)$/, 5000, mark);
  // A full step and a fine step (Shift held) of strength: the second moves a fifth as far.
  let m = tab.mark();
  await tab.page.keyboard.press("ArrowRight");
  const stronger = await tab.waitLine(/^\[ct\] key-aim (\w+) angle (-?\d+) power (\d+) spin (-?\d+)$/, 5000, m);
  m = tab.mark();
  await tab.page.keyboard.down("Shift");
  await tab.page.keyboard.press("ArrowRight");
  await tab.page.keyboard.up("Shift");
  const fine = await tab.waitLine(/^\[ct\] key-aim (\w+) angle (-?\d+) power (\d+) spin (-?\d+)$/, 5000, m);
  const p0 = Number(first[3]);
  const p1 = Number(stronger[3]);
  const p2 = Number(fine[3]);
  check(p1 > p0, `Right gives more strength: ${p0} -> ${p1}`);
  check(p2 > p1 && p2 - p1 < p1 - p0, `Shift makes a finer step: ${p1 - p0} then ${p2 - p1}`);
  await sleep(200);
  await tab.shot("keyboard-castle-aim");
  // Space fires the aim as it stands: the same integer launch a drag makes.
  m = tab.mark();
  await tab.page.keyboard.press("Space");
  const fired = await tab.waitLine(/^\[ct\] (fire .*|refused .*)$/, 5000, m);
  check(fired[1].startsWith("fire catapult"), `Space fired the catapult: ${fired[1]}`);
  check(
    fired[1].includes(`angle ${fine[2]} power ${fine[3]} spin ${fine[4]}`),
    `the launch is the aim shown: ${fired[1]} / angle ${fine[2]} power ${fine[3]}`
  );
  await tab.waitLine(/^\[ct\] fired-by keys$/, 5000, m);
  await tab.waitLine(new RegExp(`^\\[ct\\] move ${moves + 1} seat 0 shot `), 60000, m);
  tab.noErrors();
  await ctx.close();
}


// Tab round until the focus ring is on the button `key` (found by its place in the Tab order),
// then Enter presses it.
async function pressButton(tab, key, check) {
  let at = -1;
  for (let i = 0; i < 80; i++) {
    at = await tab.q("ct_button_index", keyHash(key));
    if (at >= 0 && (await tab.q("ct_focus")) === at) break;
    await tab.page.keyboard.press("Tab");
    await tab.frames(2);
  }
  check(at >= 0 && (await tab.q("ct_focus")) === at, `the focus ring reached the button "${key}" by Tab (at ${at})`);
  await tab.page.keyboard.press("Enter");
}

// A screenshot the first time a kind of turn is played (to see what the keys show).
async function once(tab, shown, name) {
  if (shown.has(name)) return;
  shown.add(name);
  await tab.frames(3);
  await tab.shot(name);
}

async function keys(tab, list) {
  for (const k of list) {
    await tab.page.keyboard.press(k);
    await tab.frames(2);
  }
}

// From the title to a started game, by Tab and Enter alone: the game's tile, the setup's
// options (`taps`), the bot seat at Hard, Start.
async function startByKeys(tab, id, seed, taps, check) {
  await tab.waitFor("the title's buttons", async () => (await tab.q("ct_button_index", keyHash(`game:${id}`))) >= 0, 30000);
  await pressButton(tab, `game:${id}`, check);
  await tab.waitFor("the setup screen", async () => (await tab.q("ct_screen")) === 2);
  await tab.frames(3);
  for (const key of taps) {
    await pressButton(tab, key, check);
    await tab.frames(3);
  }
  await pressButton(tab, "seat:1:hard", check);
  await tab.frames(3);
  const mark = tab.mark();
  await pressButton(tab, "start", check);
  await tab.waitLine(new RegExp(`^\\[ct\\] start ${id} seats=2 humans=1 seed=${seed} .* levels=normal,hard$`), 10000, mark);
}

// Seat 0 plays every turn by keys until the results screen: an aim (arrows a few presses off the
// last aim, then Space), a placement (arrows, a turn, Space), a piece moved (Space picks it up,
// Space drops it on the nearest spot), the tile map (Space puts the tile on a lit cell, R turns
// it now and then, Space lays it; a follower on the first spot or N for none), a let-go or a
// choice by Tab and Enter. Returns what it did.
async function playByKeys(tab, h, opts) {
  const { check, sleep } = h;
  const start = Date.now();
  const deadline = start + opts.budgetMs;
  const r = rng(opts.seed * 31 + 5);
  const stats = { shots: 0, placements: 0, carries: 0, tiles: 0, spots: 0, noFollower: 0, letGos: 0, choices: 0, refused: 0 };
  const over = async () => (await tab.q("ct_screen")) === 6;
  const aimKeys = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"];
  const shown = new Set();
  for (;;) {
    const left = deadline - Date.now();
    check(left > 0, `the game did not end within ${opts.budgetMs / 1000} s (stats ${JSON.stringify(stats)}, moves ${await tab.q("ct_moves")})`);
    await tab.waitFor(
      `a human turn or the results (budget ${opts.budgetMs / 1000} s)`,
      async () => (await over()) || ((await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0),
      left
    );
    if (await over()) break;
    await tab.frames(2);
    if (await over()) break;
    const input = await tab.q("ct_input");
    const moves = await tab.q("ct_moves");
    const mark = tab.mark();
    if (opts.turn && (await opts.turn(tab, input, stats))) {
      // handled by the game's own hook
    } else if (input >= 1 && input <= 4) {
      const presses = [];
      for (let i = 0; i < 1 + Math.floor(r() * 4); i++) presses.push(aimKeys[Math.floor(r() * aimKeys.length)]);
      await keys(tab, presses);
      await once(tab, shown, `keyboard-${opts.id}-aim`);
      await keys(tab, ["Space"]);
      await tab.waitLine(/^\[ct\] (fired-by keys|refused .*)$/, 10000, mark);
      stats.shots++;
    } else if (input === 5) {
      const presses = [];
      for (let i = 0; i < Math.floor(r() * 3); i++) presses.push(aimKeys[Math.floor(r() * aimKeys.length)]);
      if (r() < 0.3) presses.push("q");
      await keys(tab, opts.placeKeys || presses);
      await once(tab, shown, `keyboard-${opts.id}-placing`);
      await keys(tab, ["Space"]);
      stats.placements++;
    } else if (input === 7) {
      await keys(tab, ["Space", "Space"]);
      stats.carries++;
    } else if (input === 8) {
      await keys(tab, r() < 0.5 ? ["ArrowLeft"] : ["Space"]);
      await tab.waitFor("the ghost tile", async () => (await tab.q("ct_ghost_r")) >= 0, 5000);
      if (r() < 0.3) await keys(tab, ["ArrowDown"]);
      if (r() < 0.4) await keys(tab, ["r"]);
      await once(tab, shown, `keyboard-${opts.id}-tile`);
      await keys(tab, ["Space"]);
      stats.tiles++;
    } else if (input === 9) {
      const canSkip = (await tab.page.evaluate(() => window.ctA11y.buttons())).includes("No follower");
      if (canSkip && r() < 0.5) {
        await keys(tab, ["n"]);
        stats.noFollower++;
      } else {
        await keys(tab, ["Space", ...(r() < 0.5 ? ["ArrowRight"] : [])]);
        await once(tab, shown, `keyboard-${opts.id}-spot`);
        await keys(tab, ["Space"]);
        stats.spots++;
      }
    } else if (input === 6) {
      await pressButton(tab, "release", check);
      stats.letGos++;
    } else {
      const key = opts.choice ? await opts.choice(tab, stats) : "choice:0";
      await pressButton(tab, key, check);
      stats.choices++;
    }
    const got = await tab.waitLine(new RegExp(`^\\[ct\\] (move ${moves + 1} .*|refused .*)$`), 60000, mark);
    if (!got[1].startsWith("move ")) {
      stats.refused++;
      check(stats.refused <= 12, `too many refusals; the last: ${got[1]}`);
      await sleep(200);
    }
  }
  stats.seconds = Math.round((Date.now() - start) / 100) / 10;
  stats.moves = await tab.q("ct_moves");
  return stats;
}

// A whole game of `id` by keyboard alone (no pointer or touch event after the page loads): seat
// 0 against a Hard bot, to the results screen.
export async function keyboardWholeGame(browser, url, Tab, h, id, opts) {
  const { check, sleep } = h;
  const ctx = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const tab = await Tab.open(ctx, `${url}?seed=${opts.seed}&pace=quick&hints=off`);
  await tab.page.evaluate(() => localStorage.removeItem("catapult-table.save"));
  const mark = tab.mark();
  await startByKeys(tab, id, opts.seed, opts.taps || [], check);
  const stats = await playByKeys(tab, h, { ...opts, id });
  const results = await tab.waitLine(/^\[ct\] results (.*)$/, 10000, mark);
  check(/^1\. .*\|.*2\. /.test(results[1]), `the ranking lists both seats: ${results[1]}`);
  const byKeys = tab.lines.slice(mark).filter((l) => l === "[ct] fired-by keys").length;
  const byPointer = tab.lines.slice(mark).filter((l) => l === "[ct] fired-by pointer").length;
  check(byKeys >= (opts.minShots ?? 1) && byPointer === 0, `seat 0's shots were all fired by keys (${byKeys} by keys, ${byPointer} by a pointer)`);
  if (opts.after) opts.after(stats, check);
  await sleep(300);
  await tab.shot(`keyboard-whole-${id}-results`);
  console.log(`     ${id} by keys: ${stats.moves} moves in ${stats.seconds} s; ${JSON.stringify(stats)}; ${results[1]}`);
  tab.noErrors();
  await ctx.close();
}

// One switch from the title: the switch (Space) held down for two seconds turns one-switch play
// on (said, remembered), and the title's buttons are then lit in turn by themselves.
export async function oneSwitchFromTitle(browser, url, Tab, h) {
  const { check, sleep } = h;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const tab = await Tab.open(ctx, `${url}?pace=quick&hints=off`);
    await tab.page.evaluate(() => localStorage.removeItem("catapult-table.one-switch"));
    await tab.waitFor("the title's buttons", async () => (await tab.q("ct_button_index", keyHash("game:castle"))) >= 0, 30000);
    const m = tab.mark();
    await tab.page.keyboard.down("Space");
    await sleep(2600);
    await tab.page.keyboard.up("Space");
    await tab.waitLine(/^\[ct\] one-switch normal$/, 5000, m);
    const stored = await tab.page.evaluate(() => localStorage.getItem("catapult-table.one-switch"));
    check(stored === "normal", `held on the title, the switch turns one-switch play on (${stored})`);
    const f0 = await tab.q("ct_focus");
    await sleep(2500);
    const f1 = await tab.q("ct_focus");
    check(f0 >= 0 && f1 >= 0 && f1 !== f0, `the title's buttons are lit in turn by themselves (${f0} then ${f1})`);
    await tab.shot("one-switch-title");
    tab.noErrors();
  } finally {
    await ctx.close();
  }
}

// One-switch play: the setting turned on in the pause menu by keys (and remembered), then a
// Castle shot with the one switch alone: the angle sweeps and Space keeps it, the strength
// sweeps and Space fires the same integer launch. The menu's buttons are lit in turn by
// themselves while the setting is on.
export async function oneSwitchCastleShot(browser, url, Tab, h) {
  const { check, sleep } = h;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await Tab.open(ctx, `${url}?seed=7&pace=quick&hints=off`);
  await tab.page.evaluate(() => {
    localStorage.removeItem("catapult-table.save");
    localStorage.removeItem("catapult-table.one-switch");
  });
  await startByKeys(tab, "castle", 7, [], check);
  await tab.waitFor(
    "the human's turn at the catapult",
    async () => (await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0 && (await tab.q("ct_input")) === 1,
    30000
  );
  // The pause menu by Escape; the setting goes round off, slow, normal.
  await keys(tab, ["Escape"]);
  await tab.waitFor("the pause menu", async () => (await tab.q("ct_screen")) === 4);
  // The rules by keys: Page Down until the Keys section (just before the whole rules text), then
  // the arrows through it.
  await pressButton(tab, "rules", check);
  await tab.waitFor("the rules", async () => (await tab.q("ct_screen")) === 5);
  const textsNow = async () => {
    await tab.frames(3);
    const m = tab.mark();
    await tab.page.evaluate(() => wasm_exports.ct_texts());
    return JSON.parse((await tab.waitLine(/^\[ct\] texts (.*)$/, 5000, m))[1]).map((t) => t[4]);
  };
  let seen = await textsNow();
  for (let i = 0; i < 40 && !seen.includes("Keys: buttons"); i++) {
    await keys(tab, ["PageDown"]);
    seen = await textsNow();
  }
  check(seen.includes("Keys: buttons"), `Page Down reaches the Keys sections (${seen.slice(0, 4).join(" / ")})`);
  for (let i = 0; i < 40 && !seen.some((t) => t.includes("a tile's turns are lit")); i++) {
    await keys(tab, ["ArrowDown"]);
    seen = await textsNow();
  }
  await tab.shot("keyboard-rules-keys");
  check(seen.some((t) => t.includes("a tile's turns are lit")), `the arrows scroll through the Keys section (${seen.slice(-4).join(" / ")})`);
  await keys(tab, ["End"]);
  seen = await textsNow();
  check(seen.includes("All the rules") || seen.some((t) => t.includes("wins")), `End goes to the whole rules text at the end (${seen.slice(-4).join(" / ")})`);
  await tab.shot("keyboard-rules-keys-end");
  await keys(tab, ["Escape"]);
  await tab.waitFor("the pause menu again", async () => (await tab.q("ct_screen")) === 4);
  let m = tab.mark();
  await pressButton(tab, "one-switch", check);
  await tab.waitLine(/^\[ct\] one-switch slow$/, 5000, m);
  m = tab.mark();
  await tab.page.keyboard.press("Enter");
  await tab.waitLine(/^\[ct\] one-switch normal$/, 5000, m);
  const stored = await tab.page.evaluate(() => localStorage.getItem("catapult-table.one-switch"));
  check(stored === "normal", `the setting is stored (${stored})`);
  // Scanning: the ring moves on by itself.
  const f0 = await tab.q("ct_focus");
  await sleep(2500);
  const f1 = await tab.q("ct_focus");
  check(f0 >= 0 && f1 >= 0 && f1 !== f0, `the menu's buttons are lit in turn by themselves (${f0} then ${f1})`);
  await tab.shot("one-switch-menu");
  m = tab.mark();
  await keys(tab, ["Escape"]);
  await tab.waitFor("back in the game", async () => (await tab.q("ct_input")) === 1, 10000);
  await tab.waitLine(/^\[ct\] switch-aim start$/, 10000, m);
  await tab.frames(3);
  check((await tab.q("ct_focus")) === -1, "while the switch aims no button has the ring (the menu's scan left none behind)");
  const moves = await tab.q("ct_moves");
  await sleep(1200);
  await tab.shot("one-switch-angle");
  // The switch held for two seconds while it aims opens the menu (a switch user has no Escape);
  // back from it, the aim starts again at the angle.
  await tab.page.keyboard.down("Space");
  await sleep(2600);
  await tab.page.keyboard.up("Space");
  await tab.waitLine(/^\[ct\] one-switch menu by holding$/, 5000, m);
  await tab.waitFor("the menu over the game", async () => (await tab.q("ct_input")) !== 1, 5000);
  await tab.shot("one-switch-held-menu");
  m = tab.mark();
  await keys(tab, ["Escape"]);
  await tab.waitFor("back in the game", async () => (await tab.q("ct_input")) === 1, 10000);
  await tab.waitLine(/^\[ct\] switch-aim start$/, 10000, m);
  await sleep(1200);
  await keys(tab, ["Space"]);
  const kept = await tab.waitLine(/^\[ct\] switch-aim angle (\d+)$/, 5000, m);
  await sleep(1500);
  await tab.shot("one-switch-strength");
  await keys(tab, ["Space"]);
  const fired = await tab.waitLine(/^\[ct\] (fire .*|refused .*)$/, 5000, m);
  check(fired[1].startsWith("fire catapult"), `the second press fired the catapult: ${fired[1]}`);
  check(fired[1].includes(`angle ${kept[1]} `), `the angle kept is the angle fired: ${fired[1]} / ${kept[1]}`);
  await tab.waitLine(/^\[ct\] fired-by switch$/, 5000, m);
  await tab.waitLine(new RegExp(`^\\[ct\\] move ${moves + 1} seat 0 shot `), 60000, m);
  tab.noErrors();
  await ctx.close();
}

// The short Carcassonne (as the touch test's): after seat 0 lays a fair tile, the token choice
// takes Catch the first time (so seat 0 catches with the hand by keys), then the first choice.
export function carcassonneByKeys() {
  const lastMove = (tab) => {
    for (let i = tab.lines.length - 1; i >= 0; i--) {
      const m = /^\[ct\] move \d+ seat (\d+) (\S+)/.exec(tab.lines[i]);
      if (m) return { seat: Number(m[1]), action: m[2] };
    }
    return { seat: -1, action: "" };
  };
  let chose = 0;
  return {
    seed: 7,
    taps: ["opt:2"],
    budgetMs: 360000,
    minShots: 1,
    // The catcher's hand: down the lane towards the catapult and lower, as the touch test drags it.
    placeKeys: ["ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowDown"],
    choice: async (tab) => {
      const last = lastMove(tab);
      const token = last.seat === 0 && (last.action === "skip" || last.action === "follower");
      const catchFirst = token && chose === 0 && (await tab.q("ct_button_index", keyHash("choice:3"))) >= 0;
      if (token) chose++;
      return catchFirst ? "choice:3" : "choice:0";
    },
    after: (stats, check) => {
      check(stats.tiles >= 15, `seat 0 laid its tiles by keys (${stats.tiles})`);
      check(stats.spots + stats.noFollower >= 8, `seat 0 chose follower spots or none by keys (${stats.spots} spots, ${stats.noFollower} none)`);
      check(stats.placements >= 1, `seat 0 caught with the hand by keys (${stats.placements})`);
    },
  };
}

// One-switch play on the tile map: the setting turned to fast in the pause menu by keys, then
// one Carcassonne tile laid and its follower step answered with the one switch alone: the lit
// squares are lit in turn, a press keeps one, its turns are lit, a press lays the tile; then the
// spots (and going without) are lit and a press picks one.
export async function oneSwitchCarcassonneTile(browser, url, Tab, h) {
  const { check, sleep } = h;
  const ctx = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const tab = await Tab.open(ctx, `${url}?seed=7&pace=quick&hints=off`);
  await tab.page.evaluate(() => {
    localStorage.removeItem("catapult-table.save");
    localStorage.removeItem("catapult-table.one-switch");
  });
  // Every line the screen-reader layer reads out (its log keeps only the last 20).
  await tab.page.evaluate(() => {
    window.__ctHeard = [];
    const watch = () => {
      const log = document.getElementById("ct-a11y-log");
      if (!log) return setTimeout(watch, 50);
      new MutationObserver((ms) => ms.forEach((m) => m.addedNodes.forEach((n) => window.__ctHeard.push(n.textContent)))).observe(log, { childList: true });
    };
    watch();
  });
  const heard = () => tab.page.evaluate(() => window.__ctHeard.slice());
  await startByKeys(tab, "carcassonne", 7, ["opt:2"], check);
  await tab.waitFor("seat 0's first tile", async () => (await tab.q("ct_human")) === 1 && (await tab.q("ct_input")) === 8, 30000);
  // The tile in hand is said by its sides as the turn begins.
  await tab.waitFor("the tile said", async () => (await heard()).some((l) => /^Your tile: .*(city|road|field).* lit squares? to lay it on/.test(l)), 5000);
  await keys(tab, ["Escape"]);
  await tab.waitFor("the pause menu", async () => (await tab.q("ct_screen")) === 4);
  let m = tab.mark();
  await pressButton(tab, "one-switch", check);
  await tab.page.keyboard.press("Enter");
  await tab.frames(2);
  await tab.page.keyboard.press("Enter");
  await tab.waitLine(/^\[ct\] one-switch fast$/, 5000, m);
  const moves = await tab.q("ct_moves");
  m = tab.mark();
  await keys(tab, ["Escape"]);
  await tab.waitFor("back on the map", async () => (await tab.q("ct_screen")) === 3 && (await tab.q("ct_input")) === 8, 10000);
  // The squares are lit one a second: the ghost goes on the first by itself.
  await tab.waitLine(/^\[ct\] grid ghost x=(-?\d+) y=(-?\d+) r=(\d)$/, 5000, m);
  await sleep(1500);
  await tab.shot("one-switch-map-squares");
  await keys(tab, ["Space"]);
  await sleep(1200);
  await tab.shot("one-switch-map-turns");
  const squares = (await heard()).filter((l) => /^Square \d+ of \d+, .*start tile\. Tile: .*\. Touches /.test(l));
  console.log(`     lit squares said: ${squares.slice(0, 2).join(" / ")}`);
  check(squares.length >= 1, `each lit square is said with its neighbours: ${(await heard()).slice(-4).join(" / ")}`);
  await keys(tab, ["Space"]);
  const laid = await tab.waitLine(new RegExp(`^\\[ct\\] (move ${moves + 1} seat 0 \\S+.*|refused .*)$`), 10000, m);
  check(laid[1].startsWith(`move ${moves + 1} seat 0 place`), `two presses laid the tile: ${laid[1]}`);
  await tab.waitFor("the follower step", async () => (await tab.q("ct_input")) === 9, 10000);
  m = tab.mark();
  await tab.waitLine(/^\[ct\] key-map spot (\d+)$/, 5000, m);
  await sleep(300);
  await tab.shot("one-switch-map-spot");
  const spots = (await heard()).filter((l) => /^(Follower on the (city|road|field|cloister).*\), \d+ of \d+|Go without a follower)$/.test(l));
  console.log(`     spots said: ${spots.slice(0, 3).join(" / ")}`);
  check(spots.length >= 1, `each follower spot is said by its feature: ${(await heard()).slice(-4).join(" / ")}`);
  await keys(tab, ["Space"]);
  const put = await tab.waitLine(new RegExp(`^\\[ct\\] (move ${moves + 2} seat 0 \\S+.*|refused .*)$`), 10000, m);
  check(/^move \d+ seat 0 (follower|skip)/.test(put[1]), `a press answered the follower step: ${put[1]}`);
  tab.noErrors();
  await ctx.close();
}

// Feud by keys: the first pieces of the fortress placed by keys (the arrows lower each onto the
// board, R stands the second upright, Space places it), then "Build the rest for me" and the
// soldiers' first button, by Tab and Enter.
export function feudByKeys() {
  let placed = 0;
  let building = true;
  return {
    seed: 7,
    budgetMs: 200000,
    minShots: 1,
    turn: async (tab, input, stats) => {
      if (input === 7 && stats.carries >= 1) {
        // A repair moves pieces as long as the player likes: one by keys, then the first button.
        await pressButton(tab, "choice:0", (ok, what) => { if (!ok) throw new Error(what); });
        stats.choices++;
        return true;
      }
      if (input !== 5) return false;
      if (!building || placed >= 3 || stats.refused >= 4) {
        const key = building ? "choice:5" : "choice:0";
        building = false;
        await pressButton(tab, key, (ok, what) => { if (!ok) throw new Error(what); });
        stats.choices++;
        return true;
      }
      const down = Array(12).fill("ArrowDown");
      await keys(tab, [...(placed === 1 ? ["r"] : []), ...down, ...(placed === 2 ? ["ArrowLeft", "ArrowLeft"] : [])]);
      if (placed === 1) await tab.shot("keyboard-feud-placing");
      await keys(tab, ["Space"]);
      placed++;
      stats.placements++;
      return true;
    },
    after: (stats, check) => {
      check(stats.placements >= 3, `seat 0 placed pieces by keys (${stats.placements})`);
      check(stats.carries >= 1, `seat 0 moved a piece on the table by keys (${stats.carries})`);
    },
  };
}

// The aim aid (issue #53, docs/ui.md "Aid levels") by keys at one screen size: the setup's
// button turns Learning (a first game's default) to Standard, remembered; the dots then end at
// the top of the arc (never a point of the way down), W says how high and how far the top is,
// not where it comes down; the pause menu's button turns it to Expert: no dots at all.
export async function aidLevelsByKeys(browser, url, Tab, h, size) {
  const { check } = h;
  const ctx = await browser.newContext({ viewport: size });
  const tab = await Tab.open(ctx, `${url}?seed=7&pace=quick&hints=off`);
  await tab.page.evaluate(() => {
    localStorage.removeItem("catapult-table.save");
    localStorage.removeItem("catapult-table.aid");
    localStorage.removeItem("catapult-table.shots");
  });
  await tab.waitFor("the title's buttons", async () => (await tab.q("ct_button_index", keyHash("game:castle"))) >= 0, 30000);
  await pressButton(tab, "game:castle", check);
  await tab.waitFor("the setup screen", async () => (await tab.q("ct_screen")) === 2);
  await tab.frames(3);
  const learning = await buttons(tab);
  check(learning.some((b) => /^Aim aid: Learning/.test(b)), `a first game starts at Learning (${learning.join(" | ")})`);
  let m = tab.mark();
  await pressButton(tab, "aid", check);
  await tab.waitLine(/^\[ct\] aid standard$/, 5000, m);
  const stored = await tab.page.evaluate(() => localStorage.getItem("catapult-table.aid"));
  check(stored === "standard", `the level is kept (${stored})`);
  m = tab.mark();
  await pressButton(tab, "start", check);
  await tab.waitLine(/^\[ct\] start castle /, 10000, m);
  await tab.waitFor(
    "the human's turn at the catapult",
    async () => (await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0 && (await tab.q("ct_input")) === 1,
    30000
  );
  const dotsNow = async () => {
    await tab.frames(4);
    const mk = tab.mark();
    await tab.page.evaluate(() => wasm_exports.ct_path());
    return JSON.parse((await tab.waitLine(/^\[ct\] path (.*)$/, 5000, mk))[1]).dots;
  };
  m = tab.mark();
  await tab.page.keyboard.press("ArrowUp");
  await tab.waitLine(/^\[ct\] key-aim start$/, 5000, m);
  const dots = await dotsNow();
  const top = Math.max(...dots.map((d) => d[1]));
  check(dots.length > 3, `Standard shows the rise (${dots.length} dots)`);
  check(dots[dots.length - 1][1] >= top - 0.01, `the dots end at their highest: never the way down (${JSON.stringify(dots.slice(-3))})`);
  const heard = () => tab.page.evaluate(() => window.ctA11y.events());
  // The layer's log keeps its last 20 lines: emptied first, so a line said after W is new.
  await tab.page.evaluate(() => document.getElementById("ct-a11y-log").replaceChildren());
  const before = 0;
  await tab.page.keyboard.press("w");
  await tab.waitFor("W said", async () => (await heard()).slice(before).some((l) => / rises | barely rises| drops /.test(l)), 5000);
  const said = (await heard()).slice(before).find((l) => / rises | barely rises| drops /.test(l));
  check(/its top/.test(said) && !/lands/.test(said), `W says the top, not the landing: ${said}`);
  await tab.shot(`aid-standard-${size.width}x${size.height}`);
  // The pause menu by Escape: Standard to Expert.
  await keys(tab, ["Escape"]);
  await tab.waitFor("the pause menu", async () => (await tab.q("ct_screen")) === 4);
  m = tab.mark();
  await pressButton(tab, "aid", check);
  await tab.waitLine(/^\[ct\] aid expert$/, 5000, m);
  await keys(tab, ["Escape"]);
  await tab.waitFor("back in the game", async () => (await tab.q("ct_input")) === 1, 10000);
  await keys(tab, ["ArrowRight"]);
  const none = await dotsNow();
  check(none.length === 0, `Expert shows no dots (${none.length})`);
  await tab.shot(`aid-expert-${size.width}x${size.height}`);
  tab.noErrors();
  await ctx.close();
}
