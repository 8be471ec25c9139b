// Service worker: after one visit the game starts with no network. The build replaces
// __BUILD__ with a hash of dist/, so each new build gets a fresh cache and drops the old one.
"use strict";
const CACHE = "catapult-table-__BUILD__";
const FILES = [
  "./",
  "index.html",
  "catapult-table.wasm",
  "vendor/mq_js_bundle.js",
  "ct.js",
  "manifest.webmanifest",
  "icons/icon-192.png",
  "icons/icon-512.png",
  "icons/icon-maskable-512.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((k) => k.startsWith("catapult-table-") && k !== CACHE).map((k) => caches.delete(k))
      ))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  // Today's challenge boards are live answers from the server: never cached.
  if (url.pathname.indexOf("/challenge/") !== -1) return;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(req, { ignoreSearch: true }).then((hit) => {
        if (hit) return hit;
        return fetch(req).then((res) => {
          if (res.ok) cache.put(req, res.clone());
          return res;
        });
      })
    )
  );
});
