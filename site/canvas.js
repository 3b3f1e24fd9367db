// Replays a list of shapes computed in Python (phutball/drawing.py) on a canvas.
// Colours written as "var(--name)" are read from the canvas element's CSS, so a
// theme change is just a redraw. Crisp on HiDPI: the backing store is scaled
// by devicePixelRatio and shapes are given in CSS pixels.
// An ES module: imported by embedboard.js, embedframe.js and host.js.
export function resolveColours(canvas) {
  const style = getComputedStyle(canvas);
  const cache = new Map();
  const colour = (c) => {
    if (typeof c !== "string" || !c.startsWith("var(")) return c;
    if (!cache.has(c)) cache.set(c, style.getPropertyValue(c.slice(4, -1)).trim() || "#f0f");
    return cache.get(c);
  };
  return colour;
}

export function sizeCanvas(canvas) {
  const rect = canvas.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(rect.width * dpr));
  const h = Math.max(1, Math.round(rect.height * dpr));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  return { width: rect.width, height: rect.height, dpr };
}

// paintShapes(ctx, shapes, colour): paints shapes (CSS pixels) on a 2D context whose transform is
// already set. Its one definition is phutball/paint.js (the notebook widget's too), written in
// here by tools/build_site.py.
/* global paintShapes */
/*{{PAINT_SHAPES}}*/

export function drawShapes(canvas, shapes) {
  if (typeof shapes === "string") shapes = JSON.parse(shapes);
  const { dpr } = sizeCanvas(canvas);
  const ctx = canvas.getContext("2d");
  const colour = resolveColours(canvas);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  paintShapes(ctx, shapes, colour);
}

// A new task: scheduler.yield() where the browser has it (what follows runs before other queued
// tasks), else a message to ourselves (not setTimeout: a hidden frame's timers wait up to a second).
// What the pages use to cut their work into tasks no longer than a few milliseconds (issue 39, item 12).
export function nextTask() {
  if (globalThis.scheduler && typeof globalThis.scheduler.yield === "function") return globalThis.scheduler.yield();
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => { port1.close(); resolve(); };
    port2.postMessage(null);
  });
}

// Offer a Blob as a file download.
export function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// Draw shapes computed for a w x h canvas on an offscreen canvas `ratio` times
// larger (crisp on slides), colours from `styleElement`'s theme, and download it.
export function downloadPNG(shapes, w, h, ratio, filename, styleElement) {
  if (typeof shapes === "string") shapes = JSON.parse(shapes);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(w * ratio);
  canvas.height = Math.round(h * ratio);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  paintShapes(ctx, shapes, resolveColours(styleElement || document.documentElement));
  canvas.toBlob((blob) => download(blob, filename), "image/png");
}
