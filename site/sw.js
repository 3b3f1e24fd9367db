// The lab's service worker: every file of one build, cache-first, offline.
//
// tools/build_site.py writes the precache list below: {build, files} where
// `files` maps every file of dist/ (pages, scripts, the Pyodide and PyScript
// runtime, the wheels, lab-*.zip, the puzzles; not this file) to its sha256
// as a Subresource Integrity string, and `build` is a hash of that list.
// Any change anywhere gives a new sw.js, so the browser installs a new worker.
//
// Rules (why a page never runs a mix of two builds):
//   * install: fetch every file of the build into the cache "phutball-lab-<build>",
//     each checked against its sha256 (fetch's `integrity`): a file from
//     another build (a deploy in progress, a stale HTTP cache) fails the
//     install, and the previous worker stays. Files already in that cache are
//     kept (an interrupted install resumes). A complete install activates at
//     once (skipWaiting): there is no "waiting" phase for a visitor to get stuck in.
//   * every client keeps its build: a page is served the newest build when it
//     is loaded (its navigation), and from then on every file it asks for comes
//     from that build's cache, even after a newer build has activated. A
//     worker the page starts from a script file gets the page's build; the
//     page's Python worker (a blob: worker, which the service worker cannot
//     link to its page) names it in the URL of its first file,
//     `pyodide/lab.mjs?build=<id>`: host.js asks this worker for the page's
//     build ("build" message) before starting it. The client -> build table is
//     kept in the cache "phutball-lab:clients", as a service worker may be
//     stopped and restarted at any time.
//   * fetch: a GET inside the scope whose path is in the list is answered from
//     the client's build's cache (the folder's URL means index.html; the query
//     is ignored, as a static host does). Anything else goes to the network as
//     if there were no service worker.
//   * clean-up (at activation and after each page load): clients that are gone
//     are forgotten, and every "phutball-lab-<build>" cache that is neither
//     this build nor the build of a live client is deleted -- but nothing while
//     a newer build is installing or waiting (its cache is not in the table
//     yet). So a new build is served at the next load of a page, an open game
//     in another tab keeps its files, and the old cache goes with the last
//     page that used it.
// The scope is the folder of this file (every page lives there), all URLs are
// relative: any static host, any sub-path, no server configuration.
//
// A classic worker script, not a module (the site's other scripts are modules): module service
// workers (register(..., {type: "module"})) came to browsers late and unevenly, and this one
// imports nothing, so the classic form costs nothing.
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
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

// ------------------------------------------------ which client has which build
const TABLE = "phutball-lab:clients";  // not a build's cache: no PREFIX
const TABLE_URL = SCOPE + "clients.json";
let table = null;                       // Promise<Map<client id, build id>>
let saving = Promise.resolve();

function clientBuilds() {
  if (table === null) {
    table = caches.open(TABLE)
      .then((cache) => cache.match(TABLE_URL))
      .then((hit) => (hit ? hit.json() : {}))
      .then((saved) => new Map(Object.entries(saved)))
      .catch(() => new Map());
  }
  return table;
}

// Writes the table as it is when the write's turn comes (writes never overtake each other).
function save(map) {
  saving = saving.then(async () => {
    const body = JSON.stringify(Object.fromEntries(map));
    await (await caches.open(TABLE)).put(TABLE_URL, new Response(body, { headers: { "content-type": "application/json" } }));
  }).catch(() => {});
  return saving;
}

async function remember(id, build) {
  if (!id) return;
  const map = await clientBuilds();
  if (map.get(id) === build) return;
  map.set(id, build);
  await save(map);
}

// Forget clients that are gone; delete the caches of builds no live client uses.
async function cleanUp() {
  const map = await clientBuilds();
  const live = new Set((await self.clients.matchAll({ type: "all", includeUncontrolled: true })).map((c) => c.id));
  let changed = false;
  for (const id of [...map.keys()]) {
    if (!live.has(id)) { map.delete(id); changed = true; }
  }
  if (changed) await save(map);
  const keep = new Set([CACHE, ...[...map.values()].map((build) => PREFIX + build)]);
  for (const name of await caches.keys()) {
    // A newer build may be installing into its cache meanwhile: leave the caches alone
    // until it is active (its own clean-up at activation then does this).
    if (self.registration.installing || self.registration.waiting) return;
    if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
  }
}

// The build a request is answered from (see "every client keeps its build").
async function buildOf(event) {
  const request = event.request;
  if (request.mode === "navigate") {
    await remember(event.resultingClientId, BUILD);
    return BUILD;
  }
  const map = await clientBuilds();
  const own = map.get(event.clientId);
  if (request.destination === "worker" || request.destination === "sharedworker") {
    const build = own || BUILD;           // a worker's script: the build of the page starting it
    await remember(event.resultingClientId, build);
    return build;
  }
  if (own) return own;
  const named = new URL(request.url).searchParams.get("build");
  const build = named && await caches.has(PREFIX + named) ? named : BUILD;
  await remember(event.clientId, build);
  return build;
}

self.addEventListener("activate", (event) => {
  event.waitUntil(cleanUp());
});

self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "build" || !event.ports[0]) return;
  event.waitUntil((async () => {
    const id = event.source && event.source.id;
    const build = (await clientBuilds()).get(id) || BUILD;
    await remember(id, build);
    event.ports[0].postMessage(build);
    await cleanUp();
  })());
});

// The path of a URL inside the scope, as listed in FILES, or null.
function listed(url) {
  if (!url.startsWith(SCOPE)) return null;
  let path = url.slice(SCOPE.length).split("#")[0].split("?")[0];
  if (path === "" || path.endsWith("/")) path += "index.html";
  try { path = decodeURIComponent(path); } catch { return null; }
  return Object.prototype.hasOwnProperty.call(FILES, path) ? path : null;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const path = listed(request.url);
  if (path === null) return;
  if (request.mode === "navigate") event.waitUntil(cleanUp());
  event.respondWith((async () => {
    const build = await buildOf(event);
    const hit = await caches.match(SCOPE + path, { cacheName: PREFIX + build, ignoreVary: true });
    // Only an active worker answers fetches, and it is active only once its
    // install cached every file: a miss means the cache was cleared by hand
    // (or an older build's list did not have this path).
    return hit || fetch(request);
  })());
});
