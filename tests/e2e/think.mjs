// A bot's thinking never freezes the screen. Each fixture is a save in which every seat is a
// Hard bot (the longest search) and the next move is a shot, or a Carcassonne tile; its bot
// decisions are watched (one, or as many as `WATCH` says), at the quick pace. The
// figure printed against its target is the app's own: the longest time the bots spent thinking in one frame
// (`ct_bot_slice_ms`, measured inside the app), which a shared, noisy machine cannot inflate
// much. The page's longest requestAnimationFrame gap while a bot thinks is printed beside it.

import fs from "node:fs";
import path from "node:path";

// The most a bot may think in one frame, ms.
export const LONGEST_BOT_FRAME_MS = 50;

// Bot decisions watched per fixture (one when not named): a tile laid, then its follower.
const WATCH = { "carcassonne-tile": 2 };

export async function botThinking(browser, url, Tab, h, fixtures, id) {
  const { check, sleep } = h;
  const ctx = await browser.newContext({ viewport: { width: 960, height: 640 }, hasTouch: true });
  // The players' pace: the quick one thinks in longer slices (src/app/play.rs, QUICK_THINK_SLICE).
  const tab = await Tab.open(ctx, url);
  const save = fs.readFileSync(path.join(fixtures, `bot-think-${id}.json`), "utf8");
  await tab.page.evaluate((s) => localStorage.setItem("catapult-table.save", s), save);
  await tab.load();
  // The page's own frame gaps, from here on.
  await tab.page.evaluate(() => {
    window.ctGaps = [];
    let last = performance.now();
    const tick = (t) => {
      window.ctGaps.push([t - last, wasm_exports.ct_bot_slices()]);
      last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const moves0 = JSON.parse(save).moves.length;
  const watch = WATCH[id] || 1;
  await tab.tapButton("resume-save");
  await tab.waitFor("the game screen", async () => (await tab.q("ct_screen")) === 3);
  await tab.waitFor(`${watch} bot move(s)`, async () => (await tab.q("ct_moves")) >= moves0 + watch, 45000);
  const slice = await tab.q("ct_bot_slice_ms");
  const slices = await tab.q("ct_bot_slices");
  const unit = await tab.q("ct_bot_unit_ms");
  // A gap belongs to the bot when a slice was recorded during it.
  const gaps = await tab.page.evaluate(() =>
    window.ctGaps.filter((g, i, all) => i > 0 && g[1] > all[i - 1][1]).map((g) => g[0])
  );
  const raf = Math.max(0, ...gaps);
  const turns = tab.lines.map((l) => /^\[ct\] bot-think ms=(\d+).* at=(\w+)/.exec(l)).filter(Boolean);
  const thinks = turns.map((m) => Number(m[1]));
  const at = turns.length ? turns[turns.length - 1][2] : "?";
  console.log(
    `  ${id}: longest bot frame: ${slice.toFixed(1)} ms (target ${LONGEST_BOT_FRAME_MS}: ${slice <= LONGEST_BOT_FRAME_MS ? "met" : "NOT met"}; in the app, over ${slices} frames; its longest unit ${unit.toFixed(1)} ms, at the turn's ${at}); ` +
      `longest frame gap while a bot thought: ${raf.toFixed(0)} ms (requestAnimationFrame); ` +
      `thinking took ${thinks.join(", ")} ms of wall time per turn`
  );
  check(slices > 0, `the bot thought (${slices} frames)`);
  // A wall-clock figure on a shared machine: printed against its target, asserted only on
  // request (CT_STRICT_TIMING=1), like every speed target here (docs/benchmarks.md).
  if (process.env.CT_STRICT_TIMING === "1") {
    check(
      slice <= LONGEST_BOT_FRAME_MS,
      `${id}: a bot thought ${slice.toFixed(1)} ms in one frame (at most ${LONGEST_BOT_FRAME_MS})`
    );
  }
  tab.noErrors();
  await ctx.close();
}
