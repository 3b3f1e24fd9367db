// Storage where the browser refuses it: an in-memory IndexedDB, before PyScript looks.
//
// PyScript opens IndexedDB stores as it loads (core.js, on the page) and while
// it boots the interpreter (its package cache, in the worker), and gives up
// when the browser refuses IndexedDB: a lab embed framed by a page on another
// site, in a browser that blocks third-party storage (Chrome's incognito
// windows, "block third-party cookies" settings), showed "The engine could not
// start". The lab keeps nothing in those stores (it installs no packages), so
// where IndexedDB is refused this module puts an in-memory one in its place:
// fake-indexeddb from npm, shipped in vendor/ and loaded only then.
// Imported first by host.js (the page) and by pyodide/lab.mjs (the worker).

async function indexedDBWorks() {
  try {
    if (!globalThis.indexedDB) return false;
    return await new Promise((resolve) => {
      const name = "phutball-lab-probe";
      const request = indexedDB.open(name);
      request.onsuccess = () => { request.result.close(); indexedDB.deleteDatabase(name); resolve(true); };
      request.onerror = () => resolve(false);
      request.onblocked = () => resolve(true);
    });
  } catch {
    return false;
  }
}

if (!(await indexedDBWorks())) {
  const { indexedDB, IDBKeyRange } = await import(new URL("./vendor/fake-indexeddb/index.js", import.meta.url).href);
  for (const [name, value] of Object.entries({ indexedDB, IDBKeyRange })) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
  console.info("phutball: this browser refuses storage here; the engine starts without it");
}
