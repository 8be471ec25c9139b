// Quick match in real browsers against the real game server (started here as online.mjs does,
// with a short --quick-bots-after): "Play online with anyone" on the setup screen.
//
// - quickCastle: two browsers press "Play online with anyone" for Castle (two players), each
//   typing a name once; the first waits alone, the second arrives, the server seats them in one
//   room (a seat each) and both play it in step to the results: decisions by touch, each shot
//   aimed as a player aims by keys (T, the nearest place to aim at, then Space). Both show the
//   same ranking and their rating for the game after it; the server's ratings table counts
//   them. A third
//   browser alone for Castle with three players is offered bots, takes them and plays its room
//   with the server's two bots to the results; "Play again" there reads "Find another game": it
//   queues again for Castle with three (no local game) and Cancel comes back to the results and
//   into the room; "Rematch" there starts a new room with the same seats (Cy the only player
//   connected, the bots staying bots) and its game (no local game).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { lineOf } from "./look.mjs";
import { expectedErrors, freePort, kill, playSeat, serverBinary, startServer } from "./online.mjs";

// The pair's game: Catapults, whose length is its rounds (a Castle game between two players who
// only take towers from the middle mats can go on for a hundred moves).
const PAIR_GAME = "catapults";

export async function quickCastle(browser, Tab, h, opts) {
  const { check, assertDrawn } = h;
  const bin = serverBinary(opts.root);
  if (!bin) return { skip: "no server binary (cargo build --release -p catapult-table-server, or CT_SERVER=path)" };
  const t0 = Date.now();
  const port = await freePort();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "ct-quick-"));
  const server = await startServer(bin, port, data, opts.dist, ["--quick-bots-after", "4"]);
  const base = `http://127.0.0.1:${port}/?pace=quick&hints=off`;
  const contexts = [];
  const newTab = async (name) => {
    const ctx = await browser.newContext({ viewport: { width: 1024, height: 700 }, hasTouch: true });
    contexts.push(ctx);
    const tab = await Tab.open(ctx, base);
    tab.page.on("dialog", (d) => d.accept(name).catch(() => {}));
    return tab;
  };
  // From the title to the waiting screen: Castle, (more seats,) Play online with anyone.
  const queue = async (tab, who, game, more = 0) => {
    await tab.tapButton(`game:${game}`);
    await tab.waitFor(`${who}: the setup screen`, async () => (await tab.q("ct_screen")) === 2);
    for (let i = 0; i < more; i++) await tab.tapButton("seats+");
    const mark = tab.mark();
    await tab.tapButton("quick");
    await tab.waitLine(new RegExp(`^\\[ct\\] quick-find ${game} players=${2 + more}$`), 10000, mark);
    // The waiting screen's first count, or the welcome already (the second of a pair may be
    // seated in the same frame as its count comes).
    await tab.waitLine(/^\[ct\] (quick-queued waiting=\d+ offered=false|online-welcome )/, 15000, mark);
    return mark;
  };
  try {
    const ann = await newTab("Ann");
    const ben = await newTab("Ben");
    const annMark = await queue(ann, "Ann", PAIR_GAME);
    await ann.waitLine(/^\[ct\] quick-queued waiting=1 offered=false$/, 15000, annMark);
    assertDrawn(await ann.shot("quick-waiting"), "Ann's waiting screen");
    const benMark = await queue(ben, "Ben", PAIR_GAME);
    const welcomes = [];
    for (const [t, m] of [[ann, annMark], [ben, benMark]]) {
      welcomes.push((await t.waitLine(/^\[ct\] online-welcome code=(\w+) seats=\[(\d)\] host=false phase=Playing/, 20000, m)));
      await t.waitLine(new RegExp(`^\\[ct\\] online-game ${PAIR_GAME} moves=0 turn=\\d$`), 20000, m);
      await t.waitFor("the play screen", async () => (await t.q("ct_screen")) === 3, 20000);
    }
    check(welcomes[0][1] === welcomes[1][1], `one room for both: ${welcomes[0][1]} and ${welcomes[1][1]}`);
    check(welcomes[0][2] !== welcomes[1][2], `a seat each: ${welcomes[0][2]} and ${welcomes[1][2]}`);
    const metS = (Date.now() - t0) / 1000;

    // A third player alone for three-player Castle: offered bots, takes them.
    const cy = await newTab("Cy");
    const cyMark = await queue(cy, "Cy", "castle", 1);
    await cy.waitLine(/^\[ct\] quick-queued waiting=1 offered=true$/, 30000, cyMark);
    assertDrawn(await cy.shot("quick-bots-offered"), "Cy's offer of bots");
    check(await cy.button("quick:wait"), "Keep waiting is offered");
    await cy.tapButton("quick:bots");
    const cyRoom = (await cy.waitLine(/^\[ct\] online-welcome code=(\w+) seats=\[\d\] host=false phase=Playing/, 20000, cyMark))[1];
    await cy.waitLine(/^\[ct\] online-game castle moves=\d+ turn=\d$/, 20000, cyMark);
    await cy.waitFor("Cy's play screen", async () => (await cy.q("ct_screen")) === 3, 20000);

    // Ann and Ben play their room in step to the results, aiming by keys; Cy plays the room
    // with the server's bots to the results.
    const size = await ann.size();
    const deadline = Date.now() + opts.budgetMs;
    const stats = { shots: 0, decisions: 0, refused: 0, titleChecks: 0 };
    const cyStats = { shots: 0, decisions: 0, refused: 0, titleChecks: 0 };
    await Promise.all([
      playSeat(ann, h, "Ann", stats, deadline, size, 0, { keys: true, prefer: /^Aiming at the 5-point tile/ }),
      playSeat(ben, h, "Ben", stats, deadline, size, 0, { keys: true }),
      playSeat(cy, h, "Cy", cyStats, deadline, size),
    ]);
    // The same moves and the same ranking on both (each move checked against the room's state
    // hash as it came: no resync).
    const pairResults = [];
    for (const [t, m, who] of [[ann, annMark, "Ann"], [ben, benMark, "Ben"]]) {
      await t.waitFor(`${who}'s results`, async () => (await t.q("ct_screen")) === 6, 60000);
      pairResults.push((await t.waitLine(/^\[ct\] results (.*)$/, 10000, m))[1]);
    }
    const moves = [await ann.q("ct_moves"), await ben.q("ct_moves")];
    check(moves[0] === moves[1], `the pair's games have the same moves: ${moves}`);
    check(pairResults[0] === pairResults[1], `the same ranking on both: ${pairResults[0]} / ${pairResults[1]}`);
    check(/Ann/.test(pairResults[0]) && /Ben/.test(pairResults[0]), `the ranking names Ann and Ben: ${pairResults[0]}`);
    const resyncs = [await ann.q("ct_online_resyncs"), await ben.q("ct_online_resyncs"), await cy.q("ct_online_resyncs")];
    check(resyncs.every((r) => r === 0), `no device went out of step: ${resyncs}`);
    // A rated game: each results screen says the player's rating, and the server's table has both.
    const ratingLine = async (t) => {
      const texts = await lineOf(t, "ct_texts", "texts");
      return (texts || []).map((x) => x[4]).find((w) => /^Your rating: /.test(w)) || null;
    };
    for (const [t, who] of [[ann, "Ann"], [ben, "Ben"]]) {
      await t.waitFor(`${who}'s rating on the results`, async () => (await ratingLine(t)) !== null, 30000);
    }
    const ratings = [await ratingLine(ann), await ratingLine(ben)];
    const table = await (await fetch(`http://127.0.0.1:${port}/ratings/${PAIR_GAME}`)).json();
    const names = table.entries.map((e) => e.name);
    check(names.includes("Ann") && names.includes("Ben"), `the ratings table has Ann and Ben: ${JSON.stringify(table.entries)}`);
    check(table.entries.every((e) => e.games === 1), `each counted one game: ${JSON.stringify(table.entries)}`);
    assertDrawn(await ann.shot("quick-results"), "Ann's results");
    // Anyone sees the game's table from its setup screen (Ratings beside Play online with anyone).
    const dee = await newTab("Dee");
    await dee.tapButton(`game:${PAIR_GAME}`);
    await dee.waitFor("Dee: the setup screen", async () => (await dee.q("ct_screen")) === 2);
    const deeMark = dee.mark();
    await dee.tapButton("ratings");
    await dee.waitLine(new RegExp(`^\\[ct\\] ratings-show ${PAIR_GAME}$`), 10000, deeMark);
    const shown = async () => ((await lineOf(dee, "ct_texts", "texts")) || []).map((x) => x[4]);
    await dee.waitFor("the table shown", async () => (await shown()).some((w) => /^1\. (Ann|Ben) /.test(w)), 15000);
    const rows = (await shown()).filter((w) => /^\d\. /.test(w));
    check(rows.length === 2 && rows.some((w) => /Ann/.test(w)) && rows.some((w) => /Ben/.test(w)), `the setup's Ratings shows Ann and Ben: ${rows.join(" / ")}`);
    assertDrawn(await dee.shot("quick-ratings-table"), "the ratings table from the setup screen");
    const pairS = (Date.now() - t0) / 1000;
    await cy.waitFor("Cy's results", async () => (await cy.q("ct_screen")) === 6, 60000);
    const result = (await cy.waitLine(/^\[ct\] results (.*)$/, 10000, cyMark))[1];
    const cyMoves = await cy.q("ct_moves");

    // "Play again" is "Find another game": the queue again, not a local game; Cancel comes back.
    const mark = cy.mark();
    await cy.tapButton("again");
    await cy.waitLine(/^\[ct\] quick-find castle players=3$/, 10000, mark);
    await cy.waitFor("Cy waits again", async () => (await cy.q("ct_screen")) === 8);
    await cy.waitLine(/^\[ct\] quick-queued waiting=1 offered=false$/, 15000, mark);
    check(!cy.lines.slice(mark).some((l) => /^\[ct\] start castle/.test(l)), "no local game was started");
    await cy.tapButton("quick:cancel");
    await cy.waitLine(/^\[ct\] quick-cancel$/, 10000, mark);
    await cy.waitFor("Cy's results again", async () => (await cy.q("ct_screen")) === 6);
    // Back in the room (resumed): "Rematch" makes a new room with the same seats at once (Cy
    // is its only player still connected) and its game starts; never a local game.
    await cy.waitLine(new RegExp(`^\\[ct\\] online-welcome code=${cyRoom} .*phase=Over`), 15000, mark);
    check(await cy.button("rematch"), "Rematch is offered after an online game");
    const rm = cy.mark();
    await cy.tapButton("rematch");
    await cy.waitLine(/^\[ct\] online-rematch-asked$/, 10000, rm);
    const again = await cy.waitLine(/^\[ct\] online-welcome code=(\w+) seats=\[\d\] host=false phase=Playing/, 20000, rm);
    check(again[1] !== cyRoom, `the rematch is a new room: ${again[1]} after ${cyRoom}`);
    await cy.waitLine(/^\[ct\] online-game castle moves=\d+ turn=\d$/, 20000, rm);
    await cy.waitFor("Cy's rematch", async () => (await cy.q("ct_screen")) === 3, 20000);
    check(!cy.lines.slice(rm).some((l) => /^\[ct\] start castle/.test(l)), "the rematch is no local game");
    const rematchS = (Date.now() - t0) / 1000;
    for (const t of [ann, ben, cy, dee]) {
      expectedErrors(t);
      t.noErrors();
    }
    console.log(
      `     quick: Ann and Ben (${PAIR_GAME}) met in one room in ${metS.toFixed(1)} s and played ${moves[0]} moves in step to the results at ${pairS.toFixed(1)} s ` +
        `(${stats.shots} shots by keys, ${stats.hits || 0} hits, ${stats.decisions} decisions, ${stats.unplaced || 0} without a place; ${pairResults[0]}; ${ratings.join(" / ")}); ` +
        `Cy alone took the bots offered and played ${cyMoves} moves to the results (${result}); ` +
        `Find another game queued again; Cancel came back to the room and its Rematch began a new room at ${rematchS.toFixed(1)} s; ` +
        `${((Date.now() - t0) / 1000).toFixed(1)} s`
    );
  } finally {
    for (const c of contexts) await c.close().catch(() => {});
    await kill(server);
    fs.rmSync(data, { recursive: true, force: true });
  }
}
