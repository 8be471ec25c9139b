// Playing without a pointer and without sight of the canvas (src/app/a11y.rs, src/app/keyaim.rs):
// the screen-reader layer mirrors the screen's status, its events and its buttons; pressing a
// mirrored button does what the canvas button does; Tab and Enter press canvas buttons.

const a11y = (tab) =>
  tab.page.evaluate(() => ({
    status: window.ctA11y.status(),
    events: window.ctA11y.events(),
    buttons: window.ctA11y.buttons(),
    page: window.ctA11y.page(),
  }));

// The page region (the rules, the Details panel) holds headings and paragraphs only: nothing in
// it takes the focus, so Tab passes by and the keys stay the game's.
const pageRegion = (tab) =>
  tab.page.evaluate(() => {
    const r = document.getElementById("ct-a11y-page");
    return {
      live: r ? r.getAttribute("aria-live") : null,
      focusable: r ? r.querySelectorAll("button, a, input, select, textarea, [tabindex]").length : -1,
      headings: r ? Array.from(r.querySelectorAll("h2, h3")).map((h) => h.tagName + ":" + h.textContent) : [],
      focused: document.activeElement && document.activeElement.id,
    };
  });

// Presses a mirrored button as assistive technology does (the button takes the page's focus,
// then is activated), waiting up to 3 s for it: the layer is rewritten after the frame that drew
// the screen, so a screen just opened may still show the last one's buttons.
async function pressMirrored(tab, label) {
  const until = Date.now() + 3000;
  for (;;) {
    const found = await tab.page.evaluate((l) => {
      const b = Array.from(document.querySelectorAll("#ct-a11y-buttons button")).find(
        (x) => x.textContent === l
      );
      if (!b) return false;
      b.focus();
      b.click();
      return true;
    }, label);
    if (found) return;
    if (Date.now() > until) throw new Error(`no mirrored button "${label}" (have: ${(await a11y(tab)).buttons.join(" | ")})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function screenReaderLayer(browser, url, Tab, { check, sleep }) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await Tab.open(ctx, url + "?pace=quick");
  await tab.waitFor("the layer", async () => (await a11y(tab)).buttons.length > 0);
  let s = await a11y(tab);
  check(/choose a game/i.test(s.status), `title status: ${s.status}`);
  check(s.buttons.includes("Catapult Castle"), `the game tiles are named: ${s.buttons.join(" | ")}`);
  check(
    s.buttons.every((b) => b.trim().length > 0),
    `every mirrored button has a name: ${JSON.stringify(s.buttons)}`
  );
  // The real DOM buttons are there for assistive technology.
  const role = await tab.page.evaluate(() => document.querySelectorAll("#ct-a11y-buttons button").length);
  check(role === s.buttons.length, "each mirrored label is a real button");

  // The canvas is named for assistive technology.
  const named = await tab.page.evaluate(() => {
    const c = document.getElementById("glcanvas");
    return { role: c.getAttribute("role"), label: c.getAttribute("aria-label") || "" };
  });
  check(named.role === "application" && /Catapult Table/.test(named.label) && /Tab/.test(named.label),
    `the canvas has a role and a name: ${JSON.stringify(named)}`);

  // Shift-Tab sent within one frame moves the ring backward (keys keep their modifiers): from
  // before the first button to the last one, and the layer says it.
  const titleButtons = s.buttons.length;
  await tab.page.focus("#glcanvas");
  await tab.page.keyboard.press("Shift+Tab");
  await tab.waitFor("the ring on the last button", async () => (await tab.q("ct_focus")) === titleButtons - 1, 3000);
  await tab.waitFor("the last button said", async () => (await a11y(tab)).events.includes(s.buttons[titleButtons - 1]), 3000);
  // Two keys sent together are handled in the order pressed: Tab (round to the first button)
  // then Shift-Tab (back to the last), all before the next frame.
  await tab.page.keyboard.down("Tab");
  await tab.page.keyboard.up("Tab");
  await tab.page.keyboard.down("Shift");
  await tab.page.keyboard.down("Tab");
  await tab.page.keyboard.up("Tab");
  await tab.page.keyboard.up("Shift");
  await tab.frames(4);
  const ring = await tab.q("ct_focus");
  check(ring === titleButtons - 1, `Tab then Shift-Tab in one go end on the last button: ${ring} of ${titleButtons}`);

  // A mirrored press does what a tap does: Castle's setup opens, and the keyboard is the game's
  // again (the Tab and Enter below reach the canvas only because of that).
  await pressMirrored(tab, "Catapult Castle");
  await tab.waitFor("the setup screen", async () => (await tab.q("ct_screen")) === 2);
  const focused = await tab.page.evaluate(() => document.activeElement && document.activeElement.id);
  check(focused === "glcanvas", `a mirrored press gives the focus back to the game: ${focused}`);
  await tab.waitFor("the setup's words", async () => /players/i.test((await a11y(tab)).status));
  s = await a11y(tab);
  check(s.buttons.includes("Start") && s.buttons.includes("Back"), `setup buttons: ${s.buttons.join(" | ")}`);
  check(s.buttons.includes("One player more"), "the + sign is named in words");
  const setupButtons = s.buttons;

  // The rules, every section with the Keys ones, are in the layer as headings and paragraphs;
  // reading them traps nothing: the focus stays on the game and Tab and Enter press Back.
  await pressMirrored(tab, "Rules");
  await tab.waitFor("the rules in the layer", async () => ((await a11y(tab)).page || {}).title === "Rules: Catapult Castle", 5000);
  s = await a11y(tab);
  const headings = s.page.sections.map((x) => x.heading);
  console.log(`     rules in the layer: ${headings.length} sections (${headings.join(" | ")})`);
  check(headings.includes("Keys: aiming without sight") && headings.includes("All the rules"), `the rules' sections: ${headings.join(" | ")}`);
  const sight = s.page.sections.find((x) => x.heading === "Keys: aiming without sight");
  check(/P reads out every place/.test(sight.words.join(" ")), `the Keys section names the P key: ${sight.words.join(" ")}`);
  check(s.events.some((e) => /^Rules: Catapult Castle: \d+ sections to read under the heading/.test(e)), `the rules' opening is said: ${s.events.slice(-3).join(" / ")}`);
  let region = await pageRegion(tab);
  check(region.focusable === 0 && region.live === null, `the rules region takes no focus and is not live: ${JSON.stringify(region)}`);
  check(region.focused === "glcanvas", `the focus stays on the game while the rules are shown: ${region.focused}`);
  check(region.headings[0] === "H2:Rules: Catapult Castle" && region.headings.includes("H3:Keys: aiming"), `the rules as headings: ${region.headings.slice(0, 4).join(" | ")}`);
  const rulesButtons = s.buttons;
  for (let i = 0; i <= rulesButtons.indexOf("Back"); i++) {
    await tab.page.keyboard.press("Tab");
    await sleep(40);
  }
  await tab.page.keyboard.press("Enter");
  await tab.waitFor("the setup again, the rules gone from the layer", async () => (await tab.q("ct_screen")) === 2 && (await a11y(tab)).page === null, 5000);

  // Back by keyboard: Tab round to Back, Enter presses it.
  const backAt = setupButtons.indexOf("Back");
  for (let i = 0; i <= backAt; i++) {
    await tab.page.keyboard.press("Tab");
    await sleep(40);
  }
  await tab.page.keyboard.press("Enter");
  await tab.waitFor("the title screen again", async () => (await tab.q("ct_screen")) === 1);

  // Into a game: the status says whose turn it is, and the events are read as they happen.
  await pressMirrored(tab, "Catapult Castle");
  await tab.waitFor("the setup screen", async () => (await tab.q("ct_screen")) === 2);
  // Every seat a bot, so events come without anyone aiming.
  await pressMirrored(tab, "Seat 1: Normal bot, not chosen");
  await tab.waitFor("the first seat a bot", async () => (await a11y(tab)).buttons.includes("Seat 1: Normal bot, chosen"));
  await pressMirrored(tab, "Start");
  await tab.waitFor("the play screen", async () => (await tab.q("ct_screen")) === 3);
  await tab.waitFor("a status in words", async () => (await a11y(tab)).status.length > 0);
  await tab.waitFor("an event read out", async () => (await a11y(tab)).events.length > 0, 60000);
  s = await a11y(tab);
  console.log(`     status: "${s.status}"; last event: "${s.events[s.events.length - 1]}"; ${s.buttons.length} buttons`);
  check(/'s turn|game is over/.test(s.status), `the status says whose turn it is: ${s.status}`);
  check(!/\b(seat|id)\s*\d/i.test(s.status), `the status names players, not seat numbers: ${s.status}`);

  // The Details panel is in the layer while it is open, and gone when it is closed.
  await pressMirrored(tab, "Details");
  await tab.waitFor("the details in the layer", async () => ((await a11y(tab)).page || {}).title === "Details", 5000);
  s = await a11y(tab);
  const now = (s.page.sections.find((x) => x.heading === "Now") || { words: [] }).words;
  console.log(`     details in the layer: ${now.join(" / ")}`);
  check(now.length > 0 && now.every((w) => w.trim().length > 0 && !w.includes(" · ")), `the details' lines: ${JSON.stringify(now)}`);
  region = await pageRegion(tab);
  check(region.focusable === 0 && region.focused === "glcanvas", `the details region takes no focus: ${JSON.stringify(region)}`);
  await pressMirrored(tab, "Close");
  await tab.waitFor("the details gone from the layer", async () => (await a11y(tab)).page === null, 5000);
  tab.noErrors();
  await ctx.close();
}

// ------------------------------------------------------------------ playing without sight
//
// A player who cannot see the canvas: every word read from the screen-reader layer (its status,
// its log and its buttons), every action a key (Tab and Enter for buttons, T to aim at a place,
// W to hear where it would land, Space to fire, arrows and Space for a placement). No probe of
// the canvas, no position: the game is found, set up and played by its words alone.

// Every line the layer's log has read out since the page loaded (the region keeps only the last
// 20: a watcher keeps them all).
async function watchLog(tab) {
  await tab.page.evaluate(() => {
    window.__ctHeard = [];
    const log = document.getElementById("ct-a11y-log");
    const seen = (n) => window.__ctHeard.push(n.textContent);
    if (log) Array.from(log.children).forEach(seen);
    new MutationObserver((ms) => ms.forEach((m) => m.addedNodes.forEach(seen))).observe(
      document.getElementById("ct-a11y-log") || document.body,
      { childList: true }
    );
  });
}
const heard = (tab) => tab.page.evaluate(() => window.__ctHeard.slice());

// Presses the button `label` by the keys alone, as a player who hears the ring does: Tab until
// the layer reads out `label` (the ring's moves are said), then Enter.
async function pressByKeys(tab, label) {
  const until = Date.now() + 5000;
  let s;
  for (;;) {
    s = await a11y(tab);
    if (s.buttons.includes(label)) break;
    if (Date.now() > until) throw new Error(`no button "${label}" (have: ${s.buttons.join(" | ")})`);
    await new Promise((r) => setTimeout(r, 50));
  }
  for (let i = 0; i <= s.buttons.length; i++) {
    const before = (await heard(tab)).length;
    await tab.page.keyboard.press("Tab");
    await tab.waitFor("the ring's button said", async () => (await heard(tab)).length > before, 3000);
    const said = (await heard(tab)).slice(before);
    if (said[said.length - 1] === label) {
      await tab.page.keyboard.press("Enter");
      await tab.frames(3);
      return;
    }
  }
  throw new Error(`Tab never reached "${label}" (buttons: ${s.buttons.join(" | ")})`);
}

export async function withoutSight(browser, url, Tab, h, game) {
  const { check } = h;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await Tab.open(ctx, `${url}?seed=${game.seed}&pace=quick&hints=off`);
  await tab.page.evaluate(() => localStorage.removeItem("catapult-table.save"));
  await tab.waitFor("the layer", async () => (await a11y(tab)).buttons.length > 0, 30000);
  await watchLog(tab);
  await tab.page.focus("#glcanvas");
  await pressByKeys(tab, game.name);
  await tab.waitFor("the setup's words", async () => /players/i.test((await a11y(tab)).status), 10000);
  // The bot seat at Easy: its segment, said with whether it is chosen.
  await pressByKeys(tab, "Seat 2: Easy bot, not chosen");
  await tab.waitFor("the bot at Easy", async () => (await a11y(tab)).buttons.includes("Seat 2: Easy bot, chosen"), 5000);
  await pressByKeys(tab, "Start");
  const me = "Player 1";
  let shots = 0;
  let scored = null;
  const said = [];
  const deadline = Date.now() + 240000;
  // Scored, by what has been heard since the first shot: a shot's event lines may come a frame
  // after the status moved on (a tower to take home, the bot's turn), so every line heard counts.
  const start = (await heard(tab)).length;
  const scoredYet = async () => (await heard(tab)).slice(start).find((l) => game.scored.test(l)) || null;
  while (shots < 6 && !(scored = await scoredYet())) {
    check(Date.now() < deadline, `six shots within four minutes (${shots} so far)`);
    // My turn, by the status's words.
    await tab.waitFor(`${me}'s turn`, async () => {
      const s = await a11y(tab);
      return s.status.startsWith(`${me}'s turn`) || /game is over/i.test(s.status);
    }, 120000);
    const status = (await a11y(tab)).status;
    if (/game is over/i.test(status)) break;
    const before = (await heard(tab)).length;
    if (/Draw a card/i.test(status)) {
      // Our tower was taken: the rules let us draw a card (a button).
      await pressByKeys(tab, (await a11y(tab)).buttons.find((b) => /^Draw/.test(b)) || "Draw a card");
      await tab.frames(5);
      continue;
    }
    if (/Place|Put/i.test(status) && !/Aim|Flick|Shoot/i.test(status)) {
      // A piece to place (a tower taken): the keys' placing, Space where it stands.
      await tab.page.keyboard.press("Space");
      await tab.frames(10);
      continue;
    }
    if (shots === 0) {
      // P reads out every place, numbered, nearest first, and leaves the aim alone (W then says
      // there is no aim yet).
      const mark = (await heard(tab)).length;
      await tab.page.keyboard.press("p");
      await tab.waitFor("the places said", async () => (await heard(tab)).slice(mark).some((l) => /^\d+ places? to aim at, nearest first: 1: /.test(l)), 10000);
      const list = (await heard(tab)).slice(mark).filter((l) => / to aim at, nearest first: |^\d+: /.test(l));
      console.log(`     ${game.name} places: ${list.join(" ").slice(0, 300)}`);
      check(!/\b(id|seat)\s*\d|\d+(\.\d+)?\s*(m|cm|px)\b/i.test(list.join(" ")), `the places in plain table words: ${list.join(" ")}`);
      const w = (await heard(tab)).length;
      await tab.page.keyboard.press("w");
      await tab.waitFor("no aim yet", async () => (await heard(tab)).slice(w).some((l) => /^No aim yet/.test(l)), 10000);
    }
    // The first shot at the nearest place; after a miss, the same place again (T, then
    // Shift-T back). Then W, and the strength corrected by what is heard until it lands on it.
    await tab.page.keyboard.press("t");
    await tab.waitFor("the aim said", async () => (await heard(tab)).slice(before).some((l) => l.startsWith("Aiming at ")), 10000);
    if (shots > 0) {
      const mark = (await heard(tab)).length;
      await tab.page.keyboard.press("Shift+t");
      await tab.waitFor("the aim said again", async () => (await heard(tab)).slice(mark).some((l) => l.startsWith("Aiming at ")), 10000);
    }
    for (let k = 0; k < 8; k++) {
      const mark = (await heard(tab)).length;
      await tab.page.keyboard.press("w");
      await tab.waitFor("the landing said", async () => (await heard(tab)).slice(mark).some((l) => /^It (lands|does not)/.test(l)), 10000);
      const said = (await heard(tab)).slice(mark).find((l) => /^It (lands|does not)/.test(l));
      // Steered by where it comes down (where it then stops is said after " and stops ").
      const where = said.split(" and stops ")[0];
      if (!/ (short of|past) /.test(where)) break;
      const key = / short of /.test(where) ? "ArrowRight" : "ArrowLeft";
      await tab.page.keyboard.press(/^It lands (just|a hand) /.test(where) ? `Shift+${key}` : key);
      await tab.frames(2);
    }
    await tab.page.keyboard.press("Space");
    await tab.waitFor("the shot said", async () => (await heard(tab)).slice(before).some((l) => l.startsWith("Fired: it ")), 10000);
    shots += 1;
    // What it did: the events after it, until the turn passes.
    await tab.waitFor("the shot's events", async () => {
      scored = await scoredYet();
      const s = await a11y(tab);
      return scored || !s.status.startsWith(`${me}'s turn`) || /Place|Put|game is over/i.test(s.status);
    }, 30000);
    said.push(...(await heard(tab)).slice(before).filter((l) => /^(Aiming at|It |Fired)/.test(l)));
  }
  // The last shot's lines may still be on their way.
  for (let i = 0; i < 20 && !scored; i++) {
    await tab.frames(3);
    scored = await scoredYet();
  }
  console.log(`     ${game.name} without sight: ${shots} shot(s); heard: ${said.slice(0, 3).join(" / ")}; scored: ${scored}`);
  const fired = tab.lines.filter((l) => /^\[ct\] (fire |move \d+ seat \d+ shot)/.test(l));
  console.log(`     ${game.name} without sight, the shots: ${fired.join(" | ")}`);
  const tail = (await heard(tab)).slice(-12).join(" / ");
  check(scored, `${game.name}: scored within 6 shots by words and keys alone (${shots} shots; heard ${said.join(" / ")}; the last lines: ${tail})`);
  tab.noErrors();
  await ctx.close();
}
