// The play page's start (index.html): before Python is ready, draw the position the page will open
// (the link's, else the saved game's, else the standard start) with the JavaScript mirror of
// lab/views/board.py, so an early click lands on the board the player sees (host.js replays it once
// the engine is ready); then start the page's Python (glue.play).
import { KEYS, STANDARD_START, drawUntilReady, parsePosition } from "./embedboard.js";
import { bootLab } from "./host.js";

const c = document.getElementById("board");
let hash;
try { hash = decodeURIComponent(location.hash.slice(1)); } catch { hash = location.hash.slice(1); }
let saved;
try { saved = JSON.parse(localStorage.getItem(KEYS.play) || "null"); } catch { saved = null; }
const pos = parsePosition(hash) || (saved && typeof saved.position === "string" && parsePosition(saved.position))
            || parsePosition(STANDARD_START);
drawUntilReady(c, pos);
// A first visit (nothing saved, no link) opens on the welcome panel at once; Python keeps it in step.
if (!hash && !saved) {
  const welcome = document.getElementById("welcome");
  welcome.hidden = false;
  document.getElementById("status").textContent = welcome.dataset.status;  // lab.playwords.WELCOME
}

// Every key a backup covers (lab.backup.KEYS) and the saved game: the play page's Python reads them all.
bootLab({ module: "glue.play", extra: { storageKeys: Object.values(KEYS),
                                        reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches } });
