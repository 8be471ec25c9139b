// Online rooms in real browsers against the real game server (`catapult-table-server`: the one
// `cargo test` built and tested, which build.sh's test stage passes as CT_SERVER=path). The test
// starts the server itself on a free loopback port with a temporary data folder, serving the
// build under test (CT_DIST's dist/), and kills it with SIGKILL mid-game.
//
// - onlineCastle: a host makes a Castle room (a seat here, one invited, one a Hard bot the server
//   plays), a second browser joins it by its link with a name, a third watches; the two players
//   play by touch; the server is SIGKILLed and started again (same port, same data) mid-game;
//   everybody reconnects by themselves and the game goes on to the results screen, where all
//   three show the same ranking. Prints moves and timings.
// - onlineHostileLinks: room links that are not ones, and one to a room that does not exist,
//   get a message in plain words and the saved game on the device is kept.

import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { gesturePath } from "./games.mjs";
import { rng } from "./whole.mjs";

// CT_SERVER (`./build.sh test` sets it to the binary `cargo test` built), else a release build,
// else the debug one `cargo test` leaves.
export function serverBinary(root) {
  if (process.env.CT_SERVER) return fs.existsSync(process.env.CT_SERVER) ? process.env.CT_SERVER : null;
  const built = ["release", "debug"].map((p) => path.join(root, "target", p, "catapult-table-server"));
  return built.find((p) => fs.existsSync(p)) || null;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = s.address().port;
      s.close(() => resolve(port));
    });
  });
}

// The server on 127.0.0.1:port (`extra`: more of its flags); resolves once it prints its
// `listening on` line.
export function startServer(bin, port, data, dist, extra = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ["--addr", `127.0.0.1:${port}`, "--data", data, "--dist", dist, ...extra], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${out}`)), 30000);
    child.stdout.on("data", (d) => {
      out += d;
      if (/listening on http:/.test(out)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}): ${out}`));
    });
  });
}

export function kill(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.removeAllListeners("exit");
    child.on("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

// A browser's failed WebSocket attempts while the server is down are console errors, expected.
export function expectedErrors(tab) {
  tab.errors = tab.errors.filter((e) => !/WebSocket connection to .* failed|ERR_CONNECTION_REFUSED|net::ERR_/.test(e));
}

// Plays this tab's seats until the results screen (or until the game has `untilMoves` moves): a
// drag-to-fire with a pull a little off the default each shot, a tap on the first choice
// otherwise (as the whole-game tests play). With `how.keys` a shot is aimed as a player aims by
// keys instead: T (the nearest place to aim at, with the strength whose predicted flight comes
// down on it) then Space, so shots hit and a game between two such players ends.
export async function playSeat(tab, h, who, stats, deadline, size, untilMoves = 0, how = {}) {
  const { check, sleep } = h;
  const over = async () => (await tab.q("ct_screen")) === 6;
  let shots = 0;
  let misses = 0;
  for (;;) {
    const left = deadline - Date.now();
    check(left > 0, `${who}: the game did not end in time (moves ${await tab.q("ct_moves")})`);
    const enough = async () => untilMoves > 0 && (await tab.q("ct_moves")) >= untilMoves;
    await tab.waitFor(`${who}: a turn of mine or the results`, async () =>
      (await over()) || (await enough()) || ((await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0 && (await tab.q("ct_screen")) === 3), left);
    if (await over()) return;
    if (await enough()) return;
    await sleep(80);
    if (await over()) return;
    if ((await tab.q("ct_human")) !== 1 || (await tab.q("ct_busy")) !== 0) continue;
    const input = await tab.q("ct_input");
    const moves = await tab.q("ct_moves");
    const mark = tab.mark();
    // Your turn, in the page title too.
    const title = await tab.page.title();
    check(/Your turn/.test(title), `${who}: the page title says it is my turn: "${title}"`);
    stats.titleChecks++;
    if (input >= 1 && input <= 4 && how.keys) {
      // As a player aiming by keys: T (the places nearest first, each with the strength whose
      // predicted flight comes down on it), back to the nearest after a hit, on to the next
      // of the four nearest after each miss (a tower holding a ball throws the next one out);
      // or, with `how.prefer`, the place so named.
      const said = async () => tab.page.evaluate(() => Array.from(document.getElementById("ct-a11y-log")?.children || []).map((n) => n.textContent).filter((l) => l.startsWith("Aiming at ")).pop() || "");
      const press = async (key) => {
        const m = tab.mark();
        await tab.page.keyboard.press(key);
        const placed = await tab.waitLine(/^\[ct\] key-aim place$/, 5000, m).then(() => true, () => false);
        await tab.frames(2); // the words reach the layer's log
        return placed;
      };
      if (await press("t")) {
        const place = async () => {
          const words = await said();
          const [, at, of] = (words.match(/\((\d+) of (\d+)\)/) || [0, 1, 1]).map(Number);
          return { words, at, of };
        };
        let now = await place();
        let want = (misses % Math.min(4, now.of)) + 1;
        // A player who knows the game goes for the best place (`how.prefer`, by its words).
        for (let i = 0; how.prefer && i < now.of; i++) {
          if (how.prefer.test(now.words)) {
            want = now.at;
            break;
          }
          await press("t");
          now = await place();
        }
        const back = (now.at - want + now.of) % now.of;
        const on = (want - now.at + now.of) % now.of;
        for (let i = 0; i < Math.min(back, on); i++) await press(back <= on ? "Shift+t" : "t");
      } else {
        stats.unplaced = (stats.unplaced || 0) + 1; // nothing in reach: Space fires the keys' default aim
      }
      if (process.env.CT_DEBUG) console.log(who, await said());
      await tab.page.keyboard.press("Space");
      shots++;
      stats.shots++;
    } else if (input === 1 || input === 2) {
      const anchor = { x: await tab.q("ct_anchor_x"), y: await tab.q("ct_anchor_y") };
      const r = rng(7000 + stats.shots * 13 + shots);
      const towards = anchor.x < size.w / 2 ? 1 : -1;
      const k = 0.9 + 0.2 * r();
      const g = gesturePath(input, anchor, size, { pull: [-0.16 * towards * k, 0.14 * k * (0.95 + 0.1 * r())] });
      await tab.drag(g.pts, g.stepMs, g.burst);
      shots++;
      stats.shots++;
    } else if (input === 5) {
      // A captured tower: drag its ghost a little, then Place.
      const ax = await tab.q("ct_anchor_x");
      const ay = await tab.q("ct_anchor_y");
      await tab.drag([[ax, ay], [ax + 10, ay], [ax + 20, ay]], 40);
      await tab.tapButton("place");
      stats.decisions++;
    } else {
      const key = (await tab.button("choice:0")) ? "choice:0" : null;
      check(key, `${who}: nothing to do on my turn (input ${input})`);
      await tab.tapButton(key);
      stats.decisions++;
    }
    // The move played (its line, or the count gone past it: a room's move may be told while
    // this one is on its way), a refusal or a cancel.
    const re = new RegExp(`^\\[ct\\] (move ${moves + 1} .*|refused .*|gesture cancelled)$`);
    let got = null;
    await tab.waitFor(`${who}: move ${moves + 1} played`, async () => {
      got = tab.lines.slice(mark).map((l) => l.match(re)).find(Boolean) || null;
      if (!got && (await tab.q("ct_moves")) > moves) got = [null, "move (counted)"];
      return got !== null;
    }, 90000);
    if (how.keys && input >= 1 && input <= 4) {
      const hit = tab.lines.slice(mark).some((l) => /^\[ct\] landed seat \d+ hit yes/.test(l));
      misses = hit ? 0 : misses + 1;
      stats.hits = (stats.hits || 0) + (hit ? 1 : 0);
    }
    if (!got[1].startsWith("move ")) {
      stats.refused++;
      check(stats.refused <= 20, `${who}: too many refusals; the last: ${got[1]}`);
      await sleep(200);
    }
  }
}

export async function onlineCastle(browser, Tab, h, opts) {
  const { check, sleep, assertDrawn } = h;
  const bin = serverBinary(opts.root);
  if (!bin) return { skip: "no server binary (cargo build --release -p catapult-table-server, or CT_SERVER=path)" };
  const t0 = Date.now();
  const times = {};
  const port = await freePort();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "ct-online-"));
  let server = await startServer(bin, port, data, opts.dist);
  const base = `http://127.0.0.1:${port}/`;
  const q = "?pace=quick&hints=off";
  const contexts = [];
  // The page's text box (a name) answers `name`; a copy box is closed.
  const newTab = async (url, name) => {
    const ctx = await browser.newContext({ viewport: { width: 1024, height: 700 }, hasTouch: true });
    contexts.push(ctx);
    const tab = await Tab.open(ctx, url);
    tab.page.on("dialog", (d) => d.accept(name).catch(() => {}));
    return tab;
  };
  try {
    // The host: Castle, three seats: here, invited, a Hard bot.
    const host = await newTab(base + q, "");
    await host.tapButton("game:castle");
    await host.waitFor("the setup screen", async () => (await host.q("ct_screen")) === 2);
    await host.tapButton("seats+");
    await host.tapButton("seat:1:invited"); // a friend invited
    await host.tapButton("seat:2:hard"); // a Hard bot
    let mark = host.mark();
    await host.tapButton("start"); // "Play online"
    await host.waitLine(/^\[ct\] online-create castle seats=here,invited,bot$/, 5000, mark);
    const welcome = await host.waitLine(/^\[ct\] online-welcome code=([0-9a-z]{16}) seats=\[0\] host=true phase=Waiting/, 15000, mark);
    const code = welcome[1];
    times.roomMadeS = (Date.now() - t0) / 1000;
    check((await host.q("ct_screen")) === 8, "the host sees the waiting room");
    const hash = await host.page.evaluate(() => location.hash);
    check(hash === `#room=${code}`, `the room is in the host's address bar: ${hash}`);
    await host.tapButton("room:invite");
    await host.waitLine(new RegExp(`^\\[ct\\] online-invite #room=${code}$`), 5000, mark);
    const shared = await host.page.evaluate(() => window.ct.lastShare);
    check(shared === `${base}#room=${code}`, `the invite link: ${shared}`);
    assertDrawn(await host.shot("online-waiting-room-host"), "the host's waiting room");

    // The friend opens the invite link, types a name and joins.
    const friend = await newTab(`${base}${q}#room=${code}`, "Ben");
    await friend.waitFor("the room screen", async () => (await friend.q("ct_screen")) === 8);
    mark = friend.mark();
    await friend.tapButton("room:name"); // the page's text box answers "Ben"
    await sleep(200);
    await friend.tapButton("room:join");
    await friend.waitLine(/^\[ct\] online-welcome code=\w+ seats=\[1\] host=false phase=Waiting/, 15000, mark);
    const ft = await friend.page.evaluate((c) => localStorage.getItem(`catapult-table.room.${c}`), code);
    check(ft && ft.length === 26, "the friend's seat token is kept in browser storage");
    await host.waitLine(/^\[ct\] online-seats taken=3\/3/, 15000);
    times.joinedS = (Date.now() - t0) / 1000;

    // A watcher, by the watch link.
    const watcher = await newTab(`${base}${q}#room=${code}&watch`, "");
    await watcher.waitLine(/^\[ct\] online-welcome code=\w+ seats=\[\] host=false phase=Waiting watching=true/, 15000);
    assertDrawn(await friend.shot("online-waiting-room-friend"), "the friend's waiting room");

    // The host starts; everybody's game begins.
    const marks = [host.mark(), friend.mark(), watcher.mark()];
    await host.tapButton("room:start");
    for (const [i, t] of [host, friend, watcher].entries()) {
      await t.waitLine(/^\[ct\] online-game castle moves=0 turn=\d$/, 15000, marks[i]);
      await t.waitFor("the play screen", async () => (await t.q("ct_screen")) === 3);
    }
    times.startedS = (Date.now() - t0) / 1000;
    // The friend's page reloads: the host is shown and told "Ben left", then "Ben is back".
    const presence = host.mark();
    await friend.page.reload();
    await host.waitLine(/^\[ct\] online-presence Ben left$/, 20000, presence);
    await host.waitLine(/^\[ct\] online-presence Ben is back$/, 30000, presence);
    await friend.waitFor("the friend's play screen again", async () => (await friend.q("ct_screen")) === 3, 30000);
    const size = await host.size();
    const deadline = Date.now() + opts.budgetMs;
    const stats = { shots: 0, decisions: 0, refused: 0, titleChecks: 0 };
    let killed = null;
    // The server dies mid-game (SIGKILL) and comes back on the same port and data.
    const killer = (async () => {
      await host.waitFor("a few moves before the kill", async () => (await host.q("ct_moves")) >= opts.killAfter || (await host.q("ct_screen")) === 6, opts.budgetMs);
      if ((await host.q("ct_screen")) === 6) return;
      const movesAtKill = await host.q("ct_moves");
      const killMarks = [host.mark(), friend.mark(), watcher.mark()];
      const k0 = Date.now();
      await kill(server);
      for (const t of [host, friend, watcher]) {
        await t.waitLine(/^\[ct\] online-connection reconnecting$/, 20000, killMarks[[host, friend, watcher].indexOf(t)]);
      }
      const banner = await host.shot("online-reconnecting");
      assertDrawn(banner, "the reconnecting banner");
      await sleep(1500);
      server = await startServer(bin, port, data, opts.dist);
      for (const [i, t] of [host, friend, watcher].entries()) {
        await t.waitLine(/^\[ct\] online-welcome /, 30000, killMarks[i]);
      }
      killed = { movesAtKill, downMs: Date.now() - k0 };
    })();
    await Promise.all([
      playSeat(host, h, "host", stats, deadline, size),
      playSeat(friend, h, "friend", stats, deadline, size),
      killer,
    ]);
    check(killed, "the server was killed and restarted mid-game");
    const results = [];
    for (const [i, t] of [host, friend, watcher].entries()) {
      await t.waitFor("the results screen", async () => (await t.q("ct_screen")) === 6, 60000);
      const r = await t.waitLine(/^\[ct\] results (.*)$/, 10000, marks[i]);
      results.push(r[1]);
    }
    times.totalS = (Date.now() - t0) / 1000;
    check(results[0] === results[1] && results[1] === results[2], `the same results everywhere:\n  ${results.join("\n  ")}`);
    const moves = [await host.q("ct_moves"), await friend.q("ct_moves"), await watcher.q("ct_moves")];
    check(moves[0] === moves[1] && moves[1] === moves[2], `the same number of moves: ${moves}`);
    const resyncs = [await host.q("ct_online_resyncs"), await friend.q("ct_online_resyncs"), await watcher.q("ct_online_resyncs")];
    check(resyncs.every((r) => r === 0), `no device went out of step: ${resyncs}`);
    check(stats.titleChecks > 0, "the page title said 'Your turn' on a turn");
    assertDrawn(await watcher.shot("online-results-watcher"), "the watcher's results");
    for (const t of [host, friend, watcher]) {
      expectedErrors(t);
      t.noErrors();
    }
    console.log(
      `     online castle: ${moves[0]} moves (${stats.shots} shots and ${stats.decisions} decisions by touch on two devices, the rest the server's bot), ` +
        `server killed at move ${killed.movesAtKill} and back in ${(killed.downMs / 1000).toFixed(1)} s; ` +
        `room made ${times.roomMadeS.toFixed(1)} s, joined ${times.joinedS.toFixed(1)} s, started ${times.startedS.toFixed(1)} s, results ${times.totalS.toFixed(1)} s; ` +
        `${results[0]}`
    );
  } finally {
    for (const c of contexts) await c.close().catch(() => {});
    await kill(server);
    fs.rmSync(data, { recursive: true, force: true });
  }
}

export async function onlineHostileLinks(browser, Tab, h, opts) {
  const { check, sleep } = h;
  const bin = serverBinary(opts.root);
  if (!bin) return { skip: "no server binary (cargo build --release -p catapult-table-server, or CT_SERVER=path)" };
  const port = await freePort();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "ct-online-"));
  const server = await startServer(bin, port, data, opts.dist);
  const base = `http://127.0.0.1:${port}/`;
  const save = fs.readFileSync(path.join(opts.fixtures, "catapults-last-round.json"), "utf8");
  const ctx = await browser.newContext({ viewport: { width: 900, height: 640 }, hasTouch: true });
  try {
    const tab = await Tab.open(ctx, base);
    tab.page.on("dialog", (d) => d.accept("Cy").catch(() => {}));
    await tab.page.evaluate((s) => localStorage.setItem("catapult-table.save", s), save);
    const hostile = [
      "#room=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
      "#room=../../../etc/passwd",
      "#room=0123456789abcdef&join=1",
      "#room=" + "x".repeat(5000),
      "#room=",
    ];
    for (const frag of hostile) {
      const mark = tab.mark();
      await tab.page.goto("about:blank");
      await tab.load(base + frag);
      const got = await tab.waitLine(/^\[ct\] room-link-refused (.*)$/, 10000, mark);
      check(/^This room link is /.test(got[1]) && !/onerror|passwd/.test(got[1]), `a plain message for ${frag.slice(0, 40)}: ${got[1]}`);
      await tab.frames(3);
      // The screen reader hears the message, not a lone "OK" (issue #53).
      await tab.waitFor(
        "the message said",
        async () => (await tab.page.evaluate(() => window.ctA11y.events())).some((l) => l.startsWith("This room link")),
        5000
      );
      check((await tab.q("ct_screen")) === 1, `the title screen after ${frag.slice(0, 40)}`);
      check((await tab.q("ct_has_save")) === 1, `the saved game is offered after ${frag.slice(0, 40)}`);
      const kept = await tab.page.evaluate(() => localStorage.getItem("catapult-table.save"));
      check(kept === save, `the saved game is kept after ${frag.slice(0, 40)}`);
      const hash = await tab.page.evaluate(() => location.hash);
      check(hash === "", `the refused link leaves the address bar: ${hash.slice(0, 40)}`);
    }
    await tab.shot("online-link-refused");
    // A well-formed code of a room that does not exist: the server's words, the save kept.
    let mark = tab.mark();
    await tab.page.goto("about:blank");
    await tab.load(`${base}#room=zzzzzzzzzzzzzzzz`);
    await tab.waitFor("the room screen", async () => (await tab.q("ct_screen")) === 8);
    await tab.tapButton("room:name");
    await sleep(200);
    await tab.tapButton("room:join");
    const why = await tab.waitLine(/^\[ct\] online-refused (.*)$/, 15000, mark);
    check(why[1].length > 0 && !/[{}"]/.test(why[1]), `the server's refusal in words: ${why[1]}`);
    await tab.shot("online-no-such-room");
    await tab.tapButton("back");
    await tab.waitFor("the title screen", async () => (await tab.q("ct_screen")) === 1);
    check((await tab.page.evaluate(() => localStorage.getItem("catapult-table.save"))) === save, "the save is kept");
    console.log(`     ${hostile.length} hostile room links refused in words; an unknown room: "${why[1]}"`);
    expectedErrors(tab);
    tab.noErrors();
  } finally {
    await ctx.close().catch(() => {});
    await kill(server);
    fs.rmSync(data, { recursive: true, force: true });
  }
}
