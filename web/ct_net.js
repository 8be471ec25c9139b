// Catapult Table's online rooms in the browser: a WebSocket bridge for the wasm game, in the style
// of ct_plugin.js (a miniquad plugin; no wasm-bindgen). The game polls: it sends frames as text,
// takes received frames one at a time, and reads the connection's state. A dropped connection is
// opened again by itself with backoff (1 s, doubling up to 30 s); each time it opens again the
// reconnect count grows, so the game knows to send `resume` with its seat token (docs/online.md).
// Not loaded by index.html yet: the app's online screens come later.
"use strict";
(function () {
  var enc = new TextEncoder();
  var dec = new TextDecoder();
  // Frames received and not yet taken (a slow frame loop must not grow memory without end).
  var MAX_QUEUED = 4096;
  var net = { ws: null, url: "", queue: [], state: 0, opens: 0, wanted: false, delay: 1000, timer: null };
  window.ct_net = net;

  function str(p, n) {
    return dec.decode(new Uint8Array(wasm_memory.buffer, p, n));
  }
  function roomsUrl() {
    var proto = window.location.protocol === "https:" ? "wss:" : "ws:";
    return proto + "//" + window.location.host + "/ws";
  }
  function open() {
    if (net.timer !== null) { clearTimeout(net.timer); net.timer = null; }
    net.state = net.opens > 0 ? 3 : 1;
    var ws;
    try { ws = new WebSocket(net.url); } catch (e) { retry(); return; }
    net.ws = ws;
    ws.onopen = function () {
      net.state = 2;
      net.opens += 1;
      net.delay = 1000;
    };
    ws.onmessage = function (ev) {
      if (typeof ev.data === "string" && net.queue.length < MAX_QUEUED) net.queue.push(ev.data);
    };
    ws.onclose = function () {
      if (net.ws === ws) { net.ws = null; retry(); }
    };
    ws.onerror = function () { /* onclose follows */ };
  }
  function retry() {
    if (!net.wanted) { net.state = 0; return; }
    net.state = 3;
    net.timer = setTimeout(open, net.delay);
    net.delay = Math.min(net.delay * 2, 30000);
  }

  miniquad_add_plugin({
    name: "catapult_table_net",
    version: 1,
    register_plugin: function (importObject) {
      var env = importObject.env;
      // Opens the rooms' connection: to `url`, or (n = 0) to this page's own server at /ws.
      env.ct_net_open = function (p, n) {
        net.url = n > 0 ? str(p, n) : roomsUrl();
        net.wanted = true;
        net.opens = 0;
        net.queue = [];
        if (net.ws) { var old = net.ws; net.ws = null; old.close(); }
        open();
      };
      env.ct_net_close = function () {
        net.wanted = false;
        if (net.timer !== null) { clearTimeout(net.timer); net.timer = null; }
        if (net.ws) { var old = net.ws; net.ws = null; old.close(); }
        net.state = 0;
      };
      // 0 closed, 1 connecting, 2 open, 3 reconnecting (show the calm banner).
      env.ct_net_state = function () { return net.state; };
      // How many times the connection has opened: after the first, send `resume`.
      env.ct_net_opens = function () { return net.opens; };
      // Sends one frame; 0 when not connected (the game sends it again after resuming).
      env.ct_net_send = function (p, n) {
        if (!net.ws || net.state !== 2) return 0;
        try { net.ws.send(str(p, n)); return 1; } catch (e) { return 0; }
      };
      // The byte length of the next received frame, or -1 when none waits.
      env.ct_net_next_len = function () {
        return net.queue.length ? enc.encode(net.queue[0]).length : -1;
      };
      // Copies the next frame into buf (at most cap bytes) and drops it from the queue.
      env.ct_net_next = function (buf, cap) {
        if (!net.queue.length) return -1;
        var bytes = enc.encode(net.queue[0]);
        if (bytes.length > cap) return -1;
        net.queue.shift();
        new Uint8Array(wasm_memory.buffer, buf, bytes.length).set(bytes);
        return bytes.length;
      };
      // Sets the page title (a waiting player sees "Your turn" in the tab).
      env.ct_set_title = function (p, n) { document.title = str(p, n); };
    },
  });
})();
