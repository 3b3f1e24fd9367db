// The puzzles page's start (puzzles.html). Before Python is ready: fetch the puzzle files (handed to
// the page's worker at start, so they are fetched once, while Pyodide boots) and draw the puzzle the
// page will open (the link's, else a newcomer's first, else the list's first unsolved one, as
// lab.puzzlestate's first_to_open chooses) with the JavaScript mirror of lab/views/board.py, so an early
// click lands on the board the player sees (host.js replays it once the engine is ready). Then start
// the page's Python (glue.puzzles).
import { KEYS, NEWCOMER, dailyPuzzle, drawUntilReady, fetchPuzzleFacts, fetchPuzzleFiles, parsePosition, puzzlesInOrder,
  readerDate } from "./embedboard.js";
import { bootLab } from "./host.js";

const c = document.getElementById("board");
let hash;
try { hash = decodeURIComponent(location.hash.slice(1)); } catch { hash = location.hash.slice(1); }
// the solved puzzles (lab.puzzleledger): version 1's table, or version 2's earlier ticks and solving attempts;
// a reader with none of them (no attempt yet) is a newcomer, who opens on NEWCOMER (lab.puzzlelist.newcomer_puzzle)
const solved = {};
let tried = false;
try {
  const v = JSON.parse(localStorage.getItem(KEYS.puzzles) || "{}") || {};
  tried = Object.keys(v.puzzles || {}).length + Object.keys(v.earlier || {}).length > 0
    || (Array.isArray(v.ledger) && v.ledger.length > 0);
  for (const [id, e] of Object.entries(v.puzzles || {})) if (e && e.solved === true) solved[id] = true;
  for (const [id, e] of Object.entries(v.earlier || {})) if (Array.isArray(e) && e[0] === true) solved[id] = true;
  for (const a of (Array.isArray(v.ledger) ? v.ledger : [])) {
    if (Array.isArray(a) && (a[3] === "clean" || a[3] === "hints")) solved[a[1]] = true;
  }
} catch { /* unreadable: the page says so once Python reads it */ }
fetchPuzzleFiles().then((files) => {
  if (!Array.isArray(files) || document.documentElement.classList.contains("ready")) return;
  const list = puzzlesInOrder(files).map((e) => e.p);
  const unsolved = (!tried && list.find((p) => p.id === NEWCOMER)) || list.find((p) => !solved[p.id]);
  const daily = hash === "daily" ? dailyPuzzle(list, readerDate(location.search)) : null;  // #daily: today's
  const p = daily || list.find((q) => q.id === hash) || unsolved || list[0];
  if (!p) return;
  document.getElementById("puzzle-title").textContent = String(p.title || "");
  const pos = typeof p.position === "string" && parsePosition(p.position);
  if (!pos) { c.hidden = true; return; }  // an Oddish board: answered in text, no board
  drawUntilReady(c, pos);
});

bootLab({ module: "glue.puzzles",
          extra: { storageKeys: [KEYS.puzzles, KEYS.streak], puzzleFiles: fetchPuzzleFiles(),  // the same fetch
                   puzzleFacts: fetchPuzzleFacts(),  // the ratings and themes the build derived
                   today: readerDate(location.search) } });  // the daily puzzle's date (?date=YYYY-MM-DD)
