// The front end of phutball.widget.Board (anywidget): paints the board's shapes, computed in
// Python (phutball/drawing.py), on a canvas, and sends the student's clicks back to Python,
// which turns them into moves. Colours: a shape's "var(--name)" is the CSS variable
// --phutball-name where the notebook sets one, else the light or dark palette the model carries
// (phutball.svg.LIGHT and DARK). The painter, paintShapes, is phutball/paint.js: phutball.widget
// puts it before this module (an anywidget front end is one module).
/* global paintShapes */

const FALLBACK = "#f0f";
const REDRAW_ON = ["shapes", "width", "height", "theme", "palettes", "chain", "moves", "message", "position"];

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
  const finish = button("Finish", "End the jump here (Enter)");
  const undo = button("Undo", "Take back the last move");
  const message = document.createElement("span");
  message.className = "phutball-message";
  message.setAttribute("aria-live", "polite");
  bar.append(finish, undo, message);
  root.append(canvas, bar);
  el.append(root);

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
    const palette = model.get("palettes")[isDark(model.get("theme")) ? "dark" : "light"] || {};
    paintShapes(ctx, model.get("shapes"), resolveColours(canvas, palette));
    canvas.setAttribute("aria-label", `Phutball board: ${model.get("position")}`);
    finish.disabled = model.get("chain").length < 2;
    undo.disabled = model.get("moves").length === 0;
    message.textContent = model.get("message");
  }

  // A click in the picture's CSS pixels (the canvas may be shown smaller than its width).
  canvas.addEventListener("click", (e) => {
    const r = canvas.getBoundingClientRect();
    const scale = model.get("width") / (r.width || 1);
    model.send({ click: [(e.clientX - r.left) * scale, (e.clientY - r.top) * scale] });
  });
  canvas.addEventListener("keydown", (e) => {
    if (e.key === "Enter") model.send({ finish: true });
    else if (e.key === "Escape") model.send({ cancel: true });
    else return;
    e.preventDefault();
  });
  finish.addEventListener("click", () => model.send({ finish: true }));
  undo.addEventListener("click", () => model.send({ undo: true }));
  for (const name of REDRAW_ON) model.on(`change:${name}`, draw);
  draw();
  return () => {
    for (const name of REDRAW_ON) model.off(`change:${name}`, draw);
  };
}

export default { render };
