// The phutball lab's embed snippet for authors. One line on any page:
//
//   <div class="phutball" data-position="9x9_O_E5" data-moves="E6 E4" data-mode="replay">
//     A phutball game (shown as text where JavaScript does not run).
//   </div>
//   <script src="https://example.org/phutball/embed.js"></script>
//
// turns every div.phutball into an iframe of embed.html (found next to this
// script, whatever its path or origin) whose parameters are the div's data-*
// attributes, passed in the URL fragment as embed.html reads them (see
// site/lab/embedparams.py). Divs added later: call window.phutballEmbed.scan().
//
// The iframe gets its final height at once, before the frame loads: layout()
// below computes it from the parameters and the width, and embed.html lays
// itself out with this same function (it loads this file too), so the host
// page never moves when a frame becomes ready. The frame still reports its
// height by postMessage; the div's own text lies over the iframe (taking no
// room) until the frame has drawn.
//
// A classic script, not a module (the site's other scripts are modules): authors load it with a
// plain script tag, anywhere in their page and from another origin, and it must run as the parser
// reaches it (to size each iframe before the host page is painted) and find itself through
// document.currentScript, which a module does not have. embed.html loads it the same way and its
// module embedframe.js reads window.phutballEmbed.layout.
(function () {
  "use strict";
  const PARAMS = ["position", "moves", "record", "mode", "ply", "theme", "coords", "numbers", "arrows",
                  "puzzle", "task", "text"];

  // ------------------------------------------------------------------ the frame's layout
  // Shared by the host page (this snippet) and the frame (embed.html, embedframe.js).

  const PAD = 4;          // .embed's padding, all sides
  const BAR = 6 + 34 + 4 + 42;  // the bar under the board: margin, one row of buttons, gap, two lines of status
  const GAP = 4;          // between the bar's lines (.embed-bar's gap)
  const TASK_LINE = 22;   // a line of a puzzle's task (it wraps: one line in a wide bar, two in a narrow one)
  const GOALS = GAP + 20; // a puzzle's line saying which goal each side attacks
  const COUNT = GAP + 22; // a streak's count, on a line of its own
  const BAR_WIDTH = 672;  // .embed-bar's max-width
  // A bar this wide holds the longest task on one line (508 px in DejaVu Sans, Linux's wide system font);
  // narrower, the task has two lines (embedframe.js sets a task that would still not fit smaller).
  const TASK_ONE_LINE = 560;
  const ERROR_HEIGHT = 220;     // a frame whose position cannot be read: the error box
  const CELL = { "2D": 40, "1D": 56 };  // the largest on-screen cell (lab.views.diagram.natural_size)
  // Written in by tools/build_site.py: the drawing's proportions (phutball.drawing.GEOMETRY), and the 1D
  // strip's symbols as the engine writes them ({empty, stone, ball, off_left, off_right, ...}).
  const G = /*{{GEOMETRY}}*/ null;
  const S = /*{{STRIP}}*/ null;
  // And the board of every puzzle a day can have (lab.puzzlelist.daily_boards): {boards: [shape, ...], day: [i, ...]}.
  const DAILY = /*{{DAILY_BOARDS}}*/ null;
  const esc = (s) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
  const STRIP_RE = new RegExp(`^[LRlr]_(?:${esc(S.off_left)})?([${esc(S.empty + S.stone + S.ball)}]{3,999})`
                              + `(?:${esc(S.off_right)})?$`);

  // The board's shape as far as the text says it, without judging it (the engine does):
  // {variant: "2D", width, height}, {variant: "1D", n}, or null when it cannot be told.
  function shapeOf(position, record) {
    if (record !== null && record !== undefined) {
      const setup = /\[Setup\s+"([^"]*)"\]/.exec(record);
      if (setup) return shapeOf(setup[1], null);
      const size = /\[Size\s+"(\d{1,3})x(\d{1,3})"\]/i.exec(record);
      return size ? { variant: "2D", width: Number(size[1]), height: Number(size[2]) }
                  : { variant: "2D", width: 15, height: 19 };
    }
    if (position === null || position === undefined) return { variant: "2D", width: 15, height: 19 };
    const m2 = /^(\d{1,2})[xX](\d{1,2})_/.exec(position);
    if (m2 && Number(m2[1]) >= 5 && Number(m2[2]) >= 5) {
      return { variant: "2D", width: Number(m2[1]), height: Number(m2[2]) };
    }
    const m1 = STRIP_RE.exec(position);
    return m1 ? { variant: "1D", n: m1[1].length } : null;
  }

  // The reader's date, YYYY-MM-DD (embedboard.js's readerDate("")): the day of a daily puzzle.
  function readerToday() {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  }

  // The board of the puzzle of the day `date`, as lab.puzzlelist.daily_puzzle chooses it (the date's FNV-1a
  // hash: embedboard.js's fnv1a, on an ASCII text), or null.
  function dailyShape(date) {
    if (!DAILY || !DAILY.day.length) return null;
    let h = 0x811c9dc5;
    for (let i = 0; i < date.length; i++) h = Math.imul(h ^ date.charCodeAt(i), 0x01000193) >>> 0;
    return DAILY.boards[DAILY.day[h % DAILY.day.length]];
  }

  // The frame's layout at `width` CSS pixels: {height, canvas: [w, h] | null, bar, taskLines}, from
  // the parameters (a Map or object of name -> text, as in the fragment or the div's data-*).
  // `bar`: the bar's height with its top margin; `taskLines`: the lines a puzzle's task has (else 0).
  // A daily puzzle without a position has the board of the puzzle of the day `date` (the reader's).
  function layout(params, width, date = readerToday()) {
    const get = (k) => (params instanceof Map ? params.get(k) : params[k]);
    const puzzle = get("puzzle") !== undefined || get("task") !== undefined;
    const moves = get("moves") !== undefined || get("record") !== undefined;
    const mode = String(get("mode") ?? (puzzle ? "puzzle" : moves ? "replay" : "view")).toLowerCase();
    const daily = mode === "puzzle" && String(get("puzzle") ?? "").trim() === "daily"
      && get("position") === undefined && get("record") === undefined;
    const shape = (daily && dailyShape(date)) || shapeOf(get("position"), get("record"));
    if (!shape) return { height: ERROR_HEIGHT, canvas: null, bar: 0, taskLines: 0 };
    const cell = CELL[shape.variant];
    // The natural size (lab.views.diagram.natural_size, embedboard.js's naturalSize).
    const [nw, nh] = shape.variant === "2D"
      ? [(shape.width + G.board_margin) * cell, (shape.height + 2 + G.board_margin) * cell]
      : [(shape.n + G.strip_width) * cell, G.strip_height * cell];
    const cw = Math.max(1, Math.min(width - 2 * PAD, nw));
    const ch = Math.round(cw * nh / nw);
    // A streak's puzzles change: without a position, the board's room is the tallest board's (15x19).
    const streak = mode === "puzzle" && String(get("puzzle") ?? "").trim() === "streak";
    const taskLines = mode !== "puzzle" ? 0 : Math.min(width - 2 * PAD, BAR_WIDTH) < TASK_ONE_LINE ? 2 : 1;
    const bar = mode === "replay" || mode === "play" ? BAR
      : mode === "puzzle" ? BAR + GAP + taskLines * TASK_LINE + GOALS + (streak ? COUNT : 0) : 0;
    return { height: ch + bar + 2 * PAD, canvas: [cw, ch], bar, taskLines };
  }

  const api = { layout, PARAMS };
  window.phutballEmbed = Object.assign(window.phutballEmbed || {}, api);

  // ------------------------------------------------------------------ in embed.html itself
  // Its message "This board cannot start here" is shown unless <html class="scripts-run">. In an iframe
  // sandboxed without allow-same-origin, the frame's origin is opaque ("null") and the browser refuses its
  // module scripts, while this classic one runs: it hides the message, before the first paint, only where
  // the modules can load (embedframe.js hides it too once it runs).
  const page = document.documentElement;
  if (page && page.classList.contains("embed-page") && window.origin !== "null") page.classList.add("scripts-run");

  // ------------------------------------------------------------------ the snippet

  const script = document.currentScript;
  if (!script || !script.src) {
    console.warn("phutball embed.js: load it with a plain <script src=...> tag (not as a module or " +
                 "injected script), so it can find embed.html next to itself.");
    return;
  }
  const base = new URL(".", script.src);
  const origin = new URL(script.src).origin;
  const frames = [];  // {iframe, fallback, params} made by this copy of the script

  function paramsOf(div) {
    const params = new Map();
    for (const name of PARAMS) {
      const value = div.getAttribute("data-" + name);
      if (value !== null) params.set(name, value);
    }
    return params;
  }

  // The height for the frame's width, before the frame says its own: only when the width changes (a new
  // height the frame reported changes the iframe's size too, and must stay, as for data-puzzle="daily").
  function fitHeight(f) {
    const width = f.iframe.clientWidth;
    if (width <= 0 || width === f.width) return;
    f.width = width;
    f.iframe.style.height = `${layout(f.params, width).height}px`;
  }

  const resized = new ResizeObserver((entries) => {
    for (const e of entries) {
      const f = frames.find((x) => x.iframe === e.target);
      if (f) fitHeight(f);
    }
  });

  function build(div) {
    if (div.hasAttribute("data-phutball-embedded")) return;
    div.setAttribute("data-phutball-embedded", "");
    const params = paramsOf(div);
    const query = new URLSearchParams([...params]);
    // The div's text lies over the iframe until the frame has drawn: it takes no room of its own.
    if (getComputedStyle(div).position === "static") div.style.position = "relative";
    const fallback = document.createElement("div");
    fallback.className = "phutball-fallback";
    fallback.style.cssText = "position:absolute;inset:0;overflow:hidden";
    while (div.firstChild) fallback.appendChild(div.firstChild);
    const iframe = document.createElement("iframe");
    const q = query.toString();
    iframe.src = new URL("embed.html", base).href + (q ? "#" + q : "");
    iframe.title = div.getAttribute("title") || div.getAttribute("aria-label") || "Phutball board";
    iframe.loading = "lazy";
    iframe.style.cssText = "display:block;width:100%;border:0";
    div.append(iframe, fallback);
    const f = { iframe, fallback, params };
    frames.push(f);
    fitHeight(f);
    resized.observe(iframe);
  }

  // A puzzle frame's result, {type: "phutball-puzzle", id, solved, attempts}: checked like the size
  // message (this script's origin, one of its own frames) and dispatched again on the div as a
  // "phutball-puzzle" event (detail {id, solved, attempts}) for the page to record.
  function puzzleResult(f, data) {
    const { id, solved, attempts } = data;
    if (typeof id !== "string" || id.length > 2000 || typeof solved !== "boolean"
        || !Number.isInteger(attempts) || attempts < 0) return;
    f.iframe.parentNode.dispatchEvent(new CustomEvent("phutball-puzzle",
      { bubbles: true, detail: { id, solved, attempts } }));
  }

  window.addEventListener("message", (event) => {
    if (event.origin !== origin) return;
    const data = event.data;
    if (!data || typeof data !== "object" || !["phutball-size", "phutball-puzzle"].includes(data.type)) return;
    const f = frames.find((x) => x.iframe.contentWindow === event.source);
    if (!f) return;
    if (data.type === "phutball-puzzle") {
      puzzleResult(f, data);
      return;
    }
    const height = Number(data.height);
    if (Number.isFinite(height) && height > 0 && height < 20000) f.iframe.style.height = `${Math.ceil(height)}px`;
    if (data.rendered === true) f.fallback.hidden = true;
  });

  function scan() {
    document.querySelectorAll("div.phutball").forEach(build);
  }

  // While the page is parsed, each div.phutball is built as soon as the parser inserts it, before the
  // page can be painted (a MutationObserver runs before the next paint), so the host page never shows
  // the text and then moves: put this script in the <head>, or anywhere before the first board.
  // Text the parser adds to a built div afterwards goes into its fallback.
  function adopt(records) {
    for (const r of records) {
      for (const node of r.addedNodes) {
        if (node.nodeType === 1 && node.matches("div.phutball")) build(node);
        else if (node.nodeType === 1) node.querySelectorAll("div.phutball").forEach(build);
        const f = frames.find((x) => x.iframe.parentNode === r.target);
        if (f && node !== f.iframe && node !== f.fallback) f.fallback.appendChild(node);
      }
    }
  }

  api.scan = scan;
  scan();
  if (document.readyState === "loading") {
    const parsing = new MutationObserver(adopt);
    parsing.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => { adopt(parsing.takeRecords()); parsing.disconnect(); scan(); });
  }
})();
