// Catapult Table's own miniquad plugin: console lines, localStorage for saves and settings, and
// the first-frame signal that hides the loading indicator. Loaded after vendor/mq_js_bundle.js.
"use strict";
(function () {
  var enc = new TextEncoder();
  var dec = new TextDecoder();
  window.ct = { firstFrameMs: null, startedMs: performance.now() };

  // The game's WebGL context. The canvas is opaque (every frame starts with a clear), so it asks
  // for no alpha channel: the page compositor need not blend it. On a software renderer (no GPU,
  // or a blocklisted one: Chrome's SwiftShader, Mesa's llvmpipe) every pixel is shaded on the
  // CPU and the default 4x multisampling costs about half the frame (docs/web.md, "Frame
  // rate"), so edges go without it there; a real GPU keeps it.
  window.ct.software = (function () {
    try {
      var probe = document.createElement("canvas").getContext("webgl");
      if (!probe) return false;
      var info = probe.getExtension("WEBGL_debug_renderer_info");
      var name = info ? String(probe.getParameter(info.UNMASKED_RENDERER_WEBGL)) : "";
      var lose = probe.getExtension("WEBGL_lose_context");
      if (lose) lose.loseContext();
      return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
    } catch (e) {
      return false;
    }
  })();
  var getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (type, attrs) {
    if (this.id === "glcanvas" && /^(webgl|webgl2|experimental-webgl)$/.test(type)) {
      var a = { alpha: false };
      if (window.ct.software) a.antialias = false;
      attrs = Object.assign({}, attrs || {}, a);
    }
    return getContext.call(this, type, attrs);
  };

  function str(p, n) {
    return dec.decode(new Uint8Array(wasm_memory.buffer, p, n));
  }
  function storage() {
    try { return window.localStorage; } catch (e) { return null; }
  }
  function read(kp, kn) {
    var s = storage();
    if (!s) return null;
    try { return s.getItem(str(kp, kn)); } catch (e) { return null; }
  }

  // Until the first frame, a failure to start is shown on the loading screen.
  var origError = console.error;
  console.error = function () {
    origError.apply(console, arguments);
    if (window.ct.firstFrameMs === null) {
      var box = document.getElementById("loading");
      var text = document.getElementById("loading-text");
      if (box && text) {
        box.classList.add("failed");
        text.textContent = "Catapult Table could not start: " + Array.prototype.join.call(arguments, " ");
      }
    }
  };

  miniquad_add_plugin({
    name: "catapult_table",
    version: 1,
    on_init: function () {
      window.ct.wasmReadyMs = performance.now();
      console.log("[ct] wasm-ready-ms " + Math.round(window.ct.wasmReadyMs));
    },
    register_plugin: function (importObject) {
      var env = importObject.env;
      env.ct_console = function (p, n) { console.log(str(p, n)); };
      env.ct_store_len = function (kp, kn) {
        var v = read(kp, kn);
        return v === null ? -1 : enc.encode(v).length;
      };
      env.ct_store_get = function (kp, kn, buf, cap) {
        var v = read(kp, kn);
        if (v === null) return -1;
        var bytes = enc.encode(v);
        if (bytes.length > cap) return -1;
        new Uint8Array(wasm_memory.buffer, buf, bytes.length).set(bytes);
        return bytes.length;
      };
      env.ct_store_set = function (kp, kn, vp, vn) {
        var s = storage();
        if (!s) return 0;
        try { s.setItem(str(kp, kn), str(vp, vn)); return 1; } catch (e) { return 0; }
      };
      env.ct_store_remove = function (kp, kn) {
        var s = storage();
        if (!s) return;
        try { s.removeItem(str(kp, kn)); } catch (e) { /* nothing to remove */ }
      };
      env.ct_url_seed = function () {
        var v = new URLSearchParams(window.location.search).get("seed");
        var n = v === null ? -1 : Number(v);
        return Number.isFinite(n) && n >= 0 ? Math.floor(n) : -1;
      };
      env.ct_url_quick_pace = function () {
        return new URLSearchParams(window.location.search).get("pace") === "quick" ? 1 : 0;
      };
      env.ct_reduced_motion = function () {
        var m = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
        return m && m.matches ? 1 : 0;
      };
      env.ct_url_hints_off = function () {
        return new URLSearchParams(window.location.search).get("hints") === "off" ? 1 : 0;
      };
      env.ct_prompt = function (tp, tn, cp, cn, buf, cap) {
        var v = window.prompt(str(tp, tn), str(cp, cn));
        if (v === null) return -1;
        var bytes = enc.encode(v);
        if (bytes.length > cap) bytes = bytes.subarray(0, cap);
        new Uint8Array(wasm_memory.buffer, buf, bytes.length).set(bytes);
        return bytes.length;
      };
      env.ct_first_frame = function () {
        window.ct.firstFrameMs = performance.now();
        var box = document.getElementById("loading");
        if (box) box.classList.add("gone");
        console.log("[ct] first-frame-ms " + Math.round(window.ct.firstFrameMs));
        // The service worker (offline play) is registered now, not with the page: its install
        // downloads every file again, the wasm too, which shared the link with the first download.
        if ("serviceWorker" in navigator && location.protocol !== "file:") {
          navigator.serviceWorker.register("sw.js").catch(function (e) {
            console.warn("[ct] service worker not registered: " + e);
          });
        }
      };
    },
  });
})();
