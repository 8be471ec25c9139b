// Today's challenge in a real browser against the real game server (docs/challenge.md): the
// test starts `catapult-table-server` on a free loopback port serving the build under test,
// plays today's Castle challenge by touch from the title screen to the results, shares the
// spoiler-free line, and sees its score on the day's board: the app's own board on the results
// screen and the server's `GET /challenge/castle/DATE`. A result sent by hand without its replay is refused.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gesturePath } from "./games.mjs";
import { expectedErrors, freePort, kill, serverBinary, startServer } from "./online.mjs";
import { drawnTargets, drawnTexts, layoutProblems, readingProblems, targetProblems } from "./screens.mjs";
import { playOut, rng } from "./whole.mjs";

export async function dailyCastle(browser, Tab, h, opts) {
  const { check, sleep, assertDrawn } = h;
  const bin = serverBinary(opts.root);
  if (!bin) return { skip: "no server binary (cargo build --release -p catapult-table-server, or CT_SERVER=path)" };
  const port = await freePort();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "ct-daily-"));
  const server = await startServer(bin, port, data, opts.dist);
  const base = `http://127.0.0.1:${port}/`;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  try {
    const tab = await Tab.open(ctx, `${base}?pace=quick&hints=off`);
    tab.page.on("dialog", (d) => d.accept().catch(() => {}));
    // The name this device plays rooms with is the name on the board.
    await tab.page.evaluate(() => localStorage.setItem("catapult-table.online.name", "Ada"));
    await tab.page.goto("about:blank");
    await tab.load(`${base}?pace=quick&hints=off`);
    const day = new Date().toISOString().slice(0, 10);
    await tab.tapButton("challenge");
    await tab.waitFor("the challenge screen", async () => (await tab.q("ct_screen")) === 9);
    let mark = tab.mark();
    await tab.tapButton("challenge:castle");
    await tab.waitLine(new RegExp(`^\\[ct\\] start castle seats=1 humans=1 seed=\\d+ challenge=${day}$`), 10000, mark);
    await tab.waitFor("the play screen", async () => (await tab.q("ct_screen")) === 3);
    mark = tab.mark();
    const stats = await playOut(tab, { check, sleep, gesturePath }, {
      budgetMs: 300000,
      pull: (i, a, size) => {
        const r = rng(4000 + i);
        const towards = a.x < size.w / 2 ? 1 : -1;
        const k = 0.9 + 0.2 * r();
        return [-0.16 * towards * k, 0.14 * k * (0.95 + 0.1 * r())];
      },
    });
    const done = await tab.waitLine(new RegExp(`^\\[ct\\] challenge-finished castle ${day} score=(-?\\d+) counted=true`), 20000, mark);
    const score = Number(done[1]);
    const sent = await tab.waitLine(new RegExp(`^\\[ct\\] board-sent castle ${day} status=(\\d+) (.*)$`), 30000, mark);
    check(sent[1] === "200" && /Ranked \{ rank: 1, players: 1 \}/.test(sent[2]), `the board ranked the result: ${sent[0]}`);

    // The app shows its place and the board's best players.
    await tab.waitFor("the board on the results screen", async () => {
      const texts = await drawnTexts(tab);
      return texts.some((t) => /^On today's board/.test(t.t)) && texts.some((t) => t.t === "1. Ada");
    }, 15000);
    const texts = await drawnTexts(tab);
    const problems = [
      ...layoutProblems(texts, 1280, 800),
      ...readingProblems(texts, false),
      ...targetProblems((await drawnTargets(tab)).targets),
    ];
    check(problems.length === 0, `the challenge's results lay out cleanly: ${problems.join("; ")}`);
    check(texts.some((t) => t.t === String(score)), `the score ${score} is on the board shown`);
    assertDrawn(await tab.shot("daily-results"), "the challenge's results");

    // Share: the spoiler-free line with the day's number and the score.
    mark = tab.mark();
    await tab.tapButton("share");
    await tab.waitLine(/^\[ct\] share-result /, 5000, mark);
    const line = await tab.page.evaluate(() => window.ct.lastShare);
    const number = Math.round((Date.parse(day) - Date.parse("2026-12-01")) / 86400000) + 1;
    check(line.startsWith(`Catapult Table #${number} · Catapult Castle · ${score} points\n`), `the shared line: ${JSON.stringify(line)}`);
    check(!/\d/.test(line.split("\n")[1] || ""), `the shots line tells no positions: ${JSON.stringify(line)}`);

    // The server's board has it; a claim changed by hand is refused in words.
    const board = await tab.page.evaluate((u) => fetch(u).then((r) => r.json()), `/challenge/castle/${day}`);
    check(board.players === 1 && board.entries[0].name === "Ada" && board.entries[0].score === score, `the server's board: ${JSON.stringify(board)}`);
    check(board.entries[0].line === line, "the board keeps the same line");
    const replay = "";
    const forged = await tab.page.evaluate(
      ([u, body]) => fetch(u, { method: "POST", body }).then(async (r) => [r.status, await r.text()]),
      [`/challenge/castle/${day}?name=Eve&device=forgedforgedforged&claim=${score + 1}`, replay]
    );
    check(forged[0] === 422 && /not ranked/.test(forged[1]), `a result without its replay is refused: ${forged}`);
    const diary = await tab.page.evaluate(() => JSON.parse(localStorage.getItem("catapult-table.challenge")));
    check(diary.outbox.length === 0 && diary.days[0].rank === 1, `the diary keeps the place and sends nothing twice: ${JSON.stringify(diary.days)}`);
    // Back on the day's screen, the Castle row remembers today's best.
    await tab.tapButton("title");
    await tab.waitFor("the title screen", async () => (await tab.q("ct_screen")) === 1);
    await tab.tapButton("challenge");
    await tab.waitFor("the challenge screen", async () => (await tab.q("ct_screen")) === 9);
    await tab.frames(3);
    const rows = (await drawnTexts(tab)).map((t) => t.t).join(" ");
    check(rows.includes(`Your best today: ${score} point`), `the day's screen remembers today's best: ${rows}`);
    console.log(`     castle challenge ${day}: ${score} points in ${stats.shots} shots; board 1st of 1; shared ${JSON.stringify(line)}; one without its replay: "${forged[1]}"`);
    expectedErrors(tab);
    tab.errors = tab.errors.filter((e) => !/status of 422/.test(e));
    tab.noErrors();
  } finally {
    await ctx.close().catch(() => {});
    await kill(server);
    fs.rmSync(data, { recursive: true, force: true });
  }
}
