// Every screen at four sizes: no two drawn texts overlap and none leaves the screen. The app
// lists the boxes of the texts it drew in its last frame (`wasm_exports.ct_texts()` prints them as
// one console line); run.mjs registers the test (CT_ONLY=layout runs it alone).
//
// Checked too, on every screen at every size: each button and tap target is at least 44x44 CSS
// px (`ct_targets()`: the app's logical pixels are CSS pixels, the device pixel ratio apart);
// each text reads at 4.5:1 or better against what is behind it (the app reports its ink and the
// colour behind it, worked out from the fills drawn before it: `src/app/contrast.rs`); the
// labels in the table and on the map (reported like the screen's texts, marked "w") are in the
// same overlap check and none is cut by the table's edge; at 390x844 no text is cut with "...".
//
// One page visits title, setup, rules, the play screen of each game (Carcassonne starts on its
// map), pause, the replay viewer and the results (a finished Castle game opened from a link:
// `fixtures/castle-2p-s2.link` is `referee link tests/golden/castle/castle-2p-s2.json`), and
// resizes itself to each size there. The page runs with `hints=off` (no first-game hints).
// At 1280x800 it also writes the README's picture of each game, docs/images/<game>.png.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { playPlainMove } from "./games.mjs";
import { decodePng } from "./png.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
// 1280x800 last: the taps between screens happen there.
export const SIZES = [
  ["phone-portrait", 390, 844],
  ["tablet-landscape", 1180, 820],
  ["4k", 3840, 2160],
  ["laptop", 1280, 800],
];
// One picture of each game for the README (docs/images/<game>.png, 1280x800).
const IMAGES = path.join(here, "..", "..", "docs", "images");
// Late in each game, where the table has most pieces and labels: the near-end selfplays of
// tests/e2e/links.mjs (`fixtures/near-end/<game>.json`) cut at a move where the seat given is a
// human to act.
const LATE = [
  ["castle", 51, 0],
  ["feud", 17, 1],
  ["assault", 16, 1],
  ["catapults", 86, 1],
  ["carcassonne", 227, 0],
];
const FINISHED_LINK = fs.readFileSync(path.join(here, "fixtures", "castle-2p-s2.link"), "utf8").trim();

// The texts of the app's last frame: [{x, y, w, h, t, ink, bg, ratio, kind, marker}] (kind "s"
// on the screen, "w" a label in the table or on the map, "c" such a label cut by the table's
// edge; marker: a table label's piece, the screen point it names, else null).
export async function drawnTexts(tab) {
  const mark = tab.mark();
  await tab.page.evaluate(() => wasm_exports.ct_texts());
  const m = await tab.waitLine(/^\[ct\] texts (.*)$/, 5000, mark);
  return JSON.parse(m[1]).map(([x, y, w, h, t, ink, bg, ratio, kind, marker]) => ({ x, y, w, h, t, ink, bg, ratio, kind, marker }));
}

// The buttons and tap targets of the app's last frame: {w, h, dpi, targets: [{x, y, w, h, key}]}.
export async function drawnTargets(tab) {
  const mark = tab.mark();
  await tab.page.evaluate(() => wasm_exports.ct_targets());
  const m = await tab.waitLine(/^\[ct\] targets (.*)$/, 5000, mark);
  const r = JSON.parse(m[1]);
  r.targets = r.targets.map(([x, y, w, h, key]) => ({ x, y, w, h, key }));
  return r;
}

// The least size of a tap target, CSS px (WCAG 2.2 2.5.5, Apple's and Android's guides), and
// the least contrast of a text with what is behind it (WCAG 1.4.3).
export const MIN_TARGET = 44;
export const MIN_CONTRAST = 4.5;

// What is wrong with one frame's tap targets (app pixels are CSS px: see `drawnTargets`).
export function targetProblems(targets) {
  const bad = [];
  for (const b of targets) {
    if (b.w < MIN_TARGET - 0.05 || b.h < MIN_TARGET - 0.05) bad.push(`target under ${MIN_TARGET}x${MIN_TARGET}: "${b.key}" ${b.w}x${b.h} at (${b.x},${b.y})`);
  }
  // Two targets over each other: a tap could press either (the app grows a small button about
  // its centre, so a crowded layout shows here).
  for (let i = 0; i < targets.length; i++) {
    for (let j = i + 1; j < targets.length; j++) {
      const a = targets[i];
      const b = targets[j];
      const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (dx > 0.5 && dy > 0.5) bad.push(`targets over each other: "${a.key}" and "${b.key}"`);
    }
  }
  return bad;
}

// Texts whose box on the screenshot is mostly another colour than the app reports behind them
// (the background fills most of a text's box): the app's fills are not what it drew.
export function behindProblems(texts, img) {
  const bad = [];
  const hex = (o) => "#" + [0, 1, 2].map((k) => img.rgba[o + k].toString(16).padStart(2, "0")).join("");
  const rgb = (h) => [1, 3, 5].map((k) => parseInt(h.slice(k, k + 2), 16));
  for (const a of texts) {
    const counts = new Map();
    for (let y = Math.max(0, Math.floor(a.y)); y < Math.min(img.height, a.y + a.h); y++) {
      for (let x = Math.max(0, Math.floor(a.x)); x < Math.min(img.width, a.x + a.w); x++) {
        const k = hex((y * img.width + x) * 4);
        counts.set(k, (counts.get(k) || 0) + 1);
      }
    }
    const mode = [...counts.entries()].sort((p, q) => q[1] - p[1])[0]?.[0];
    if (!mode) continue;
    const d = Math.max(...rgb(mode).map((v, k) => Math.abs(v - rgb(a.bg)[k])));
    if (d > 24) bad.push(`"${a.t}" (${a.x},${a.y}): reported on ${a.bg}, the screen shows mostly ${mode}`);
  }
  return bad;
}

// What is wrong with how one frame's texts read: contrast, labels cut by the table's edge or
// away from their piece and (with `noCuts`, at phone size) texts cut short with "...".
export function readingProblems(texts, noCuts) {
  const bad = [];
  for (const a of texts) {
    const what = `"${a.t}" (${a.x},${a.y})`;
    if (a.ratio < MIN_CONTRAST) bad.push(`contrast ${a.ratio}:1 under ${MIN_CONTRAST}:1: ${what} ${a.ink} on ${a.bg}`);
    if (a.kind === "c") bad.push(`label cut by the table's edge: ${what}`);
    // regress: labels of pieces beyond the screen's edge stood stacked at the edge, over
    // another mat's caption. A label stands by its piece: within a line across, two up or down.
    const m = a.marker;
    if (m && (m[0] < a.x - a.h || m[0] > a.x + a.w + a.h || m[1] < a.y - 2 * a.h || m[1] > a.y + 3 * a.h)) {
      bad.push(`label away from its piece at (${m[0]},${m[1]}): ${what}`);
    }
    if (noCuts && /(\.\.\.|…)$/.test(a.t.trim())) bad.push(`text cut short: ${what}`);
  }
  return bad;
}

// What is wrong with one frame's texts on a w x h screen (an empty list when nothing is).
export function layoutProblems(texts, w, h) {
  const bad = [];
  const show = (a) => `"${a.t}" (${a.x},${a.y} ${a.w}x${a.h})`;
  for (const a of texts) {
    if (a.x < -0.5 || a.y < -0.5 || a.x + a.w > w + 0.5 || a.y + a.h > h + 0.5) bad.push(`off screen: ${show(a)}`);
  }
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i];
      const b = texts[j];
      const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (dx > 0.5 && dy > 0.5) bad.push(`overlap: ${show(a)} and ${show(b)}`);
    }
  }
  return bad;
}

export async function textLayout(browser, url, Tab, h) {
  const { check, sleep } = h;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const tab = await Tab.open(ctx, `${url}?seed=7&pace=quick&hints=off`);
  await tab.page.evaluate(() => localStorage.removeItem("catapult-table.save"));
  const problems = [];
  const T0 = Date.now();
  // What was checked, for the summary line.
  const seen = { targets: 0, texts: 0, labels: 0, smallest: null, lowest: null };
  // The screen as it is now, at every size, then back to 1280x800.
  const atEverySize = async (label, screen, extra) => {
    const t0 = Date.now();
    for (const [name, w, hh] of SIZES) {
      await tab.page.setViewportSize({ width: w, height: hh });
      await tab.waitFor(`the ${w}x${hh} layout`, async () => (await tab.size()).w === w);
      // Two frames: the resize is seen, then a whole frame is laid out at the new size.
      await tab.frames(2, 15000);
      check((await tab.q("ct_screen")) === screen, `${label}: still on screen ${screen} at ${name}`);
      const texts = await drawnTexts(tab);
      check(texts.length > 0, `${label} at ${name}: no text drawn at all`);
      const where = `${label} at ${name} (${w}x${hh})`;
      for (const p of layoutProblems(texts, w, hh)) problems.push(`${where}: ${p}`);
      for (const p of readingProblems(texts, name === "phone-portrait")) problems.push(`${where}: ${p}`);
      const t = await drawnTargets(tab);
      // The app's logical pixels are the page's CSS pixels (the device pixel ratio apart).
      check(Math.abs(t.w - w) < 1 && Math.abs(t.h - hh) < 1, `${where}: the app is ${t.w}x${t.h} CSS px (dpi ${t.dpi})`);
      for (const p of targetProblems(t.targets)) problems.push(`${where}: ${p}`);
      seen.texts += texts.length;
      seen.labels += texts.filter((x) => x.kind !== "s").length;
      seen.targets += t.targets.length;
      for (const b of t.targets) {
        const side = Math.min(b.w, b.h);
        if (!seen.smallest || side < seen.smallest.side) seen.smallest = { side, what: `"${b.key}" ${b.w}x${b.h} in ${where}` };
      }
      for (const x of texts) {
        if (!seen.lowest || x.ratio < seen.lowest.ratio) seen.lowest = { ratio: x.ratio, what: `"${x.t}" ${x.ink} on ${x.bg} in ${where}` };
      }
      // CT_LAYOUT_SHOTS=1 keeps a picture of each screen at each size (tests/e2e/screenshots)
      // and checks the colours the app reports behind its texts against it.
      if (process.env.CT_LAYOUT_SHOTS) {
        fs.mkdirSync(path.join(here, "screenshots"), { recursive: true });
        const img = decodePng(await tab.page.screenshot({ path: path.join(here, "screenshots", `layout-${label.replace(/ /g, "-")}-${name}.png`) }));
        for (const p of behindProblems(texts, img)) problems.push(`${where}: ${p}`);
      }
      if (extra) await extra(name, w, hh);
    }
    if (process.env.CT_TIMES) console.log(`    ${label}: ${Date.now() - t0} ms (at ${Date.now() - T0} ms)`);
  };
  const screenIs = (n, what, timeout = 15000) =>
    tab.waitFor(what, async () => (await tab.q("ct_screen")) === n, timeout);

  // On the title, every game's tile is on screen too.
  await atEverySize("title", 1, async (name, w, hh) => {
    for (const id of ["castle", "feud", "assault", "catapults", "carcassonne"]) {
      const b = await tab.button(`game:${id}`);
      check(b && b.x > 0 && b.y > 0 && b.x < w && b.y < hh, `the ${id} tile is on the ${name} title`);
    }
  });
  // Today's challenge (every text inside the screen at each size), then back to the title.
  await tab.tapButton("challenge");
  await screenIs(9, "today's challenge");
  await atEverySize("challenge", 9);
  await tab.tapButton("back");
  await screenIs(1, "the title again");
  for (const id of ["castle", "feud", "assault", "catapults", "carcassonne"]) {
    await tab.tapButton(`game:${id}`);
    await screenIs(2, `the ${id} setup`);
    if (id === "castle") {
      await atEverySize("castle setup", 2);
      await tab.tapButton("rules");
      await screenIs(5, "the rules");
      await atEverySize("castle rules", 5);
      await tab.tapButton("back");
      await screenIs(2, "the setup again");
    }
    await tab.tapButton("start");
    await screenIs(3, `the ${id} game`);
    await sleep(300);
    await atEverySize(`${id} play`, 3, async (name, w, hh) => {
      // regress: the portrait hint went on covering the prompt and buttons after the turn.
      if (w > hh) {
        const hint = (await drawnTexts(tab)).filter((t) => /sideways/.test(t.t));
        check(hint.length === 0, `${id} at ${name}: the "turn the screen sideways" hint is still shown`);
      }
      if (name !== "laptop") return;
      fs.mkdirSync(IMAGES, { recursive: true });
      await tab.page.screenshot({ path: path.join(IMAGES, `${id}.png`) });
    });
    await tab.tapButton("pause");
    await screenIs(4, "the pause menu");
    if (id === "castle") {
      await atEverySize("pause", 4);
      await tab.tapButton("watch");
      await screenIs(7, "the replay viewer");
      await atEverySize("replay viewer", 7);
      await tab.tapButton("viewer:close");
      await screenIs(4, "the pause menu again");
    }
    await tab.tapButton("quit");
    await screenIs(1, "the title");
  }
  // Each game late on (the map full of tiles and followers in Carcassonne).
  for (const [id, cut, human] of LATE) {
    const r = JSON.parse(fs.readFileSync(path.join(here, "fixtures", "near-end", `${id}.json`), "utf8"));
    r.moves = r.moves.slice(0, cut);
    r.seats[human].kind = "Human";
    r.seats[human].name = "Ada";
    await tab.page.evaluate((s) => localStorage.setItem("catapult-table.save", s), JSON.stringify(r));
    await tab.load(`${url}?pace=quick&hints=off&late=${id}`);
    await tab.tapButton("resume-save");
    await tab.waitFor(`${id}: Ada's turn`, async () => (await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0, 60000);
    await sleep(300);
    await atEverySize(`${id} late`, 3);
  }
  await tab.page.evaluate(() => localStorage.removeItem("catapult-table.save"));
  // The results of a finished game, opened from its link.
  await tab.load(`${url}?pace=quick&hints=off${FINISHED_LINK}`);
  await screenIs(6, "the results of the finished game", 120000);
  await atEverySize("results", 6);
  // The online room's joining screen, from a room link (no server needed until Join): its
  // disabled Join too.
  await tab.load(`${url}?pace=quick&hints=off&room-test=1#room=abcdefghjkmnpqrs`);
  await screenIs(8, "the room's joining screen");
  await atEverySize("room", 8);
  console.log(
    `     checked ${seen.targets} targets and ${seen.texts} texts (${seen.labels} of them labels in the table or on the map); ` +
      `smallest target ${seen.smallest?.side} px (${seen.smallest?.what}); lowest contrast ${seen.lowest?.ratio}:1 (${seen.lowest?.what})`
  );
  check(problems.length === 0, `${problems.length} text layout problems:\n  ${problems.join("\n  ")}`);
  tab.noErrors();
  await ctx.close();
}

// Pass-and-play: Castle with two humans (the link fixture: Ada and Ben, 20 moves in). While the
// cover is up no hand is drawn; after the tap only the new player's hand is. The first player
// plays their turn through (choices, then the shot), the cover comes up for the second.
export async function passAndPlay(browser, url, Tab, h) {
  const { check } = h;
  const fixture = fs.readFileSync(path.join(here, "fixtures", "castle-link.json"), "utf8");
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const tab = await Tab.open(ctx, `${url}?pace=quick&hints=off`);
  await tab.page.evaluate((s) => localStorage.setItem("catapult-table.save", s), fixture);
  await tab.load();
  await tab.tapButton("resume-save");
  await tab.waitFor("the game screen", async () => (await tab.q("ct_screen")) === 3);
  const hands = (texts) => texts.filter((t) => /'s hand: /.test(t.t)).map((t) => t.t);
  // The cover is up: whose turn it names, and that no hand is drawn.
  const covered = async () => {
    await tab.waitFor("the cover", async () => (await tab.button("cover:ready")) !== null, 60000);
    await tab.frames(2);
    const texts = await drawnTexts(tab);
    const pass = texts.map((t) => /^Pass to (.+)$/.exec(t.t)).find((m) => m);
    check(pass, `the cover says whom to pass to: ${texts.map((t) => t.t).join(" | ")}`);
    check(hands(texts).length === 0, `no hand under the cover: ${hands(texts).join(" | ")}`);
    // The cover under the layout test's checks too (overlap, contrast, 44 px targets).
    const bad = [...layoutProblems(texts, 1280, 800), ...readingProblems(texts, false), ...targetProblems((await drawnTargets(tab)).targets)];
    check(bad.length === 0, `the cover's layout:\n  ${bad.join("\n  ")}`);
    return pass[1];
  };
  // After the tap: the named player's hand, nobody else's. The table shows only the number of
  // cards in hand (a public count); the cards themselves are named in Details, opened here.
  const uncover = async (who, other) => {
    await tab.tapButton("cover:ready");
    await tab.waitFor("the table", async () => (await tab.button("cover:ready")) === null);
    await tab.frames(2);
    check(hands(await drawnTexts(tab)).length === 0, "no hand named on the table itself");
    await tab.tapButton("details");
    await tab.frames(2);
    const shown = hands(await drawnTexts(tab));
    check(shown.length === 1 && shown[0].includes(`${who}'s hand: `), `${who}'s hand is shown in Details: ${shown.join(" | ")}`);
    check(!shown.some((t) => t.includes(`${other}'s hand`)), `${other}'s hand is not shown`);
    await tab.tapButton("details");
    await tab.frames(2);
    return shown[0];
  };
  const first = await covered();
  const second = first === "Ada" ? "Ben" : "Ada";
  const firstHand = await uncover(first, second);
  console.log(`     ${firstHand}`);
  // The first player's turn, to its end (the cover comes back up for the other).
  for (let step = 0; step < 12 && !(await tab.button("cover:ready")); step++) {
    await tab.waitFor(
      "a move to make or the cover",
      async () => ((await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0) || (await tab.button("cover:ready")) !== null,
      60000
    );
    if (await tab.button("cover:ready")) break;
    await playPlainMove(tab, h);
  }
  const next = await covered();
  check(next === second, `the cover passes to ${second} (${next})`);
  const secondHand = await uncover(second, first);
  console.log(`     ${secondHand}`);
  tab.noErrors();
  await ctx.close();
}
