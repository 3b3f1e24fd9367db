// Pyodide as the lab's worker loads it: ./pyodide.mjs after the storage check
// of ../storage-guard.mjs (see there why), with a saved start.
//
// It lives in pyodide/ because PyScript finds the runtime's files in the
// folder of the module it is given (host.js passes this one), and PyScript
// calls this module's loadPyodide.
//
// A saved start (Pyodide's memory snapshot): starting Python (the interpreter
// and the standard modules Pyodide imports) is most of a start, about 3 s of
// CPU here, and it is the same every time.  So the first start of a visitor
// (loadPyodide's _makeSnapshot) copies Python's memory as it is right after
// loadPyodide, before PyScript or the lab run anything (about 30 ms), and,
// once the page is ready, keeps it gzipped in Cache Storage ("phutball-lab:snapshot", 7 MB, one per
// Pyodide version; see readSaved for when it is briefly kept uncompressed); every later start
// restores it (_loadSnapshot) instead of starting Python again: about 0.5 s.  Whatever goes wrong with a saved start
// (no Cache Storage, a corrupt or refused copy) ends in a normal start, and a
// copy that fails to restore is deleted.  A saved copy carries the SHA-256 of its bytes (a header of
// its Cache Storage entry) and is checked against it before it is restored (see unpacked).  What a restore shares with the start
// that was saved -- the random module's state -- glue/labboot.py reseeds.
//
// The shipped start: `make dist` makes the same kind of snapshot under Node with the vendored Pyodide
// (tools/make_snapshot.mjs), with the engine and the site's pure-Python modules already imported,
// and ships it gzipped beside this module; the service worker precaches it with the build.  Every
// start restores it first ("shipped"), so a first visit skips Python's start too.  The build writes
// in the SHA-256 of the file and of its snapshot, and the bytes fetched are checked before they are
// restored.  A shipped start that cannot be fetched or read (truncated, or corrupt: not that
// SHA-256), or does not restore (another runtime's build id ...) ends in the start below, and one
// that was fetched whole but did not restore is not tried again in this browser (FAILED).
//
// One first start at a time (Web Locks, per site like Cache Storage): frames of the lab on one
// page, or tabs, that start together would each start Python afresh -- three embeds of a blog
// post touched at once took 2x one.  So a start that finds no saved copy holds the lock
// "phutball-lab:start" until it has saved one; the others wait for it, then restore that copy.
import "../storage-guard.mjs";
import { loadPyodide as loadFresh, version } from "./pyodide.mjs";

export * from "./pyodide.mjs";

const CACHE = "phutball-lab:snapshot";  // not a build's cache (sw.js deletes "phutball-lab-<build>" ones)
const LOCK = "phutball-lab:start";
const LOCK_AT_MOST = 30000;  // ms after Python started: a page that never gets ready lets the next start go
const KEY = new URL(`./snapshot-${version}.bin.gz`, import.meta.url);  // (without the module's ?build=)
const RAW = new URL(`./snapshot-${version}.bin`, import.meta.url);
const SHIPPED = "{{PYTHON_START}}";  // the shipped start's file name (tools/build_site.py), "" if none
const SHIPPED_URL = SHIPPED ? new URL(`./${SHIPPED}`, import.meta.url) : null;
const SHIPPED_SHA256 = "{{PYTHON_START_SHA256}}";  // the SHA-256 (hex) of the file, gzip
const SHIPPED_SNAPSHOT_SHA256 = "{{PYTHON_START_SNAPSHOT_SHA256}}";  // and of its snapshot, ungzipped
const SHA256_HEADER = "X-Body-SHA256";  // the SHA-256 (hex) of a saved start's body, in its Cache Storage entry
const FAILED = "phutball-lab:shipped-failed";  // shipped starts that did not restore in this browser

// Standard modules the pages import beyond those Pyodide imports as it starts: imported before
// the start is saved, so a restored start has them too (about 0.2 s of every page's start in a
// worker: html.entities is a table of 2,231 names; urllib.parse imports ipaddress; zipfile, which
// unpacks the engine, encodings.cp437; the 1D book, importlib.resources).  Pure Python, no
// JavaScript object is made, as a snapshot requires.  A module the pages stop using only costs
// the first start its import.
const STANDARD_MODULES = ["html", "html.entities", "urllib.parse", "ipaddress", "encodings.cp437",
                          "importlib.resources"];

// How this worker's Python started, for glue/labboot.py: "shipped", "restored", "saved" (a fresh
// start, now saved) or "fresh".
const started = (how) => { globalThis.phutballPythonStart = how; };
started("fresh");

async function openCache(name = CACHE) {
  try {
    return globalThis.caches ? await caches.open(name) : null;
  } catch {
    return null;  // storage refused (a frame on another site in some browsers), or no secure context
  }
}

// Pyodide restores whatever bytes it is given: a snapshot with flipped bytes (a bad download, a
// damaged copy in Cache Storage) can restore and run a Python with a corrupt memory.  So every
// snapshot is checked against a SHA-256 before it is restored (the shipped one against the
// build's, a saved one against the hash saved beside it), and one that fails ends in the start a
// truncated one ends in.  This needs WebCrypto (crypto.subtle), which browsers give only to
// secure contexts (https, localhost): without it nothing is restored unchecked: the shipped start
// is not fetched, and there is no saved start either (Cache Storage is for secure contexts too).
const canCheck = () => Boolean(globalThis.crypto && crypto.subtle);

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// `bytes`, if their SHA-256 is `expected` (hex); throws otherwise, or without a hash to check.
async function checked(bytes, expected, what) {
  if (!expected) throw new Error(`${what}: no SHA-256 to check it against`);
  const actual = await sha256Hex(bytes);
  if (actual !== expected) throw new Error(`${what} is corrupt: its SHA-256 is ${actual}, not ${expected}`);
  return bytes;
}

const isGzip = (bytes) => bytes[0] === 0x1f && bytes[1] === 0x8b;

// A snapshot from its bytes as stored or sent (`body`, gzip or not), which are checked against
// `sha256`: gzip is hashed while it is ungzipped (WebCrypto hashes on another thread), so the
// check costs a start no time; otherwise the snapshot is hashed (31 MB: 40-90 ms).  Rejects a
// copy that is not that SHA-256, has none to check, or does not ungzip (tests/js/lab.test.mjs).
export async function unpacked(body, sha256, what) {
  if (!isGzip(body)) return checked(body, sha256, what);
  const gunzip = new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip"));
  const [, bytes] = await Promise.all([checked(body, sha256, what), new Response(gunzip).arrayBuffer()]);
  return new Uint8Array(bytes);
}

// Web Locks, where the browser has them (null otherwise).
const webLocks = () => (globalThis.navigator && navigator.locks) || null;

// Waits for the start lock; resolves to the function that releases it (a no-op without Web Locks).
function takeStartLock() {
  const locks = webLocks();
  if (!locks) return Promise.resolve(() => {});
  return new Promise((granted) => {
    const without = () => granted(() => {});  // refused (an opaque origin ...): start without it
    try {
      locks.request(LOCK, () => new Promise((release) => granted(release))).catch(without);
    } catch {
      without();
    }
  });
}

// Whether another start of this site waits for the start lock.
async function othersWait() {
  try {
    const { pending = [] } = await webLocks().query();
    return pending.some((lock) => lock.name === LOCK);
  } catch {
    return false;  // no Web Locks: nobody waits
  }
}

// The saved start: gzipped (KEY, about 7 MB), or, briefly, as it is (RAW, 31 MB): a first start
// that others wait for stores it as it is, which takes no time, rather than spend about 0.7 s on
// gzip while they wait; the first of them whose page gets ready then stores it gzipped instead.
// Resolves to { bytes, raw } (raw: read from the uncompressed copy; the copy checked against the
// SHA-256 saved with it), or null when there is none; throws if the copy cannot be read or is
// corrupt.
async function readSaved(cache) {
  const gzipped = await cache.match(KEY.href);
  const found = gzipped || await cache.match(RAW.href);
  if (!found) return null;
  const body = new Uint8Array(await found.arrayBuffer());
  return { bytes: await unpacked(body, found.headers.get(SHA256_HEADER), "the saved start"), raw: !gzipped };
}

// Stores a start, with the SHA-256 of what is stored beside it.
async function save(cache, snapshot, { gzip = true } = {}) {
  const key = gzip ? KEY : RAW;
  const body = gzip
    ? new Uint8Array(await new Response(new Blob([snapshot]).stream().pipeThrough(new CompressionStream("gzip")))
      .arrayBuffer())
    : snapshot;
  await cache.put(key.href, new Response(body, { headers: { "Content-Type": gzip ? "application/gzip"
                                                                                : "application/octet-stream",
                                                            [SHA256_HEADER]: await sha256Hex(body) } }));
  for (const request of await cache.keys()) {
    if (request.url !== key.href) await cache.delete(request);  // another Pyodide version's, or the other form
  }
}

// A restored start from the uncompressed copy: once its page is ready, store that copy gzipped
// (one start does it: the one that gets the lock while the copy is still uncompressed).
function gzipTheSavedStartLater(cache) {
  globalThis.phutballSaveStart = () => {
    delete globalThis.phutballSaveStart;
    const locks = webLocks();
    if (!locks) return;
    locks.request(LOCK, { ifAvailable: true }, async (lock) => {
      const saved = lock && await readSaved(cache);
      if (saved && saved.raw) await save(cache, saved.bytes);
    }).catch((e) => console.warn("phutball: the saved start could not be compressed", e));
  };
}

// The shipped start's snapshot, checked against the build's SHA-256 of the file (gzip), or of the
// snapshot if the host sent it with Content-Encoding: gzip (the browser has ungzipped it).
async function readShipped() {
  const response = await fetch(SHIPPED_URL);
  if (!response.ok) throw new Error(`${SHIPPED}: HTTP ${response.status}`);
  const body = new Uint8Array(await response.arrayBuffer());
  return unpacked(body, isGzip(body) ? SHIPPED_SHA256 : SHIPPED_SNAPSHOT_SHA256, SHIPPED);
}

// The shipped start restored, or null (one that came whole but did not restore is not tried again;
// without WebCrypto to check it, it is not fetched).
async function restoreShipped(options) {
  if (!SHIPPED_URL || !canCheck()) return null;
  const failed = await openCache(FAILED);
  if (failed && await failed.match(SHIPPED_URL.href).catch(() => null)) return null;
  let came = false;
  try {
    const bytes = readShipped().then((b) => { came = true; return b; });
    bytes.catch(() => {});  // (handled by loadFresh, which awaits it a little later)
    const pyodide = await loadFresh({ ...options, _loadSnapshot: bytes });
    started("shipped");
    return pyodide;
  } catch (e) {
    console.warn("phutball: the shipped start did not restore; starting without it", e);
    if (came) await failed?.put(SHIPPED_URL.href, new Response("")).catch(() => {});
    return null;
  }
}

export async function loadPyodide(options = {}) {
  const shipped = await restoreShipped(options);
  if (shipped) return shipped;
  const cache = await openCache();
  if (!cache) return loadFresh(options);
  let release = await takeStartLock();
  let saved = null;
  try {
    saved = await readSaved(cache);
  } catch (e) {
    console.warn("phutball: the saved start could not be read; starting afresh", e);
  }
  if (saved) {
    release();
    try {
      const pyodide = await loadFresh({ ...options, _loadSnapshot: saved.bytes });
      started("restored");
      if (saved.raw) gzipTheSavedStartLater(cache);
      return pyodide;
    } catch (e) {
      console.warn("phutball: the saved start did not restore; starting afresh", e);
      await cache.delete(KEY.href).catch(() => {});
      await cache.delete(RAW.href).catch(() => {});
      release = await takeStartLock();  // and save a good copy in its place
    }
  }
  let pyodide;
  try {
    pyodide = await loadFresh({ ...options, _makeSnapshot: true });
  } catch (e) {
    release();
    throw e;
  }
  const timer = setTimeout(release, LOCK_AT_MOST);
  const done = () => { clearTimeout(timer); release(); };
  try {
    pyodide.runPython(`import ${STANDARD_MODULES.join(", ")}`);
    const snapshot = pyodide.makeMemorySnapshot();
    started("saved");
    // Compressing and storing it waits until the page is ready (glue/labboot.py calls this), unless
    // other starts wait for it (frames of one page started together): then it is stored at once, as
    // it is (see readSaved).
    const store = (how) => save(cache, snapshot, how)
      .catch((e) => console.warn("phutball: the start could not be saved", e)).finally(done);
    globalThis.phutballSaveStart = () => {
      delete globalThis.phutballSaveStart;
      store({ gzip: true });
    };
    othersWait().then((waiting) => {
      if (waiting && globalThis.phutballSaveStart) {
        delete globalThis.phutballSaveStart;
        store({ gzip: false });
      }
    });
  } catch (e) {
    console.warn("phutball: the start could not be saved", e);
    done();
  }
  return pyodide;
}
