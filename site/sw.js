// The lab's service worker: every file of one build, cache-first, offline.
//
// tools/build_site.py writes the precache list below: {build, files} where
// `files` maps every file of dist/ (pages, scripts, the Pyodide and PyScript
// runtime, the wheels, lab-*.zip, the puzzles; not this file) to its sha256
// as a Subresource Integrity string, and `build` is a hash of that list.
// Any change anywhere gives a new sw.js, so the browser installs a new worker.
//
// Rules (why a visitor never runs a mix of two builds):
//   * install: fetch every file of the build into the cache "phutball-lab-<build>",
//     each checked against its sha256 (fetch's `integrity`): a file from
//     another build (a deploy in progress, a stale HTTP cache) fails the
//     install, and the previous worker stays. Files already in that cache are
//     kept (an interrupted install resumes).
//   * fetch: a GET inside the scope whose path is in the list is answered from
//     this build's cache only (the folder's URL means index.html; the query is
//     ignored, as a static host does). Anything else goes to the network as if
//     there were no service worker.
//   * activate: every other "phutball-lab-*" cache is deleted.
//   * update: no skipWaiting() at install and no clients.claim(): a page
//     keeps the worker (the build) it was loaded with. A new build waits
//     until sw-register.js, at the start of a page load, sees it waiting and
//     asks it to take over ("take-over"); it does only when that page is the
//     lab's only top-level page open, and the page then reloads itself once
//     (before anything was played). So: a visit finds the new build and
//     installs it in the background, the next load switches to it.
// The scope is the folder of this file (every page lives there), all URLs are
// relative: any static host, any sub-path, no server configuration.
"use strict";

const PRECACHE = /*{{PRECACHE}}*/ null;
const PREFIX = "phutball-lab-";
const BUILD = PRECACHE ? PRECACHE.build : "unbuilt";
const CACHE = PREFIX + BUILD;
const SCOPE = new URL("./", self.location).href;
const FILES = PRECACHE ? PRECACHE.files : {};

async function precache() {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => r.url));
  const missing = Object.keys(FILES).filter((path) => !have.has(SCOPE + path));
  // A few at a time: the browser opens at most six connections to a host anyway.
  const queue = missing.slice();
  async function lane() {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const request = new Request(SCOPE + path, { cache: "no-cache", integrity: FILES[path] });
      const response = await fetch(request);
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      await cache.put(SCOPE + path, response);
    }
  }
  await Promise.all([lane(), lane(), lane(), lane()]);
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "take-over") return;
  event.waitUntil((async () => {
    const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const top = pages.filter((c) => c.frameType !== "nested");
    if (top.length <= 1) await self.skipWaiting();
  })());
});

// The path of a URL inside the scope, as listed in FILES, or null.
function listed(url) {
  if (!url.startsWith(SCOPE)) return null;
  let path = url.slice(SCOPE.length).split("#")[0].split("?")[0];
  if (path === "" || path.endsWith("/")) path += "index.html";
  try { path = decodeURIComponent(path); } catch (e) { return null; }
  return Object.prototype.hasOwnProperty.call(FILES, path) ? path : null;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const path = listed(request.url);
  if (path === null) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(SCOPE + path, { ignoreVary: true });
    // Only an active worker answers fetches, and it is active only once its
    // install cached every file: a miss means the cache was cleared by hand.
    return hit || fetch(request);
  })());
});
