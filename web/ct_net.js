// Catapult Table's online rooms in the browser: a WebSocket bridge for the wasm game, in the style
// of ct_plugin.js (a miniquad plugin; no wasm-bindgen). The game polls: it sends frames as text,
// takes received frames one at a time, and reads the connection's state. A dropped connection is
// opened again by itself with backoff (0.5 s, doubling up to 8 s); each time it opens the open
// count grows, so the game knows to send `resume` with its seat token (docs/online.md). Also the
// room link in the page's fragment (`#room=CODE`, kept there so that a reload comes back to the
// room), the page title ("Your turn"), and plain requests to the same server for today's
// challenge board (docs/challenge.md).
"use strict";
(function () {
  var enc = new TextEncoder();
  var dec = new TextDecoder();
  // Frames received and not yet taken. A frame loop that stops taking them (a hidden tab) must
  // not grow memory without end: past this many the connection is dropped and opened again, and
  // the game resumes from the room's log (nothing is lost, the welcome carries every move).
  var MAX_QUEUED = 4096;
  var FIRST_DELAY = 500;
  var MAX_DELAY = 8000;
  var net = {
    ws: null, url: "", queue: [], state: 0, opens: 0, wanted: false,
    delay: FIRST_DELAY, timer: null, head: null,
  };
  window.ct_net = net;

  function str(p, n) {
    return dec.decode(new Uint8Array(wasm_memory.buffer, p, n));
  }
  function roomsUrl() {
    var proto = window.location.protocol === "https:" ? "wss:" : "ws:";
    return proto + "//" + window.location.host + "/ws";
  }
  function drop() {
    if (net.ws) {
      var old = net.ws;
      net.ws = null;
      try { old.close(); } catch (e) { /* already closed */ }
    }
  }
  function open() {
    if (net.timer !== null) { clearTimeout(net.timer); net.timer = null; }
    net.state = net.opens > 0 ? 3 : 1;
    var ws;
    try { ws = new WebSocket(net.url); } catch (e) { retry(); return; }
    net.ws = ws;
    ws.onopen = function () {
      if (net.ws !== ws) return;
      net.state = 2;
      net.opens += 1;
      net.delay = FIRST_DELAY;
      console.log("[ct] net-open " + net.opens);
    };
    ws.onmessage = function (ev) {
      if (net.ws !== ws || typeof ev.data !== "string") return;
      if (net.queue.length >= MAX_QUEUED) {
        console.log("[ct] net-overflow: reconnecting");
        net.queue = [];
        net.head = null;
        drop();
        retry();
        return;
      }
      net.queue.push(ev.data);
    };
    ws.onclose = function () {
      if (net.ws === ws) { net.ws = null; retry(); }
    };
    ws.onerror = function () { /* onclose follows */ };
  }
  function retry() {
    if (!net.wanted) { net.state = 0; return; }
    net.state = 3;
    if (net.timer !== null) return;
    net.timer = setTimeout(open, net.delay);
    net.delay = Math.min(net.delay * 2, MAX_DELAY);
  }
  // The next frame's bytes, encoded once.
  function head() {
    if (net.head === null && net.queue.length) net.head = enc.encode(net.queue[0]);
    return net.head;
  }
  function roomFragment() {
    var h = window.location.hash || "";
    return h.indexOf("#room=") === 0 ? h : null;
  }

  // Plain requests to this page's own server (today's challenge board): started, then polled by
  // id until their status is known (0: no connection), then taken once.
  var http = { next: 1, open: {} };
  function httpStart(method, url, body) {
    var id = http.next++;
    var req = { status: -1, body: null };
    http.open[id] = req;
    if (url.charAt(0) !== "/" || url.charAt(1) === "/") {
      req.status = 0;
      req.body = enc.encode("only this page's own server is asked");
      return id;
    }
    var opts = { method: method, cache: "no-store" };
    if (body !== null) {
      opts.body = body;
      opts.headers = { "content-type": "text/plain; charset=utf-8" };
    }
    fetch(url, opts)
      .then(function (r) {
        return r.text().then(function (t) { req.body = enc.encode(t); req.status = r.status; });
      })
      .catch(function (e) { req.body = enc.encode(String(e)); req.status = 0; });
    return id;
  }

  miniquad_add_plugin({
    name: "catapult_table_net",
    version: 1,
    register_plugin: function (importObject) {
      var env = importObject.env;
      // Opens the rooms' connection to this page's own server at /ws (a connection already open
      // is dropped first: the game reconnects this way to reload a room).
      env.ct_net_open = function () {
        net.url = roomsUrl();
        net.wanted = true;
        net.queue = [];
        net.head = null;
        net.delay = FIRST_DELAY;
        drop();
        open();
      };
      env.ct_net_close = function () {
        net.wanted = false;
        if (net.timer !== null) { clearTimeout(net.timer); net.timer = null; }
        drop();
        net.queue = [];
        net.head = null;
        net.state = 0;
      };
      // 0 closed, 1 connecting, 2 open, 3 reconnecting (the calm banner).
      env.ct_net_state = function () { return net.state; };
      // How many times the connection has opened since ct_net_open.
      env.ct_net_opens = function () { return net.opens; };
      // Sends one frame; 0 when not connected.
      env.ct_net_send = function (p, n) {
        if (!net.ws || net.state !== 2) return 0;
        try { net.ws.send(str(p, n)); return 1; } catch (e) { return 0; }
      };
      // The byte length of the next received frame, or -1 when none waits.
      env.ct_net_next_len = function () {
        var b = head();
        return b === null ? -1 : b.length;
      };
      // Copies the next frame into buf (at most cap bytes) and drops it from the queue.
      env.ct_net_next = function (buf, cap) {
        var b = head();
        if (b === null || b.length > cap) return -1;
        net.queue.shift();
        net.head = null;
        new Uint8Array(wasm_memory.buffer, buf, b.length).set(b);
        return b.length;
      };
      // A request to this page's server (a path, "/challenge/…"): its id.
      env.ct_http_start = function (mp, mn, up, un, bp, bn) {
        return httpStart(str(mp, mn), str(up, un), bn > 0 ? str(bp, bn) : null);
      };
      // -1 while under way, 0 for no connection, else the HTTP status; -2 for no such request.
      env.ct_http_status = function (id) {
        var r = http.open[id];
        return r ? r.status : -2;
      };
      env.ct_http_len = function (id) {
        var r = http.open[id];
        return r && r.body ? r.body.length : -1;
      };
      // Copies the answer into buf (at most cap bytes) and forgets the request.
      env.ct_http_take = function (id, buf, cap) {
        var r = http.open[id];
        delete http.open[id];
        if (!r || !r.body || r.body.length > cap) return -1;
        new Uint8Array(wasm_memory.buffer, buf, r.body.length).set(r.body);
        return r.body.length;
      };
      // Sets the page title (a waiting player sees "Your turn" in the tab).
      env.ct_set_title = function (p, n) { document.title = str(p, n); };
      // The room link in the fragment (`#room=…`), its byte length or -1.
      env.ct_room_len = function () {
        var f = roomFragment();
        return f === null ? -1 : enc.encode(f).length;
      };
      env.ct_room_get = function (buf, cap) {
        var f = roomFragment();
        if (f === null) return -1;
        var bytes = enc.encode(f);
        if (bytes.length > cap) return -1;
        new Uint8Array(wasm_memory.buffer, buf, bytes.length).set(bytes);
        return bytes.length;
      };
      // Puts a fragment in the address bar (`#room=CODE` while in a room, so a reload comes
      // back to it; empty to take it away), without a new history entry.
      env.ct_room_show = function (p, n) {
        var f = n > 0 ? str(p, n) : "";
        try {
          history.replaceState(null, "", window.location.pathname + window.location.search + f);
        } catch (e) {
          window.location.hash = f;
        }
      };
    },
  });
})();
