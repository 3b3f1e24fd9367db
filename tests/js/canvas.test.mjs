// canvas.js's replay of shape lists (computed in Python, lab/views/board.py, or by embedboard.js)
// on a fake 2D context that records every call, and embedboard.js's drawing before ready with it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { distUrl } from "./dist.mjs";

const canvas = await import(distUrl("canvas.js"));
const board = await import(distUrl("embedboard.js"));

// A 2D context that records calls ([name, ...args]) and property sets (["set", name, value]).
function recordingContext({ roundRect = true } = {}) {
  const calls = [];
  const methods = ["save", "restore", "beginPath", "rect", "fill", "stroke", "moveTo", "lineTo", "arc",
                   "closePath", "fillText", "setLineDash", "setTransform", "clearRect"];
  if (roundRect) methods.push("roundRect");
  const target = { calls };
  for (const m of methods) target[m] = (...args) => { calls.push([m, ...args]); };
  return new Proxy(target, {
    set(obj, key, value) { calls.push(["set", key, value]); obj[key] = value; return true; },
  });
}

const plain = (c) => c;

test("a rectangle: rounded where the context can, filled then stroked, in save/restore", () => {
  const ctx = recordingContext();
  canvas.paintShapes(ctx, [{ t: "rect", x: 1, y: 2, w: 3, h: 4, r: 0.5, fill: "red", stroke: "blue", lw: 2 }], plain);
  assert.deepEqual(ctx.calls, [
    ["save"], ["beginPath"], ["roundRect", 1, 2, 3, 4, 0.5], ["set", "fillStyle", "red"], ["fill"],
    ["set", "strokeStyle", "blue"], ["set", "lineWidth", 2], ["stroke"], ["restore"],
  ]);
  const old = recordingContext({ roundRect: false });
  canvas.paintShapes(old, [{ t: "rect", x: 1, y: 2, w: 3, h: 4, r: 0.5, fill: "red" }], plain);
  assert.deepEqual(old.calls, [["save"], ["beginPath"], ["rect", 1, 2, 3, 4], ["set", "fillStyle", "red"], ["fill"],
                               ["restore"]]);
});

test("a line, a dashed circle, a polygon and bold text", () => {
  const ctx = recordingContext();
  canvas.paintShapes(ctx, [
    { t: "line", pts: [[0, 0], [10, 0], [10, 5]], stroke: "k", dash: [2, 3] },
    { t: "circle", x: 5, y: 6, rad: 7, fill: "f", stroke: "s", dash: [1, 1] },
    { t: "poly", pts: [[0, 0], [1, 0], [0, 1]], fill: "p" },
    { t: "text", x: 3, y: 4, s: "E5", fill: "t", size: 12, bold: true, align: "center" },
    { t: "unknown" },
  ], plain);
  assert.deepEqual(ctx.calls, [
    ["save"], ["beginPath"], ["moveTo", 0, 0], ["lineTo", 10, 0], ["lineTo", 10, 5], ["set", "strokeStyle", "k"],
    ["set", "lineWidth", 1], ["set", "lineCap", "round"], ["set", "lineJoin", "round"], ["setLineDash", [2, 3]],
    ["stroke"], ["restore"],
    ["save"], ["setLineDash", [1, 1]], ["beginPath"], ["arc", 5, 6, 7, 0, Math.PI * 2], ["set", "fillStyle", "f"],
    ["fill"], ["set", "strokeStyle", "s"], ["set", "lineWidth", 1], ["stroke"], ["restore"],
    ["save"], ["beginPath"], ["moveTo", 0, 0], ["lineTo", 1, 0], ["lineTo", 0, 1], ["closePath"],
    ["set", "fillStyle", "p"], ["fill"], ["restore"],
    ["save"], ["set", "fillStyle", "t"], ["set", "font", "600 12px system-ui, sans-serif"],
    ["set", "textAlign", "center"], ["set", "textBaseline", "middle"], ["fillText", "E5", 3, 4], ["restore"],
    ["save"], ["restore"],
  ]);
});

// A canvas element of `width` x `height` CSS pixels whose CSS defines `vars` ({"--bg": "#fff"}).
function fakeCanvas(width, height, vars = {}) {
  const ctx = recordingContext();
  const asked = [];
  const element = {
    width: 300, height: 150, ctx, asked, vars,
    getBoundingClientRect: () => ({ left: 0, top: 0, width, height }),
    getContext: (kind) => (kind === "2d" ? ctx : null),
  };
  return element;
}

function withBrowserGlobals(dpr, f) {
  const saved = { window: globalThis.window, getComputedStyle: globalThis.getComputedStyle };
  globalThis.window = { devicePixelRatio: dpr };
  globalThis.getComputedStyle = (el) => ({
    getPropertyValue: (name) => { el.asked.push(name); return el.vars[name] ?? ""; },
  });
  try {
    return f();
  } finally {
    Object.assign(globalThis, saved);
  }
}

test("colours written var(--name) come from the canvas's CSS, each asked once; unknown ones are magenta", () => {
  const el = fakeCanvas(10, 10, { "--bg": " #f6f3ec ", "--ball": "#222" });
  withBrowserGlobals(1, () => {
    const colour = canvas.resolveColours(el);
    assert.deepEqual([colour("var(--bg)"), colour("var(--bg)"), colour("var(--nope)"), colour("#123"), colour(null)],
                     ["#f6f3ec", "#f6f3ec", "#f0f", "#123", null]);
    assert.deepEqual(el.asked, ["--bg", "--nope"]);
  });
});

test("drawShapes sizes the backing store for the device pixels, clears it and paints in CSS pixels", () => {
  const el = fakeCanvas(200.4, 100, { "--bg": "#fff" });
  withBrowserGlobals(2, () => {
    canvas.drawShapes(el, JSON.stringify([{ t: "rect", x: 0, y: 0, w: 200, h: 100, fill: "var(--bg)" }]));
  });
  assert.deepEqual([el.width, el.height], [401, 200]);
  assert.deepEqual(el.ctx.calls.slice(0, 3),
                   [["setTransform", 1, 0, 0, 1, 0, 0], ["clearRect", 0, 0, 401, 200], ["setTransform", 2, 0, 0, 2, 0, 0]]);
  assert.deepEqual(el.ctx.calls.slice(3), [["save"], ["beginPath"], ["rect", 0, 0, 200, 100], ["set", "fillStyle", "#fff"],
                                           ["fill"], ["restore"]]);
});

test("before ready, embedboard.js draws the position after the first frame, and again until the page is ready",
     async () => {
  const frames = [];
  const listeners = {};
  const classes = new Set();
  const attrs = {};
  const el = Object.assign(fakeCanvas(480, 600), { setAttribute: (k, v) => { attrs[k] = v; } });
  const pos = board.parsePosition("15x19_O_H10");
  const fills = board.shapes(pos, 480, 600, true).filter((s) => s.fill && ["rect", "circle"].includes(s.t)).length;
  const saved = { window: globalThis.window, getComputedStyle: globalThis.getComputedStyle };
  globalThis.window = { devicePixelRatio: 1, addEventListener: (type, f) => { listeners[type] = f; } };
  globalThis.getComputedStyle = () => ({ getPropertyValue: () => "" });
  globalThis.requestAnimationFrame = (f) => frames.push(f);
  globalThis.document = { documentElement: { classList: { contains: (c) => classes.has(c) } } };
  try {
    board.drawUntilReady(el, pos);
    assert.deepEqual(attrs, { "data-position": "15x19_O_H10", "data-variant": "2D" });
    assert.deepEqual([el.ctx.calls.length, frames.length], [0, 1]);  // nothing measured or drawn during the parse
    assert.deepEqual(Object.keys(listeners).sort(), ["phutball-theme", "resize"]);
    frames[0]();  // the first frame: the drawing is a task of its own
    assert.equal(el.ctx.calls.length, 0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(el.ctx.calls.filter((c) => c[0] === "fill").length, fills);
    listeners.resize();
    assert.equal(el.ctx.calls.filter((c) => c[0] === "fill").length, 2 * fills);
    classes.add("ready");  // Python draws from now on
    const before = el.ctx.calls.length;
    listeners["phutball-theme"]();
    assert.equal(el.ctx.calls.length, before);
  } finally {
    Object.assign(globalThis, saved);
    delete globalThis.requestAnimationFrame;
    delete globalThis.document;
  }
});
