// The screen-reader layer (src/app/a11y.rs): a part of the page that is not drawn but is read by
// TalkBack, VoiceOver and NVDA. It mirrors the game's status line (a polite live region), each
// event as it happens (a log) and the current screen's buttons as real <button>s; pressing one
// presses the same button on the canvas and gives the keyboard back to the game (macroquad hears
// keys only on the canvas). The canvas itself is named for assistive technology. The words a
// screen shows to be read (the rules with their Keys section, the Details panel) are a page
// region of headings and paragraphs: not live, nothing in it takes the focus, so a screen
// reader's reading keys go through it and Tab passes by. Loaded after vendor/mq_js_bundle.js.
"use strict";
(function () {
  var dec = new TextDecoder();
  var KEPT = 20;

  function str(p, n) {
    return dec.decode(new Uint8Array(wasm_memory.buffer, p, n));
  }

  function el(tag, attrs, parent) {
    var e = document.createElement(tag);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(e);
    return e;
  }

  var root, status, page, log, buttons;
  function canvas() {
    return document.getElementById("glcanvas");
  }
  function layer() {
    if (root) return;
    var game = canvas();
    if (game) {
      game.setAttribute("role", "application");
      game.setAttribute("aria-label", "Catapult Table. Tab and Shift+Tab move between the buttons " +
        "and Enter presses one; while aiming, Up and Down turn the aim, Right and Left set the " +
        "strength and Space fires; T aims at a place, W says where it would land, P lists the places.");
      game.setAttribute("aria-describedby", "ct-a11y-status");
    }
    // Visually hidden but in the accessibility tree (display:none would hide it from readers).
    root = el("div", { id: "ct-a11y", style:
      "position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;" +
      "clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0" }, document.body);
    el("h1", {}, root).textContent = "Catapult Table";
    status = el("p", { id: "ct-a11y-status", role: "status", "aria-live": "polite" }, root);
    page = el("section", { id: "ct-a11y-page", "aria-labelledby": "ct-a11y-page-title", hidden: "" }, root);
    el("h2", {}, root).textContent = "What happened";
    log = el("ol", { id: "ct-a11y-log", role: "log", "aria-live": "polite" }, root);
    el("h2", {}, root).textContent = "Buttons";
    buttons = el("div", { id: "ct-a11y-buttons", role: "group", "aria-label": "Buttons" }, root);
  }

  window.ctA11y = {
    status: function () { return status ? status.textContent : ""; },
    events: function () {
      return log ? Array.prototype.map.call(log.children, function (li) { return li.textContent; }) : [];
    },
    page: function () {
      if (!page || page.hidden) return null;
      var out = { title: "", sections: [] };
      Array.prototype.forEach.call(page.children, function (e) {
        if (e.tagName === "H2") out.title = e.textContent;
        else if (e.tagName === "H3") out.sections.push({ heading: e.textContent, words: [] });
        else if (out.sections.length) out.sections[out.sections.length - 1].words.push(e.textContent);
      });
      return out;
    },
    buttons: function () {
      return buttons ? Array.prototype.map.call(buttons.children, function (b) { return b.textContent; }) : [];
    },
  };

  miniquad_add_plugin({
    name: "catapult_table_a11y",
    version: 1,
    register_plugin: function (importObject) {
      var env = importObject.env;
      env.ct_a11y_status = function (p, n) {
        layer();
        status.textContent = str(p, n);
      };
      env.ct_a11y_event = function (p, n) {
        layer();
        el("li", {}, log).textContent = str(p, n);
        while (log.children.length > KEPT) log.removeChild(log.firstChild);
      };
      env.ct_a11y_page = function (p, n) {
        layer();
        var text = str(p, n);
        page.textContent = "";
        page.hidden = !text.length;
        if (!text.length) return;
        text.split("\n").forEach(function (line) {
          var cut = line.indexOf("\u001f");
          var kind = line.slice(0, cut), words = line.slice(cut + 1);
          var tag = kind === "t" ? "h2" : kind === "h" ? "h3" : "p";
          var e = el(tag, kind === "t" ? { id: "ct-a11y-page-title" } : {}, page);
          e.textContent = words;
        });
      };
      env.ct_a11y_buttons = function (p, n) {
        layer();
        var text = str(p, n);
        var labels = text.length ? text.split("\n") : [];
        buttons.textContent = "";
        labels.forEach(function (label, i) {
          var b = el("button", { type: "button" }, buttons);
          b.textContent = label;
          b.addEventListener("click", function () {
            if (window.wasm_exports && wasm_exports.ct_a11y_press) wasm_exports.ct_a11y_press(i);
            // The keys work again at once: the game hears them only on its canvas.
            var game = canvas();
            if (game) game.focus();
          });
        });
      };
    },
  });
})();
