// embed.html's start: theme, a layout of fixed height, the board drawn at once
// when that needs no Python, and the engine started only when it is needed.
//
// The parameters are in the fragment (embed.html#position=...&mode=view, see
// site/lab/embedparams.py). This script reads only the few it can be sure of: a
// `view` of a plain position (no moves) is drawn here from the JavaScript
// shapes of embedboard.js and Python is never loaded. `replay` and `play`
// draw their first picture here too and start the engine (host.js: one
// PyScript worker running glue/embed.py) at the reader's first click, key or
// focus in the frame (a `view` at the focus on its board's grid, which the engine fills); that first input is queued and applied once the engine
// is ready. Anything else (a view of moves, a record, a `ply`, and every bad
// parameter, whose message Python words) starts the engine at once. Values
// from the URL only ever reach the page as textContent.
//
// The frame's height comes from embed.js's layout() (the same function the
// host page's embed.js used to size the iframe), never from what Python says,
// so neither the frame nor the host page moves when the engine is ready. The
// host page still learns it by postMessage {type: "phutball-size", height,
// rendered}.
//
// An ES module. embed.js is the one classic script it relies on (loaded before it in embed.html's
// head): window.phutballEmbed.layout. The theme the fragment fixes is applied before the first
// paint by theme.js (a module runs only once the page is parsed); start() applies it again.
import { drawShapes, nextTask } from "./canvas.js";
import { KEYS, STANDARD_START, dailyPuzzle, fetchPuzzleFacts, fetchPuzzleFiles, parsePosition, puzzlesInOrder, readerDate,
  shapes } from "./embedboard.js";

const root = document.documentElement;
root.classList.add("scripts-run");  // (embed.js did, unless the origin is opaque: see its "in embed.html itself")
const framed = window.parent !== window;
if (framed) root.classList.add("framed");
const MODES = ["view", "play", "replay", "puzzle"];
const THEMES = ["light", "dark", "auto"];
const FAST = ["position", "mode", "theme", "coords", "numbers", "arrows"];
const state = { owner: "js", rendered: false, pos: null, coords: true, params: null, booted: false };
// data-puzzle="streak": where the frame keeps its streak (lab/embedstreak.py's STREAK_KEY; a unit test
// keeps the two equal). Not the puzzles page's progress: an embed never touches it.
const STREAK_KEY = KEYS.streak;

// ------------------------------------------------------------ parameters (the sure subset)

export function readParams(hash) {
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  const values = new Map();
  let sure = true;
  if (text && !text.includes("=")) {
    try { values.set("position", decodeURIComponent(text)); } catch { sure = false; }
  } else if (text) {
    for (const [k, val] of new URLSearchParams(text)) {
      if (values.has(k) || (!FAST.includes(k) && !["moves", "record", "ply"].includes(k))) sure = false;
      values.set(k, val);
    }
  }
  // A word from a fixed list, exactly as the Python reader would accept it, else undefined.
  const word = (k, list, dflt) => {
    const val = values.get(k);
    if (val === undefined) return dflt;
    if (/^[A-Za-z0-9]+$/.test(val) && list.includes(val.toLowerCase())) return val.toLowerCase();
    sure = false;
    return undefined;
  };
  const flag = (k) => {
    const w = word(k, ["on", "true", "yes", "1", "off", "false", "no", "0"], "on");
    return w === undefined ? true : ["on", "true", "yes", "1"].includes(w);
  };
  const moves = values.has("moves") || values.has("record");
  const p = {
    mode: word("mode", MODES, values.has("puzzle") || values.has("task") ? "puzzle" : moves ? "replay" : "view"),
    theme: word("theme", THEMES, "auto"),
    coords: flag("coords"),
    numbers: flag("numbers"),
    arrows: flag("arrows"),
    position: values.has("record") ? null : (values.has("position") ? values.get("position") : STANDARD_START),
    moves,
    ply: values.has("ply"),
  };
  p.known = sure && !p.ply;  // every parameter read as Python would, the moves aside (the engine checks them)
  p.sure = p.known && !moves;  // everything known, nothing that needs the engine
  p.raw = values;  // as given: embed.js's layout() reads the same values on the host page
  return p;
}

// ------------------------------------------------------------ theme
// theme=auto (or none): theme.js's choice, the one stored on the site, else the system's, live.
// theme=light/dark: fixed (data-theme-fixed makes theme.js leave it alone).

function applyTheme(theme) {
  if (theme !== "light" && theme !== "dark") return;
  root.setAttribute("data-theme-fixed", "");
  root.setAttribute("data-theme", theme);
}

// ------------------------------------------------------------ layout and size reports

const el = (id) => document.getElementById(id);
let lastHeight = 0;
function report() {
  if (!framed) return;
  window.parent.postMessage({ type: "phutball-size", height: lastHeight, rendered: state.rendered }, "*");
}

// Heights fixed from the parameters and the width (embed.js's layout), before anything is drawn.
function applyLayout() {
  const width = root.clientWidth || window.innerWidth;
  const lay = window.phutballEmbed.layout(state.params, width);
  const box = el("embed");
  box.style.height = `${lay.height}px`;
  const c = el("board");
  if (lay.canvas) {
    c.style.width = `${lay.canvas[0]}px`;
    c.style.height = `${lay.canvas[1]}px`;
  } else {
    c.style.width = "100%";
    c.style.height = `${lay.height - 8}px`;
  }
  box.style.setProperty("--loading-bottom", `${lay.bar + 12}px`);
  if (lay.bar) box.style.setProperty("--bar-height", `${lay.bar - 6}px`);  // less its top margin
  box.style.setProperty("--task-lines", String(lay.taskLines || 1));
  fitText();
  if (lay.height !== lastHeight) {
    lastHeight = lay.height;
    report();
  }
}

// A puzzle's task wraps in the lines layout() gave it, and its goals line has one. Should they need more
// (a wider font than the one layout() allows for), they are set smaller rather than cut off.
const FITTED = ["task", "goals"];
function fitText() {
  const box = el("puzzle-text");
  const texts = FITTED.map(el);
  for (const e of texts) e.style.fontSize = "";
  if (box.hidden) return;
  const over = () => box.scrollHeight > box.clientHeight + 0.5 || texts.some((e) => e.scrollWidth > e.clientWidth + 0.5);
  for (let smaller = 1; smaller <= 5 && over(); smaller++) {
    for (const e of texts) e.style.fontSize = "";
    const sizes = texts.map((e) => parseFloat(getComputedStyle(e).fontSize));
    texts.forEach((e, i) => { e.style.fontSize = `${sizes[i] - smaller}px`; });
  }
}

// ------------------------------------------------------------ drawing a plain position

// What the canvas shows (the position, at a size): of showFirst's drawing and the ResizeObserver's first
// call (in the first frame), whichever comes second finds the board drawn and does not draw it again; a
// new size or position draws it, and the theme (`force`).
let drawnAs = "";
function drawPlain(force) {
  if (state.owner !== "js" || !state.pos) return;
  const c = el("board");
  const as = `${state.pos.canonical} ${c.clientWidth}x${c.clientHeight}`;
  if (force !== true && as === drawnAs) return;
  drawnAs = as;
  drawShapes(c, shapes(state.pos, c.clientWidth, c.clientHeight, state.coords));
  c.setAttribute("data-position", state.pos.canonical);
}

function rendered() {
  state.rendered = true;
  report();
}

// The error box in place of the board and bar, in the same room: a title and paragraphs of text nodes (never HTML).
function errorBox(title, ...paragraphs) {
  state.settled = true;
  const box = el("error");
  const h = document.createElement("strong");
  h.textContent = title;
  box.replaceChildren(h, ...paragraphs);
  box.hidden = false;
  for (const id of ["board", "bar", "loading"]) el(id).hidden = true;
  root.classList.add("ready");
  rendered();
}

function showError(name, value, reason, title = "This board cannot be shown.") {
  const p = document.createElement("p");
  p.append("The parameter ");
  const code = document.createElement("code");
  code.textContent = name;
  p.append(code, ` is not valid: ${reason}`);
  const q = document.createElement("p");
  q.append("Its value: ");
  const val = document.createElement("code");
  val.className = "value";
  val.textContent = value.length > 300 ? value.slice(0, 300) + "…" : value;
  q.append(val);
  errorBox(title, p, q);
}

// Python takes the canvas over: this script stops drawing on it.
function takeOver() {
  state.owner = "python";
  state.settled = true;
}

// If the engine cannot start (a file missing on the host, no WebAssembly), say so in the frame
// instead of "Starting the engine…" for ever.
const ENGINE_WAIT_MS = 90000;
// A puzzle's result, for the host page (embed.js re-dispatches it on the div as a "phutball-puzzle" event).
function puzzleResult(id, solved, attempts) {
  if (framed) window.parent.postMessage({ type: "phutball-puzzle", id, solved, attempts }, "*");
}

function engineFailed(reason, force) {
  if (state.settled && !force) return;
  const p = document.createElement("p");
  p.textContent = reason;
  errorBox("The engine could not start.", p);
}

// The worker's calls (remote.emit("phutball-frame", {call, args})).
window.addEventListener("phutball-frame", (e) => {
  const d = e.detail || {};
  const f = { showError, takeOver, rendered, engineFailed, puzzleResult }[d.call];
  if (f) f(...(d.args || []));
});
document.addEventListener("phutball-engine-failed", (e) => engineFailed(String(e.detail || "")));

// ------------------------------------------------------------ starting the engine

// Input before host.js listens (it is being fetched): kept here, dispatched again once it listens.
const held = [];
function hold(e) {
  if (state.booted === "listening" || e.isTrusted === false) return;
  const t = e.target;
  if (e.type === "click" && !(t.closest && t.closest("[data-queue-early]"))) return;
  held.push(e);
}

function replayHeld() {
  for (const e of held.splice(0)) {
    const init = { bubbles: true, cancelable: true, composed: true, clientX: e.clientX, clientY: e.clientY,
                   button: e.button, key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey,
                   shiftKey: e.shiftKey, pointerId: e.pointerId };
    const Kind = e.type === "keydown" ? KeyboardEvent : e.type.startsWith("pointer") ? PointerEvent : MouseEvent;
    e.target.dispatchEvent(new Kind(e.type, init));
  }
}

function bootEngine() {
  if (state.booted) return;
  state.booted = true;
  root.classList.remove("lazy");
  const loading = el("loading");
  loading.hidden = false;
  setTimeout(() => {
    engineFailed(`It did not start within ${ENGINE_WAIT_MS / 1000} s; reload to try again.`);
  }, ENGINE_WAIT_MS);
  import("./host.js").then((host) => {
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const extra = { reducedMotion, today: readerDate("") };  // the daily puzzle's date: the reader's
    if (state.puzzleFiles) extra.puzzleFiles = state.puzzleFiles;
    if (state.streak) extra.puzzleFacts = fetchPuzzleFacts();  // a streak's order reads every puzzle's rating, themes
    if (state.streak) extra.storageKeys = [STREAK_KEY];  // the streak goes on after a reload
    host.bootLab({ module: "glue.embed", board: "board", extra });
    state.booted = "listening";  // host.js listens from here on (bootLab's first, synchronous step)
    replayHeld();
  }, () => engineFailed("The engine's files did not load from this site."));
}

// Replay and play: the engine starts at the reader's first input in the frame.
// (html.lazy is set once the first picture is drawn: showFirst.)
function bootOnFirstInput() {
  const types = ["pointerdown", "pointerup", "keydown", "click", "focusin"];
  const first = (e) => {
    if (e.type !== "focusin") hold(e);
    if (!state.booted) {
      el("status").textContent = "Starting the engine: your move is played as soon as it is ready.";
      bootEngine();
    }
    if (state.booted === "listening") for (const t of types) document.removeEventListener(t, first, true);
  };
  for (const t of types) document.addEventListener(t, first, true);
}

// The first picture: the position itself, drawn here until Python takes the canvas over. Drawn in a
// task of its own: this module's task has just laid the page out (applyLayout), and drawing there too
// made one long task of both on a first visit (issue 39, item 12). `shown` runs once it is drawn (the
// page's html.ready or html.lazy: the board is shown).
function showFirst(pos, shown = () => {}) {
  state.pos = pos;
  const c = el("board");
  c.setAttribute("data-variant", pos.variant);
  c.setAttribute("data-position", pos.canonical);
  new ResizeObserver(() => drawPlain()).observe(c);
  window.addEventListener("phutball-theme", () => drawPlain(true));
  nextTask().then(() => {
    drawPlain();
    rendered();
    shown();
  });
}

// "Type a move" (play and puzzle frames): the Move field takes the buttons' row, its preview the status' place,
// until Close or Escape (the frame's height never changes). Only the page's look: the field itself is the
// page's Python's (glue/boardinput.bind_move_field), which plays what is typed through the board's MoveEntry.
function bindTyping() {
  const embed = el("embed");
  const toggle = el("type-move");
  const field = el("move-input");
  const typing = (on) => {
    embed.classList.toggle("typing", on);
    toggle.setAttribute("aria-expanded", String(on));
    (on ? field : toggle).focus();
  };
  toggle.addEventListener("click", () => typing(true));
  el("move-close").addEventListener("click", () => typing(false));
  field.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.preventDefault();
      typing(false);
    }
  });
}

// embed.html opened on its own, with no parameters: it says what it is, with the lines that put a board in
// another page, and shows that board (EXAMPLE, a position) under them.
const EXAMPLE = "9x9_O_E5_E6E7";
function showAbout() {
  const script = new URL("embed.js", location.href).href;
  el("about-snippet").textContent = `<script src="${script}"></script>\n`
    + `<div class="phutball" data-position="${EXAMPLE}">A phutball diagram</div>`;
  el("about").hidden = false;
}

function start() {
  const alone = !framed && location.hash.length <= 1;
  if (alone) showAbout();
  const p = readParams(alone ? EXAMPLE : location.hash);
  state.params = p.raw;
  applyTheme(p.theme);
  state.coords = p.coords;
  const embed = el("embed");
  embed.setAttribute("data-mode", p.mode || "view");
  const controls = p.mode === "replay" || p.mode === "play" || p.mode === "puzzle";
  el("replay-controls").hidden = p.mode !== "replay";
  el("play-controls").hidden = p.mode !== "play";
  el("puzzle-controls").hidden = p.mode !== "puzzle";
  el("puzzle-text").hidden = p.mode !== "puzzle";
  // A streak (lab/embedstreak.py): Next and Start again for Retry and Hint, a line for the count.
  state.streak = p.mode === "puzzle" && (p.raw.get("puzzle") || "").trim() === "streak";
  embed.toggleAttribute("data-streak", state.streak);
  if (p.mode === "puzzle" && p.raw.has("puzzle")) {
    // A shipped puzzle: its file is fetched (for the worker); without a position in the link, the frame
    // draws the puzzle's board once known. A daily frame had its height from the start (layout() knows the
    // board of every day's puzzle); another puzzle's takes its height then (reported to the host page).
    state.puzzleFiles = fetchPuzzleFiles();
    if (!p.raw.has("position")) {
      state.puzzleFiles.then((files) => {
        if (!Array.isArray(files) || state.settled) return;
        const list = puzzlesInOrder(files);
        const wanted = p.raw.get("puzzle");  // "daily": the puzzle of the reader's day, as Python chooses it
        const found = wanted === "daily" ? { p: dailyPuzzle(list.map((e) => e.p), readerDate("")) }
          : list.find((e) => e.p.id === wanted);
        const pos = found && typeof found.p.position === "string" && parsePosition(found.p.position);
        if (!pos) return;
        state.params = new Map(p.raw).set("position", found.p.position);
        applyLayout();
        showFirst(pos);
      });
    }
  }
  el("bar").hidden = !controls;
  bindTyping();
  applyLayout();
  new ResizeObserver(applyLayout).observe(root);
  // The worker writes the task and the goals line (as text): fitted each time.
  const written = new MutationObserver(fitText);
  for (const id of FITTED) written.observe(el(id), { childList: true, characterData: true, subtree: true });
  const pos = p.position === null ? null : parsePosition(p.position);
  // The first picture: the position itself, when the parameters show it first.
  const first = pos && p.mode && p.theme && !p.ply && (!p.moves || p.mode === "replay");
  if (first && p.sure && p.mode === "view") {
    showFirst(pos, () => root.classList.add("ready"));
    // A diagram needs no engine, until a reader moves to the board (its grid's early cell, the board's tab
    // stop): the engine then fills the grid, its points named (site/glue/embed.py).
    el("board-grid").addEventListener("focusin", () => bootEngine(), { once: true });
  } else if (first && p.known && controls) {
    showFirst(pos, () => { if (!state.booted) root.classList.add("lazy"); });
    // Before the engine: the buttons a reader may press (their clicks are queued).
    if (p.mode === "replay") for (const id of ["next", "last"]) el(id).disabled = !p.moves;
    if (p.mode === "play") el("restart").disabled = false;
    bootOnFirstInput();
  } else {
    if (first) showFirst(pos);
    bootEngine();
  }
}

// readParams is exported for tests/browser/test_embed.py, which checks it against lab/embedparams.py.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
