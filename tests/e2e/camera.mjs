// The side view's camera in a real browser (run.mjs registers it; CT_ONLY=camera runs it alone):
// a Catapults shot is followed (the view glides from the shooter's close-up over the arc to the
// landing: many zooms on the way) and comes back to the shooter's close-up for the next aim; a
// pinch zooms and two fingers pan without firing; Fit returns; with Reduce motion on, the next
// shot's view cuts (a few framings, nothing in between) and raises no dust. The camera is read
// through `ct_cam_x/ct_cam_y/ct_cam_zoom` (world centre, and zoom over the whole table framed
// the same way: the close-up while aiming is more than 1).

import { gesturePath } from "./games.mjs";

export async function cameraFollowPinchReduce(browser, url, Tab, h) {
  const { check, sleep } = h;
  // CT_CAMERA_SIZE=390x844 runs it at another size (to look at the pictures of a flight there).
  const [vw, vh] = (process.env.CT_CAMERA_SIZE || "1280x800").split("x").map(Number);
  const ctx = await browser.newContext({ viewport: { width: vw, height: vh }, hasTouch: true });
  const tab = await Tab.open(ctx, `${url}?seed=7&pace=quick&hints=off`);
  await tab.page.evaluate(() => {
    localStorage.removeItem("catapult-table.save");
    localStorage.removeItem("catapult-table.reduce-motion");
  });
  await tab.load();
  // The first tap of a fresh page is sometimes lost on a loaded machine: try up to three times.
  for (let i = 0; i < 3 && (await tab.q("ct_screen")) !== 2; i++) {
    await tab.tapButton("game:catapults");
    await sleep(300);
  }
  check((await tab.q("ct_screen")) === 2, "the Catapults setup opened");
  await tab.tapButton("start");
  const aiming = async () => (await tab.q("ct_human")) === 1 && (await tab.q("ct_busy")) === 0;
  await tab.waitFor("the first aim", aiming, 20000);
  const size = await tab.size();

  // One human shot, sampling the camera every few frames until the move is made and the
  // payoff (1.8 s) and the glide back are over.
  const shoot = async () => {
    const moves = await tab.q("ct_moves");
    const kind = await tab.q("ct_input");
    const anchor = { x: await tab.q("ct_anchor_x"), y: await tab.q("ct_anchor_y") };
    const g = gesturePath(kind, anchor, size);
    await tab.drag(g.pts, g.stepMs, g.burst);
    const samples = [];
    const [t0, f0] = [Date.now(), await tab.q("ct_frames")];
    const end = Date.now() + 20000;
    let movedAt = 0;
    while (Date.now() < end) {
      const s = {
        zoom: await tab.q("ct_cam_zoom"),
        busy: await tab.q("ct_busy"),
        moves: await tab.q("ct_moves"),
        particles: await tab.q("ct_particles"),
      };
      samples.push(s);
      if (s.busy === 1 && samples.length === 8) await tab.shot(`camera-in-flight-${vw}x${vh}`);
      if (s.moves > moves && !movedAt) movedAt = Date.now();
      if (movedAt && Date.now() - movedAt > 3000) break;
      await sleep(40);
    }
    check(samples.some((s) => s.moves > moves), "the shot was played");
    samples.fps = ((await tab.q("ct_frames")) - f0) / ((Date.now() - t0) / 1000);
    return samples;
  };
  const distinct = (xs) => new Set(xs.map((s) => s.zoom.toFixed(3))).size;

  // 1. The shot is followed (the view glides through many framings), then the view returns to
  // the shooter's close-up for the next aim.
  const zAim = await tab.q("ct_cam_zoom");
  check(zAim > 1.05, `aiming, the view is closer than the whole table (${zAim})`);
  const first = await shoot();
  const glides = distinct(first);
  check(glides >= 5, `the camera glides over the shot (${glides} framings)`);
  await tab.waitFor("the next aim", aiming, 60000);
  await sleep(1500);
  const zBack = await tab.q("ct_cam_zoom");
  check(Math.abs(zBack - zAim) / zAim < 0.2, `the view returns to the shooter's close-up (${zAim} → ${zBack})`);
  console.log(`     followed: ${glides} framings, zoom ${Math.min(...first.map((s) => s.zoom)).toFixed(2)}–${Math.max(...first.map((s) => s.zoom)).toFixed(2)} over the whole table, most particles ${Math.max(...first.map((s) => s.particles))}, ${first.fps.toFixed(0)} frames/s in flight`);
  await tab.shot("camera-after-shot");

  // 2. A pinch on the table zooms, two fingers pan, nothing is fired, Fit returns.
  await tab.waitFor("the next aim", aiming, 30000);
  const moves = await tab.q("ct_moves");
  const z0 = await tab.q("ct_cam_zoom");
  const cy = Math.round(size.h * 0.45);
  const [ax, bx] = [size.w * 0.4, size.w * 0.6];
  await tab.touch("touchStart", [[ax, cy, 1]]);
  await tab.frames(2);
  await tab.touch("touchStart", [[ax, cy, 1], [bx, cy, 2]]);
  await tab.frames(2);
  for (let i = 1; i <= 6; i++) {
    await tab.touch("touchMove", [[ax - 20 * i, cy, 1], [bx + 20 * i, cy, 2]]);
    await tab.frames(1);
  }
  const zoomed = await tab.q("ct_cam_zoom");
  check(zoomed > z0 * 1.3, `a pinch zooms in (${z0} → ${zoomed})`);
  const x0 = await tab.q("ct_cam_x");
  for (let i = 1; i <= 5; i++) {
    await tab.touch("touchMove", [[ax - 120 + 30 * i, cy, 1], [bx + 120 + 30 * i, cy, 2]]);
    await tab.frames(1);
  }
  const x1 = await tab.q("ct_cam_x");
  check(x1 < x0, `two fingers moved right pan the view left (${x0} → ${x1})`);
  await tab.touch("touchEnd", []);
  await tab.frames(3);
  check((await tab.q("ct_moves")) === moves && (await tab.q("ct_busy")) === 0, "a pinch never fires a shot");
  await tab.shot("camera-pinched");
  await tab.tapButton("view:fit");
  await tab.waitFor("the fit", async () => Math.abs((await tab.q("ct_cam_zoom")) - z0) < 0.01, 5000);
  // Keys look around too: + zooms in, a full stop looks right, 0 fits again; nothing fired.
  await tab.page.keyboard.press("Equal");
  await tab.page.keyboard.press("Equal");
  await tab.waitFor("+ zooms in", async () => (await tab.q("ct_cam_zoom")) > z0 * 1.4, 5000);
  const xk = await tab.q("ct_cam_x");
  await tab.page.keyboard.press("Period");
  await tab.waitFor("a full stop looks right", async () => (await tab.q("ct_cam_x")) > xk, 5000);
  await tab.page.keyboard.press("Digit0");
  await tab.waitFor("0 fits", async () => Math.abs((await tab.q("ct_cam_zoom")) - z0) < 0.01, 5000);
  check((await tab.q("ct_moves")) === moves && (await tab.q("ct_busy")) === 0, "keys that look around never fire");

  // 3. Reduce motion (the pause menu): the next shot is not followed and raises no dust.
  await tab.page.keyboard.press("Escape");
  await tab.waitFor("the pause menu", async () => (await tab.q("ct_screen")) === 4);
  await tab.tapButton("motion");
  await tab.waitFor("reduce motion on", async () => (await tab.q("ct_reduce_motion")) === 1);
  await tab.tapButton("resume");
  await tab.waitFor("the aim again", aiming, 5000);
  const calm = await shoot();
  const cuts = distinct(calm);
  check(cuts <= 4, `with reduce motion the view cuts between framings, no glide (${cuts} framings)`);
  check(calm.every((s) => s.particles === 0), "with reduce motion there is no dust");
  await tab.load();
  check((await tab.q("ct_reduce_motion")) === 1, "reduce motion is remembered");
  tab.noErrors();
  await ctx.close();
}
