// Cold loads (docs/web.md, "Cold load" and "The loading page"): the page's own picture and
// progress bar, then the game's first frame, in headless Chromium over emulated links.
//
// Two parts:
// - `loadingPage` (exported; run by run.mjs among the browser tests): what a player on a slow
//   link sees before the game, asserted as behaviour, never as a time: the bar is a progressbar
//   whose value rises, never falls, to 100; the picture and the bar are on screen while the wasm
//   is still arriving; the game's canvas takes over when its first frame is drawn.
// - the benchmark (`node coldload.mjs`, the last part of `./build.sh bench`): each load in a
//   fresh browser context (no HTTP cache, no service worker), medians per link of the first
//   paint (the picture and the bar), the bar's first move, the game's first frame, with the
//   bytes' transfer time alone beside them. Prints figures and the issue's targets; asserts nothing.
//
//   node coldload.mjs     CT_DIST=dist folder, CT_SERVER=game server binary, CT_LOADS=loads per
//                         link (default 5), CHROMIUM=browser, CT_SHOTS=folder for a screenshot
//                         of the loading page half-way through each link's first load
//
// dist/ is served by the real game server (target/release/catapult-table-server: brotli and gzip
// copies written by its --precompress) so the bytes and headers are the shipped ones.

import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import net from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CHROMIUM, FLAGS } from "./games.mjs";
import { decodePng } from "./png.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const DIST = path.resolve(process.env.CT_DIST || path.join(root, "dist"));
const SERVER = path.resolve(
  process.env.CT_SERVER || path.join(root, "target", "release", "catapult-table-server")
);
const LOADS = Math.max(1, Number(process.env.CT_LOADS || 5));
// Throughput in bytes per second and the round trip Chromium adds to every request.
export const LINKS = [
  { name: "100 Mbit/s, 20 ms RTT", bytesPerS: (100e6 / 8), rttMs: 20 },
  { name: "10 Mbit/s, 100 ms RTT", bytesPerS: (10e6 / 8), rttMs: 100 },
  { name: "1.6 Mbit/s, 150 ms RTT", bytesPerS: (1.6e6 / 8), rttMs: 150 },
];

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export async function startServer() {
  const port = await freePort();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "ct-coldload-"));
  const child = spawn(SERVER, ["--addr", `127.0.0.1:${port}`, "--data", data, "--dist", DIST], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the game server did not start in 20 s")), 20000);
    child.once("exit", (code) => reject(new Error(`the game server exited (${code})`)));
    child.stdout.on("data", (b) => {
      if (String(b).includes("listening on")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop() {
      child.kill();
      fs.rmSync(data, { recursive: true, force: true });
    },
  };
}

function median(xs) {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// Runs in the page before its own scripts: notes each value of the loading bar (and each words
// of its status line) with the time, and the first animation frame after its fill first grew.
function recordBar() {
  const rec = { values: [], notes: [], moved: null };
  window.__ctBar = rec;
  new MutationObserver((list) => {
    const t = performance.now();
    for (const m of list) {
      if (m.type === "attributes" && m.target.id === "bar") {
        const v = m.target.getAttribute("aria-valuenow");
        rec.values.push([t, v === null ? null : Number(v)]);
      } else if (m.type === "attributes" && m.target.parentNode && m.target.parentNode.id === "bar") {
        const x = /scaleX\(([0-9.e-]+)\)/.exec(m.target.getAttribute("style") || "");
        if (x && Number(x[1]) > 0 && rec.moved === null) {
          rec.moved = -1;
          requestAnimationFrame((f) => { rec.moved = f; });
        }
      } else if (m.type === "childList" && m.target.id === "loading-text") {
        rec.notes.push([t, m.target.textContent]);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow", "style"] });
}

async function throttle(ctx, page, link) {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: link.rttMs,
    downloadThroughput: link.bytesPerS,
    uploadThroughput: link.bytesPerS,
  });
  return cdp;
}

async function waitFirstFrame(page, ms = 60000) {
  await page.waitForFunction(() => window.ct && window.ct.firstFrameMs != null, null, { timeout: ms, polling: 50 });
}

export async function coldLoad(browser, url, link, shot = null) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await ctx.newPage();
    await page.addInitScript(recordBar);
    await throttle(ctx, page, link);
    // Downloads of the wasm before the first frame, by the page and by a service worker (not
    // slowed by the emulation, which applies to the page alone: its bytes would share a real link).
    const wasmFetches = { page: 0, worker: 0 };
    let drawn = false;
    let wasmHeaders = null;
    ctx.on("request", (r) => {
      if (!drawn && r.url().endsWith(".wasm")) wasmFetches[r.serviceWorker() ? "worker" : "page"] += 1;
    });
    page.on("response", async (r) => {
      if (r.url().endsWith(".wasm") && !wasmHeaders) {
        const h = await r.allHeaders().catch(() => ({}));
        wasmHeaders = { type: h["content-type"] || "-", encoding: h["content-encoding"] || "-" };
      }
    });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    // The first frame as the page says it (at once: a service worker registered by it must not
    // be counted before it).
    const firstFrame = new Promise((resolve) => {
      page.on("console", (m) => {
        if (m.text().startsWith("[ct] first-frame-ms ")) {
          drawn = true;
          resolve();
        }
      });
    });
    await page.goto(url, { waitUntil: "commit" });
    if (shot) {
      // Half-way: a screenshot of what a player on this link is looking at.
      await page
        .waitForFunction(() => window.__ctBar && window.__ctBar.values.some(([, v]) => v >= 40), null, { timeout: 60000, polling: 20 })
        .then(async () => fs.writeFileSync(shot, await page.screenshot()))
        .catch(() => {});
    }
    let timer;
    await Promise.race([
      firstFrame,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("no first frame in 60 s")), 60000);
      }),
    ]).finally(() => clearTimeout(timer));
    const t = await page.evaluate(() => {
      const res = performance.getEntriesByType("resource");
      const nav = performance.getEntriesByType("navigation")[0];
      const wasm = res.filter((e) => e.name.endsWith(".wasm"));
      const bytes = res.reduce((n, e) => n + (e.transferSize || 0), nav ? nav.transferSize || 0 : 0);
      const fcp = performance.getEntriesByType("paint").find((e) => e.name === "first-contentful-paint");
      const rec = window.__ctBar || { values: [], moved: null };
      return {
        painted: fcp ? fcp.startTime : NaN,
        moved: rec.moved > 0 ? rec.moved : NaN,
        barValues: rec.values.length,
        firstFrame: window.ct.firstFrameMs,
        wasmReady: window.ct.wasmReadyMs,
        wasmStart: wasm.length ? wasm[0].requestStart : NaN,
        wasmEnd: wasm.length ? wasm[0].responseEnd : NaN,
        wasmBytes: wasm.length ? wasm[0].encodedBodySize : NaN,
        lastByte: Math.max(nav ? nav.responseEnd : 0, ...res.map((e) => e.responseEnd)),
        bytes,
      };
    });
    return { ...t, wasmFetches, wasmHeaders, errors };
  } finally {
    await ctx.close();
  }
}

// ------------------------------------------------------------------ the browser test

// Share of a screenshot's pixels within `tol` of a colour, inside a box of CSS pixels.
function share(img, box, rgb, tol = 24) {
  let n = 0, hit = 0;
  for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(img.height, box.y + box.height); y++) {
    for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(img.width, box.x + box.width); x++) {
      const i = (y * img.width + x) * 4;
      n++;
      if (Math.abs(img.rgba[i] - rgb[0]) + Math.abs(img.rgba[i + 1] - rgb[1]) + Math.abs(img.rgba[i + 2] - rgb[2]) <= tol) hit++;
    }
  }
  return n ? hit / n : 0;
}

const SKY = [0x6b, 0xa8, 0xdb];
const WOOD = [0x78, 0x4f, 0x30];
const FILL = [0xf2, 0xad, 0x38];
const TRACK = [0x38, 0x59, 0x85];
const BG = [0x1c, 0x21, 0x2b];

// The loading page on a slow link (so the wasm takes a few seconds), at a phone's and a
// tablet's size: the bar, the picture, the words, then the hand-over to the game's title.
export async function loadingPage(browser, url, Tab, { check, sleep }, shots = null) {
  // The test server sends the wasm as it is (~2 MB): ~2.5 s at 6.4 Mbit/s.
  const link = { bytesPerS: 6.4e6 / 8, rttMs: 60 };
  for (const vp of [{ width: 390, height: 844 }, { width: 1180, height: 820 }]) {
    const ctx = await browser.newContext({ viewport: vp });
    const page = await ctx.newPage();
    await page.addInitScript(recordBar);
    await throttle(ctx, page, link);
    const tab = new Tab(page, null);
    await page.goto(url, { waitUntil: "commit" });
    const name = `${vp.width}x${vp.height}`;

    // The bar is a progressbar with a name and a range, shown with the picture before the game.
    await page.waitForSelector("#bar", { state: "visible", timeout: 10000 });
    const bar = await page.evaluate(() => {
      const b = document.getElementById("bar");
      return {
        role: b.getAttribute("role"),
        label: b.getAttribute("aria-label") || "",
        min: b.getAttribute("aria-valuemin"),
        max: b.getAttribute("aria-valuemax"),
        heading: document.querySelector("#loading h1").textContent,
      };
    });
    check(bar.role === "progressbar" && /Catapult Table/.test(bar.label), `the bar is a named progressbar: ${JSON.stringify(bar)}`);
    check(bar.min === "0" && bar.max === "100", `the bar's range is 0 to 100: ${JSON.stringify(bar)}`);
    check(bar.heading === "Catapult Table", `the page shows the game's name: ${bar.heading}`);

    // Half-way: the picture and the bar are painted while the wasm is still arriving.
    await page.waitForFunction(() => window.__ctBar.values.some(([, v]) => v >= 30 && v < 90), null, { timeout: 30000, polling: 10 });
    const png = await page.screenshot();
    const during = await page.evaluate(() => ({
      wasmDone: performance.getEntriesByType("resource").some((e) => e.name.endsWith(".wasm")),
      firstFrame: window.ct.firstFrameMs,
      value: Number(document.getElementById("bar").getAttribute("aria-valuenow")),
      pic: document.querySelector("#loading svg").getBoundingClientRect().toJSON(),
      bar: document.getElementById("bar").getBoundingClientRect().toJSON(),
    }));
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      fs.writeFileSync(path.join(shots, `loading-${name}.png`), png);
    }
    check(!during.wasmDone && during.firstFrame === null, `the wasm is still arriving at the screenshot: ${JSON.stringify(during)}`);
    const img = decodePng(png);
    const sky = share(img, during.pic, SKY, 60);
    const wood = share(img, during.pic, WOOD);
    check(sky > 0.15 && wood > 0.05, `the picture of the table is painted (sky ${sky.toFixed(2)}, wood ${wood.toFixed(2)})`);
    const fill = share(img, during.bar, FILL, 40);
    const track = share(img, during.bar, TRACK, 40);
    // Its fill follows the value (a little behind: it glides, and a busy machine paints late).
    const want = during.value / 100;
    check(
      fill > 0.03 && fill < want + 0.15 && track > 0.05,
      `the bar is drawn, filled no further than its value ${during.value} (filled ${fill.toFixed(2)}, track ${track.toFixed(2)})`
    );
    check(share(img, { x: 0, y: img.height - 4, width: img.width, height: 4 }, BG, 6) > 0.9, "the page's background is the title's");

    // The game's first frame: the bar reached 100 without ever going back, the time left was
    // said, and the canvas took over.
    await waitFirstFrame(page);
    await sleep(300);
    const after = await page.evaluate(() => {
      const box = document.getElementById("loading");
      const cs = getComputedStyle(box);
      return { rec: window.__ctBar, gone: box.classList.contains("gone"), display: cs.display };
    });
    const values = after.rec.values.map(([, v]) => v);
    check(values.length >= 5 && values.every((v) => v !== null), `the bar had a value all along: ${values.join(",")}`);
    check(values.every((v, i) => i === 0 || v >= values[i - 1]), `the bar never went back: ${values.join(",")}`);
    check(values[values.length - 1] === 100, `the bar reached 100: ${values.join(",")}`);
    check(values.filter((v) => v > 0 && v < 100).length >= 3, `the bar moved in steps: ${values.join(",")}`);
    const notes = after.rec.notes.map(([, n]) => n);
    check(notes.some((n) => /seconds? left|Almost there/.test(n)), `the time left was said: ${JSON.stringify(notes)}`);
    check(after.gone && after.display === "none", `the loading page gave way: ${JSON.stringify({ gone: after.gone, display: after.display })}`);
    const title = decodePng(await page.screenshot());
    if (shots) fs.writeFileSync(path.join(shots, `loading-${name}-title.png`), await page.screenshot());
    // The game's title, where the loading page's picture was: its game cards (BUTTON blue).
    check(share(title, { x: 0, y: title.height * 0.2, width: title.width, height: title.height * 0.6 }, TRACK, 30) > 0.1,
      "the game's title screen took over");
    tab.noErrors();
    await ctx.close();
  }
}

// The page without the wasm's size written in (web/ as it is, or a server that never says the
// size): the bar goes indeterminate (no value) and the game still starts.
export async function loadingPageUnsized(browser, url, Tab, { check }) {
  const ctx = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const page = await ctx.newPage();
  await page.addInitScript(recordBar);
  await page.route(/\/(index\.html)?$/, async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace(/(\+")\d+(")/, "$1__WASM_BYTES__$2");
    await route.fulfill({ response: res, body, headers: { ...res.headers(), "content-length": String(Buffer.byteLength(body)) } });
  });
  await page.route(/\.wasm$/, async (route) => {
    const res = await route.fetch();
    const h = { ...res.headers() };
    delete h["content-length"];
    await route.fulfill({ response: res, headers: { ...h, "content-encoding": "identity" } });
  });
  const tab = new Tab(page, null);
  await page.goto(url, { waitUntil: "commit" });
  await waitFirstFrame(page);
  const rec = await page.evaluate(() => ({ ...window.__ctBar, cls: document.getElementById("bar").className }));
  check(rec.cls === "ind" && rec.values.some(([, v]) => v === null), `the bar went indeterminate: ${JSON.stringify(rec)}`);
  tab.noErrors();
  await ctx.close();
}

// ------------------------------------------------------------------ the benchmark

async function main() {
  if (!fs.existsSync(path.join(DIST, "index.html"))) throw new Error(`no build in ${DIST}: ./build.sh web`);
  if (!fs.existsSync(SERVER)) {
    throw new Error(`no game server at ${SERVER}: cargo build --release -p catapult-table-server`);
  }
  if (!fs.existsSync(path.join(DIST, "catapult-table.wasm.br"))) {
    console.log(`note: no brotli copies in ${DIST} (catapult-table-server --precompress dist writes them)`);
  }
  const shots = process.env.CT_SHOTS ? path.resolve(process.env.CT_SHOTS) : null;
  if (shots) fs.mkdirSync(shots, { recursive: true });
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    console.log(`cold loads of ${server.url} in headless Chromium (${LOADS} per link, fresh context each; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")})`);
    console.log(
      `${"link".padEnd(22)} ${"painted".padStart(8)} ${"bar moves".padStart(9)} ${"first frame".padStart(11)} ` +
        `${"wasm done".padStart(9)} ${"ready".padStart(8)} ${"transfer".padStart(8)} ${"frame-xfer".padStart(10)} ` +
        `${"bytes".padStart(8)}  wasm fetches (page+worker), type, encoding`
    );
    const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)}` : "-").padStart(5) + " ms";
    const summary = [];
    for (const link of LINKS) {
      const runs = [];
      for (let i = 0; i < LOADS; i++) {
        const shot = shots && i === 0 ? path.join(shots, `coldload-${link.name.split(",")[0].replace(/[^0-9.]+/g, "")}mbit.png`) : null;
        runs.push(await coldLoad(browser, server.url, link, shot));
      }
      const bytes = median(runs.map((r) => r.bytes));
      // The bytes alone over this link: what no page change short of sending less can beat.
      const transfer = (bytes / link.bytesPerS) * 1000;
      const m = {
        painted: median(runs.map((r) => r.painted)),
        moved: median(runs.map((r) => r.moved)),
        firstFrame: median(runs.map((r) => r.firstFrame)),
        wasmEnd: median(runs.map((r) => r.wasmEnd)),
        wasmReady: median(runs.map((r) => r.wasmReady)),
      };
      summary.push({ link, m, transfer });
      const h = runs[0].wasmHeaders || { type: "-", encoding: "-" };
      console.log(
        `${link.name.padEnd(22)} ${ms(m.painted).padStart(8)} ${ms(m.moved).padStart(9)} ` +
          `${ms(m.firstFrame).padStart(11)} ${ms(m.wasmEnd).padStart(9)} ${ms(m.wasmReady).padStart(8)} ${ms(transfer).padStart(8)} ` +
          `${ms(m.firstFrame - transfer).padStart(10)} ${String(bytes).padStart(8)}  ` +
          `${Math.max(...runs.map((r) => r.wasmFetches.page))}+${Math.max(...runs.map((r) => r.wasmFetches.worker))}, ` +
          `${h.type}, ${h.encoding}`
      );
      const each = (k) => runs.map((r) => (Number.isFinite(r[k]) ? Math.round(r[k]) : "-")).join(", ");
      console.log(`${"".padEnd(22)} painted ${each("painted")}; bar moves ${each("moved")}; first frames ${each("firstFrame")} ms`);
      const errors = runs.flatMap((r) => r.errors);
      if (errors.length) console.log(`${"".padEnd(22)} page errors: ${errors.join(" | ")}`);
    }
    console.log(
      "painted: the page's first paint (the game's name, the picture of the table and the bar, before any " +
        "script or the wasm); bar moves: the first animation frame after the bar's fill first grew; first frame: " +
        "the game's first frame on the canvas, its title with all its text; wasm done: its last byte; ready: " +
        "the wasm compiled (while it streamed) and instantiated, the game about to start; " +
        "transfer: the bytes sent (compressed) over the link's throughput alone; frame-xfer: first frame " +
        "less transfer. All ms since navigation, medians."
    );
    console.log("targets (issue #57): painted <= 300 ms, bar moves <= 500 ms, first frame <= transfer + 400 ms");
    for (const { link, m, transfer } of summary) {
      const verdict = (v, limit) => `${Math.round(v)} ms ${v <= limit ? "<=" : ">"} ${Math.round(limit)} ms (${v <= limit ? "met" : "NOT met"})`;
      console.log(
        `  ${link.name.padEnd(22)} painted ${verdict(m.painted, 300)}; bar moves ${verdict(m.moved, 500)}; ` +
          `first frame ${verdict(m.firstFrame, transfer + 400)}, ${(m.firstFrame / transfer).toFixed(2)}x the transfer`
      );
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((e) => {
    console.error(`coldload: ${e.message}`);
    process.exit(1);
  });
}
