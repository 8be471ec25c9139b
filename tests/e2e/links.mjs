// Game links and the replay viewer in the browser (run.mjs registers them; CT_ONLY=link runs
// only these). The fixture `fixtures/castle-link.json` is the first 20 moves of the golden
// `castle/castle-2p-s2.json` with both seats human ("Ada", "Ben"); `fixtures/castle-link.trace`
// is `referee trace fixtures/castle-link.json` (regenerate both together).

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { gesturePath, playPlainMove } from "./games.mjs";
import { SIZES, drawnTargets, drawnTexts, layoutProblems, readingProblems, targetProblems } from "./screens.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = fs.readFileSync(path.join(here, "fixtures", "castle-link.json"), "utf8");
const TRACE = fs.readFileSync(path.join(here, "fixtures", "castle-link.trace"), "utf8");
const SAVE_KEY = "catapult-table.save";

// The rules-state digest `referee trace` printed after move i (0-based).
function traceState(i) {
  const line = TRACE.split("\n").find((l) => l.startsWith(`move ${i} `));
  return line ? line.split(" ").pop() : null;
}

// ------------------------------------------------------------------ a link by hand (Node)

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
function fromB64(s) {
  return Buffer.from(s.replace(/-/g, "+").replace(/_/g, "/"), "base64");
}
function toB64(buf) {
  return buf.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
// core::link's checksum: FNV-1a 64 folded to 32 bits.
function checksum(bytes) {
  let h = 0xcbf29ce484222325n;
  for (const b of bytes) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return Number((h ^ (h >> 32n)) & 0xffffffffn);
}
// The same link with the last shot's check changed, the checksum made right again: only the
// re-simulation can tell.
function changeLastShot(url) {
  const [base, payload] = url.split("#g=");
  const raw = fromB64(payload);
  const plain = zlib.inflateRawSync(raw.subarray(1));
  const body = Buffer.from(plain.subarray(0, plain.length - 4));
  body[body.length - 1] ^= 0x5a; // the high byte of the last shot's check
  const sum = Buffer.alloc(4);
  sum.writeUInt32LE(checksum(body) >>> 0);
  const packed = Buffer.concat([raw.subarray(0, 1), zlib.deflateRawSync(Buffer.concat([body, sum]))]);
  return `${base}#g=${toB64(packed)}`;
}

// ------------------------------------------------------------------ the tests

async function sharedLink(tab, h) {
  const { check } = h;
  const mark = tab.mark();
  await tab.tapButton("pause");
  await tab.waitFor("the pause menu", async () => (await tab.q("ct_screen")) === 4);
  await tab.tapButton("share");
  const got = await tab.waitLine(/^\[ct\] share moves=(\d+) chars=(\d+)$/, 10000, mark);
  const url = await tab.page.evaluate(() => window.ct.lastShare);
  check(url && url.includes("#g="), `the page built a link (${url})`);
  check(url.length - url.indexOf("#g=") === Number(got[2]), `the link is ${got[2]} characters`);
  await tab.tapButton("resume");
  return { url, moves: Number(got[1]), chars: Number(got[2]) };
}

// Plays the acting human's move: the game's gesture for a shot, else the first choice. Both
// seats of the fixture are human: the pass-and-play cover is tapped away first.
async function oneMove(tab, h) {
  if (await tab.button("cover:ready")) await tab.tapButton("cover:ready");
  await tab.waitFor("a human turn", async () => (await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0, 30000);
  const moves = await playPlainMove(tab, h);
  await tab.waitFor("the move saved", async () => (await tab.q("ct_moves")) === moves + 1);
}

// Sender (context A) resumes a game and shares it; the receiver (a fresh context B) opens the
// link, is at the same move, plays one move and shares again; a third context opens that one.
export async function linkShareAndContinue(browser, url, Tab, h) {
  const { check } = h;
  const a = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const ta = await Tab.open(a, url);
  await ta.page.evaluate(([k, s]) => localStorage.setItem(k, s), [SAVE_KEY, FIXTURE]);
  await ta.load();
  await ta.tapButton("resume-save");
  await ta.waitFor("the game screen", async () => (await ta.q("ct_screen")) === 3);
  const first = await sharedLink(ta, h);
  check(first.moves === 20, `20 moves shared (${first.moves})`);
  console.log(`     shared 20 moves in ${first.chars} characters`);
  ta.noErrors();
  await a.close();

  const b = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const tb = await Tab.open(b, first.url);
  const opened = await tb.waitLine(/^\[ct\] link-opened castle moves=(\d+) turn=(\d+)$/, 60000);
  check(Number(opened[1]) === 20, `the receiver is at move 20 (${opened[1]})`);
  check((await tb.q("ct_screen")) === 3, "the receiver is in the game");
  check((await tb.q("ct_moves")) === 20, "20 moves played");
  const hash = await tb.page.evaluate(() => window.location.hash);
  check(hash === "", `the link left the address bar (${hash})`);
  await oneMove(tb, h);
  const second = await sharedLink(tb, h);
  check(second.moves === 21, `21 moves shared back (${second.moves})`);
  // Reloading resumes the receiver's save (the link is not opened again).
  await tb.load();
  check((await tb.q("ct_has_save")) === 1, "the receiver's game is saved");
  tb.noErrors();
  await b.close();

  const c = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const tc = await Tab.open(c, second.url);
  const again = await tc.waitLine(/^\[ct\] link-opened castle moves=(\d+) /, 60000);
  check(Number(again[1]) === 21, `the sender gets the receiver's move (${again[1]})`);
  tc.noErrors();
  await c.close();
  return { linkUrl: first.url };
}

// A link whose last shot was changed (with a correct checksum), and one cut short: each is
// refused on the title screen with a sentence, and the save already there stays untouched.
export async function linkTamperedRefused(browser, url, Tab, h, linkUrl) {
  const { check } = h;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const tab = await Tab.open(ctx, url);
  await tab.page.evaluate(([k, s]) => localStorage.setItem(k, s), [SAVE_KEY, FIXTURE]);
  for (const [what, bad, words] of [
    ["changed", changeLastShot(linkUrl), /was changed or is from an incompatible version/],
    ["cut short", linkUrl.slice(0, linkUrl.length - 12), /cut short/],
  ]) {
    await tab.page.goto("about:blank");
    const mark = await tab.load(bad);
    const got = await tab.waitLine(/^\[ct\] link-refused (.*)$/, 60000, mark);
    check(words.test(got[1]), `the ${what} link is refused in words: ${got[1]}`);
    check((await tab.q("ct_screen")) === 1, "the title screen says so");
    check((await tab.q("ct_has_save")) === 1, "the saved game is still offered");
    const kept = await tab.page.evaluate((k) => localStorage.getItem(k), SAVE_KEY);
    check(kept === FIXTURE, `the save is untouched after the ${what} link`);
  }
  tab.noErrors();
  await ctx.close();
}

// The viewer over the resumed game: scrub to the middle, compare the state with the native
// referee's trace, back to the previous shot (re-simulated) and to the start.
export async function viewerScrub(browser, url, Tab, h) {
  const { check, sleep } = h;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const tab = await Tab.open(ctx, url);
  await tab.page.evaluate(([k, s]) => localStorage.setItem(k, s), [SAVE_KEY, FIXTURE]);
  await tab.load();
  await tab.tapButton("resume-save");
  await tab.waitFor("the game screen", async () => (await tab.q("ct_screen")) === 3);
  await tab.tapButton("pause");
  await tab.waitFor("the pause menu", async () => (await tab.q("ct_screen")) === 4);
  let mark = tab.mark();
  await tab.tapButton("watch");
  await tab.waitFor("the viewer", async () => (await tab.q("ct_screen")) === 7);
  const start = await tab.waitLine(/^\[ct\] viewer at=0 of=20 state=([0-9a-f]{16})/, 10000, mark);
  // The middle of the slider is the position after move 10.
  mark = tab.mark();
  await tab.tapButton("viewer:slider");
  const mid = await tab.waitLine(/^\[ct\] viewer at=10 of=20 state=([0-9a-f]{16}) flagged=(\d+)$/, 10000, mark);
  check(mid[1] === traceState(9), `after move 10 the viewer shows state ${mid[1]}, the referee's trace ${traceState(9)}`);
  await sleep(200);
  h.assertDrawn(await tab.shot("viewer-middle"), "the viewer at move 10");
  // Back to the previous shot: move 10 (index 9) is a shot; it flies again, re-simulated.
  mark = tab.mark();
  await tab.tapButton("viewer:prev-shot");
  const shot = await tab.waitLine(/^\[ct\] viewer at=10 of=20 state=([0-9a-f]{16}) flagged=(\d+)$/, 30000, mark);
  check(shot[1] === traceState(9), "the re-simulated shot lands on the recorded state");
  check(shot[2] === "0", `no shot flagged (${shot[2]})`);
  await sleep(200);
  // And back to the start by dragging the slider past its left end (still on the canvas: a
  // finger that leaves the canvas cancels the gesture).
  const s = await tab.button("viewer:slider");
  mark = tab.mark();
  await tab.drag([[s.x, s.y], [s.x / 2, s.y], [s.x / 4, s.y], [8, s.y]], 60);
  const back = await tab.waitLine(/^\[ct\] viewer at=0 of=20 state=([0-9a-f]{16})/, 10000, mark);
  check(back[1] === start[1], "back at the start");
  await tab.tapButton("viewer:close");
  await tab.waitFor("the pause menu again", async () => (await tab.q("ct_screen")) === 4);
  tab.noErrors();
  await ctx.close();
}

// A replay file picked with "Open a replay" opens in the viewer; a broken file dropped on the
// page is refused in a sentence and the viewer stays as it was.
export async function viewerFromFile(browser, url, Tab, h) {
  const { check } = h;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const tab = await Tab.open(ctx, url);
  let mark = tab.mark();
  const [chooser] = await Promise.all([
    tab.page.waitForEvent("filechooser", { timeout: 10000 }),
    tab.tapButton("open-file"),
  ]);
  await chooser.setFiles({ name: "castle-link.json", mimeType: "application/json", buffer: Buffer.from(FIXTURE) });
  await tab.waitLine(/^\[ct\] viewer-open castle moves=20$/, 10000, mark);
  await tab.waitFor("the viewer", async () => (await tab.q("ct_screen")) === 7);
  mark = tab.mark();
  await tab.page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['{"format": 1, "game": "castle",'], "broken.json", { type: "application/json" }));
    window.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, cancelable: true }));
  });
  const got = await tab.waitLine(/^\[ct\] file-refused (.*)$/, 10000, mark);
  check(/^broken\.json cannot be watched: /.test(got[1]), `the broken file is refused in words: ${got[1]}`);
  check((await tab.q("ct_screen")) === 7, "the viewer is still open");
  await tab.tapButton("viewer:close");
  await tab.waitFor("the title screen", async () => (await tab.q("ct_screen")) === 1);
  tab.noErrors();
  await ctx.close();
}

// ------------------------------------------------------------------ designs by link

const DESIGNS_KEY = "catapult-table.designs";
const te = new TextEncoder();

function header(game, seats, seed) {
  return JSON.stringify({ format: 1, game, options: [], seats, seed, moves: [] });
}
const ADA_BEN = [
  { name: "Ada", kind: "Human", colour: 0 },
  { name: "Ben", kind: "Bot", colour: 1 },
];

// core::design's encoding, written here by hand for the links the app must refuse.
function putUv(out, v) {
  for (;;) {
    const b = v & 0x7f;
    v = Math.floor(v / 128);
    if (v === 0) return out.push(b);
    out.push(b | 0x80);
  }
}
function designLink(base, game, name, rows) {
  const plain = [];
  for (const s of [game, name]) {
    const b = te.encode(s);
    putUv(plain, b.length);
    plain.push(...b);
  }
  putUv(plain, rows.length);
  for (const r of rows) for (const v of r) putUv(plain, v >= 0 ? 2 * v : -2 * v - 1);
  const sum = Buffer.alloc(4);
  sum.writeUInt32LE(checksum(plain) >>> 0);
  const packed = Buffer.concat([Buffer.from([1]), zlib.deflateRawSync(Buffer.concat([Buffer.from(plain), sum]))]);
  return `${base}#design=${toB64(packed)}`;
}

// The designs and near-end tests draw a smaller page: fewer pixels for the software renderer.
const SMALL = { width: 960, height: 600 };

const digestOf = async (tab) => ((await tab.q("ct_design")) >>> 0).toString(16).padStart(8, "0");

// A fortress built in one context (a shipped design), saved under a name, reused in a later
// game, renamed, and shared; the link opens in a fresh context in the designer with the same
// poses, and a game starts with it. A damaged and an illegal design link are refused in words.
// The "My designs" list, open over the table, under the layout test's checks (no overlap, nothing
// off screen, 4.5:1, 44 px targets) at each landscape size of the layout test (held upright, a
// phone shows "turn your phone" over the game), the page's own size last.
async function designListLayout(tab, h) {
  const { check } = h;
  const own = tab.page.viewportSize();
  const bad = [];
  const sizes = [...SIZES.filter(([, w, hh]) => w > hh), ["the page's own", own.width, own.height]];
  for (const [name, w, hh] of sizes) {
    await tab.page.setViewportSize({ width: w, height: hh });
    await tab.waitFor(`the ${w}x${hh} layout`, async () => (await tab.size()).w === w);
    await tab.frames(2, 15000);
    check((await tab.button("design:close")) !== null, `the designs list is still open at ${name}`);
    const texts = await drawnTexts(tab);
    const { targets } = await drawnTargets(tab);
    const found = [...layoutProblems(texts, w, hh), ...readingProblems(texts, false), ...targetProblems(targets)];
    for (const p of found) bad.push(`my designs at ${name} (${w}x${hh}): ${p}`);
  }
  check(bad.length === 0, `${bad.length} layout problems in the designs list:\n  ${bad.join("\n  ")}`);
}

export async function designShareAndOpen(browser, url, Tab, h) {
  const { check } = h;
  const { ctx: a, tab: ta } = await withSave(browser, `${url}?pace=quick`, Tab, header("feud", ADA_BEN, 5));
  const names = ["Tower Keep", "Ada's <Keep> & \"friends\""];
  ta.page.on("dialog", (d) => d.accept(names.shift() ?? ""));
  await ta.tapButton("resume-save");
  await ta.waitFor("Ada's building turn", async () => (await ta.q("ct_human")) === 1);
  let mark = ta.mark();
  await ta.tapButton("choice:0"); // the first shipped fortress
  await ta.waitLine(/^\[ct\] move 1 seat 0 design /, 10000, mark);
  await ta.waitFor("the save button", async () => (await ta.button("design:save")) !== null);
  const built = await digestOf(ta);
  mark = ta.mark();
  await ta.tapButton("design:save");
  const saved = await ta.waitLine(/^\[ct\] design-saved game=feud name=(.*) digest=([0-9a-f]{8})$/, 10000, mark);
  check(saved[1] === "Tower Keep" && saved[2] === built, `saved as ${saved[1]} (${saved[2]}, on the table ${built})`);
  const stored = await ta.page.evaluate((k) => localStorage.getItem(k), DESIGNS_KEY);
  check(stored && stored.includes("Tower Keep"), `the design is in storage: ${stored}`);
  // A later game: the saved fortress is offered beside the shipped ones and builds the same.
  await ta.tapButton("pause");
  await ta.waitFor("the pause menu", async () => (await ta.q("ct_screen")) === 4);
  await ta.tapButton("restart");
  await ta.waitFor("a new building turn", async () => (await ta.q("ct_screen")) === 3 && (await ta.q("ct_moves")) === 0 && (await ta.q("ct_human")) === 1);
  await ta.waitFor("my designs", async () => (await ta.button("design:list")) !== null);
  await ta.tapButton("design:list");
  mark = ta.mark();
  await ta.tapButton("design:use:0");
  await ta.waitLine(/^\[ct\] design-built game=feud name=Tower Keep /, 10000, mark);
  check((await digestOf(ta)) === built, "the saved fortress is built again with the same poses");
  // Renamed (the name is plain text, kept as typed), then shared.
  await ta.tapButton("design:list");
  await designListLayout(ta, h);
  mark = ta.mark();
  await ta.tapButton("design:rename:0");
  const renamed = await ta.waitLine(/^\[ct\] design-renamed game=feud name=(.*)$/, 10000, mark);
  check(renamed[1] === "Ada's <Keep> & \"friends\"", `renamed: ${renamed[1]}`);
  await ta.tapButton("design:close");
  mark = ta.mark();
  await ta.tapButton("design:share");
  const shared = await ta.waitLine(/^\[ct\] design-shared game=feud chars=(\d+) digest=([0-9a-f]{8})$/, 10000, mark);
  const link = await ta.page.evaluate(() => window.ct.lastShare);
  check(link && link.includes("#design="), `the page built a design link (${link})`);
  check(shared[2] === built, "the link holds the fortress on the table");
  console.log(`     a fortress link is ${shared[1]} characters`);
  ta.noErrors();
  await a.close();

  // A fresh context opens the link in the designer.
  const b = await browser.newContext({ viewport: SMALL, hasTouch: true });
  const fragment = link.slice(link.indexOf("#"));
  const tb = await Tab.open(b, `${url}?pace=quick${fragment}`);
  const opened = await tb.waitLine(/^\[ct\] design-opened game=feud name=(.*) digest=([0-9a-f]{8}) moves=(\d+)$/, 30000);
  check(opened[1] === renamed[1], `the designer shows the design's name (${opened[1]})`);
  check(opened[2] === built, `the designer builds the same poses (${opened[2]})`);
  await tb.waitFor("the designer", async () => (await tb.q("ct_screen")) === 3 && (await tb.q("ct_human")) === 1);
  check((await digestOf(tb)) === built, "the pieces on the table have the sender's poses");
  check((await tb.page.evaluate(() => window.location.hash)) === "", "the link left the address bar");
  // Start the game with it: let go of the fortress.
  mark = tb.mark();
  await tb.tapButton("choice:0");
  await tb.waitLine(/^\[ct\] move \d+ seat 0 done /, 10000, mark);
  await tb.waitFor("the let-go button", async () => (await tb.button("release")) !== null);
  await tb.tapButton("release");
  await tb.waitLine(/^\[ct\] move \d+ seat 0 shot /, 30000, mark);
  tb.noErrors();
  await b.close();

  // A damaged link and one whose castle the rules refuse: a sentence on the title screen.
  const c = await browser.newContext({ viewport: SMALL });
  const tc = await Tab.open(c, url);
  const towers = [4, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1].map((t, i) => [Math.floor(i / 4), i % 4, t, 0]);
  for (const [what, bad, words] of [
    ["cut short", `${url}${fragment.slice(0, fragment.length - 9)}`, /^This design link cannot be opened: .*(cut short|damaged)/],
    ["illegal", designLink(url, "castle", "Too tall", towers), /^This design cannot be built: .*at most 3 high/],
  ]) {
    await tc.page.goto("about:blank");
    const m = await tc.load(bad);
    const got = await tc.waitLine(/^\[ct\] design-refused (.*)$/, 20000, m);
    check(words.test(got[1]), `the ${what} design link is refused in words: ${got[1]}`);
    check((await tc.q("ct_screen")) === 1, "the title screen says so");
  }
  tc.noErrors();
  await c.close();
}

// Regression (viewer resets a staged Carcassonne tile): a tile put on the map but not confirmed
// is still there after watching the game in the viewer, and Place lays it where it was put.
export async function regressViewerKeepsStagedTile(browser, url, Tab, h) {
  const { check } = h;
  const { ctx, tab } = await withSave(browser, `${url}?pace=quick`, Tab, header("carcassonne", ADA_BEN, 3));
  await tab.tapButton("resume-save");
  await tab.waitFor("a tile to lay", async () => (await tab.q("ct_input")) === 8 && (await tab.q("ct_human")) === 1);
  let mark = tab.mark();
  await tab.tap(await tab.q("ct_anchor_x"), await tab.q("ct_anchor_y"));
  const ghost = await tab.waitLine(/^\[ct\] grid ghost x=(-?\d+) y=(-?\d+) r=(\d)$/, 10000, mark);
  await tab.tapButton("pause");
  await tab.waitFor("the pause menu", async () => (await tab.q("ct_screen")) === 4);
  await tab.tapButton("watch");
  await tab.waitFor("the viewer", async () => (await tab.q("ct_screen")) === 7);
  await tab.frames(3);
  await tab.tapButton("viewer:close");
  await tab.waitFor("the pause menu again", async () => (await tab.q("ct_screen")) === 4);
  await tab.tapButton("resume");
  await tab.waitFor("the game", async () => (await tab.q("ct_screen")) === 3);
  check((await tab.q("ct_ghost_r")) === Number(ghost[3]), "the staged tile is still in place");
  mark = tab.mark();
  await tab.tapButton("grid:place");
  const sent = await tab.waitLine(/^\[ct\] grid send (\w+) \[(-?\d+), (-?\d+), (\d)\]$/, 10000, mark);
  check(
    sent[2] === ghost[1] && sent[3] === ghost[2] && sent[4] === ghost[3],
    `the tile is laid where it was staged (${ghost.slice(1).join(",")}), not (${sent.slice(2).join(",")})`
  );
  tab.noErrors();
  await ctx.close();
}

// Each game near its end: a selfplay of this build's Hard bots (`fixtures/near-end/<game>.json`,
// made by `referee selfplay --game G --players N --levels hard[,hard] --seed 3 --out …`) cut
// at a human turn (the seat given is made human) close to the end: castle before the solo's
// 18th and last shot, carcassonne before the last tile, the others before the loser's last
// shot, which the bot answers. Shared from one context while the human is to act (nothing
// moves), opened in a fresh one, where the human plays on (the game's gesture, the first
// open cell, the first choice) and the bot finishes, to the results screen.
const NEAR_END = [
  ["castle", 51, 0, "near-end/castle.json"],
  ["feud", 17, 1, "near-end/feud.json"],
  ["assault", 16, 1, "near-end/assault.json"],
  ["catapults", 86, 1, "near-end/catapults.json"],
  ["carcassonne", 227, 0, "near-end/carcassonne.json"],
];

// A fresh context whose page finds `save` in storage from its first load (one load, not two).
async function withSave(browser, url, Tab, save, opts = {}) {
  const ctx = await browser.newContext({ viewport: SMALL, hasTouch: true, ...opts });
  await ctx.addInitScript(([k, s]) => {
    try {
      if (!sessionStorage.getItem("ct-test-seeded")) {
        localStorage.setItem(k, s);
        sessionStorage.setItem("ct-test-seeded", "1");
      }
    } catch (e) {
      // about:blank has no storage.
    }
  }, [SAVE_KEY, save]);
  return { ctx, tab: await Tab.open(ctx, url) };
}

// The acting human's move: the game's gesture, a tile on the first open cell, the first spot,
// or the first choice.
async function humanMove(tab, h) {
  const input = await tab.q("ct_input");
  const anchor = { x: await tab.q("ct_anchor_x"), y: await tab.q("ct_anchor_y") };
  if (input >= 1 && input <= 4) {
    const g = gesturePath(input, anchor, await tab.size(), {});
    await tab.drag(g.pts, g.stepMs, g.burst);
  } else if (input === 6 && (await tab.button("release"))) {
    await tab.tapButton("release");
  } else if (input === 8) {
    const mark = tab.mark();
    await tab.tap(anchor.x, anchor.y);
    await tab.waitLine(/^\[ct\] grid ghost /, 10000, mark);
    await tab.tapButton("grid:place");
  } else if (input === 9) {
    await tab.tap(anchor.x, anchor.y);
  } else {
    h.check(await tab.button("choice:0"), `nothing to do (input ${input})`);
    await tab.tapButton("choice:0");
  }
}

export async function linkEachGameToResults(browser, url, Tab, h, available) {
  const { check } = h;
  // CT_NEAR=castle,feud runs only those games.
  const only = process.env.CT_NEAR ? process.env.CT_NEAR.split(",") : null;
  for (const [id, cut, human, file] of NEAR_END.filter((g) => available.includes(g[0]) && (!only || only.includes(g[0])))) {
    const r = JSON.parse(fs.readFileSync(path.join(here, "fixtures", file), "utf8"));
    const total = r.moves.length;
    r.moves = r.moves.slice(0, cut);
    r.seats[human].kind = "Human";
    r.seats[human].name = "Ada";
    const t0 = Date.now();
    const { ctx: a, tab: ta } = await withSave(browser, url, Tab, JSON.stringify(r));
    await ta.tapButton("resume-save");
    await ta.waitFor(`${id}: Ada's turn`, async () => (await ta.q("ct_human")) === 1, 30000);
    const link = await sharedLink(ta, h);
    check(link.moves === cut, `${id}: shared ${link.moves} moves (${cut})`);
    ta.noErrors();
    await a.close();

    const t1 = Date.now();
    const b = await browser.newContext({ viewport: SMALL, hasTouch: true });
    const tb = await Tab.open(b, `${url}?pace=quick${link.url.slice(link.url.indexOf("#"))}`);
    const opened = await tb.waitLine(new RegExp(`^\\[ct\\] link-opened ${id} moves=(\\d+) `), 60000);
    check(Number(opened[1]) === cut, `${id}: the receiver is at move ${cut} (${opened[1]})`);
    const t2 = Date.now();
    let played = 0;
    for (;;) {
      await tb.waitFor(`${id}: Ada's turn or the results`, async () =>
        (await tb.q("ct_screen")) === 6 || ((await tb.q("ct_human")) === 1 && (await tb.q("ct_busy")) === 0), 90000);
      if ((await tb.q("ct_screen")) === 6) break;
      check(played < 12, `${id}: still not over after ${played} of Ada's moves`);
      const moves = await tb.q("ct_moves");
      await humanMove(tb, h);
      await tb.waitFor(`${id}: Ada's move played`, async () => (await tb.q("ct_moves")) > moves || (await tb.q("ct_screen")) === 6, 60000);
      played += 1;
    }
    const end = await tb.q("ct_moves");
    check(end > cut, `${id}: the receiver played on (${cut} -> ${end} moves)`);
    const sec = (t) => (t / 1000).toFixed(1);
    console.log(`     ${id}: ${cut} moves in ${link.chars} characters; Ada played ${played}, results at move ${end} (the selfplay ended at ${total}); shared in ${sec(t1 - t0)} s, opened in ${sec(t2 - t1)} s, played on in ${sec(Date.now() - t2)} s`);
    tb.noErrors();
    await b.close();
  }
}
