// Game links and the replay viewer in the browser (run.mjs registers them; CT_ONLY=link runs
// only these). The fixture `fixtures/castle-link.json` is the first 20 moves of the golden
// `castle/castle-2p-s2.json` with both seats human ("Ada", "Ben"); `fixtures/castle-link.trace`
// is `referee trace fixtures/castle-link.json` (regenerate both together).

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { gesturePath } from "./games.mjs";

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
  const { check } = h;
  if (await tab.button("cover:ready")) await tab.tapButton("cover:ready");
  await tab.waitFor("a human turn", async () => (await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0, 30000);
  const moves = await tab.q("ct_moves");
  const input = await tab.q("ct_input");
  const mark = tab.mark();
  if (input >= 1 && input <= 4) {
    const anchor = { x: await tab.q("ct_anchor_x"), y: await tab.q("ct_anchor_y") };
    const g = gesturePath(input, anchor, await tab.size(), {});
    await tab.drag(g.pts, g.stepMs, g.burst);
  } else {
    check(await tab.button("choice:0"), `nothing to do (input ${input})`);
    await tab.tapButton("choice:0");
  }
  await tab.waitLine(new RegExp(`^\\[ct\\] move ${moves + 1} `), 60000, mark);
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
