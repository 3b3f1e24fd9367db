// The calculator's start (calculator.html): before Python is ready, draw the strip the page will open
// (the link's, else the default) with the JavaScript mirror of lab/views/board.py, at the width the
// worker will use, so a click made while the engine starts lands on the square shown (host.js queues
// it and replays it once ready); then start the page's Python (glue.calc).
import { drawUntilReady, naturalSize, parsePosition, prettyStrip } from "./embedboard.js";
import { bootLab } from "./host.js";

const c = document.getElementById("strip");
// the position is the fragment's first part (lab/calc/link.py: "&compare=" and a second position may follow)
let hash = location.hash.slice(1).split("&")[0];
try { hash = decodeURIComponent(hash); } catch { /* malformed %-escapes: the worker says so */ }
const pos = parsePosition(hash) || (hash ? null : parsePosition(c.dataset.position));
const pretty = document.getElementById("strip-pretty");
const caption = document.getElementById("strip-caption");
if (!pos || pos.variant !== "1D" || pos.ball < 1 || pos.ball > pos.n) {
  // an Oddish board or a bad link: nothing stale is shown until the worker draws it
  pretty.textContent = "";
  caption.textContent = "";
} else {
  document.getElementById("position-input").value = pos.canonical;
  document.getElementById("length").value = String(pos.n);
  pretty.textContent = prettyStrip(pos);
  const k = pos.stones.length;
  caption.textContent = `${pos.n} squares, ball on square ${pos.ball}, ${k} stone${k === 1 ? "" : "s"}, `
                        + `${pos.side === "L" ? "Left" : "Right"} to move`;
  // glue.calc.strip_width: at least STRIP_MIN_CELL px a square (the canvas's data-min-cell), else the box's width
  c.style.minWidth = `${Math.round(naturalSize(pos, Number(c.dataset.minCell))[0])}px`;
  drawUntilReady(c, pos);
}

bootLab({ module: "glue.calc", board: "strip" });
