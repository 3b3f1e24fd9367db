// The main thread's half of every page: small JavaScript, no Python.
//
// Python (the page's controller and the engine) runs in ONE PyScript worker
// per page (glue/labboot.py).  This module
//   * boots that worker (polyscript's XWorker: PyScript's worker layer; Pyodide from ./pyodide/) while
//     fetching the engine wheel and the site's Python (lab.zip) in parallel,
//     and shows "Starting the engine… N%" in #loading;
//   * applies the operations the worker sends (set a property, draw shapes on
//     a canvas, store a value, download a file ...; see apply() below), a
//     large batch in slices with the event loop turning between them (the
//     page's first batch is up to 140 KB: applied at once it was one long task);
//   * forwards the DOM events the worker listens to, each with a snapshot of
//     the page's form controls and canvas boxes (the worker cannot read the
//     DOM: no SharedArrayBuffer, so no synchronous access);
//   * queues board clicks and key presses made before the engine is ready and
//     replays them once it is, saying so on the page.
// The worker's side of this protocol is glue/remote.py (lab/pagelink.py).  Nothing here needs special
// HTTP headers: messages only, so any static host and any iframe works.
import { download, downloadPNG, drawShapes, nextTask } from "./canvas.js";

// What a page says when the worker's own scripts cannot be fetched (an embed shows it under "The engine
// could not start."; embedframe.js says the same when host.js itself cannot be fetched).
const FILES_MISSING = "The engine's files did not load from this site.";

// PyScript's worker layer (polyscript: the part of PyScript that starts a Python worker; PyScript's
// own bundle adds the <script type="py"> tags, which no page here has, and takes twice as long to
// evaluate on a first visit), loaded at once but only after storage-guard.mjs's check: it opens
// IndexedDB as it loads.
const polyscript = import("./storage-guard.mjs").catch((err) => console.warn("phutball:", err))
  .then(() => import("./polyscript/index.js"))
  .catch(() => { throw new Error(FILES_MISSING); });
polyscript.catch(() => {});  // reported where it is awaited (bootLab)

// File names filled in by tools/build_site.py.
const BUILD = { wheel: "{{ENGINE_WHEEL}}", lab: "{{LAB_ZIP}}" };
const here = (path) => new URL(path, document.baseURI).href;

// The build this page was served from, when a service worker serves it (sw.js):
// the page's Python worker names it in its first request, so that worker gets
// the page's files even if a newer build has been installed meanwhile. Null
// without a service worker (a first visit, a frame on another site).
function servedBuild() {
  let sw = null;
  try { sw = navigator.serviceWorker && navigator.serviceWorker.controller; } catch { sw = null; }
  if (!sw) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => resolve(typeof e.data === "string" ? e.data : null);
    sw.postMessage({ type: "build" }, [channel.port2]);
    setTimeout(() => resolve(null), 5000);  // a worker that does not answer: start anyway
  });
}

// ------------------------------------------------------------------ progress

function progress(pct, text) {
  const box = document.getElementById("loading");
  if (!box) return;
  box.hidden = false;
  const label = box.querySelector(".loading-text") || box;
  label.textContent = `${text} ${Math.round(pct)}%`;
  box.style.setProperty("--progress", `${pct}%`);
  box.setAttribute("aria-valuenow", String(Math.round(pct)));
}

// ------------------------------------------------------------------ events → worker

let worker = null;
let ready = false;
let pending = 0;            // events sent (or being serialised) whose answer has not been applied
const early = [];          // [handlerKey, payload] before the worker listens
const handlers = new Map(); // "id|type" -> handler id in Python

function describe(el) {
  if (!el || el.nodeType !== 1) return null;
  const attrs = {};
  for (const a of el.attributes) attrs[a.name] = a.value;
  return { id: el.id || "", tagName: el.tagName, attrs, value: el.value ?? null, checked: el.checked ?? null };
}

function snapshot() {
  const controls = {};
  for (const el of document.querySelectorAll("input[id], select[id], textarea[id]")) {
    controls[el.id] = { value: el.value, checked: el.checked };
  }
  const boxes = {};
  for (const c of document.querySelectorAll("canvas[id], [data-box]")) {
    const r = c.getBoundingClientRect();
    boxes[c.id] = { left: r.left, top: r.top, width: r.width, height: r.height,
                    clientWidth: c.clientWidth, clientHeight: c.clientHeight };
  }
  let hash = location.hash;
  return { controls, boxes, href: location.href, hash, theme: document.documentElement.getAttribute("data-theme") };
}

async function serialize(e) {
  const out = { type: e.type, target: describe(e.target), currentTarget: describe(e.currentTarget) };
  for (const k of ["key", "button", "pointerType", "clientX", "clientY", "ctrlKey", "metaKey", "altKey", "shiftKey",
                   "origin", "newValue"]) {  // newValue: a storage event's (another tab stored a value)
    if (e[k] !== undefined) out[k] = e[k];
  }
  if (typeof CustomEvent !== "undefined" && e instanceof CustomEvent) {
    try { out.detail = JSON.parse(JSON.stringify(e.detail ?? null)); } catch { out.detail = null; }
  }
  if (e.type === "message") {
    try { out.data = JSON.parse(JSON.stringify(e.data)); } catch { out.data = null; }
  }
  if (e.target && e.target.files && e.target.files.length) {
    const f = e.target.files[0];
    try { out.files = [{ name: f.name, text: await f.text() }]; } catch { out.files = [{ name: f.name, text: "" }]; }
    e.target.value = "";
  }
  return out;
}

function targetOf(name) {
  if (name === "window") return window;
  if (name === "document") return document;
  if (name === "html") return document.documentElement;
  return document.getElementById(name);
}

const PREVENTED_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", " ", "Enter", "Backspace",
                                "Home", "End", "PageUp", "PageDown"]);
// The cell that stands for a board's grid until the page's Python fills it (site_pages.board_grid's `early`):
// the board's one tab stop from the start; a key on it is a key on the board's canvas.
const earlyCell = (t) => Boolean(t && t.hasAttribute && t.hasAttribute("data-grid-early"));
// A key on the board: its canvas, or a cell of its grid (replayGrid), or the grid's early cell.
const onBoard = (t) => t && (t.tagName === "CANVAS" || (t.hasAttribute && t.hasAttribute("data-point"))
                             || earlyCell(t));

function listen(hid, targetName, type, opts) {
  const el = targetOf(targetName);
  if (!el) return;
  handlers.set(`${targetName}|${type}`, hid);
  el.addEventListener(type, async (e) => {
    if (type === "submit" || (opts && opts.prevent)) e.preventDefault();
    if (type === "keydown" && onBoard(e.target) && PREVENTED_KEYS.has(e.key)
        && !(e.ctrlKey || e.metaKey || e.altKey)) e.preventDefault();
    if (queuedUntilReady(e)) return;  // captureEarly keeps it, and replays it in order once ready
    pending++;
    const snap = snapshot();
    const ev = await serialize(e);
    pending--;
    send(hid, ev, snap);
  });
}

// The grid's focus moves at once on an arrow, Home, End, PageUp or PageDown (lab.boardgrid.step's rule: one
// cell, stopping at the edges; the row's or the column's ends), ahead of Python's answer, so that an Enter
// pressed right after acts on the cell the focus shows. The key still goes to Python (its target is the cell
// it was pressed on), which moves its cursor the same way; until its answer names that cell, replayGrid
// keeps the focus where it is (`data-ahead`; a second at most).
const GRID_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);
document.addEventListener("keydown", (e) => {
  const cell = e.target;
  if (!GRID_KEYS.has(e.key) || e.ctrlKey || e.metaKey || e.altKey || !cell || !cell.hasAttribute
      || !cell.hasAttribute("data-point")) return;
  const table = cell.closest('[role="grid"]');
  if (!table) return;
  const rows = [...table.querySelectorAll("tbody tr")].map((tr) => [...tr.querySelectorAll("td[data-point]")]);
  const i = rows.findIndex((r) => r.includes(cell));
  if (i < 0) return;
  const j = rows[i].indexOf(cell);
  const li = rows.length - 1;
  const lj = rows[i].length - 1;
  const [ni, nj] = { ArrowLeft: [i, Math.max(0, j - 1)], ArrowRight: [i, Math.min(lj, j + 1)],
                     ArrowUp: [Math.max(0, i - 1), j], ArrowDown: [Math.min(li, i + 1), j],
                     Home: [i, 0], End: [i, lj], PageUp: [0, j], PageDown: [li, j] }[e.key];
  const next = rows[ni] && rows[ni][nj];
  if (!next || next === cell) return;
  cell.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
  table.dataset.ahead = next.getAttribute("data-point");
  clearTimeout(table.aheadTimer);
  table.aheadTimer = setTimeout(() => { delete table.dataset.ahead; }, 1000);
}, true);

// Deliver an event to the worker's handler `hid` and apply what it answers.
function send(hid, ev, snap) {
  pending++;
  worker.sync.dispatch(hid, JSON.stringify(ev), JSON.stringify(snap))
    .then((ops) => { if (ops) apply(JSON.parse(ops), ops.length); })
    .catch((err) => fail(err))
    .finally(() => { pending--; });
}

// Before the worker listens: remember pointer and key events on the board and
// clicks on buttons, replay them in order once the handlers exist.
let earlyBoard = null;

// Whether captureEarly keeps this event until ready (its listeners below). A page's own handler then
// leaves it alone: a large first batch is applied in slices, so its listeners are in place a few tasks
// before its `ready`, and an event in between would be answered twice, and before older ones.
function queuedUntilReady(e) {
  if (ready) return false;
  if (e.type === "pointerdown" || e.type === "pointerup") {
    return Boolean(earlyBoard && e.target instanceof Node && earlyBoard.contains(e.target));
  }
  if (e.type === "keydown") return e.target === earlyBoard || earlyCell(e.target) || ["u", "r", "h"].includes(e.key);
  if (e.type === "click") {
    const b = e.target && e.target.closest && e.target.closest("[data-queue-early]");
    return Boolean(b && b.id);
  }
  return false;
}

function captureEarly(boardId) {
  // The page's message line: an element marked data-early-message, else #message or #status;
  // its data-early-queued / data-early-refused attributes may word the notes for the page.
  const note = (text, kind) => {
    const m = document.querySelector("[data-early-message]") || document.getElementById("message")
              || document.getElementById("status");
    if (m && !ready) { m.textContent = (kind && m.getAttribute(`data-early-${kind}`)) || text; }
  };
  const board = document.getElementById(boardId);
  earlyBoard = board;
  const remember = async (name, e) => {
    if (!queuedUntilReady(e)) return;
    const snap = snapshot();
    const onEarlyCell = earlyCell(e.target);
    if (onEarlyCell && PREVENTED_KEYS.has(e.key) && !(e.ctrlKey || e.metaKey || e.altKey)) e.preventDefault();
    const ev = await serialize(e);
    if (onEarlyCell && board) ev.target = describe(board);  // the page's Python takes it as a key on the canvas
    early.push([name, e.type, ev, snap]);
    note("The engine is starting: your move will be played as soon as it is ready.", "queued");
  };
  if (board) {
    for (const t of ["pointerdown", "pointerup"]) board.addEventListener(t, (e) => remember(boardId, e));
  }
  document.addEventListener("keydown", (e) => remember("document", e));
  // Controls that need the engine are marked aria-disabled (and look disabled)
  // until it is ready; a click on one says why nothing happens yet.
  const refuse = (e) => {
    if (ready) return;
    const b = e.target.closest && e.target.closest("[data-needs-engine]");
    if (!b) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    note("The engine is starting: this works as soon as it is ready.", "refused");
  };
  document.addEventListener("click", refuse, true);
  // Buttons marked data-queue-early (the embeds' step buttons) are queued like board clicks.
  document.addEventListener("click", (e) => {
    const b = !ready && e.target.closest && e.target.closest("[data-queue-early]");
    if (b && b.id) remember(b.id, e);
  }, true);
  document.addEventListener("mousedown", (e) => { if (!ready && e.target.closest && e.target.closest("select[data-needs-engine]")) refuse(e); }, true);
}

function replayEarly() {
  for (const [name, type, ev, snap] of early.splice(0)) {
    const hid = handlers.get(`${name}|${type}`);
    if (hid !== undefined) send(hid, ev, snap);
  }
}

// ------------------------------------------------------------------ worker → page

const SAFE_PROPS = new Set(["textContent", "className", "hidden", "disabled", "value", "checked", "innerHTML",
                            "title", "href", "open", "selectedIndex"]);

// Apply the worker's operations: each is named (op.op) and has named fields (lab/pagelink.py).
// Batches are applied in the order they come. A small one (an answer to a click: a board and a few
// texts) is applied at once, in the task it arrived in, as one picture. A large one (a page's first
// batch: every listener, the board, a list of 470 puzzles as HTML, the calculator's tables) is
// applied in slices, each a task of its own, so that the page's main thread never runs one long task
// for it (issue 39, item 12): its first slice starts in a new task (the message's own task already
// parsed it and ran PyScript's handler), a slice ends once it has run SLICE_MS, and a heavy operation
// (a drawing, a long innerHTML) starts a new slice unless it is the slice's first. Between slices the
// browser may render, and handle input (queued for the page's handlers as before ready).
const LARGE_BATCH = 16384;  // characters of JSON: a batch this large is applied in slices
const SLICE_MS = 8;
const queue = [];           // batches {ops, next, slices, sliced} not applied yet, the first one being applied
let draining = false;
const sliced = [];          // for tests: {ops, slices} of the last large batches applied (phutballHost.batches)

function heavy(op) {
  if (op.op === "draw" || op.op === "png") return true;
  if (op.op === "prop" && typeof op.value === "string") return op.value.length >= 4096;
  return op.op === "options" && Array.isArray(op.options) && op.options.length >= 200;
}

function applySafely(op) {
  try {
    applyOne(op);
  } catch (err) {
    console.warn("phutball: could not apply", op, err);
  }
}

// `size`: the batch's JSON length (what decides whether it is sliced).
function apply(ops, size) {
  queue.push({ ops, next: 0, slices: 0, sliced: size >= LARGE_BATCH });
  if (!draining) drain();
}

async function drain() {
  draining = true;
  try {
    while (queue.length) {
      const batch = queue[0];
      if (!batch.sliced) {
        for (const op of batch.ops) applySafely(op);
        queue.shift();
        continue;
      }
      let start = 0;
      let done = 0;  // operations applied in this slice
      while (batch.next < batch.ops.length) {
        const op = batch.ops[batch.next];
        if (batch.slices === 0 || (done > 0 && (heavy(op) || performance.now() - start >= SLICE_MS))) {
          await nextTask();
          batch.slices++;
          start = performance.now();
          done = 0;
        }
        batch.next++;
        applySafely(op);
        done++;
      }
      queue.shift();
      sliced.push({ ops: batch.ops.length, slices: batch.slices });
      if (sliced.length > 20) sliced.shift();
    }
  } finally {
    draining = false;
  }
}

function withTheme(theme, fn) {
  // Resolve theme roles in `theme` (light, dark, or the page's) synchronously, so the page is never painted
  // in the other one.
  const root = document.documentElement;
  const before = root.getAttribute("data-theme");
  if (theme === "light" || theme === "dark") root.setAttribute("data-theme", theme);
  try { return fn(root); }
  finally { if (before) root.setAttribute("data-theme", before); else root.removeAttribute("data-theme"); }
}

function applyOne(op) {
  const el = op.id === undefined ? null : targetOf(op.id);
  switch (op.op) {
    case "prop":
      if (el && SAFE_PROPS.has(op.prop)) el[op.prop] = op.value;
      break;
    case "attr":
      if (el) (op.value === null ? el.removeAttribute(op.name) : el.setAttribute(op.name, op.value));
      break;
    case "style":
      if (el) el.style.setProperty(op.prop, op.value);
      break;
    case "call":
      if (!el) break;
      if (op.method === "showModal" && !el.open) el.showModal();
      else if (op.method === "close" && el.open) el.close();
      else if (op.method === "focus") (el.tagName === "TABLE" && el.querySelector('[tabindex="0"]') || el).focus();
      else if (op.method === "select") el.select();
      break;
    case "options":
      if (el) setOptions(el, op.options);
      break;
    case "scroll": {
      // With a selector: scroll the box `el` itself so that its child is visible (the play page's move
      // list), never the window, so the board stays where the player sees it. Without: bring `el` into view.
      if (el && op.selector) scrollWithin(el, el.querySelector(op.selector));
      else if (el) el.scrollIntoView({ block: "nearest" });
      break;
    }
    case "share":
      shareLink(op);
      break;
    case "draw": {
      const canvas = targetOf(op.canvas);
      if (canvas) drawShapes(canvas, op.shapes);
      break;
    }
    case "store":
      try {
        if (op.value === null) localStorage.removeItem(op.key); else localStorage.setItem(op.key, op.value);
      } catch (err) {
        // A full storage (its quota) or a private mode: the worker is told, keeps the value and says so.
        window.dispatchEvent(new CustomEvent("phutball-store-failed", { detail: { key: op.key, error: String(err) } }));
      }
      break;
    case "hash":
      if (location.hash.slice(1) !== op.value) history.replaceState(null, "", "#" + op.value);
      break;
    case "download":
      download(new Blob([op.text], { type: op.mime || "text/plain" }), op.filename);
      break;
    case "storage":
      storageInfo(op);
      break;
    case "copy":
      navigator.clipboard.writeText(op.text).catch(() => {});
      break;
    case "listen":
      listen(op.handler, op.target, op.event, { prevent: Boolean(op.prevent) });
      break;
    case "colours": {
      // Answer the worker's handler with an event {type: "colours", data: {name: colour}}.
      const data = withTheme(op.theme, (root) => {
        const style = getComputedStyle(root);
        const out = {};
        for (const n of op.names) out[n] = style.getPropertyValue(`--${n}`).trim();
        return out;
      });
      send(op.handler, { type: "colours", data, target: null }, snapshot());
      break;
    }
    case "png":
      withTheme(op.theme, (root) => downloadPNG(op.shapes, op.width, op.height, op.ratio,
                                                                       op.filename, root));
      break;
    case "event":
      // A CustomEvent on window, for a page's own small JavaScript.
      window.dispatchEvent(new CustomEvent(op.name, { detail: op.detail }));
      break;
    case "grid":
      if (el) replayGrid(el, op.change);
      break;
    case "ready":
      markReady();
      break;
    default:
      console.warn("phutball: unknown operation", op);
  }
}

// The board as an ARIA grid beside its canvas (lab/boardgrid.py computes it, glue/boardinput.py sends it):
// a table of cells named as the notation names them, with row and column headers. `op.full`: the table
// is built anew (a new board, turned); else only the cells in `op.cells` are renamed. One cell is a tab
// stop, `op.focus` (roving tabindex); it takes the focus when the focus is already in the grid.
// `op`: lab.boardgrid.changes' answer (its fields named: full, label, columns, rows, cells, focus).
function replayGrid(table, op) {
  const cell = (tag, text, attrs = {}) => {
    const c = document.createElement(tag);
    c.textContent = text;
    for (const [k, v] of Object.entries(attrs)) c.setAttribute(k, v);
    return c;
  };
  if (op.full) {
    delete table.dataset.ahead;  // a new table (a new board, turned): Python's focus
    const had = table.contains(document.activeElement);
    table.setAttribute("role", "grid");
    table.setAttribute("aria-label", op.label);
    const head = document.createElement("tr");
    head.append(cell("th", "row", { scope: "col" }), ...op.columns.map((c) => cell("th", c, { scope: "col" })));
    const rows = op.rows.map(([header, cells]) => {
      const tr = document.createElement("tr");
      tr.append(cell("th", header, { scope: "row" }),
                ...cells.map(([key, name]) => cell("td", name, { "data-point": key, tabindex: "-1" })));
      return tr;
    });
    const thead = document.createElement("thead");
    const tbody = document.createElement("tbody");
    thead.append(head);
    tbody.append(...rows);
    table.replaceChildren(thead, tbody);
    if (had) table.dataset.refocus = "1";
  } else {
    for (const [key, name] of op.cells) {
      const c = table.querySelector(`[data-point="${CSS.escape(key)}"]`);
      if (c) c.textContent = name;
    }
  }
  // The focus moved ahead of Python (the keydown listener above): an answer to an older key leaves it there.
  const ahead = op.full ? undefined : table.dataset.ahead;
  if (ahead !== undefined && ahead === op.focus) delete table.dataset.ahead;
  const want = table.querySelector(`[data-point="${CSS.escape(ahead ?? op.focus)}"]`);
  for (const c of table.querySelectorAll('[tabindex="0"]')) if (c !== want) c.tabIndex = -1;
  if (!want) return;
  want.tabIndex = 0;
  const inGrid = table.contains(document.activeElement) || table.dataset.refocus;
  delete table.dataset.refocus;
  if (inGrid && document.activeElement !== want) want.focus();
}

function scrollWithin(box, inner) {
  if (!inner) return;
  const b = box.getBoundingClientRect();
  const r = inner.getBoundingClientRect();
  if (r.top < b.top) box.scrollTop -= b.top - r.top;
  else if (r.bottom > b.bottom) box.scrollTop += Math.min(r.bottom - b.bottom, r.top - b.top);
}

// Share a link: the system's share sheet on phones and tablets (navigator.share, a touch screen),
// else the clipboard; the answer goes to the page's handler `op.handler` as {type: "shared", data: how}.
function shareLink(op) {
  const answer = (how) => { if (op.handler !== undefined) send(op.handler, { type: "shared", data: how, target: null }, snapshot()); };
  const copy = () => navigator.clipboard.writeText(op.url).then(() => answer("copied"), () => answer("failed"));
  const touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
  if (touch && navigator.share) {
    navigator.share({ title: op.title, text: op.text, url: op.url })
      .then(() => answer("shared"), (err) => (err && err.name === "AbortError" ? answer("cancelled") : copy()));
  } else {
    copy();
  }
}

// What the browser says of the lab's storage, for the page's handler `op.handler` as {type: "storage",
// data}: whether it keeps the data (navigator.storage.persisted(), or persist() when op.persist asks for
// it: Chromium grants or refuses at once, Firefox may ask the visitor), its estimate of the space used
// and offered (which counts the offline copy of the lab, not localStorage), and the characters
// localStorage holds for the lab (its own quota, about 5 million).
async function storageInfo(op) {
  const data = { persisted: null, usage: null, quota: null, local: 0, asked: Boolean(op.persist) };
  const s = navigator.storage;
  try {
    if (s && op.persist && s.persist) data.persisted = await s.persist();
    else if (s && s.persisted) data.persisted = await s.persisted();
  } catch { data.persisted = null; }
  try {
    if (s && s.estimate) { const e = await s.estimate(); data.usage = e.usage ?? null; data.quota = e.quota ?? null; }
  } catch { /* no estimate */ }
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      data.local += key.length + (localStorage.getItem(key) || "").length;
    }
  } catch { data.local = null; }
  send(op.handler, { type: "storage", data, target: null }, snapshot());
}

function setOptions(select, options) {
  select.replaceChildren(...options.map(([value, text]) => {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = text;
    return o;
  }));
}

function markReady() {
  ready = true;
  // A grid the page's Python did not fill (no grid for this board: an Oddish one) keeps no early cell;
  // the focus it had goes to the board's canvas, which takes the board's keys.
  for (const c of document.querySelectorAll("[data-grid-early]")) {
    const had = c === document.activeElement;
    c.closest("tr").remove();
    if (had && earlyBoard) earlyBoard.focus();
  }
  const box = document.getElementById("loading");
  if (box) box.hidden = true;
  for (const b of document.querySelectorAll("[data-needs-engine]")) b.removeAttribute("aria-disabled");
  document.documentElement.classList.add("ready");
  replayEarly();
}

function fail(err) {
  console.warn("phutball:", err);
  const box = document.getElementById("loading");
  if (box) {
    box.hidden = false;
    box.classList.add("failed");
    const label = box.querySelector(".loading-text") || box;
    label.textContent = "The engine could not start. Reload the page to try again.";
  }
  document.dispatchEvent(new CustomEvent("phutball-engine-failed", { detail: err instanceof Error ? err.message : String(err) }));
}

// ------------------------------------------------------------------ boot

// bootLab({module: "glue.play", board: "board"}): start the page's Python.
export async function bootLab({ module, board = "board", extra = {} }) {
  captureEarly(board);
  progress(5, "Starting the engine…");
  // The engine wheel and the site's Python are fetched while Pyodide boots.
  const fetchBytes = (url) => fetch(here(url)).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  const archives = Promise.all([fetchBytes(`./wheels/${BUILD.wheel}`), fetchBytes(`./${BUILD.lab}`)]);
  archives.catch(() => {});
  const build = servedBuild();
  let timer = null;
  try {
    let pct = 10;
    progress(pct, "Starting the engine…");
    // Pyodide's download and start give no events through the worker: show
    // a slowly advancing estimate until Python reports in.
    timer = setInterval(() => { pct = Math.min(70, pct + (70 - pct) * 0.06); progress(pct, "Starting the engine…"); }, 200);
    const { XWorker } = await polyscript;
    // polyscript's bundle was just evaluated, in a task of its own (no code cache on a first visit): start
    // its worker in the next one, not in the same long task.
    await nextTask();
    const served = await build;
    const runtime = here("./pyodide/lab.mjs") + (served ? `?build=${encodeURIComponent(served)}` : "");
    worker = XWorker(here("./glue/labboot.py"), { type: "pyodide", version: runtime, config: {} });
    await worker.ready;
    worker.addEventListener("message", (e) => {
      if (typeof e.data !== "string" || !e.data.startsWith("[")) return;
      let ops;
      try { ops = JSON.parse(e.data); } catch { return; }
      apply(ops, e.data.length);
    });
    clearInterval(timer);
    progress(75, "Installing the engine…");
    const [wheel, lab] = await archives;
    progress(85, "Installing the engine…");
    let storage = {};
    for (const key of (extra.storageKeys || [])) {
      try { storage[key] = localStorage.getItem(key); } catch { storage[key] = null; }
    }
    // window.phutballTestHooks (set by a test before the page loads) reaches the page's Python as
    // init_value("testHooks"), e.g. {engine: [...]}: a scripted engine (jobs.scripted).
    const given = {};  // a value may be a promise the page started (e.g. a fetch while Pyodide boots)
    for (const [key, value] of Object.entries(extra)) given[key] = await value;
    const init = { module, storage, snapshot: snapshot(), referrer: document.referrer,
                   testHooks: window.phutballTestHooks ?? null, ...given };
    const err = await worker.sync.start(JSON.stringify(init), wheel, lab);
    if (err) throw new Error(err);
  } catch (err) {
    clearInterval(timer);
    fail(err);
  }
}

// For tests and embedders: `ready`, and `idle` once every event sent has been answered and every
// operation received applied; `batches`: how the last large batches were sliced ({ops, slices}).
window.phutballHost = {
  get ready() { return ready; },
  get idle() { return ready && pending === 0 && queue.length === 0; },
  get batches() { return sliced.map((b) => ({ ...b })); },
};
