// The front end of phutball.widget.Board (anywidget): paints the board's shapes, computed in
// Python (phutball/drawing.py), on a canvas, and sends the student's clicks back to Python,
// which turns them into moves. Colours: a shape's "var(--name)" is the CSS variable
// --phutball-name where the notebook sets one, else the light or dark palette the model carries
// (phutball.svg.LIGHT and DARK), repainted when the notebook's theme changes. The buttons ◀ ▶ step
// through the game's moves (Python's `ply` follows). A board whose kernel is gone (restarted or shut
// down: ipywidgets marks the view "jupyter-widgets-disconnected") keeps its picture, says so and takes
// no clicks. The painter, paintShapes, is phutball/paint.js: phutball.widget puts it before this
// module (an anywidget front end is one module).
/* global paintShapes */

const FALLBACK = "#f0f";
const DISCONNECTED = "jupyter-widgets-disconnected";   // ipywidgets' class on a view whose comm is dead
const GONE = "This board no longer answers: the kernel has restarted or stopped. Run its cell again to play.";
const SILENT = "No answer from the kernel: it is busy, or it has restarted (then run this board's cell again).";
const NO_ANSWER_MS = 4000;   // Python answers every message with {ack: true} (phutball/widget.py)
const REDRAW_ON = ["shapes", "width", "height", "theme", "palettes", "chain", "moves", "ply", "message", "position"];

// Whether the notebook around `el` is dark: JupyterLab and VS Code say so on the body,
// other front ends follow the system's preference.
function isDark(theme) {
  if (theme === "dark" || theme === "light") return theme === "dark";
  const body = document.body;
  if (body.dataset.jpThemeLight) return body.dataset.jpThemeLight === "false";
  if (body.classList.contains("vscode-dark") || body.classList.contains("vscode-high-contrast")) return true;
  if (body.classList.contains("vscode-light")) return false;
  return window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)").matches : false;
}

function resolveColours(el, palette) {
  const style = getComputedStyle(el);
  const cache = new Map();
  return (c) => {
    if (typeof c !== "string" || !c.startsWith("var(--")) return c;
    if (!cache.has(c)) {
      const name = c.slice(6, -1);
      cache.set(c, style.getPropertyValue(`--phutball-${name}`).trim() || palette[name] || FALLBACK);
    }
    return cache.get(c);
  };
}

function button(text, title) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.title = title;
  return b;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "phutball-widget";
  const canvas = document.createElement("canvas");
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "img");
  const bar = document.createElement("div");
  bar.className = "phutball-bar";
  const back = button("\u25c0", "Back one move (\u2190)");
  const forward = button("\u25b6", "Forward one move (\u2192)");
  const finish = button("Finish", "End the jump here (Enter)");
  const undo = button("Undo", "Take back the last move");
  const message = document.createElement("span");
  message.className = "phutball-message";
  message.setAttribute("aria-live", "polite");
  bar.append(back, forward, finish, undo, message);
  root.append(canvas, bar);
  el.append(root);

  // Whether the kernel behind the board is gone: after a kernel restart ipywidgets sets the view's
  // class and fires "comm_live_update"; a board shown from the notebook's saved widget state has no
  // kernel from the start. Nothing would answer a click.
  let closed = false;   // a message could not be sent at all
  const gone = () => closed || el.classList.contains(DISCONNECTED);
  let shownDark = null;
  function draw() {
    const w = model.get("width");
    const h = model.get("height");
    const dpr = window.devicePixelRatio || 1;
    canvas.style.width = `${w}px`;
    canvas.style.aspectRatio = `${w} / ${h}`;
    canvas.width = Math.max(1, Math.round(w * dpr));
    canvas.height = Math.max(1, Math.round(h * dpr));
    const ctx = canvas.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    shownDark = isDark(model.get("theme"));
    const palette = model.get("palettes")[shownDark ? "dark" : "light"] || {};
    paintShapes(ctx, model.get("shapes"), resolveColours(canvas, palette));
    canvas.setAttribute("aria-label", `Phutball board: ${model.get("position")}`);
    const ply = model.get("ply") || 0;
    const dead = gone();
    back.disabled = dead || ply === 0;
    forward.disabled = dead || ply >= model.get("moves").length;
    finish.disabled = dead || model.get("chain").length < 2;
    undo.disabled = dead || ply === 0;
    message.textContent = dead ? GONE : silent ? SILENT : model.get("message");
    canvas.style.cursor = dead ? "default" : "";
  }
  // After a kernel restart JupyterLab 4.6 leaves the board on the page and does not mark it
  // disconnected: a message that cannot be sent, or gets no answer, is how the board learns that
  // nothing listens.
  let silent = false;
  let waiting = null;
  const send = (content) => {
    if (gone()) return;
    try {
      model.send(content);
    } catch {   // JupyterLab after a restart: the kernel's comm is closed ("Cannot send")
      closed = true;
      draw();
      return;
    }
    if (waiting === null) {
      waiting = setTimeout(() => {
        waiting = null;
        silent = true;
        draw();
      }, NO_ANSWER_MS);
    }
  };
  const onAnswer = (content) => {
    if (!content || !content.ack) return;
    clearTimeout(waiting);
    waiting = null;
    if (silent) {
      silent = false;
      draw();
    }
  };
  model.on("msg:custom", onAnswer);

  // A click in the picture's CSS pixels (the canvas may be shown smaller than its width).
  canvas.addEventListener("click", (e) => {
    const r = canvas.getBoundingClientRect();
    const scale = model.get("width") / (r.width || 1);
    send({ click: [(e.clientX - r.left) * scale, (e.clientY - r.top) * scale] });
  });
  canvas.addEventListener("keydown", (e) => {
    if (e.key === "Enter") send({ finish: true });
    else if (e.key === "Escape") send({ cancel: true });
    else if (e.key === "ArrowLeft") send({ step: -1 });
    else if (e.key === "ArrowRight") send({ step: 1 });
    else return;
    e.preventDefault();
  });
  finish.addEventListener("click", () => send({ finish: true }));
  undo.addEventListener("click", () => send({ undo: true }));
  back.addEventListener("click", () => send({ step: -1 }));
  forward.addEventListener("click", () => send({ step: 1 }));
  for (const name of REDRAW_ON) model.on(`change:${name}`, draw);
  model.on("comm_live_update", draw);

  // The notebook's theme changes without a message to the model: JupyterLab flips the body's
  // data-jp-theme-light, VS Code its classes, the system its colour scheme. Repaint when the
  // board's palette changes (JupyterLab changes the body's classes for other things too).
  const onTheme = () => {
    if (isDark(model.get("theme")) !== shownDark) draw();
  };
  const themeWatch = new MutationObserver(onTheme);
  themeWatch.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light", "class"] });
  const scheme = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  if (scheme) scheme.addEventListener("change", onTheme);
  draw();
  return () => {
    for (const name of REDRAW_ON) model.off(`change:${name}`, draw);
    model.off("comm_live_update", draw);
    model.off("msg:custom", onAnswer);
    clearTimeout(waiting);
    themeWatch.disconnect();
    if (scheme) scheme.removeEventListener("change", onTheme);
  };
}

export default { render };
