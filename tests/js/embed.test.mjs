// The embeds' reading of their parameters, in JavaScript: embed.js's layout() (the iframe's height
// on the host page, and the frame's own layout), embedframe.js's readParams (the sure subset of
// lab/embedparams.py; tests/browser/test_embed.py checks it against Python) and theme.js's reading
// of the fragment's theme, which must agree with readParams.
import assert from "node:assert/strict";
import { test } from "node:test";

import { assertClose, distUrl, geometry, runClassic } from "./dist.mjs";

const G = geometry();
const PAD = 4;
const BAR = 86;
// A puzzle's bar: a gap and its task, on one line in a bar 560 px wide or more, else on two; a gap and
// the line saying which goal each side attacks.
const PUZZLE_BAR = { wide: BAR + 4 + 22 + 4 + 20, narrow: BAR + 4 + 2 * 22 + 4 + 20 };

// embed.js as an author's page runs it, but without a <script> element to find itself by: it
// defines window.phutballEmbed.layout and PARAMS, warns, and builds no frame.
function embedJs() {
  const warned = [];
  const context = runClassic("embed.js", {
    document: { currentScript: null },
    console: { warn: (...args) => warned.push(args.join(" ")) },
  });
  return { api: context.phutballEmbed, warned };
}

test("embed.js without a script tag of its own only defines its API, and says why", () => {
  const { api, warned } = embedJs();
  assert.deepEqual([...api.PARAMS], ["position", "moves", "record", "mode", "ply", "theme", "coords", "numbers",
                                     "arrows", "puzzle", "task", "text"]);
  assert.equal(typeof api.layout, "function");
  assert.equal(api.scan, undefined);
  assert.equal(warned.length, 1);
  assert.match(warned[0], /plain <script src=\.\.\.> tag/);
});

test("in embed.html, embed.js hides the 'cannot start' message where the frame's modules can load (issue 39 item 4e)", () => {
  const marked = (origin, pageClass) => {
    const classes = new Set([pageClass]);
    const documentElement = { classList: { contains: (c) => classes.has(c), add: (c) => classes.add(c) } };
    runClassic("embed.js", { origin, document: { currentScript: null, documentElement }, console: { warn() {} } });
    return classes.has("scripts-run");
  };
  assert.equal(marked("https://example.org", "embed-page"), true);
  assert.equal(marked("null", "embed-page"), false);  // a sandbox without allow-same-origin: modules refused
  assert.equal(marked("https://example.org", "other"), false);  // an author's page: left alone
});

test("layout: a board at its natural size when there is room, else the width; the bar for its mode", () => {
  const { layout } = embedJs().api;
  const [nw, nh] = [(9 + G.board_margin) * 40, (9 + 2 + G.board_margin) * 40];
  const wide = layout({ position: "9x9_O_E5" }, 100000);
  assertClose(wide, { height: Math.round(nh) + 2 * PAD, canvas: [nw, Math.round(nh)], bar: 0, taskLines: 0 }, "view, wide");
  const narrow = layout({ position: "9x9_O_E5" }, 208);
  const ch = Math.round(200 * nh / nw);
  assertClose(narrow, { height: ch + 2 * PAD, canvas: [200, ch], bar: 0, taskLines: 0 }, "view, narrow");
  assert.equal(layout({ position: "9x9_O_E5", moves: "E6" }, 208).bar, BAR);            // moves: replay
  assert.equal(layout({ position: "9x9_O_E5", mode: "PLAY" }, 208).bar, BAR);
  assert.equal(layout({ position: "9x9_O_E5", puzzle: "2d-chain-1" }, 208).bar, PUZZLE_BAR.narrow);
  assert.equal(layout({ position: "9x9_O_E5", task: "Win" }, 208).height, ch + PUZZLE_BAR.narrow + 2 * PAD);
  assert.equal(layout({ position: "9x9_O_E5", moves: "E6", mode: "view" }, 208).bar, 0);
  assert.equal(layout({ position: "9x9_O_E5" }, 0).canvas[0], 1);  // never less than a pixel
  // a streak: any board in a 15x19 board's room, a line more for the count (lab/embedstreak.py)
  const streak = layout({ puzzle: " streak " }, 328);
  assert.deepEqual([streak.bar, streak.canvas], [PUZZLE_BAR.narrow + 26, layout({ position: "15x19_O_H10" }, 328).canvas]);
  assert.equal(streak.height, streak.canvas[1] + PUZZLE_BAR.narrow + 26 + 2 * PAD);
});

test("layout: a puzzle's task has two lines in a narrow bar, one in a wide one (issue 39 item 4a)", () => {
  const { layout } = embedJs().api;
  const lines = (width, params = { position: "9x9_O_E5", puzzle: "2d-chain-1" }) => {
    const lay = layout(params, width);
    return [lay.taskLines, lay.bar];
  };
  assert.deepEqual(lines(320), [2, PUZZLE_BAR.narrow]);
  assert.deepEqual(lines(390 - 16), [2, PUZZLE_BAR.narrow]);
  assert.deepEqual(lines(8 + 559), [2, PUZZLE_BAR.narrow]);
  assert.deepEqual(lines(8 + 560), [1, PUZZLE_BAR.wide]);
  assert.deepEqual(lines(100000), [1, PUZZLE_BAR.wide]);  // the bar is at most 672 px wide
  assert.deepEqual(lines(320, { position: "9x9_O_E5", mode: "replay" }), [0, BAR]);
  assert.deepEqual(lines(320, { position: "9x9_O_E5" }), [0, 0]);
});

test("layout: the board's shape from the position, the record's Setup or Size, else the standard board", () => {
  const { layout } = embedJs().api;
  const size2D = (w, h) => [(w + G.board_margin) * 40, Math.round((h + 2 + G.board_margin) * 40)];
  const strip = (n) => [(n + G.strip_width) * 56, Math.round(G.strip_height * 56)];
  const cases = [
    [{}, size2D(15, 19)],
    [{ position: "11x13_x_f7" }, size2D(11, 13)],
    [{ position: "L_o*o.o.o...." }, strip(11)],
    [{ position: "R_<..o.o" }, strip(5)],
    [{ position: "L_........>" }, strip(8)],
    [{ record: '[Size "11x13"]\n1. E6' }, size2D(11, 13)],
    [{ record: '[Setup "L_.*.o."]\n1. 3' }, strip(5)],
    [{ record: "1. H11" }, size2D(15, 19)],
    [{ position: "9x9_O_E5", record: '[Size "5x5"]' }, size2D(5, 5)],  // a record wins
    [new Map([["position", "7x11_X_D6"]]), size2D(7, 11)],
  ];
  for (const [params, canvas] of cases) assertClose(layout(params, 100000).canvas, canvas, JSON.stringify(params));
});

test("layout: a position whose board cannot be told gets the error box", () => {
  const { layout } = embedJs().api;
  for (const position of ["bad", "L_*o", "4x9_O_E5", "", "L_o|o.", "9x9"]) {
    assert.deepEqual({ ...layout({ position, mode: "replay" }, 500) }, { height: 220, canvas: null, bar: 0, taskLines: 0 },
                     position);
  }
});

// embedframe.js runs in embed.html; here its module only needs a page that is still being parsed
// (start() then waits for DOMContentLoaded, which never comes).
async function frameModule() {
  const on = () => {};
  globalThis.window = { parent: null, addEventListener: on };
  globalThis.document = { readyState: "loading", addEventListener: on,
                          documentElement: { classList: { add: on }, setAttribute: on } };
  return import(distUrl("embedframe.js"));
}

test("readParams: the sure subset of the fragment's parameters", async () => {
  const { readParams } = await frameModule();
  const pick = (p) => ({ mode: p.mode, theme: p.theme, coords: p.coords, numbers: p.numbers, arrows: p.arrows,
                         position: p.position, moves: p.moves, ply: p.ply, known: p.known, sure: p.sure });
  const base = { mode: "view", theme: "auto", coords: true, numbers: true, arrows: true, position: "15x19_O_H10",
                 moves: false, ply: false, known: true, sure: true };
  const cases = [
    ["", {}],
    ["#", {}],
    ["9x9_O_E5", { position: "9x9_O_E5" }],
    ["#9x9_O_E5%20", { position: "9x9_O_E5 " }],          // sure of the reading; the parser judges the text
    ["%zz", { known: false, sure: false }],
    ["position=9x9_O_E5&theme=DARK", { position: "9x9_O_E5", theme: "dark" }],
    ["theme=dark%20", { theme: undefined, known: false, sure: false }],
    ["coords=Off&numbers=0&arrows=no", { coords: false, numbers: false, arrows: false }],
    ["coords=", { known: false, sure: false }],
    ["coords=maybe", { known: false, sure: false }],
    ["mode=View", {}],
    ["mode=play", { mode: "play" }],
    ["mode=replay&moves=E6", { mode: "replay", moves: true, sure: false }],
    ["moves=E6", { mode: "replay", moves: true, sure: false }],
    ["record=1.%20H11", { mode: "replay", moves: true, position: null, sure: false }],
    ["puzzle=2d-chain-1", { mode: "puzzle", known: false, sure: false }],
    ["ply=0", { ply: true, known: false, sure: false }],
    ["foo=bar", { known: false, sure: false }],
    ["position=9x9_O_E5&position=9x9_O_E5", { position: "9x9_O_E5", known: false, sure: false }],
  ];
  for (const [hash, changes] of cases) {
    assert.deepEqual(pick(readParams(hash)), { ...base, ...changes }, hash);
  }
  assert.deepEqual([...readParams("position=L_o*o.o.o....&mode=play").raw],
                   [["position", "L_o*o.o.o...."], ["mode", "play"]]);
});

// theme.js on embed.html#<fragment>: the theme it fixes before the first paint (null: none).
function themeJsFixes(fragment) {
  const attrs = new Map();
  const root = {
    classList: { contains: (c) => c === "embed-page" },
    hasAttribute: (k) => attrs.has(k),
    getAttribute: (k) => attrs.get(k) ?? null,
    setAttribute: (k, v) => attrs.set(k, v),
  };
  runClassic("theme.js", {
    document: { documentElement: root, addEventListener() {} },
    location: { hash: fragment ? `#${fragment}` : "" },
    localStorage: { getItem: () => "light" },
    matchMedia: () => ({ matches: false, addEventListener() {} }),
    dispatchEvent() {},
    Event: class {},
  });
  return attrs.has("data-theme-fixed") ? attrs.get("data-theme") : null;
}

test("theme.js fixes the theme of an embed's fragment as readParams reads it, before the first paint", async () => {
  const { readParams } = await frameModule();
  const fragments = ["", "theme=dark", "theme=DARK", "theme=Light", "theme=auto", "theme=dark%20", "theme=%20dark",
                     "theme=", "theme=dim", "theme=light&theme=dark", "theme=dark&theme=bad", "dark", "theme%3Ddark",
                     "position=9x9_O_E5&theme=dark&coords=off", "theme=d%61rk", "Theme=dark"];
  for (const fragment of fragments) {
    const theme = readParams(`#${fragment}`).theme;
    assert.equal(themeJsFixes(fragment), theme === "light" || theme === "dark" ? theme : null, fragment);
  }
  assert.equal(themeJsFixes("theme=dark"), "dark");
  assert.equal(themeJsFixes("theme=auto"), null);
});
