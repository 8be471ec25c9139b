// Playing by keyboard alone (src/app/aim.rs over src/app/keyaim.rs): the screens' buttons by Tab
// and Enter, and a Castle shot aimed with the arrow keys and fired with Space. No pointer or
// touch event is sent in this test.

const buttons = (tab) => tab.page.evaluate(() => window.ctA11y.buttons());

// Tab round to the button named `label` from the start of the ring (a new screen starts with no
// button focused), then Enter presses it.
async function pressByKeys(tab, label, sleep) {
  const list = await buttons(tab);
  const at = list.indexOf(label);
  if (at < 0) throw new Error(`no button "${label}" (have: ${list.join(" | ")})`);
  for (let i = 0; i <= at; i++) {
    await tab.page.keyboard.press("Tab");
    await sleep(40);
  }
  await tab.page.keyboard.press("Enter");
}

export async function keyboardCastleShot(browser, url, Tab, { check, sleep }) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await Tab.open(ctx, `${url}?seed=7&pace=quick&hints=off`);
  await tab.page.evaluate(() => localStorage.removeItem("catapult-table.save"));
  await tab.waitFor("the title's buttons", async () => (await buttons(tab)).includes("Catapult Castle"));
  await pressByKeys(tab, "Catapult Castle", sleep);
  await tab.waitFor("the setup screen", async () => (await tab.q("ct_screen")) === 2);
  await tab.waitFor("the setup's buttons", async () => (await buttons(tab)).includes("Start"));
  await pressByKeys(tab, "Start", sleep);
  await tab.waitFor(
    "the human's turn at the catapult",
    async () => (await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0 && (await tab.q("ct_input")) === 1,
    30000
  );
  const moves = await tab.q("ct_moves");
  const mark = tab.mark();
  // The first aiming key starts the keyboard aim where the prompt starts it.
  await tab.page.keyboard.press("ArrowUp");
  await tab.waitLine(/^\[ct\] key-aim start$/, 5000, mark);
  const first = await tab.waitLine(/^\[ct\] key-aim (\w+) angle (-?\d+) power (\d+) spin (-?\d+)$/, 5000, mark);
  // A full step and a fine step (Shift held) of strength: the second moves a fifth as far.
  let m = tab.mark();
  await tab.page.keyboard.press("ArrowRight");
  const stronger = await tab.waitLine(/^\[ct\] key-aim (\w+) angle (-?\d+) power (\d+) spin (-?\d+)$/, 5000, m);
  m = tab.mark();
  await tab.page.keyboard.down("Shift");
  await tab.page.keyboard.press("ArrowRight");
  await tab.page.keyboard.up("Shift");
  const fine = await tab.waitLine(/^\[ct\] key-aim (\w+) angle (-?\d+) power (\d+) spin (-?\d+)$/, 5000, m);
  const p0 = Number(first[3]);
  const p1 = Number(stronger[3]);
  const p2 = Number(fine[3]);
  check(p1 > p0, `Right gives more strength: ${p0} -> ${p1}`);
  check(p2 > p1 && p2 - p1 < p1 - p0, `Shift makes a finer step: ${p1 - p0} then ${p2 - p1}`);
  await sleep(200);
  await tab.shot("keyboard-castle-aim");
  // Space fires the aim as it stands: the same integer launch a drag makes.
  m = tab.mark();
  await tab.page.keyboard.press("Space");
  const fired = await tab.waitLine(/^\[ct\] (fire .*|refused .*)$/, 5000, m);
  check(fired[1].startsWith("fire catapult"), `Space fired the catapult: ${fired[1]}`);
  check(
    fired[1].includes(`angle ${fine[2]} power ${fine[3]} spin ${fine[4]}`),
    `the launch is the aim shown: ${fired[1]} / angle ${fine[2]} power ${fine[3]}`
  );
  await tab.waitLine(/^\[ct\] fired-by keys$/, 5000, m);
  await tab.waitLine(new RegExp(`^\\[ct\\] move ${moves + 1} seat 0 shot `), 60000, m);
  tab.noErrors();
  await ctx.close();
}
