// Cold-load benchmark (docs/web.md, "Cold load"): the time from navigation to the game's first
// frame in headless Chromium over emulated links, each load in a fresh browser context (no HTTP
// cache, no service worker). Prints medians; asserts nothing. Run by `./build.sh bench`.
//
//   node coldload.mjs     CT_DIST=dist folder, CT_SERVER=game server binary, CT_LOADS=loads per
//                         link (default 5), CHROMIUM=browser
//
// dist/ is served by the real game server (target/release/catapult-table-server: brotli and gzip
// copies written by its --precompress) so the bytes and headers are the shipped ones.

import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CHROMIUM, FLAGS } from "./games.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const DIST = path.resolve(process.env.CT_DIST || path.join(root, "dist"));
const SERVER = path.resolve(
  process.env.CT_SERVER || path.join(root, "target", "release", "catapult-table-server")
);
const LOADS = Math.max(1, Number(process.env.CT_LOADS || 5));
// Throughput in bytes per second and the round trip Chromium adds to every request.
const LINKS = [
  { name: "10 Mbit/s, 100 ms RTT", bytesPerS: (10e6 / 8), rttMs: 100 },
  { name: "1.6 Mbit/s, 150 ms RTT", bytesPerS: (1.6e6 / 8), rttMs: 150 },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer() {
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

async function coldLoad(browser, url, link) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: link.rttMs,
      downloadThroughput: link.bytesPerS,
      uploadThroughput: link.bytesPerS,
    });
    // Downloads of the wasm before the first frame, by the page (the preload reused by the
    // loader's fetch counts once) and by a service worker (not slowed by the emulation, which
    // applies to the page alone: its bytes would share a real link).
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
    const firstFrame = new Promise((resolve) => {
      page.on("console", (m) => {
        if (m.text().startsWith("[ct] first-frame-ms ")) resolve();
      });
    });
    await page.goto(url, { waitUntil: "commit" });
    let timer;
    await Promise.race([
      firstFrame,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("no first frame in 60 s")), 60000);
      }),
    ]).finally(() => clearTimeout(timer));
    drawn = true;
    const t = await page.evaluate(() => {
      const res = performance.getEntriesByType("resource");
      const nav = performance.getEntriesByType("navigation")[0];
      const wasm = res.filter((e) => e.name.endsWith(".wasm"));
      const bytes = res.reduce((n, e) => n + (e.transferSize || 0), nav ? nav.transferSize || 0 : 0);
      const fcp = performance.getEntriesByType("paint").find((e) => e.name === "first-contentful-paint");
      return {
        painted: fcp ? fcp.startTime : NaN,
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

async function main() {
  if (!fs.existsSync(path.join(DIST, "index.html"))) throw new Error(`no build in ${DIST}: ./build.sh web`);
  if (!fs.existsSync(SERVER)) {
    throw new Error(`no game server at ${SERVER}: cargo build --release -p catapult-table-server`);
  }
  if (!fs.existsSync(path.join(DIST, "catapult-table.wasm.br"))) {
    console.log(`note: no brotli copies in ${DIST} (catapult-table-server --precompress dist writes them)`);
  }
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    console.log(`cold loads of ${server.url} in headless Chromium (${LOADS} per link, fresh context each)`);
    console.log(
      `${"link".padEnd(24)} ${"painted".padStart(8)} ${"first frame".padStart(11)} ${"wasm ready".padStart(10)} ` +
        `${"wasm done".padStart(9)} ${"last byte".padStart(9)} ${"transfer".padStart(8)} ` +
        `${"bytes".padStart(9)}  wasm fetches (page+worker), type, encoding`
    );
    for (const link of LINKS) {
      const runs = [];
      for (let i = 0; i < LOADS; i++) runs.push(await coldLoad(browser, server.url, link));
      const bytes = median(runs.map((r) => r.bytes));
      // The bytes alone over this link: what no page change short of sending less can beat.
      const transfer = (bytes / link.bytesPerS) * 1000;
      const ms = (v) => `${Math.round(v)}`.padStart(5) + " ms";
      const h = runs[0].wasmHeaders || { type: "-", encoding: "-" };
      console.log(
        `${link.name.padEnd(24)} ${ms(median(runs.map((r) => r.painted))).padStart(8)} ` +
          `${ms(median(runs.map((r) => r.firstFrame))).padStart(11)} ` +
          `${ms(median(runs.map((r) => r.wasmReady))).padStart(10)} ` +
          `${ms(median(runs.map((r) => r.wasmEnd))).padStart(9)} ` +
          `${ms(median(runs.map((r) => r.lastByte))).padStart(9)} ${ms(transfer).padStart(8)} ` +
          `${String(bytes).padStart(9)}  ${Math.max(...runs.map((r) => r.wasmFetches.page))}+` +
          `${Math.max(...runs.map((r) => r.wasmFetches.worker))}, ${h.type}, ${h.encoding}`
      );
      console.log(
        `${"".padEnd(24)} first frames: ${runs.map((r) => Math.round(r.firstFrame)).join(", ")} ms`
      );
      const errors = runs.flatMap((r) => r.errors);
      if (errors.length) console.log(`${"".padEnd(24)} page errors: ${errors.join(" | ")}`);
    }
    console.log(
      "painted: the page's first paint (its HTML loading indicator, not the game); first frame: the " +
        "game's first frame on the canvas, its title with all its text (the figure issue #45 sets); " +
        "wasm ready / wasm done / last byte: ms since navigation (medians); transfer: the bytes sent " +
        "(compressed) over the link's throughput alone"
    );
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((e) => {
  console.error(`coldload: ${e.message}`);
  process.exit(1);
});
