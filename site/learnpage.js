// The learn page's start (learn.html): before Python is ready, draw the step the lesson will open
// (the saved one, else the first); then start the page's Python (glue.learn).
import { KEYS, drawUntilReady, parsePosition } from "./embedboard.js";
import { bootLab } from "./host.js";

const c = document.getElementById("board");
let saved;
try { saved = JSON.parse(localStorage.getItem(KEYS.learn) || "null"); } catch { saved = null; }
let li = saved && typeof saved.step === "string" && document.querySelector(`#steps li[data-id="${CSS.escape(saved.step)}"]`);
if (!li) li = document.querySelector("#steps li");
drawUntilReady(c, parsePosition(li.getAttribute("data-position")));

bootLab({ module: "glue.learn", extra: { storageKeys: [KEYS.learn] } });
