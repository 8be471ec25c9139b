// Catapult Table's link plugin: the game or design link in the page's fragment (#g=... or
// #design=..., never sent to a server) and sharing one (the system share sheet where there is one, else the clipboard, else a
// box to copy from), and sharing today's challenge result as text the same way. Loaded after ct_plugin.js; registered the same way.
"use strict";
(function () {
  var enc = new TextEncoder();
  var dec = new TextDecoder();
  window.ct = window.ct || {};

  function str(p, n) {
    return dec.decode(new Uint8Array(wasm_memory.buffer, p, n));
  }
  // The fragment's link, or null (the game refuses one that is too long by its length).
  function fragment() {
    var h = window.location.hash || "";
    return h.indexOf("#g=") === 0 || h.indexOf("#design=") === 0 ? h : null;
  }

  // The system share sheet where there is one (1), else the clipboard (2), else a box to copy
  // from (3); `copy` is what the clipboard or the box gets.
  function offer(data, copy, ask) {
    window.ct.lastShare = copy;
    if (navigator.share) {
      navigator.share(data).catch(function (e) {
        console.log("[ct] share-cancelled " + e);
      });
      return 1;
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(copy).catch(function (e) {
        console.log("[ct] copy-failed " + e);
        window.prompt(ask, copy);
      });
      return 2;
    }
    window.prompt(ask, copy);
    return 3;
  }

  miniquad_add_plugin({
    name: "catapult_table_link",
    version: 1,
    register_plugin: function (importObject) {
      var env = importObject.env;
      env.ct_link_len = function () {
        var f = fragment();
        return f === null ? -1 : enc.encode(f).length;
      };
      env.ct_link_get = function (buf, cap) {
        var f = fragment();
        if (f === null) return -1;
        var bytes = enc.encode(f);
        if (bytes.length > cap) return -1;
        new Uint8Array(wasm_memory.buffer, buf, bytes.length).set(bytes);
        return bytes.length;
      };
      // Once opened, the link leaves the address bar: a reload resumes the saved game instead.
      env.ct_link_taken = function () {
        try {
          history.replaceState(null, "", window.location.pathname + window.location.search);
        } catch (e) {
          window.location.hash = "";
        }
      };
      env.ct_share = function (pp, pn, tp, tn) {
        // A game link's payload, or a whole fragment (`#design=…`).
        var what = str(pp, pn);
        var url = window.location.origin + window.location.pathname + (what.charAt(0) === "#" ? what : "#g=" + what);
        return offer({ title: str(tp, tn), url: url }, url, "Copy this link and send it:");
      };
      // Shares a line of text (today's challenge result) the same way.
      env.ct_share_text = function (xp, xn, tp, tn) {
        var text = str(xp, xn);
        return offer({ title: str(tp, tn), text: text }, text, "Copy your result and send it:");
      };
    },
  });
})();
