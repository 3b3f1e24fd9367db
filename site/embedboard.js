// The shapes of a plain position, computed in JavaScript, for embeds that must
// not wait for Python (embed.html in `view` mode, and the first picture of
// `replay` and `play` while Python loads).
//
// A line-for-line mirror of phutball/drawing.py (Layout2D, board_shapes,
// LayoutStrip, strip_shapes, without the marks) and of site/lab/views/diagram.py's
// natural_size, plus a strict subset of the engine's position-string parsers.
// The parsers answer null for anything they are not sure of; the frame then
// asks Python, whose answer (or error message) is the only authority.
// tests/browser/test_embed.py checks that these shapes equal phutball.drawing's, as
// JSON, for 2D boards and 1D strips, so the two cannot drift apart. The
// proportions are not copied here: the build writes phutball.drawing.GEOMETRY
// in (tests/test_app_files.py runs the built file in node against Python).
// An ES module: the pages' first picture (their inline module scripts) and embedframe.js import it.
import { drawShapes } from "./canvas.js";

const COLUMN_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
// The drawing's proportions (phutball.drawing.GEOMETRY), written in by tools/build_site.py.
const G = /*{{GEOMETRY}}*/ null;
// The 1D strip's symbols as the engine writes them (phutball.oned.strip.Strip.text, and .pretty: the
// paper's), written in by the build: {empty, stone, ball, off_left, off_right, pretty_empty, ...}.
const S = /*{{STRIP}}*/ null;
const esc = (s) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
const STRIP_RE = new RegExp(`^([LRlr])_((?:${esc(S.off_left)})?)([${esc(S.empty + S.stone + S.ball)}]+)`
                            + `((?:${esc(S.off_right)})?)$`);
const v = (name) => `var(--${name})`;

// ------------------------------------------------------------ position strings

function parsePoint(text) {
  const m = /^([A-HJ-Za-hj-z])(\d{1,3})$/.exec(text);
  if (!m || (m[2].length > 1 && m[2][0] === "0")) return null;
  return { col: COLUMN_LETTERS.indexOf(m[1].toUpperCase()) + 1, row: Number(m[2]) };
}

const name = (p) => COLUMN_LETTERS[p.col - 1] + p.row;

function parse2D(text) {
  if (!/^[0-9A-Za-z_,]+$/.test(text)) return null;
  const parts = text.split("_");
  if (parts.length !== 3 && parts.length !== 4) return null;
  const size = /^(\d{1,3})[xX](\d{1,3})$/.exec(parts[0]);
  if (!size) return null;
  const width = Number(size[1]), height = Number(size[2]);
  for (const d of [width, height]) if (d < 5 || d > 25 || d % 2 === 0) return null;
  const side = parts[1].toUpperCase();
  if (side !== "O" && side !== "X") return null;
  const ball = parsePoint(parts[2]);
  if (!ball || ball.col > width || ball.row > height + 1) return null;
  const men = [];
  const squeezed = (parts[3] || "").replace(/,/g, "");
  const re = /([A-HJ-Za-hj-z])(\d{1,2})/y;
  while (re.lastIndex < squeezed.length) {
    const start = re.lastIndex;
    const m = re.exec(squeezed);
    if (!m) return null;
    const p = parsePoint(squeezed.slice(start, re.lastIndex));
    if (!p || p.col > width || p.row < 1 || p.row > height) return null;
    men.push(p);
  }
  men.sort((a, b) => a.col - b.col || a.row - b.row);
  for (let i = 0; i < men.length; i++) {
    if ((i && men[i].col === men[i - 1].col && men[i].row === men[i - 1].row) ||
        (men[i].col === ball.col && men[i].row === ball.row)) return null;
  }
  const canonical = `${width}x${height}_${side}_${name(ball)}` + (men.length ? "_" + men.map(name).join("") : "");
  return { variant: "2D", width, height, side, ball, men, canonical };
}

function parseStrip(text) {
  const m = STRIP_RE.exec(text);
  if (!m) return null;
  const core = m[3];
  const stones = [];
  const balls = [];
  for (let i = 0; i < core.length; i++) {
    if (core[i] === S.stone) stones.push(i + 1);
    else if (core[i] === S.ball) balls.push(i + 1);
  }
  const n = core.length;
  if (m[2]) balls.push(0);
  if (m[4]) balls.push(n + 1);
  if (balls.length !== 1 || n < 3 || n > 999) return null;
  const side = m[1].toUpperCase();
  return { variant: "1D", n, ball: balls[0], stones, side, canonical: `${side}_${m[2]}${core}${m[4]}` };
}

// A parsed strip in the paper's symbols, as phutball.oned.strip.Strip.pretty writes it.
export function prettyStrip(pos) {
  let text = "";
  for (let sq = 1; sq <= pos.n; sq++) {
    text += sq === pos.ball ? S.pretty_ball : pos.stones.includes(sq) ? S.pretty_stone : S.pretty_empty;
  }
  return (pos.ball === 0 ? S.off_left : "") + text + (pos.ball === pos.n + 1 ? S.off_right : "");
}

// A position string read as the engine would, or null (then Python decides).
export function parsePosition(text) {
  if (typeof text !== "string") return null;
  return /^\d/.test(text) ? parse2D(text) : parseStrip(text);
}

// ------------------------------------------------------------ layouts (phutball.drawing.Layout2D, LayoutStrip)

function layout2D(pos, cssW, cssH) {
  const w = pos.width, h = pos.height;
  const cols = w + G.board_margin;
  const rows = h + 2 + G.board_margin;
  const c = Math.max(G.board_min_cell, Math.min(cssW / cols, cssH / rows));
  const gridW = (w - 1) * c;
  const gridH = (h + 1) * c;
  const x0 = (cssW - gridW) / 2 + G.board_shift * c;
  const y0 = (cssH - gridH) / 2 - G.board_shift * c;
  return { cell: c, xy: (col, row) => [x0 + (col - 1) * c, y0 + (h + 1 - row) * c] };
}

function layoutStrip(n, cssW, cssH) {
  const c = Math.max(G.strip_min_cell, Math.min(cssW / (n + G.strip_width), cssH / G.strip_height, G.strip_max_cell));
  const x0 = (cssW - (n + 2) * c) / 2 + c / 2;
  return { cell: c, xy: (sq) => [x0 + sq * c, cssH / 2 - c * G.strip_raise] };
}

// ------------------------------------------------------------ shapes (phutball.drawing.board_shapes, strip_shapes)

function ball(out, x, y, c, k) {
  out.push({ t: "circle", x, y, rad: c * k, fill: v("ball"), stroke: v("ball-edge"), lw: Math.max(G.ball_edge_min, c * k * G.ball_edge) });
}

function boardShapes(pos, cssW, cssH, coordinates) {
  const lay = layout2D(pos, cssW, cssH);
  const c = lay.cell, w = pos.width, h = pos.height;
  const out = [{ t: "rect", x: 0, y: 0, w: cssW, h: cssH, fill: v("bg") }];
  const [left, top] = lay.xy(1, h + 1);
  const [right, bottom] = lay.xy(w, 0);
  const pad = c * G.frame_pad;
  out.push({ t: "rect", x: left - pad, y: top - pad, w: right - left + 2 * pad, h: bottom - top + 2 * pad,
             fill: v("board"), r: c * G.frame_corner });
  for (const row of [h + 1, 0]) {
    const y = lay.xy(1, row)[1];
    out.push({ t: "rect", x: left - pad, y: y - pad, w: right - left + 2 * pad, h: c, fill: v("offboard") });
  }
  for (let row = 1; row <= h; row++) {
    const y = lay.xy(1, row)[1];
    const goal = row === 1 || row === h;
    const line = { t: "line", pts: [[left, y], [right, y]], stroke: v(goal ? "goal" : "grid"),
                   lw: goal ? Math.max(G.goal_line_min, c * G.goal_line) : 1 };
    if (goal) line.dash = [c * 0.5, c * 0.14];  // drawing.py's goal_dash: not by colour alone
    out.push(line);
  }
  for (let col = 1; col <= w; col++) {
    const x = lay.xy(col, 1)[0];
    out.push({ t: "line", pts: [[x, lay.xy(col, h)[1]], [x, lay.xy(col, 1)[1]]], stroke: v("grid"), lw: 1 });
  }
  if (coordinates) {
    const fs = Math.max(G.coord_size_min, c * G.coord_size);
    for (let col = 1; col <= w; col++) {
      const x = lay.xy(col, 0)[0];
      out.push({ t: "text", x, y: bottom + c * G.coord_below, s: COLUMN_LETTERS[col - 1], fill: v("coord"), size: fs,
                 align: "center" });
    }
    for (let row = 0; row < h + 2; row++) {
      const y = lay.xy(1, row)[1];
      out.push({ t: "text", x: left - c * G.coord_left, y, s: String(row), fill: v("coord"),
                 size: fs * (row === 0 || row === h + 1 ? G.coord_offboard : 1), align: "right" });
    }
  }
  for (const p of pos.men) {
    const [x, y] = lay.xy(p.col, p.row);
    out.push({ t: "circle", x, y, rad: c * G.man, fill: v("man"), stroke: v("man-edge"), lw: 1 });
  }
  const [bx, by] = lay.xy(pos.ball.col, pos.ball.row);
  ball(out, bx, by, c, G.board_ball);
  return out;
}

function stripShapes(pos, cssW, cssH, numbers) {
  const lay = layoutStrip(pos.n, cssW, cssH);
  const c = lay.cell, n = pos.n;
  const out = [{ t: "rect", x: 0, y: 0, w: cssW, h: cssH, fill: v("bg") }];
  for (let sq = 0; sq < n + 2; sq++) {
    const [x, y] = lay.xy(sq);
    const end = sq === 0 || sq === n + 1;
    const goal = sq === 1 || sq === n;  // the goal squares, framed in the goal lines' colour
    const half = c * G.square;
    // the ends outlined in the coordinates' colour (drawing.py's _end_edge), the goal squares in the goal's
    const stroke = v(end ? "coord" : goal ? "goal" : "grid");
    const lw = end ? Math.max(G.end_line_min, c * G.end_line) : goal ? Math.max(G.goal_line_min, c * G.goal_line) : 1;
    const square = { t: "rect", x: x - half, y: y - half, w: 2 * half, h: 2 * half,
                     fill: v(end ? "offboard" : "board"), stroke, lw, r: c * G.square_corner };
    if (goal && !end) square.dash = [c * 0.5, c * 0.14];  // drawing.py's goal_dash: not by colour alone
    out.push(square);
    if (numbers && !end) {
      out.push({ t: "text", x, y: y + c * G.number_below, s: String(sq), fill: v("coord"),
                 size: Math.max(G.coord_size_min, c * G.number_size),
                 align: "center" });
    }
  }
  for (const sq of pos.stones) {
    const [x, y] = lay.xy(sq);
    out.push({ t: "circle", x, y, rad: c * G.stone, fill: v("man"), stroke: v("man-edge"), lw: 1 });
  }
  const [bx, by] = lay.xy(pos.ball);
  ball(out, bx, by, c, G.strip_ball);
  return out;
}

// The shapes of a parsed position on a cssW x cssH canvas (coordinates on or off).
export function shapes(pos, cssW, cssH, coordinates) {
  return pos.variant === "2D" ? boardShapes(pos, cssW, cssH, coordinates) : stripShapes(pos, cssW, cssH, coordinates);
}

// lab.views.diagram.natural_size: the canvas size at which the position fills its layout, `cell` pixels a point.
export function naturalSize(pos, cell) {
  return pos.variant === "2D" ? [(pos.width + G.board_margin) * cell, (pos.height + 2 + G.board_margin) * cell]
                              : [(pos.n + G.strip_width) * cell, G.strip_height * cell];
}

// The pages before their engine is ready (html.ready): show `pos` (parsed above) on the page's board
// canvas, at its size, again on resize and theme changes, until Python draws it.
// Run `f` in a task of its own once the page's first frame is laid out and painted (the page's
// parse, its first layout and the first drawing of a board are then three short tasks, not one long one).
export function afterFirstFrame(f) {
  requestAnimationFrame(() => setTimeout(f, 0));
}

export function drawUntilReady(canvas, pos) {
  canvas.setAttribute("data-position", pos.canonical);
  canvas.setAttribute("data-variant", pos.variant);  // first: a strip's CSS height depends on it
  const draw = () => {
    if (document.documentElement.classList.contains("ready")) return;
    const r = canvas.getBoundingClientRect();
    drawShapes(canvas, shapes(pos, r.width, r.height, true));
  };
  // After the first frame, not now: measuring the canvas (or asking for document.fonts.ready) in the
  // middle of the parse lays the page out twice and makes the parse one long task (80-110 ms on a cold
  // visit here); the first frame lays the page out, then a task of its own draws the board.
  afterFirstFrame(() => {
    draw();
    if (document.fonts) document.fonts.ready.then(draw);  // coordinates are text: redraw in the page's font
  });
  window.addEventListener("resize", draw);
  window.addEventListener("phutball-theme", draw);
}

// The puzzle files (puzzles/index.json and each file it lists) as [{name, text}], or {error} when a
// fetch failed: fetched by the page while Pyodide starts and handed to the worker at start
// (lab.puzzlelist.puzzles_from_files reads them). Used by puzzles.html and puzzle embeds. Fetched once
// a page: every call answers the same promise (puzzles.html's first picture and its start share it).
const fetchText = (url) => fetch(url).then((r) => {
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.text();
});
let puzzleIndex = null;
const fetchPuzzleIndex = () => (puzzleIndex ??= fetchText("./puzzles/index.json").then((t) => JSON.parse(t)));
let puzzleFiles = null;
export function fetchPuzzleFiles() {
  puzzleFiles ??= fetchPuzzleIndex()
    .then((index) => Promise.all(index.files.map(
      (name) => fetchText(`./puzzles/${encodeURIComponent(name)}`).then((body) => ({ name, text: body })))))
    .catch((err) => ({ error: String(err) }));
  return puzzleFiles;
}

// The ratings and themes of the shipped puzzles, as the build derived them (puzzles/index.json's
// "facts": lab.puzzlelist.puzzle_facts), for the worker to read instead of deriving them again as it
// starts (lab.puzzlelist.known_facts checks them); null if there are none.
export function fetchPuzzleFacts() {
  return fetchPuzzleIndex().then((index) => index.facts ?? null).catch(() => null);
}

// ------------------------------------------------------------ the daily puzzle (lab.puzzlelist: fnv1a, playable, daily_puzzle)
// The same choice as Python's, so a page and an embed draw the day's puzzle before the engine is ready
// (tests/test_daily.py runs this file in node against lab.puzzlelist on the shipped puzzles).

// The 32-bit FNV-1a hash of a text's UTF-8 bytes.
export function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

// A puzzle played on its board or strip (not a question: no `answer`, no `positions`).
export function playable(p) {
  return !("answer" in p) && !("positions" in p) && typeof p.position === "string" && parsePosition(p.position) !== null;
}

// The puzzle of the day `date` (YYYY-MM-DD) among puzzles `list` (file objects), or null.
export function dailyPuzzle(list, date) {
  const c = list.filter(playable).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return c.length ? c[fnv1a(date) % c.length] : null;
}

// The reader's date, YYYY-MM-DD: the page's `?date=` if it is one (to see another day's puzzle), else today's.
export function readerDate(search) {
  const asked = new URLSearchParams(search || "").get("date");
  if (asked && /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(asked)) return asked;
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

// The puzzles of those files in list order (lab.puzzlelist.list_order: the paper's collection first,
// then 1D before 2D, 2D ones by their first board, else file order; by difficulty inside one), each {p, collection}.
// A newcomer's first puzzle (issue 42: the one rated nearest a new reader's rating), written in by the build
// from lab.puzzlelist's newcomer_puzzle, so puzzles.html draws it before Python is ready.
export const NEWCOMER = /*{{NEWCOMER_PUZZLE}}*/ null;

// The localStorage keys by what they hold ({play, games, rating, puzzles, streak, learn, theme, backup}) and
// the standard start's position string: written in by the build from their Python definitions
// (tools/site_pages.py: storage_keys, standard_start).
export const KEYS = /*{{STORAGE_KEYS}}*/ null;
export const STANDARD_START = /*{{STANDARD_START}}*/ null;

export function puzzlesInOrder(files) {
  const all = [];
  for (const f of files) {
    let data;
    try { data = JSON.parse(f.text) || {}; } catch { data = {}; }
    for (const p of data.puzzles || []) {
      if (p && typeof p === "object") all.push({ p, collection: data.collection || f.name, i: all.length });
    }
  }
  const first = new Map();
  for (const e of all) if (!first.has(e.collection)) first.set(e.collection, e);
  // lab.puzzlelist.list_order's rank: the paper's collection first, then 1D before 2D, 2D ones by the board
  // of their first puzzle (9x9 before 15x19), else in file order (tests/test_puzzle_order.py: the same order)
  const board = (p) => {
    const pos = p.variant === "2D" ? parsePosition(p.position) : null;
    return pos && pos.variant === "2D" ? pos.width * pos.height : 0;
  };
  const rank = (c) => {
    const e = first.get(c);
    return [(e.p.source || {}).kind === "paper" ? 0 : 1, e.p.variant === "2D" ? 1 : 0, board(e.p), e.i];
  };
  const cmp = (a, b) => { for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] - b[k]; return 0; };
  return all.slice().sort((a, b) => cmp(rank(a.collection), rank(b.collection))
                               || (Number(a.p.difficulty) - Number(b.p.difficulty)) || (a.i - b.i));
}
