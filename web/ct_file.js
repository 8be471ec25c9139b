// Catapult Table's replay-file plugin: "Open a replay" shows the browser's file picker, and the
// chosen file reaches the game by the same road as a file dropped on the page (miniquad's drop
// handler, read in Rust by macroquad's get_dropped_files), so one path in the game reads both.
// Loaded after ct_link.js; registered the same way.
"use strict";
(function () {
  // A file larger than the replay reader accepts is handed on cut just past the limit, so the
  // game refuses it by its size without copying it whole into memory.
  var LIMIT = 64 * 1024 * 1024;
  var input = null;

  function vec(bytes) {
    var p = wasm_exports.allocate_vec_u8(bytes.length);
    new Uint8Array(wasm_memory.buffer, p, bytes.length).set(bytes);
    return p;
  }

  function handOver(file) {
    file
      .slice(0, LIMIT + 1)
      .arrayBuffer()
      .then(function (buf) {
        var name = new TextEncoder().encode(file.name);
        var bytes = new Uint8Array(buf);
        wasm_exports.on_files_dropped_start();
        wasm_exports.on_file_dropped(vec(name), name.length, vec(bytes), bytes.length);
        wasm_exports.on_files_dropped_finish();
      })
      .catch(function (e) {
        console.log("[ct] file-unreadable " + e);
      });
  }

  function picker() {
    if (input === null) {
      input = document.createElement("input");
      input.type = "file";
      input.id = "ct-file";
      input.accept = ".json,application/json";
      input.style.display = "none";
      input.addEventListener("change", function () {
        if (input.files && input.files.length > 0) handOver(input.files[0]);
        input.value = "";
      });
      document.body.appendChild(input);
    }
    return input;
  }

  // Made at once, so a test (or an assistive tool) finds the input before the first pick.
  if (document.readyState === "loading") {
    window.addEventListener("DOMContentLoaded", picker);
  } else {
    picker();
  }

  miniquad_add_plugin({
    name: "catapult_table_file",
    version: 1,
    register_plugin: function (importObject) {
      importObject.env.ct_pick_file = function () {
        picker().click();
      };
    },
  });
})();
