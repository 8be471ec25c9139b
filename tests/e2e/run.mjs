// Browser tests for the web build: headless Chromium (Debian's /usr/bin/chromium) driven by
// playwright-core against dist/ served from a small static server on 127.0.0.1.
//
//   node run.mjs            (CT_DIST=path to test another build, CHROMIUM=path for the browser)
//
// The canvas is opaque to the DOM, so the tests read the app through the console lines it
// prints (`[ct] …`) and the small query functions it exports (`wasm_exports.ct_*`), and they
// judge screenshots by pixel statistics. Screenshots land in tests/e2e/screenshots/.
// The last line is `N passed, M failed, K skipped`; the exit code is non-zero on any failure.

import { chromium } from "playwright-core";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import { fileURLToPath } from "node:url";
import { decodePng, pixelStats } from "./png.mjs";
import { CHROMIUM, FLAGS, GAMES, gesturePath, keyHash } from "./games.mjs";
import { playOut, rng } from "./whole.mjs";
import {
  linkShareAndContinue, linkTamperedRefused, viewerScrub, viewerFromFile,
  designShareAndOpen, regressViewerKeepsStagedTile, linkEachGameToResults,
} from "./links.mjs";
import { textLayout, passAndPlay } from "./screens.mjs";
import { botThinking } from "./think.mjs";
import { cameraFollowPinchReduce } from "./camera.mjs";
import { frameTimes } from "./fps.mjs";
import { screenReaderLayer, withoutSight } from "./access.mjs";
import { aidLevelsByKeys, carcassonneByKeys, feudByKeys, keyboardCastleShot, keyboardWholeGame, oneSwitchCarcassonneTile, oneSwitchCastleShot, oneSwitchFromTitle } from "./keys.mjs";
import { lookFraming, lookNewcomer, lookPictures, lookRound, lookRules, lookSetup, lookUpright } from "./look.mjs";
import { dailyCastle } from "./daily.mjs";
import { onlineCastle, onlineHostileLinks } from "./online.mjs";
import { quickCastle } from "./quick.mjs";
import { loadingPage, loadingPageUnsized } from "./coldload.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(process.env.CT_DIST || path.join(here, "..", "..", "dist"));
const SHOTS = path.join(here, "screenshots");
const T0 = Date.now();

// ------------------------------------------------------------------ static server

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".webmanifest": "application/manifest+json",
  ".json": "application/json",
  ".png": "image/png",
  ".md": "text/plain; charset=utf-8",
};

function serve(dir) {
  const server = http.createServer((req, res) => {
    let p = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (p.endsWith("/")) p += "index.html";
    const file = path.join(dir, path.normalize(p));
    if (!file.startsWith(dir + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      res.writeHead(200, {
        "content-type": MIME[path.extname(file)] || "application/octet-stream",
        "cache-control": "no-cache",
      });
      res.end(data);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve({ server, port: server.address().port }));
  });
}

// ------------------------------------------------------------------ harness

const results = [];

// CT_ONLY=regex runs only the tests whose names match (for working on one game).
const ONLY = process.env.CT_ONLY ? new RegExp(process.env.CT_ONLY) : null;

// Tests can run side by side, up to CT_LANES at a time (default 1: one after another), each in its
// own browser context of the one shared browser: contexts share no storage,
// no service worker and no cookies, and a test that needs a game server starts its own on a free
// port. Most of a browser test's time is the game's own real time (a shot flies for seconds, a bot
// waits its turn), not CPU (docs/testing.md). Measured on a machine at load 17-23, three tests
// failed in two lanes that pass alone (they are marked alone now); the rest are not yet measured
// in two lanes on a quiet machine, so one lane stays the default until they are. A test marked
// `{ alone: true }` runs with nothing beside it: the first one (it reads which games exist),
// those that print timings (frame times, a bot's longest frame) and those seen to fail beside
// another on a loaded machine. A test's lines are printed
// together when it ends, under its name; `ok`, `FAIL` or `SKIP` and the name close them.
const LANES = Math.max(1, Number(process.env.CT_LANES || 1) || 1);
const running = new Set();
const finished = new Map();
const lines = new AsyncLocalStorage();
const print = console.log.bind(console);
console.log = (...args) => {
  const buf = lines.getStore();
  if (buf) buf.push(format(...args));
  else print(...args);
};

async function test(name, fn, opts = {}) {
  if (ONLY && !ONLY.test(name) && results.length > 0) return;
  if (opts.alone) await Promise.all(running);
  while (running.size >= LANES) await Promise.race(running);
  const buffered = LANES > 1 && !opts.alone;
  const run = buffered ? lines.run([], () => runTest(name, fn)) : runTest(name, fn);
  const p = run.finally(() => running.delete(p));
  running.add(p);
  finished.set(name, p);
  if (opts.alone) await p;
}

// The test called `name` has ended (for a test that needs what an earlier one made).
function ended(name) {
  return finished.get(name) || Promise.resolve();
}

async function runTest(name, fn) {
  const t = Date.now();
  let line;
  try {
    const skipped = await fn();
    if (skipped && skipped.skip) {
      results.push({ name, status: "skipped" });
      line = `SKIP ${name}: ${skipped.skip}`;
    } else {
      results.push({ name, status: "passed" });
      line = `ok   ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`;
    }
  } catch (e) {
    results.push({ name, status: "failed" });
    line = `FAIL ${name}: ${e && e.stack ? e.stack : e}`;
  }
  const buf = lines.getStore();
  if (buf && buf.length) print(buf.map((l) => `  [${name.slice(0, 40)}] ${l}`).join("\n"));
  print(line);
}

function check(cond, msg) {
  if (!cond) throw new Error(msg);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));


class Tab {
  constructor(page, cdp) {
    this.page = page;
    this.cdp = cdp;
    this.lines = [];
    this.errors = [];
    page.on("console", (m) => {
      this.lines.push(m.text());
      // CT_ECHO=1 prints every console line of the game as it comes (to see a crash's cause).
      if (process.env.CT_ECHO) console.log(`  | ${m.text()}`);
      if (m.type() === "error") this.errors.push(`console.error: ${m.text()}`);
    });
    page.on("pageerror", (e) => {
      this.errors.push(`pageerror: ${e.message}`);
      if (process.env.CT_ECHO) console.log(`  | pageerror: ${e.message}`);
    });
  }

  static async open(context, url) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const tab = new Tab(page, cdp);
    await tab.load(url);
    return tab;
  }

  async load(url) {
    const mark = this.lines.length;
    if (url) await this.page.goto(url);
    else await this.page.reload();
    await this.waitLine(/^\[ct\] first-frame$/, 60000, mark);
    return mark;
  }

  mark() {
    return this.lines.length;
  }

  async waitLine(re, timeout = 10000, from = 0) {
    const end = Date.now() + timeout;
    for (;;) {
      for (let i = from; i < this.lines.length; i++) {
        const m = this.lines[i].match(re);
        if (m) return m;
      }
      if (Date.now() > end) {
        const tail = this.lines.slice(-8).join("\n    ");
        throw new Error(`no console line ${re} within ${timeout} ms; last lines:\n    ${tail}`);
      }
      await sleep(25);
    }
  }

  async q(fn, ...args) {
    return this.page.evaluate(([f, a]) => wasm_exports[f](...a), [fn, args]);
  }

  async waitFor(what, pred, timeout = 10000) {
    const end = Date.now() + timeout;
    for (;;) {
      if (await pred()) return;
      if (Date.now() > end) {
        const tail = this.lines.slice(-8).join("\n    ");
        throw new Error(`timed out waiting for ${what}; last lines:\n    ${tail}`);
      }
      await sleep(30);
    }
  }

  async button(key) {
    const h = keyHash(key);
    const x = await this.q("ct_button_x", h);
    const y = await this.q("ct_button_y", h);
    return x < 0 ? null : { x, y };
  }

  async touch(type, points) {
    await this.cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: points.map(([x, y, id]) => ({ x, y, id: id ?? 1, radiusX: 4, radiusY: 4, force: 1 })),
    });
  }

  // Waits until the app has drawn `n` more frames (macroquad samples input once per frame; on
  // a loaded machine a frame can take longer than any fixed pause).
  async frames(n = 2, timeout = 5000) {
    const f0 = await this.q("ct_frames");
    const end = Date.now() + timeout;
    while ((await this.q("ct_frames")) < f0 + n && Date.now() < end) await sleep(15);
  }

  // A finger tap held over a few frames.
  async tap(x, y) {
    await this.touch("touchStart", [[x, y]]);
    await sleep(60);
    await this.frames(2);
    await this.touch("touchEnd", []);
    await sleep(60);
    await this.frames(1);
  }

  async tapButton(key) {
    const b = await this.button(key);
    check(b, `button "${key}" is not on screen`);
    await this.tap(b.x, b.y);
  }

  async drag(pts, stepMs, burst = false) {
    await this.touch("touchStart", [pts[0]]);
    if (burst) {
      await sleep(stepMs);
      await Promise.all([
        ...pts.slice(1).map((p) => this.touch("touchMove", [p])),
        this.touch("touchEnd", []),
      ]);
      return;
    }
    for (const p of pts.slice(1)) {
      await sleep(stepMs);
      await this.touch("touchMove", [p]);
    }
    await sleep(stepMs);
    await this.touch("touchEnd", []);
  }

  async shot(name) {
    fs.mkdirSync(SHOTS, { recursive: true });
    const buf = await this.page.screenshot();
    fs.writeFileSync(path.join(SHOTS, `${name}.png`), buf);
    return pixelStats(decodePng(buf));
  }

  noErrors() {
    check(this.errors.length === 0, `page errors:\n  ${this.errors.join("\n  ")}`);
  }

  async size() {
    return this.page.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
  }
}

function assertDrawn(stats, what) {
  check(
    stats.colours >= 12 && stats.lumaStd > 8 && stats.nonBackground > 0.03,
    `${what} looks blank: ${JSON.stringify(stats)}`
  );
}

// ------------------------------------------------------------------ the tests

async function main() {
  check(fs.existsSync(path.join(DIST, "index.html")), `no build in ${DIST}: run ./build.sh web first`);
  check(fs.existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}`);
  fs.rmSync(SHOTS, { recursive: true, force: true });
  const { server, port } = await serve(DIST);
  const url = `http://127.0.0.1:${port}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  const metrics = {};
  let available = [];

  try {
    // Always runs, whatever CT_ONLY says: it also reads which games are available.
    await test("the page loads with no page errors and the canvas is not blank", async () => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const tab = await Tab.open(ctx, url);
      metrics.firstFrameMs = await tab.page.evaluate(() => window.ct && window.ct.firstFrameMs);
      metrics.wasmReadyMs = await tab.page.evaluate(() => window.ct && window.ct.wasmReadyMs);
      const ready = await tab.waitLine(/^\[ct\] ready games=(.*)$/);
      available = ready[1]
        .split(",")
        .map((s) => s.split(":"))
        .filter(([, a]) => a === "1")
        .map(([id]) => id);
      const hidden = await tab.page.evaluate(() =>
        document.getElementById("loading").classList.contains("gone")
      );
      check(hidden, "the loading indicator is still shown after the first frame");
      await sleep(300);
      assertDrawn(await tab.shot("title-1280x800"), "the title screen");
      check((await tab.q("ct_screen")) === 1, "the title screen is shown");
      tab.noErrors();
      await ctx.close();
    }, { alone: true });

    await test("the loading page: the game's name, its picture and a progress bar rising to 100 while the wasm arrives, then the title takes over", () =>
      loadingPage(browser, url, Tab, { check, sleep }, SHOTS)
    );
    await test("the loading page without the wasm's size: the bar is indeterminate and the game starts", () =>
      loadingPageUnsized(browser, url, Tab, { check, sleep })
    );

    await test("a tap on the title screen does what it should (setup, or 'not built yet')", async () => {
      const ctx = await browser.newContext({
        viewport: { width: 800, height: 600 },
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      const tab = await Tab.open(ctx, url);
      const ready = await tab.waitLine(/^\[ct\] ready games=(.*)$/);
      const all = ready[1].split(",").map((s) => s.split(":"));
      const unbuilt = all.find(([, a]) => a === "0");
      if (unbuilt) {
        const mark = tab.mark();
        await tab.tapButton(`game:${unbuilt[0]}`);
        await tab.waitLine(/^\[ct\] refused .*not built yet/, 5000, mark);
        check((await tab.q("ct_screen")) === 1, "an unbuilt game must not open its setup");
        await tab.shot("title-tap-unbuilt");
      }
      const built = all.find(([, a]) => a === "1");
      if (built) {
        await tab.tapButton(`game:${built[0]}`);
        await tab.waitFor("the setup screen", async () => (await tab.q("ct_screen")) === 2);
        await tab.shot(`setup-${built[0]}`);
        await tab.tapButton("back");
        await tab.waitFor("the title screen", async () => (await tab.q("ct_screen")) === 1);
      }
      // The sound toggle flips and is remembered across a reload.
      const before = await tab.q("ct_muted");
      await tab.tapButton("mute");
      await tab.waitFor("the mute toggle", async () => (await tab.q("ct_muted")) !== before);
      await tab.load();
      check((await tab.q("ct_muted")) !== before, "the mute setting is remembered");
      tab.noErrors();
      await ctx.close();
    });

    // (A phone in portrait and a 4K screen: the layout test below visits every screen at both.)

    await test("a corrupt save is kept aside with a message, not dropped", async () => {
      const ctx = await browser.newContext({ viewport: { width: 1000, height: 700 } });
      const tab = await Tab.open(ctx, url);
      await tab.page.evaluate(() => localStorage.setItem("catapult-table.save", '{"format":1,"game":'));
      const mark = await tab.load();
      await tab.waitLine(/^\[ct\] save-problem .*catapult-table\.save\.unreadable/, 5000, mark);
      const kept = await tab.page.evaluate(() => [
        localStorage.getItem("catapult-table.save"),
        localStorage.getItem("catapult-table.save.unreadable"),
      ]);
      check(kept[0] === null && kept[1] === '{"format":1,"game":', `kept aside: ${JSON.stringify(kept)}`);
      await sleep(200);
      await tab.shot("title-save-problem");
      check((await tab.button("dismiss")) !== null, "the message can be dismissed");
      tab.noErrors();
      await ctx.close();
    });

    await test("hostile saves, a full storage quota and hostile links: a message, the save kept, no crash", () =>
      hostileInput(browser, url)
    );

    if (available.length === 0) {
      await test("each available game: start by touch, fire its gesture, resume after reload", async () => ({
        skip: "no game is available in this build yet (games::GAMES has none with available: true)",
      }));
    }
    for (const id of available) {
      const entry = GAMES[id] || {};
      for (const variant of entry.variants || [{ label: id, taps: [] }]) {
        if (entry.map) {
          await test(`${variant.label}: started by touch, one shot with its own gesture, resumed after a reload`, async () => ({
            skip: "a tile-map game with no shots: its whole game by touch below covers it",
          }));
          continue;
        }
        await test(`${variant.label}: started by touch, one shot with its own gesture, resumed after a reload`, () =>
          playGame(browser, url, id, { ...entry, ...variant })
        );
      }
    }

    for (const id of available.filter((g) => GAMES[g] && GAMES[g].toEnd)) {
      await test(`${id}: played to the end, results with the ranking, play again, quit keeps the save`, () =>
        playToEnd(browser, url, id, { ...GAMES[id], ...GAMES[id].toEnd })
      );
    }

    if (available.includes("castle")) {
      await test("castle solo: towers rearranged by drag and drop, illegal stacks refused", () =>
        castleSoloDrag(browser, url)
      );
    }

    if (available.includes("practice")) {
      await test("practice tiles: a tile laid on the map by touch, turned, the map panned and pinch-zoomed, then the side-view shot", () =>
        practiceTiles(browser, url)
      );
    }

    if (available.includes("catapults")) {
      await test("catapults: a close-up while aiming, the whole table on a button, wheel zoom and fit", () =>
        catapultsZoom(browser, url)
      );
      await test("catapults: a game resumed in its last round ends on the results screen with the chart", () =>
        resultsChart(browser, url),
        { alone: true }
      );
      await test("camera: a shot is followed and the view returns; pinch zooms, two fingers pan, no shot; reduce motion stops the follow", () =>
        cameraFollowPinchReduce(browser, url, Tab, { check, sleep })
      );
    }

    // Game links and the replay viewer (CT_ONLY=link runs just these).
    if (available.includes("castle")) {
      const h = { check, sleep, assertDrawn };
      let shared = null;
      await test("link: a game shared from one browser continues in a fresh one from the link", async () => {
        shared = await linkShareAndContinue(browser, url, Tab, h);
      });
      await test("link: a changed or cut-short link is refused with a message, the save kept", async () => {
        await ended("link: a game shared from one browser continues in a fresh one from the link");
        if (!shared) return { skip: "no shared link (the sharing test failed)" };
        await linkTamperedRefused(browser, url, Tab, h, shared.linkUrl);
      });
      await test("link viewer: scrub to the middle, the previous shot re-simulated, back to the start", () =>
        viewerScrub(browser, url, Tab, h)
      );
      await test("link viewer: a replay file picked opens in the viewer, a broken one dropped is refused", () =>
        viewerFromFile(browser, url, Tab, h)
      );
    }

    {
      const h = { check, sleep, assertDrawn };
      await test("link: each game near its end, shared from one browser, carries on to the results in a fresh one", () =>
        linkEachGameToResults(browser, url, Tab, h, available),
        { alone: true }
      );
      if (available.includes("feud")) {
        await test("link design: a fortress saved, reused, renamed and shared opens in the designer elsewhere with the same poses; bad design links refused", () =>
          designShareAndOpen(browser, url, Tab, h),
          { alone: true }
        );
      }
      if (available.includes("carcassonne")) {
        await test("link regression: a staged Carcassonne tile survives watching the game in the viewer", () =>
          regressViewerKeepsStagedTile(browser, url, Tab, h)
        );
      }
    }

    // The look of a turn (tests/e2e/look.mjs; CT_ONLY=look runs just these).
    await test("look framing: the camera close on the shooter while aiming, the piece in view in flight, the target large at the landing, the table low, a player's shot and a bot's (measured at 1180x820, 1280x800, 844x390)", () =>
      lookFraming(browser, url, Tab, { check, sleep }, available)
    );
    await test("look upright: on a phone held upright a side-view game asks to turn it; played upright, a full pull stays on screen", () =>
      lookUpright(browser, url, Tab, { check, sleep }, available)
    );
    await test("look round: Carcassonne's catapult round shows the map from above over the side view, the tokens explained, the landing marked", () =>
      lookRound(browser, url, Tab, { check, sleep }, available)
    );
    await test("look setup: seats as cards with who plays them, options as switches by name, at a tablet and both ways on a phone", () =>
      lookSetup(browser, url, Tab, { check, sleep }, available)
    );
    await test("look rules: the rules in short sections with pictures, readable on a phone held upright", () =>
      lookRules(browser, url, Tab, { check, sleep }, available)
    );
    if (available.includes("catapults")) {
      await test("look pictures: the title with each game's table in miniature; the results celebrate the winner in plain words", () =>
        lookPictures(browser, url, Tab, { check, sleep }, path.join(here, "fixtures"))
      );
    }
    await test("look newcomer: a new player aiming along the predicted path hits within 3 shots in Castle, Feud, Assault and Catapults, at a tablet and on a phone on its side", () =>
      lookNewcomer(browser, url, Tab, { check, sleep }, available)
    );

    // Every screen at four sizes (CT_ONLY=layout runs just this).
    if (["castle", "feud", "assault", "catapults", "carcassonne"].every((g) => available.includes(g))) {
      await test("layout: on every screen at phone portrait, tablet, 1280x800 and 4K no text overlaps another or leaves the screen, every tap target is 44x44 CSS px or more, every text and table label reads at 4.5:1 or better", () =>
        textLayout(browser, url, Tab, { check, sleep })
      );
    }

    if (available.includes("castle")) {
      await test("screen reader: the layer mirrors status, events and buttons; a mirrored press and Tab/Enter press canvas buttons", () =>
        screenReaderLayer(browser, url, Tab, { check, sleep })
      );
    }

    // Playing without sight (CT_ONLY=sight runs just these): words and keys alone, against Easy.
    const sightGames = [
      { id: "castle", name: "Catapult Castle", seed: 5, scored: /^(Hit! Player 1's ammo|Player 1 takes the tower)/ },
      { id: "catapults", name: "Catapults", seed: 5, scored: /^Player 1's cube lands on the table \([1-9]\d* points?\)/ },
    ];
    for (const g of sightGames.filter((g) => available.includes(g.id))) {
      await test(`without sight: ${g.name} against an Easy bot, by the screen reader's words and the keys alone, scores within 6 shots`, () =>
        withoutSight(browser, url, Tab, { check, sleep }, g)
      );
    }

    if (available.includes("castle")) {
      // The aim aid at three sizes (CT_ONLY=aid runs just these).
      for (const size of [{ width: 1280, height: 800 }, { width: 1180, height: 820 }, { width: 844, height: 390 }]) {
        await test(`aid: the aim aid by keys at ${size.width}x${size.height}: setup to Standard (the rise, W the top), pause menu to Expert (no dots)`, () =>
          aidLevelsByKeys(browser, url, Tab, { check, sleep }, size)
        );
      }
      await test("keyboard: the screens by Tab and Enter, a Castle shot aimed with the arrows (Shift finer) and fired with Space", () =>
        keyboardCastleShot(browser, url, Tab, { check, sleep })
      );
      await test("keyboard: the rules' Keys section reached by keys; one switch turned on in the pause menu by keys, the menu scanned, a Castle shot by one switch (angle kept, the switch held opens the menu, strength fires)", () =>
        oneSwitchCastleShot(browser, url, Tab, { check, sleep })
      );
      await test("keyboard: one switch turned on from the title by holding the switch; the title's buttons then scanned", () =>
        oneSwitchFromTitle(browser, url, Tab, { check, sleep })
      );
      await test("keyboard: a whole Castle game by keys alone, human vs bot to the results screen", () =>
        keyboardWholeGame(browser, url, Tab, { check, sleep }, "castle", { seed: 7, budgetMs: 240000, minShots: 3 })
      );
      if (available.includes("catapults")) {
        await test("keyboard: a whole Catapults game by keys alone (every flick aimed by keys), human vs bot to the results screen", () =>
          keyboardWholeGame(browser, url, Tab, { check, sleep }, "catapults", { seed: 7, budgetMs: 240000, minShots: 4 })
        );
      }
      if (available.includes("feud")) {
        await test("keyboard: a whole Feud game by keys alone (fortress pieces placed, lowered and turned by keys), human vs bot to the results screen", () =>
          keyboardWholeGame(browser, url, Tab, { check, sleep }, "feud", feudByKeys())
        );
      }
      if (available.includes("carcassonne")) {
        await test("keyboard: a whole short Carcassonne game by keys alone (tiles, followers, a catapult round aimed, hurled and caught), human vs bot to the results screen", () =>
          keyboardWholeGame(browser, url, Tab, { check, sleep }, "carcassonne", carcassonneByKeys())
        );
        await test("keyboard: one switch on the tile map: squares, then turns, lit in turn, a press keeps, a press lays; the follower step by one press; the tile, each lit square and each spot said in words", () =>
          oneSwitchCarcassonneTile(browser, url, Tab, { check, sleep })
        );
      }
    }

    if (available.includes("castle")) {
      await test("pass-and-play: between two humans in Castle a cover hides the table; the second player never sees the first one's hand", () =>
        passAndPlay(browser, url, Tab, { check, sleep })
      );
    }

    // Frame times of the heaviest scene, printed (the issue asks `./build.sh test` to print them;
    // ~10 s), never asserted: a shared machine's load sets them (CT_ONLY="frame times" runs just this).
    if (available.includes("assault")) {
      await test("frame times: Assault with 10 seats draws (printed, not asserted)", () =>
        frameTimes(browser, url, Tab, { check, sleep }, path.join(here, "fixtures")),
        { alone: true }
      );
    }

    // A bot's thinking never freezes the screen: each fixture (tests/e2e/fixtures/bot-think-*.json,
    // every seat a Hard bot) is resumed and one or two bot decisions watched (tests/e2e/think.mjs;
    // ~70 s for the six; CT_ONLY="bot frame" runs just these).
    const thinkFixtures = fs
      .readdirSync(path.join(here, "fixtures"))
      .filter((f) => /^bot-think-.+\.json$/.test(f))
      .sort();
    for (const file of thinkFixtures) {
      const game = JSON.parse(fs.readFileSync(path.join(here, "fixtures", file), "utf8")).game;
      if (!available.includes(game)) continue;
      const id = file.replace(/^bot-think-|\.json$/g, "");
      await test(`${id}: the longest bot frame while Hard bots think (printed against its 50 ms target)`, () =>
        botThinking(browser, url, Tab, { check, sleep }, path.join(here, "fixtures"), id),
        { alone: true }
      );
    }

    // Whole games by touch alone, one human seat against a bot (CT_ONLY="whole game" runs just these).
    if (available.includes("castle")) {
      await test("castle whole game by touch: human vs bot to the results screen", () =>
        wholeGame(browser, url, "castle", {
          seed: 7,
          // Hard now misses like a person (about half its shots, docs/balance.md): games run longer.
          budgetMs: 480000,
          minShots: 3,
          // A pull a little off the default each shot. Kept within ±10%: these mostly miss, so the
          // bot takes the towers and the game ends in about a minute (a wider spread hit now and
          // then and made a game of 150 moves and five minutes: CI's time).
          pull: (i, a, size) => {
            const r = rng(1000 + i);
            const towards = a.x < size.w / 2 ? 1 : -1;
            const k = 0.9 + 0.2 * r();
            return [-0.16 * towards * k, 0.14 * k * (0.95 + 0.1 * r())];
          },
        })
      );
    }

    if (available.includes("assault")) {
      await test("assault whole game by touch: 3 cards dragged by hand then a design button, human vs bot to the results screen", () =>
        wholeGame(browser, url, "assault", assaultHooks())
      );
    }

    if (available.includes("feud")) {
      await test("feud whole game by touch: the gate and 2 blocks (one turned upright) dragged by hand, the rest built for me, a card played, human vs bot to the results screen", () =>
        wholeGame(browser, url, "feud", feudHooks())
      );
    }

    if (available.includes("catapults")) {
      await test("catapults whole game by touch: every flick by hand, human vs bot to the results screen", () =>
        wholeGame(browser, url, "catapults", {
          seed: 7,
          budgetMs: 300000,
          minShots: 4,
          // A swipe down from the lever, its speed and slant a little different every time.
          swipe: (i) => {
            const r = rng(3000 + i);
            return [0.02 * (r() - 0.5), 0.05 + 0.04 * r()];
          },
        })
      );
    }

    if (available.includes("carcassonne")) {
      await test("carcassonne whole game by touch: every tile laid by taps, the map panned and zoomed, catapult rounds aimed, hurled and caught, human vs bot to the results screen", () =>
        wholeGame(browser, url, "carcassonne", carcassonneHooks())
      );
    }

    // Online rooms through the real game server (tests/e2e/online.mjs; CT_ONLY=online runs just
    // these; the server binary: CT_SERVER=path, as build.sh's test stage sets it, else target/'s).
    if (available.includes("castle")) {
      const h = { check, sleep, assertDrawn };
      const opts = { root: path.resolve(here, "..", ".."), dist: DIST, fixtures: path.join(here, "fixtures") };
      await test("online: two browsers play a Castle room (with the server's bot) to the results while a third watches; the server is SIGKILLed and restarted mid-game", () =>
        onlineCastle(browser, Tab, h, { ...opts, budgetMs: 600000, killAfter: 6 })
      );
      await test("online: room links that are not ones, and one to no room, get a message in words and the saved game is kept", () =>
        onlineHostileLinks(browser, Tab, h, opts)
      );
      await test("quick: two browsers press Play online with anyone for Catapults, meet in one room and play it in step to the results (rated, the table shown from the setup screen); a third alone for Castle takes the bots offered and plays to the results, where Find another game queues again", () =>
        quickCastle(browser, Tab, h, { ...opts, budgetMs: Number(process.env.CT_QUICK_BUDGET || 600000) })
      );
      await test("daily: today's Castle challenge played by touch, its line shared, its score on the day's board served by the real server", () =>
        dailyCastle(browser, Tab, h, opts)
      );
    }

    await test("the service worker serves the game with the network cut", async () => {
      const ctx = await browser.newContext({ viewport: { width: 1024, height: 700 } });
      const tab = await Tab.open(ctx, url);
      await tab.page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await tab.waitFor("the service worker to control the page", () =>
        tab.page.evaluate(() => navigator.serviceWorker.controller !== null)
      , 15000);
      await ctx.setOffline(true);
      const failed = await tab.page.evaluate(() => fetch("/nowhere-" + Date.now()).then(() => false, () => true));
      check(failed, "the network is really cut (an uncached request fails)");
      tab.errors = tab.errors.filter((e) => !e.includes("net::ERR_FAILED") && !e.includes("ERR_INTERNET_DISCONNECTED"));
      await tab.load();
      // Drawn once the title screen is up (a slow first frame took longer than a fixed wait).
      await tab.waitFor("the title screen offline", async () => (await tab.q("ct_screen")) === 1, 30000);
      await tab.frames(3);
      assertDrawn(await tab.shot("offline-title"), "the offline title screen");
      check((await tab.q("ct_screen")) === 1, "the title screen is shown offline");
      tab.noErrors();
      await ctx.close();
    });
    await Promise.all(running);
  } finally {
    await browser.close();
    server.close();
  }

  const passed = results.filter((r) => r.status === "passed").length;
  const failed = results.filter((r) => r.status === "failed").length;
  const skipped = results.filter((r) => r.status === "skipped").length;
  console.log(
    `e2e: dist ${DIST}; first frame at ${metrics.firstFrameMs ? Math.round(metrics.firstFrameMs) : "?"} ms after navigation (the wasm downloaded, compiled and started at ${metrics.wasmReadyMs ? Math.round(metrics.wasmReadyMs) : "?"} ms); ran in ${((Date.now() - T0) / 1000).toFixed(1)} s; screenshots in ${SHOTS}`
  );
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed > 0 ? 1 : 0);
}

// Starts `id` from the title screen by touch, takes whatever decisions come first the generic
// way, fires one shot with the game's own gesture, checks the move landed and was saved, then
// reloads and resumes.
async function playGame(browser, url, id, entry) {
  const name = entry.label.replace(/[^a-z0-9]+/gi, "-").replace(/-$/, "");
  const ctx = await browser.newContext({
    viewport: { width: 960, height: 640 },
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  // A fixed seed: the same game every run (the bots' thinking time varies with the seed).
  const tab = await Tab.open(ctx, `${url}?seed=${entry.seed ?? 7}&pace=quick&hints=off`);
  await tab.page.evaluate(() => localStorage.removeItem("catapult-table.save"));
  await tab.tapButton(`game:${id}`);
  await tab.waitFor("the setup screen", async () => (await tab.q("ct_screen")) === 2);
  for (const key of entry.taps || []) await tab.tapButton(key);
  // Seat 0's name, typed into the browser's own dialog (a tablet has no keyboard for a canvas).
  const dialog = new Promise((resolve) =>
    tab.page.once("dialog", async (d) => {
      await d.accept("Ada Tester");
      resolve(d.message());
    })
  );
  await tab.tapButton("seat:0:name");
  check(/seat 1/.test(await dialog), "the name dialog names the seat");
  let mark = tab.mark();
  await sleep(100);
  await tab.tapButton("start");
  await tab.waitLine(new RegExp(`^\\[ct\\] start ${id} .*names=Ada Tester,`), 5000, mark);
  check((await tab.q("ct_screen")) === 3, "the game screen is shown");
  await sleep(200);
  await tab.shot(`${name}-start`);

  // Reach a shot for seat 0 (the human): let-go shots, decisions (the first offered) and
  // placements first, bots in between.
  let kind = 0;
  for (let step = 0; step < 60 && !kind; step++) {
    await tab.waitFor(
      "the human's turn",
      async () => (await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0,
      120000
    );
    const input = await tab.q("ct_input");
    const moves = await tab.q("ct_moves");
    mark = tab.mark();
    if (input >= 1 && input <= 4) {
      kind = input;
    } else if (input === 6) {
      // A let-go: nothing to aim, a button fires it.
      await tab.tapButton("release");
      await tab.waitLine(new RegExp(`^\\[ct\\] move ${moves + 1} `), 60000, mark);
    } else if ((await tab.button("choice:0")) && !entry.placeFirst) {
      await tab.tapButton("choice:0");
      await tab.waitLine(new RegExp(`^\\[ct\\] move ${moves + 1} `), 5000, mark);
    } else if (input === 5) {
      const ax = await tab.q("ct_anchor_x");
      const ay = await tab.q("ct_anchor_y");
      await tab.drag([[ax, ay], [ax + 10, ay], [ax + 20, ay]], 30);
      await tab.tapButton("place");
      await tab.waitLine(new RegExp(`^\\[ct\\] move ${moves + 1} `), 5000, mark);
    } else if (await tab.button("choice:0")) {
      await tab.tapButton("choice:0");
      await tab.waitLine(new RegExp(`^\\[ct\\] move ${moves + 1} `), 5000, mark);
    } else {
      throw new Error(`seat 0 has no launcher, placement or choice (input ${input})`);
    }
  }
  check(kind, "a shot was reached");
  const size = await tab.size();
  const anchor = { x: await tab.q("ct_anchor_x"), y: await tab.q("ct_anchor_y") };
  check(anchor.x > 0 && anchor.y > 0 && anchor.x < size.w && anchor.y < size.h, `launcher on screen: ${JSON.stringify(anchor)}`);
  const gesture = gesturePath(kind, anchor, size, entry);

  // A gesture that leaves the canvas is cancelled cleanly: nothing is fired.
  const before = await tab.q("ct_moves");
  mark = tab.mark();
  await tab.drag([gesture.pts[0], [anchor.x - 40, anchor.y + 10], [-20, anchor.y + 10], [-30, anchor.y + 10]], 30);
  await tab.waitLine(/^\[ct\] gesture cancelled$/, 3000, mark);
  await sleep(150);
  check((await tab.q("ct_busy")) === 0 && (await tab.q("ct_moves")) === before, "a cancelled gesture fires nothing");

  // So is a mouse drag that leaves the page with the button held.
  mark = tab.mark();
  await tab.page.mouse.move(gesture.pts[0][0], gesture.pts[0][1]);
  await tab.page.mouse.down();
  await sleep(60);
  await tab.page.mouse.move(anchor.x - 30, anchor.y + 10, { steps: 3 });
  await sleep(60);
  await tab.page.mouse.move(-20, anchor.y + 10, { steps: 2 });
  await sleep(100);
  await tab.page.mouse.up();
  await tab.waitLine(/^\[ct\] gesture cancelled$/, 3000, mark);
  await sleep(150);
  check((await tab.q("ct_busy")) === 0 && (await tab.q("ct_moves")) === before, "a mouse drag off the page fires nothing");

  // The real shot. For drag launchers a second finger lands and lifts mid-drag: the first
  // finger's gesture must go on and fire.
  mark = tab.mark();
  if (kind === 1 || kind === 2) {
    const pts = gesture.pts;
    const half = Math.floor(pts.length / 2);
    const other = [size.w * 0.5, size.h * 0.5, 2];
    await tab.touch("touchStart", [pts[0]]);
    for (let i = 1; i < pts.length; i++) {
      await sleep(gesture.stepMs);
      const fingers = i >= 3 && i < half + 2 ? [pts[i], other] : [pts[i]];
      if (i === 3) await tab.touch("touchStart", fingers);
      else if (i === half + 2) await tab.touch("touchEnd", fingers);
      else await tab.touch("touchMove", fingers);
    }
    await sleep(gesture.stepMs);
    await tab.touch("touchEnd", []);
  } else {
    await tab.drag(gesture.pts, gesture.stepMs, gesture.burst);
  }
  const fired = await tab.waitLine(/^\[ct\] (fire .*|refused .*)$/, 5000, mark);
  check(fired[1].startsWith("fire "), `the gesture fired: ${fired[1]}`);
  await sleep(250);
  await tab.shot(`${name}-in-flight`);
  const moved = await tab.waitLine(new RegExp(`^\\[ct\\] move ${before + 1} seat 0 shot facts=(\\d+) ?(.*)$`), 60000, mark);
  check(Number(moved[1]) > 0, "the shot reported facts");
  if (entry.expectFacts) check(entry.expectFacts.test(moved[2]), `facts ${moved[2]} match ${entry.expectFacts}`);
  await tab.waitLine(new RegExp(`^\\[ct\\] saved moves=${before + 1}$`), 5000, mark);
  check((await tab.q("ct_moves")) >= before + 1, "the move count went up");
  await sleep(100);
  assertDrawn(await tab.shot(`${name}-after-shot`), `${id} after the shot`);

  // Let the bots finish their turns, then reload: the title offers the save, a tap resumes it.
  await tab.waitFor(
    "the game to settle on a human turn or the end",
    async () => (await tab.q("ct_busy")) === 0 && ((await tab.q("ct_human")) === 1 || (await tab.q("ct_screen")) === 6),
    120000
  );
  if ((await tab.q("ct_screen")) === 6) {
    await tab.shot(`${name}-results`);
    return { skip: `${id} ended before a reload could be tried` };
  }
  const saved = await tab.q("ct_moves");
  mark = await tab.load();
  await tab.waitLine(/^\[ct\] save-found /, 5000, mark);
  await sleep(150);
  await tab.shot(`${name}-resume-offer`);
  await tab.tapButton("resume-save");
  await tab.waitLine(new RegExp(`^\\[ct\\] resume ${id} moves=${saved}$`), 5000, mark);
  check((await tab.q("ct_screen")) === 3 && (await tab.q("ct_moves")) === saved, "resumed at the saved move");
  await sleep(200);
  assertDrawn(await tab.shot(`${name}-resumed`), `${id} resumed`);
  // Rotating the device (portrait, then back) keeps the game where it was.
  await tab.page.setViewportSize({ width: 640, height: 960 });
  await sleep(300);
  assertDrawn(await tab.shot(`${name}-portrait`), `${id} in portrait`);
  check((await tab.q("ct_screen")) === 3 && (await tab.q("ct_moves")) === saved, "rotation keeps the game");
  await tab.page.setViewportSize({ width: 960, height: 640 });
  await sleep(200);
  // The pause menu opens and shows the rules.
  await tab.tapButton("pause");
  await tab.waitFor("the pause menu", async () => (await tab.q("ct_screen")) === 4);
  await tab.tapButton("rules");
  await tab.waitFor("the rules", async () => (await tab.q("ct_screen")) === 5);
  await tab.shot(`${name}-rules`);
  await tab.tapButton("back");
  await tab.waitFor("the pause menu again", async () => (await tab.q("ct_screen")) === 4);
  await tab.tapButton("resume");
  await tab.waitFor("the game again", async () => (await tab.q("ct_screen")) === 3);
  tab.noErrors();
  await ctx.close();
}

// Plays a short game to its end (every seat human, the same gesture each turn): the results
// screen shows the ranking and why, "Play again" starts afresh, and quitting keeps the save.
// Catapult Castle solo: Rearrange, then drag towers on mat 1 by touch. Positions come from the
// first source (the app's anchor: mat 1 square 1's tower) and the table's scale: squares are
// 0.09 m apart, stack levels 0.0765 m, the gap after mat 1 is centred 0.395 m from square 1.
async function castleSoloDrag(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 1024, height: 700 }, hasTouch: true });
  const tab = await Tab.open(ctx, `${url}?seed=7&pace=quick&hints=off`);
  await tab.page.evaluate(() => localStorage.removeItem("catapult-table.save"));
  await tab.tapButton("game:castle");
  await tab.waitFor("the setup screen", async () => (await tab.q("ct_screen")) === 2);
  await tab.tapButton("seats-");
  await tab.tapButton("start");
  await tab.waitFor("the human's turn", async () => (await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0);
  let moves = await tab.q("ct_moves");
  let mark = tab.mark();
  await tab.tapButton("choice:0");
  await tab.waitLine(new RegExp(`^\\[ct\\] move ${moves + 1} seat 0 rearrange `), 5000, mark);
  await tab.waitFor("the drag editor", async () => (await tab.q("ct_input")) === 7);
  const a = { x: await tab.q("ct_anchor_x"), y: await tab.q("ct_anchor_y") };
  const s = await tab.q("ct_scale");
  check(a.x > 0 && a.y > 0 && s > 50, `a tower to pick up on screen: ${JSON.stringify(a)} scale ${s}`);
  const at = (square, level) => [a.x + square * 0.09 * s, a.y - level * 0.0765 * s];
  const drag = async (from, to) => {
    const pts = [];
    for (let i = 0; i <= 8; i++) pts.push([from[0] + ((to[0] - from[0]) * i) / 8, from[1] + ((to[1] - from[1]) * i) / 8]);
    await tab.drag(pts, 40);
  };
  const dragged = async (from, to, what) => {
    const n = await tab.q("ct_moves");
    const m = tab.mark();
    await drag(from, to);
    await tab.waitLine(new RegExp(`^\\[ct\\] move ${n + 1} seat 0 drag_tower `), 5000, m);
    check((await tab.q("ct_moves")) === n + 1, what);
  };
  const refusedWith = async (from, to, re, what) => {
    const n = await tab.q("ct_moves");
    const m = tab.mark();
    await drag(from, to);
    await tab.waitLine(re, 5000, m);
    await sleep(150);
    check((await tab.q("ct_moves")) === n, what);
  };
  // Square 1 onto square 2, square 3 on top of that: a stack of 3.
  await dragged(at(0, 0), at(1, 1), "square 1's tower dragged onto square 2");
  await dragged(at(2, 0), at(1, 2), "square 3's tower dragged onto the stack");
  await sleep(200);
  await tab.shot("castle-solo-stack-of-3");
  // A fourth level is refused with the reason; a drop between the mats is cancelled.
  await refusedWith(at(3, 0), at(1, 3), /^\[ct\] refused towers stack at most 3 high/, "a stack of 4 is refused");
  await refusedWith(at(3, 0), [a.x + 0.395 * s, a.y], /^\[ct\] refused Not on a ringed spot/, "a drop off the squares is cancelled");
  moves = await tab.q("ct_moves");
  mark = tab.mark();
  await tab.tapButton("choice:0");
  await tab.waitLine(new RegExp(`^\\[ct\\] move ${moves + 1} seat 0 done `), 5000, mark);
  await tab.waitFor("the catapult again", async () => (await tab.q("ct_input")) === 1);
  tab.noErrors();
  await ctx.close();
}

async function playToEnd(browser, url, id, entry) {
  const ctx = await browser.newContext({ viewport: { width: 1024, height: 700 }, hasTouch: true });
  const tab = await Tab.open(ctx, `${url}?seed=${entry.seed ?? 7}&pace=quick&hints=off`);
  await tab.page.evaluate(() => localStorage.removeItem("catapult-table.save"));
  await tab.tapButton(`game:${id}`);
  await tab.waitFor("the setup screen", async () => (await tab.q("ct_screen")) === 2);
  for (const key of entry.taps || []) await tab.tapButton(key);
  await tab.shot(`${id}-to-end-setup`);
  await tab.tapButton("start");
  await tab.waitFor("the game screen", async () => (await tab.q("ct_screen")) === 3);
  const size = await tab.size();
  for (let turn = 0; turn < (entry.maxTurns || 40); turn++) {
    await tab.waitFor(
      "a human turn or the results",
      async () => (await tab.q("ct_screen")) === 6 || ((await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0),
      120000
    );
    if ((await tab.q("ct_screen")) === 6) break;
    const kind = await tab.q("ct_input");
    check(kind >= 1 && kind <= 4, `a launcher is up (input ${kind})`);
    const anchor = { x: await tab.q("ct_anchor_x"), y: await tab.q("ct_anchor_y") };
    const g = gesturePath(kind, anchor, size, entry);
    const moves = await tab.q("ct_moves");
    const mark = tab.mark();
    await tab.drag(g.pts, g.stepMs, g.burst);
    await tab.waitLine(new RegExp(`^\\[ct\\] move ${moves + 1} `), 60000, mark);
  }
  await tab.waitFor("the results screen", async () => (await tab.q("ct_screen")) === 6, 10000);
  const results = await tab.waitLine(/^\[ct\] results (.*)$/);
  check(/^1\. /.test(results[1]) && results[1].includes("("), `the ranking says why: ${results[1]}`);
  await sleep(200);
  assertDrawn(await tab.shot(`${id}-results`), "the results screen");
  const saved = await tab.page.evaluate(() => localStorage.getItem("catapult-table.save"));
  check(saved === null, "a finished game leaves no save to resume");
  await tab.tapButton("again");
  await tab.waitFor("a fresh game", async () => (await tab.q("ct_screen")) === 3 && (await tab.q("ct_moves")) === 0);
  await tab.tapButton("pause");
  await tab.waitFor("the pause menu", async () => (await tab.q("ct_screen")) === 4);
  await tab.shot(`${id}-pause`);
  await tab.tapButton("quit");
  await tab.waitFor("the title", async () => (await tab.q("ct_screen")) === 1);
  check((await tab.button("resume-save")) !== null, "the title offers the game that was quit");
  tab.noErrors();
  await ctx.close();
}

// The Catapults lever is tiny on its table: the game asks for a close-up while a human aims. The
// *Whole table* button shows everything, the mouse wheel zooms about the pointer, *Fit* undoes it.
async function catapultsZoom(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await Tab.open(ctx, `${url}?seed=7&pace=quick&hints=off`);
  await tab.page.evaluate(() => localStorage.removeItem("catapult-table.save"));
  const click = async (key) => {
    const b = await tab.button(key);
    check(b, `button "${key}" is not on screen`);
    await tab.page.mouse.move(b.x, b.y);
    await tab.page.mouse.down();
    await sleep(60);
    await tab.frames(2);
    await tab.page.mouse.up();
    await sleep(60);
    await tab.frames(1);
  };
  // The very first click of a fresh page was lost twice in full runs on a loaded machine (never
  // alone): click again, at most twice more, and say so, rather than fail on the harness's timing.
  let opened = false;
  for (let attempt = 1; attempt <= 3 && !opened; attempt++) {
    await click("game:catapults");
    try {
      await tab.waitFor("the setup screen", async () => (await tab.q("ct_screen")) === 2, 4000);
      opened = true;
      if (attempt > 1) console.log(`    (the title click needed ${attempt} attempts)`);
    } catch (_) {
      /* try again */
    }
  }
  try {
    check(opened, "the setup screen did not open after 3 clicks on the Catapults tile");
  } catch (e) {
    // Seen twice in full runs on a loaded machine, never alone: say what the page showed.
    await tab.shot("catapults-zoom-no-setup");
    const b = await tab.button("game:catapults");
    throw new Error(`${e.message}\n    tile at ${JSON.stringify(b)}, screen ${await tab.q("ct_screen")}, frames ${await tab.q("ct_frames")}`);
  }
  await click("start");
  await tab.waitFor("the first human aim", async () => (await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0);
  const close = await tab.q("ct_scale");
  await tab.shot("catapults-zoom-close-up");
  await click("view:whole");
  await tab.waitFor("the whole table", async () => (await tab.q("ct_scale")) < close * 0.6);
  const whole = await tab.q("ct_scale");
  check(close >= 2 * whole, `the close-up is at least twice as big (${close} vs ${whole} px/m)`);
  await tab.shot("catapults-zoom-whole");
  // Two wheel notches over the launcher: 1.25 × 1.25 the whole-table scale.
  const ax = await tab.q("ct_anchor_x");
  const ay = await tab.q("ct_anchor_y");
  await tab.page.mouse.move(ax, ay);
  for (let i = 0; i < 2; i++) {
    await tab.page.mouse.wheel(0, -120);
    await sleep(150);
  }
  await tab.waitFor("the wheel zoom", async () => (await tab.q("ct_scale")) > whole * 1.5);
  const zoomed = await tab.q("ct_scale");
  check(Math.abs(zoomed / whole - 1.5625) < 0.01, `two notches zoom 1.5625× (${zoomed / whole})`);
  // The launcher stays under the pointer.
  const bx = await tab.q("ct_anchor_x");
  check(Math.abs(bx - ax) < 2, `the launcher stays under the pointer (${ax} → ${bx})`);
  await tab.shot("catapults-zoom-wheel");
  await click("view:fit");
  await tab.waitFor("the fit", async () => Math.abs((await tab.q("ct_scale")) - whole) < 0.01);
  await click("view:whole");
  await tab.waitFor("the close-up again", async () => Math.abs((await tab.q("ct_scale")) - close) < 0.01);
  tab.noErrors();
  await ctx.close();
}

// The practice game's tile round (option `tiles`, one human seat): everything on the map by
// touch. Cells are found through the app's map frame (`ct_cell_x/y`), the ghost's rotation by
// `ct_ghost_r`, the zoom by `ct_scale` (pixels per cell).
async function practiceTiles(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 960, height: 640 }, hasTouch: true, deviceScaleFactor: 2 });
  const tab = await Tab.open(ctx, `${url}?seed=7&pace=quick&hints=off`);
  await tab.page.evaluate(() => localStorage.removeItem("catapult-table.save"));
  await tab.tapButton("game:practice");
  await tab.waitFor("the setup screen", async () => (await tab.q("ct_screen")) === 2);
  await tab.tapButton("opt:4");
  await tab.tapButton("seats-");
  let mark = tab.mark();
  await tab.tapButton("start");
  const placeLine = await tab.waitLine(/^\[ct\] grid place lay open=(.*) spots=0$/, 5000, mark);
  await tab.waitFor("the map's place prompt", async () => (await tab.q("ct_input")) === 8 && (await tab.q("ct_human")) === 1);
  // Open cells: "x,y:[r, r]" separated by ";". Take the one with the most rotations.
  const open = placeLine[1].split(";").map((c) => {
    const m = c.match(/^(-?\d+),(-?\d+):\[(.*)\]$/);
    return { x: Number(m[1]), y: Number(m[2]), rots: m[3].split(",").map((r) => Number(r.trim())) };
  });
  check(open.length > 0, `open cells listed: ${placeLine[1]}`);
  const cell = open.reduce((a, b) => (b.rots.length > a.rots.length ? b : a));
  const at = async (x, y) => ({ x: await tab.q("ct_cell_x", x, y), y: await tab.q("ct_cell_y", x, y) });
  const base = await tab.q("ct_scale");
  check(base > 20, `the map is framed (${base} px per cell)`);
  await sleep(200);
  const mapStats = await tab.shot("practice-tiles-map");
  assertDrawn(mapStats, "the tile map");

  // A tap on the start tile: the game's reason.
  const start = await at(0, 0);
  mark = tab.mark();
  await tab.tap(start.x, start.y);
  await tab.waitLine(/^\[ct\] refused a tile already lies there$/, 5000, mark);
  check((await tab.q("ct_ghost_r")) === -1, "no ghost after a refused tap");

  // Tap the open cell: the ghost lies there; tap again: it turns to the next rotation that fits.
  let c = await at(cell.x, cell.y);
  mark = tab.mark();
  await tab.tap(c.x, c.y);
  await tab.waitLine(new RegExp(`^\\[ct\\] grid ghost x=${cell.x} y=${cell.y} r=${cell.rots[0]}$`), 5000, mark);
  check((await tab.q("ct_ghost_r")) === cell.rots[0], "the ghost takes the first rotation that fits");
  if (cell.rots.length > 1) {
    mark = tab.mark();
    await tab.tap(c.x, c.y);
    await tab.waitLine(new RegExp(`^\\[ct\\] grid ghost x=${cell.x} y=${cell.y} r=${cell.rots[1]}$`), 5000, mark);
    // The Turn button goes on round.
    await tab.tapButton("grid:turn");
    await tab.waitFor("the Turn button", async () => (await tab.q("ct_ghost_r")) === cell.rots[2 % cell.rots.length]);
  }
  await sleep(150);
  await tab.shot("practice-tiles-ghost");

  // Pinch out about the map's middle: the cells grow.
  const mid = await at(0, 0);
  const size = await tab.size();
  const cy = Math.min(mid.y, size.h * 0.55);
  mark = tab.mark();
  await tab.touch("touchStart", [[mid.x - 40, cy, 1]]);
  await tab.frames(2);
  await tab.touch("touchStart", [[mid.x - 40, cy, 1], [mid.x + 40, cy, 2]]);
  await tab.frames(2);
  for (let i = 1; i <= 6; i++) {
    await tab.touch("touchMove", [[mid.x - 40 - 12 * i, cy, 1], [mid.x + 40 + 12 * i, cy, 2]]);
    await tab.frames(2);
  }
  await tab.touch("touchEnd", [[mid.x - 112, cy, 1]]);
  await tab.frames(2);
  await tab.touch("touchEnd", []);
  await tab.frames(2);
  await tab.waitLine(/^\[ct\] map zoom=/, 3000, mark);
  const zoomed = await tab.q("ct_scale");
  check(zoomed > base * 1.4, `the pinch zoomed in (${base} -> ${zoomed} px per cell)`);
  check((await tab.q("ct_moves")) === 0, "a pinch plays nothing");
  await tab.shot("practice-tiles-pinched");

  // One finger drags the empty map (from the start tile): the map follows the finger.
  const s0 = await at(0, 0);
  await tab.drag([[s0.x, s0.y], [s0.x + 15, s0.y + 5], [s0.x + 35, s0.y + 10], [s0.x + 60, s0.y + 15]], 40);
  await tab.frames(2);
  const s1 = await at(0, 0);
  check(s1.x - s0.x > 20, `the drag panned the map (${s0.x} -> ${s1.x})`);
  check((await tab.q("ct_ghost_r")) >= 0, "panning keeps the ghost");

  // Two fingers twisted clockwise by about 70 degrees turn the ghost a quarter.
  const r0 = await tab.q("ct_ghost_r");
  const t0 = await at(0, 0);
  const rad = 50;
  const pair = (deg) => {
    const a = (deg * Math.PI) / 180;
    return [
      [t0.x - rad * Math.cos(a), t0.y - rad * Math.sin(a), 1],
      [t0.x + rad * Math.cos(a), t0.y + rad * Math.sin(a), 2],
    ];
  };
  await tab.touch("touchStart", [pair(0)[0]]);
  await tab.frames(2);
  await tab.touch("touchStart", pair(0));
  await tab.frames(2);
  for (let d = 10; d <= 70; d += 10) {
    await tab.touch("touchMove", pair(d));
    await tab.frames(2);
  }
  await tab.touch("touchEnd", [pair(70)[0]]);
  await tab.frames(2);
  await tab.touch("touchEnd", []);
  await tab.frames(2);
  if (cell.rots.length > 1) {
    const r1 = await tab.q("ct_ghost_r");
    const next = cell.rots[(cell.rots.indexOf(r0) + 1) % cell.rots.length];
    check(r1 === next, `the twist turned the ghost from ${r0} to the next rotation ${next} (got ${r1})`);
  }
  // Fit frames the whole map again; the wheel zooms by notches.
  await tab.tapButton("view:fit");
  await tab.waitFor("the fit", async () => Math.abs((await tab.q("ct_scale")) - base) < 0.5);
  const fit = await at(0, 0);
  await tab.page.mouse.move(fit.x, fit.y);
  await tab.page.mouse.wheel(0, -120);
  await tab.waitFor("a wheel notch", async () => Math.abs((await tab.q("ct_scale")) / base - 1.25) < 0.01);
  await tab.tapButton("view:fit");
  await tab.waitFor("the fit again", async () => Math.abs((await tab.q("ct_scale")) - base) < 0.5);

  // Place: the move is the cell and the rotation shown.
  const r = await tab.q("ct_ghost_r");
  mark = tab.mark();
  await tab.tapButton("grid:place");
  await tab.waitLine(new RegExp(`^\\[ct\\] move 1 seat 0 lay \\[${cell.x}, ${cell.y}, ${r}\\]$`), 5000, mark);
  // The spots light up: a tap on the first puts the marker there.
  await tab.waitFor("the spot prompt", async () => (await tab.q("ct_input")) === 9);
  await sleep(150);
  await tab.shot("practice-tiles-spots");
  const sx = await tab.q("ct_anchor_x");
  const sy = await tab.q("ct_anchor_y");
  mark = tab.mark();
  await tab.tap(sx, sy);
  await tab.waitLine(/^\[ct\] move 2 seat 0 mark \[0\]$/, 5000, mark);

  // The tiles are laid: the side view and the catapult.
  await tab.waitFor("the side-view shot", async () => (await tab.q("ct_input")) === 1 && (await tab.q("ct_human")) === 1);
  check((await tab.q("ct_cell_x", 0, 0)) === -1, "no map on the side view");
  const anchor = { x: await tab.q("ct_anchor_x"), y: await tab.q("ct_anchor_y") };
  const gesture = gesturePath(1, anchor, await tab.size(), GAMES.practice);
  mark = tab.mark();
  await tab.drag(gesture.pts, gesture.stepMs);
  await tab.waitLine(/^\[ct\] fire /, 5000, mark);
  await tab.waitLine(/^\[ct\] move 3 seat 0 shot facts=\d+/, 60000, mark);
  assertDrawn(await tab.shot("practice-tiles-side-view"), "the side view after the tiles");
  tab.noErrors();
  await ctx.close();
}

// Issue #16 in the browser. Hostile saves (tiny files that used to panic or hang the parser,
// trailing data, a forged save without launches) are kept aside with a message on the title
// screen; with a full storage quota the game goes on, says it could not save, and the previous
// save stays; hostile links (`?seed=` junk) load normally.
async function hostileInput(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 700 }, hasTouch: true });
  const tab = await Tab.open(ctx, url);
  const honest = fs.readFileSync(path.join(here, "fixtures", "catapults-last-round.json"), "utf8");
  const forged = JSON.parse(honest);
  for (const m of forged.moves) delete m.launch;
  const hostile = ['{"x":}', '{"x":[', '{"x":{', '{"moves":[{"x":[', honest + " trailing", JSON.stringify(forged)];
  for (const [i, text] of hostile.entries()) {
    await tab.page.evaluate(() => {
      for (const k of Object.keys(localStorage)) if (k.startsWith("catapult-table.save")) localStorage.removeItem(k);
    });
    await tab.page.evaluate((t) => localStorage.setItem("catapult-table.save", t), text);
    const mark = await tab.load();
    await tab.waitLine(/^\[ct\] save-problem .*catapult-table\.save\.unreadable/, 20000, mark);
    const kept = await tab.page.evaluate(() => [
      localStorage.getItem("catapult-table.save"),
      localStorage.getItem("catapult-table.save.unreadable"),
    ]);
    check(kept[0] === null && kept[1] === text, `hostile save ${i} kept aside: ${JSON.stringify(kept).slice(0, 120)}`);
    check((await tab.q("ct_screen")) === 1 && (await tab.button("dismiss")) !== null, `hostile save ${i}: a message on the title`);
    if (i === 1) await tab.shot("title-hostile-save");
  }
  tab.noErrors();
  await ctx.close();

  // A full quota: every write is refused (as a real QuotaExceededError), the game goes on.
  const full = await browser.newContext({ viewport: { width: 1000, height: 700 }, hasTouch: true });
  const t2 = await Tab.open(full, url);
  await t2.page.evaluate((s) => localStorage.setItem("catapult-table.save", s), honest);
  await full.addInitScript(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  let mark = await t2.load();
  await t2.tapButton("resume-save");
  await t2.waitFor("the game screen", async () => (await t2.q("ct_screen")) === 3);
  await t2.waitLine(/^\[ct\] refused The game could not be saved: .*storage full/, 120000, mark);
  const still = await t2.page.evaluate(() => localStorage.getItem("catapult-table.save"));
  check(still === honest, "the previous save is kept when the quota is full");
  await t2.shot("game-quota-full");
  t2.noErrors();
  await full.close();

  // Hostile links.
  const links = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const t3 = await Tab.open(links, url);
  for (const q of ["?seed=1e400", "?seed=-5", "?seed=abc", "?seed=99999999999999999999999999", "?seed=%1b%5b2J", "?seed=&seed=1", "?%00=%ff"]) {
    mark = await t3.load(url + q);
    await t3.waitLine(/^\[ct\] ready games=/, 20000, mark);
    check((await t3.q("ct_screen")) === 1, `the title after ${q}`);
  }
  t3.noErrors();
  await links.close();
}

// A saved 3-bot Catapults game (made by `referee selfplay --game catapults --players 3 --seed 2
// --out …`, cut to the start of its last round) is resumed: the bots play it out, the results
// screen charts the running totals of every round.
async function resultsChart(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  const tab = await Tab.open(ctx, url);
  const save = fs.readFileSync(path.join(here, "fixtures", "catapults-last-round.json"), "utf8");
  await tab.page.evaluate((s) => localStorage.setItem("catapult-table.save", s), save);
  await tab.load();
  await tab.tapButton("resume-save");
  await tab.waitFor("the game screen", async () => (await tab.q("ct_screen")) === 3);
  await tab.waitFor("the results screen", async () => (await tab.q("ct_screen")) === 6, 240000);
  const chart = await tab.waitLine(/^\[ct\] results-chart rounds=(\d+)$/);
  check(Number(chart[1]) >= 5, `the chart has every round (rounds=${chart[1]})`);
  await sleep(200);
  assertDrawn(await tab.shot("catapults-results-chart"), "the results screen with its chart");
  tab.noErrors();
  await ctx.close();
}

// Carcassonne: The Catapult. Seat 0 lays each tile by a tap on a lit cell (the first one the app
// offers) and *Place*, turning it with a second tap now and then; stands a follower on the first
// lit spot every third tile, else taps *No follower*. On its second tile it zooms with the wheel,
// pans with one finger, pinches, and fits the map again. In a catapult round it aims by a tap on
// a tile, hurls by drag-to-fire, chooses Catch the first time it draws a fair tile (Knock out
// after), and as the catcher drags its hand into the lane and taps *Place*. It plays the `short`
// option (ticked by touch on the setup screen) to stay in CI's time. The results: ranking,
// points by kind (catapult too), chart. The page runs at `pace=quick&hints=off` (0.1 s between bot moves).
function carcassonneHooks() {
  let viewed = false;
  // The last move line: which step of seat 0's own turn or round we are in.
  const lastMove = (tab) => {
    for (let i = tab.lines.length - 1; i >= 0; i--) {
      const m = /^\[ct\] move \d+ seat (\d+) (\S+)/.exec(tab.lines[i]);
      if (m) return { seat: Number(m[1]), action: m[2] };
    }
    return { seat: -1, action: "" };
  };
  return {
    // The short game (30 base and 6 fair tiles; seat 0's first tile is a fair with seed 7): the
    // whole 83-tile game took 202 moves in 420 s and did not finish; this one is ~104 moves.
    seed: 7,
    taps: ["opt:2"],
    budgetMs: 540000,
    minShots: 1,
    // A short pull down and back from the catapult, a little different every hurl.
    pull: (i) => {
      const r = rng(5000 + i);
      return [-0.05 - 0.04 * r(), 0.05 + 0.04 * r()];
    },
    turn: async (tab, input, stats) => {
      if (input === 8) {
        if (stats.placements === 1 && !viewed) {
          viewed = true;
          await carcassonneView(tab);
        }
        const ax = await tab.q("ct_anchor_x");
        const ay = await tab.q("ct_anchor_y");
        await tab.tap(ax, ay);
        await tab.waitFor("the ghost tile", async () => (await tab.q("ct_ghost_r")) >= 0, 5000);
        if (stats.placements % 4 === 2) {
          // A second tap turns it to the next rotation that fits (or keeps the only one).
          await tab.tap(ax, ay);
          await tab.frames(2);
        }
        if (stats.placements === 3) await tab.shot("whole-carcassonne-ghost");
        await tab.tapButton("grid:place");
        stats.placements++;
        return true;
      }
      const last = lastMove(tab);
      const followerStep = last.seat === 0 && last.action === "place";
      if (input === 9 && !followerStep) {
        // Aim the catapult: a tap on the first tile the map offers.
        await tab.tap(await tab.q("ct_anchor_x"), await tab.q("ct_anchor_y"));
        stats.aims = (stats.aims || 0) + 1;
        return true;
      }
      if (input === 9 && stats.placements % 3 === 1) {
        await tab.tap(await tab.q("ct_anchor_x"), await tab.q("ct_anchor_y"));
        stats.followers = (stats.followers || 0) + 1;
        return true;
      }
      if (input === 5) {
        // The catch: drag the hand down the lane towards the catapult and lower it, then Place.
        const ax = await tab.q("ct_anchor_x");
        const ay = await tab.q("ct_anchor_y");
        await tab.drag([[ax, ay], [ax - 30, ay + 10], [ax - 60, ay + 20], [ax - 90, ay + 30]], 40);
        if (!stats.handShot) {
          stats.handShot = true;
          await tab.shot("whole-carcassonne-hand");
        }
        await tab.tapButton("place");
        stats.catches = (stats.catches || 0) + 1;
        return true;
      }
      if (input === 0 && last.seat === 0 && (last.action === "skip" || last.action === "follower")) {
        // Seat 0 laid a fair tile: the token choice. Catch first, then Knock out.
        const key = stats.chose ? "choice:0" : "choice:3";
        check(await tab.button(key), `the token choice offers ${key}`);
        await tab.tapButton(key);
        stats.chose = (stats.chose || 0) + 1;
        return true;
      }
      if (stats.placements === 10 && !stats.midShot) {
        stats.midShot = true;
        await tab.shot("whole-carcassonne-midgame");
      }
      return false;
    },
    after: async (tab, stats, mark) => {
      check(stats.placements >= 15, `seat 0 laid its tiles by touch (${stats.placements})`);
      check((stats.followers || 0) >= 4, `seat 0 stood followers by touch (${stats.followers})`);
      check((stats.aims || 0) >= 1, `seat 0 aimed the catapult on the map (${stats.aims})`);
      check((stats.catches || 0) >= 1, `seat 0 caught by touch in a Catch round (${stats.catches})`);
      const chart = await tab.waitLine(/^\[ct\] results-chart rounds=(\d+)$/, 5000, mark);
      check(Number(chart[1]) >= 15, `the chart has every round (rounds=${chart[1]})`);
    },
  };
}

// Wheel zoom about the map's middle, a one-finger pan, a pinch, then *Fit*: nothing is played.
async function carcassonneView(tab) {
  const moves = await tab.q("ct_moves");
  const base = await tab.q("ct_scale");
  const size = await tab.size();
  const o = { x: await tab.q("ct_cell_x", 0, 0), y: await tab.q("ct_cell_y", 0, 0) };
  await tab.page.mouse.move(o.x, o.y);
  await tab.page.mouse.wheel(0, -120);
  await tab.waitFor("a wheel notch", async () => (await tab.q("ct_scale")) > base * 1.2);
  const s0 = { x: await tab.q("ct_cell_x", 0, 0), y: await tab.q("ct_cell_y", 0, 0) };
  await tab.drag([[s0.x, s0.y], [s0.x + 15, s0.y + 5], [s0.x + 35, s0.y + 10], [s0.x + 60, s0.y + 15]], 40);
  await tab.frames(2);
  const s1 = await tab.q("ct_cell_x", 0, 0);
  check(s1 - s0.x > 20, `the drag panned the map (${s0.x} -> ${s1})`);
  const cy = Math.min(size.h * 0.5, s1);
  const cx = size.w / 2;
  await tab.touch("touchStart", [[cx - 40, cy, 1]]);
  await tab.frames(2);
  await tab.touch("touchStart", [[cx - 40, cy, 1], [cx + 40, cy, 2]]);
  await tab.frames(2);
  for (let i = 1; i <= 5; i++) {
    await tab.touch("touchMove", [[cx - 40 - 12 * i, cy, 1], [cx + 40 + 12 * i, cy, 2]]);
    await tab.frames(2);
  }
  await tab.touch("touchEnd", [[cx - 100, cy, 1]]);
  await tab.frames(2);
  await tab.touch("touchEnd", []);
  await tab.frames(2);
  await tab.shot("whole-carcassonne-zoomed");
  await tab.tapButton("view:fit");
  await tab.waitFor("the fit", async () => Math.abs((await tab.q("ct_scale")) - base) < 0.5);
  check((await tab.q("ct_moves")) === moves, "viewing the map plays nothing");
}

// Assault on the Castle: seat 0 builds its castle by hand — each building card dragged upright
// (turned by its round handle, then its ghost dragged down onto the mat, a row 25 mm apart) and
// put down with *Place* — then lets go by the button and plays by wrist throws and buttons.
function assaultHooks() {
  let building = true;
  const hand = { placed: 0, refused: 0 };
  return {
    seed: 7,
    budgetMs: 240000,
    swipe: (i, a, size) => {
      const r = rng(2000 + i);
      const towards = a.x < size.w / 2 ? 1 : -1;
      return [(0.16 + 0.12 * r()) * towards, -0.12 - 0.16 * r()];
    },
    turn: async (tab, input, stats) => {
      if (input === 4) building = false;
      if (building && input === 5 && hand.placed >= 3) {
        // Upright cards alone do not stand through the let-go (they topple like dominoes,
        // measured): after three hand-placed cards the first design button (`Four Gates` with
        // a full hand) completes a standing castle.
        await tab.tapButton("choice:0");
        stats.decisions++;
        return true;
      }
      if (!building || input !== 5) {
        // Reinforcing later (Restoration, raids…): the first button (a pair, a floor, done).
        if (!building && input === 5) {
          await tab.tapButton("choice:0");
          stats.decisions++;
          return true;
        }
        return false;
      }
      const s = await tab.q("ct_scale");
      const u = Math.min((await tab.size()).w, (await tab.size()).h) / 100;
      const sx = await tab.q("ct_anchor_x");
      const sy = await tab.q("ct_anchor_y");
      // The ghost starts flat in the middle of the mat's placing region (y 3…400 mm).
      const reach = 0.044 * s + 6 * u;
      const line = (a, b, n = 6) => Array.from({ length: n + 1 }, (_, i) => [a[0] + ((b[0] - a[0]) * i) / n, a[1] + ((b[1] - a[1]) * i) / n]);
      // Turn it upright by its handle (to the right of the centre at angle 0).
      await tab.drag(line([sx + reach, sy], [sx, sy - reach]), 40);
      await sleep(150);
      // Drag it down to stand on the mat: centre 3 mm (mat) + 44 mm (half a card) + a hair.
      const k = hand.placed;
      const dx = (-0.17 + 0.025 * k) * s;
      const dy = (0.2015 - (0.0475 + 0.0005 * hand.refused)) * s;
      await tab.drag(line([sx, sy], [sx + dx, sy + dy], 8), 40);
      await sleep(150);
      const mark = tab.mark();
      await tab.tapButton("place");
      const got = await tab.waitLine(/^\[ct\] (move \d+ seat 0 put .*|refused .*)$/, 5000, mark);
      if (got[1].startsWith("move")) hand.placed++;
      else hand.refused++;
      console.log(`     assault hand card: ${got[1]} (scale ${s.toFixed(0)} px/m)`);
      stats.placements++;
      return true;
    },
    after: async (tab, stats) => {
      check(hand.placed >= 3, `at least 3 cards placed by hand (${hand.placed})`);
      check(stats.letGos >= 1, `seat 0 let go of its castle by the button (${stats.letGos})`);
      stats.handPlaced = hand.placed;
    },
  };
}

// Catapult Feud: the gate and two blocks are dragged onto the board by hand (the second turned
// upright by its dot first), "Build the rest for me" finishes the fortress, the first Tactics
// plays the first card in hand; everything else is the generic player (Done, let go, soldiers
// for me, shoot from here, drag-to-fire).
function feudHooks() {
  let building = true;
  const hand = { placed: 0, refused: 0 };
  // Board-local centres (mm from seat 0's outer, left edge; the board is 300 mm) and angles.
  // The first Tactics' first button plays the first card in hand (the generic choice:0).
  const pieces = [
    [240, 0],
    [120, 90],
    [40, 0],
  ];
  return {
    seed: 7,
    budgetMs: 150000,
    minShots: 1,
    pull: (i, a, size) => {
      const r = rng(4000 + i);
      const towards = a.x < size.w / 2 ? 1 : -1;
      const k = 0.8 + 0.4 * r();
      return [-0.16 * towards * k, 0.14 * k];
    },
    turn: async (tab, input, stats) => {
      if (input !== 5) return false;
      if (!building) {
        // Soldiers (or a fortress that fell and is built again): the first button.
        await tab.tapButton("choice:0");
        stats.decisions++;
        return true;
      }
      if (hand.placed >= pieces.length) {
        // Five design buttons, then "Build the rest for me".
        const mark = tab.mark();
        await tab.tapButton("choice:5");
        const got = await tab.waitLine(/^\[ct\] (move \d+ seat 0 .*|refused .*)$/, 5000, mark);
        console.log(`     feud: ${got[1]}`);
        building = false;
        stats.decisions++;
        return true;
      }
      const s = await tab.q("ct_scale");
      const size = await tab.size();
      const u = Math.min(size.w, size.h) / 100;
      const sx = await tab.q("ct_anchor_x");
      const sy = await tab.q("ct_anchor_y");
      const line = (a, b, n = 6) => Array.from({ length: n + 1 }, (_, i) => [a[0] + ((b[0] - a[0]) * i) / n, a[1] + ((b[1] - a[1]) * i) / n]);
      const [lx, deg] = pieces[hand.placed];
      if (deg === 90) {
        // The turning dot: out to the right of the ghost's centre, half a block plus 6 u.
        const reach = 0.0375 * s + 6 * u;
        await tab.drag(line([sx + reach, sy], [sx, sy - reach]), 40);
        await sleep(150);
      }
      // The ghost starts over the middle of the board (150 mm): drag it along, let it drop.
      const dx = ((lx - 150) / 1000) * s;
      await tab.drag(line([sx, sy], [sx + dx, sy], 8), 40);
      await sleep(150);
      const mark = tab.mark();
      await tab.tapButton("place");
      const got = await tab.waitLine(/^\[ct\] (move \d+ seat 0 place .*|refused .*)$/, 5000, mark);
      if (got[1].startsWith("move")) hand.placed++;
      else hand.refused++;
      check(hand.refused < 4, `feud hand placements refused: ${got[1]}`);
      console.log(`     feud hand piece: ${got[1]} (scale ${s.toFixed(0)} px/m)`);
      if (hand.placed === 2) await tab.shot("whole-feud-building");
      stats.placements++;
      return true;
    },
    after: async (tab, stats) => {
      check(hand.placed >= 3, `the gate and 2 blocks placed by hand (${hand.placed})`);
      check(!building, "the rest of the fortress was built for me");
      check(stats.letGos >= 1, `seat 0 let go of its fortress by the button (${stats.letGos})`);
      const played = tab.lines.filter((l) => /^\[ct\] move \d+ seat 0 play /.test(l));
      check(played.length >= 1, "seat 0 played an action card");
      stats.handPlaced = hand.placed;
      stats.cardsPlayed = played.length;
    },
  };
}

// One human seat (seat 0, the setup's default) against a bot, from the title by touch to the
// results screen: the ranking is printed and drawn, no page error happened.
async function wholeGame(browser, url, id, hooks) {
  const ctx = await browser.newContext({ viewport: { width: 1024, height: 700 }, hasTouch: true });
  const tab = await Tab.open(ctx, `${url}?seed=${hooks.seed}&pace=quick&hints=off`);
  await tab.page.evaluate(() => localStorage.removeItem("catapult-table.save"));
  await tab.tapButton(`game:${id}`);
  await tab.waitFor("the setup screen", async () => (await tab.q("ct_screen")) === 2);
  for (const key of hooks.taps || []) await tab.tapButton(key);
  // The bot seat plays at Hard (its segment) unless the hooks say otherwise: Hard ends
  // the game soonest (it misses least), which keeps CI's time.
  const level = hooks.level || "hard";
  if (level === "hard") await tab.tapButton("seat:1:hard");
  const mark = tab.mark();
  await tab.tapButton("start");
  await tab.waitLine(new RegExp(`^\\[ct\\] start ${id} seats=2 humans=1 seed=${hooks.seed} .* levels=normal,${level}$`), 5000, mark);
  const stats = await playOut(tab, { check, sleep, gesturePath }, hooks);
  const results = await tab.waitLine(/^\[ct\] results (.*)$/, 10000, mark);
  check(/^1\. .*\|.*2\. /.test(results[1]), `the ranking lists both seats: ${results[1]}`);
  await sleep(300);
  assertDrawn(await tab.shot(`whole-${id}-results`), "the results screen");
  check(stats.shots >= (hooks.minShots ?? 1), `seat 0 fired at least ${hooks.minShots ?? 1} shots by touch (${stats.shots})`);
  if (hooks.after) await hooks.after(tab, stats, mark);
  console.log(`     ${id}: ${JSON.stringify(stats)}; ${results[1]}`);
  // CT_TRACE=1 prints the game's moves (to see what the scripted player did).
  if (process.env.CT_TRACE) console.log(tab.lines.filter((l) => /^\[ct\] (move|refused|fire)/.test(l)).join("\n"));
  tab.noErrors();
  await ctx.close();
}

main().catch((e) => {
  console.log(`FAIL harness: ${e && e.stack ? e.stack : e}`);
  console.log(`${results.filter((r) => r.status === "passed").length} passed, ${results.filter((r) => r.status === "failed").length + 1} failed`);
  process.exit(1);
});
