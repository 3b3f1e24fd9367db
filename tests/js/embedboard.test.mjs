// embedboard.js, the JavaScript mirror of lab/views/board.py for the first picture: its position
// parsers, layouts, shapes and natural size, on known values. (That its shapes equal Python's is
// checked by tests/test_app_files.py and tests/browser/test_embed.py.)
import assert from "node:assert/strict";
import { test } from "node:test";
import { existsSync, readFileSync } from "node:fs";

import { assertClose, distUrl, geometry } from "./dist.mjs";

const B = await import(distUrl("embedboard.js"));
const G = geometry();

test("a 2D position is read and written as the engine writes it", () => {
  const p = B.parsePosition("9x9_o_e5_f7,d4,e6");
  assert.deepEqual(p, {
    variant: "2D", width: 9, height: 9, side: "O", ball: { col: 5, row: 5 },
    men: [{ col: 4, row: 4 }, { col: 5, row: 6 }, { col: 6, row: 7 }], canonical: "9x9_O_E5_D4E6F7",
  });
  assert.equal(B.parsePosition("15x19_X_H10").canonical, "15x19_X_H10");
  assert.deepEqual(B.parsePosition("5x5_O_C0_A1").ball, { col: 3, row: 0 });  // off the board, behind a goal line
  assert.deepEqual(B.parsePosition("25x25_O_Z26").ball, { col: 25, row: 26 });  // no column I
});

test("a 1D strip is read with its ball, stones and side", () => {
  assert.deepEqual(B.parsePosition("L_o*o.o.o...."),
                   { variant: "1D", n: 11, ball: 2, stones: [1, 3, 5, 7], side: "L", canonical: "L_o*o.o.o...." });
  const off = B.parsePosition("r_<.o.");
  assert.equal(off.ball, 0);
  assert.equal(off.canonical, "R_<.o.");
  assert.equal(B.parsePosition("L_..o>").ball, 4);
  assert.equal(B.prettyStrip(B.parsePosition("R_<o..o.")), "<\u25cb\u00b7\u00b7\u25cb\u00b7");
  assert.equal(B.prettyStrip(B.parsePosition("L_.*o")), "\u00b7\u2022\u25cb");
});

test("anything the parsers are not sure of is left to Python (null)", () => {
  for (const text of ["", " 9x9_O_E5", "9x9_O_E5 ", "8x9_O_E5", "27x27_O_N13", "9x9_Q_E5", "9x9_O_E5_E5",
                      "9x9_O_E11", "9x9_O_E05", "9x9_O_E5_E6E6", "9x9_O_I5", "9x9_O", "L_o*o*", "L_*.",
                      "X_o*o", "L_<.*.", "L_\u25cb\u2022\u00b7", "<b>", null, undefined, 42, {}]) {
    assert.equal(B.parsePosition(text), null, JSON.stringify(text));
  }
});

test("the natural size is the layout's cells times the cell", () => {
  assertClose(B.naturalSize(B.parsePosition("15x19_O_H10"), 40),
              [(15 + G.board_margin) * 40, (19 + 2 + G.board_margin) * 40], "15x19");
  assertClose(B.naturalSize(B.parsePosition("L_o*o.o.o...."), 56),
              [(11 + G.strip_width) * 56, G.strip_height * 56], "a strip of 11");
});

test("a board's shapes: background, frame, lines, coordinates, men and the ball last", () => {
  const [W, H] = [408, 488];
  const pos = B.parsePosition("9x9_O_E5_D4E6F7");
  const withCoords = B.shapes(pos, W, H, true);
  const without = B.shapes(pos, W, H, false);
  // background, frame, 2 off-board rows, 9 row lines, 9 column lines, (9 + 11 coordinates), 3 men, the ball
  assert.equal(without.length, 1 + 1 + 2 + 9 + 9 + 3 + 1);
  assert.equal(withCoords.length, without.length + 9 + 11);
  assert.deepEqual(withCoords[0], { t: "rect", x: 0, y: 0, w: W, h: H, fill: "var(--bg)" });
  assert.deepEqual(withCoords.filter((s) => s.t === "text").slice(0, 9).map((s) => s.s), [..."ABCDEFGHJ"]);
  const goal = withCoords.filter((s) => s.t === "line" && s.stroke === "var(--goal)");
  assert.equal(goal.length, 2);
  // The ball on E5, the middle point: the board's centre, shifted by board_shift cells.
  const c = Math.max(G.board_min_cell, Math.min(W / (9 + G.board_margin), H / (9 + 2 + G.board_margin)));
  const ball = withCoords.at(-1);
  assert.equal(ball.t, "circle");
  assert.equal(ball.fill, "var(--ball)");
  assertClose([ball.x, ball.y, ball.rad], [W / 2 + G.board_shift * c, H / 2 - G.board_shift * c, c * G.board_ball],
              "the ball");
  const men = withCoords.filter((s) => s.t === "circle" && s.fill === "var(--man)");
  assert.equal(men.length, 3);
  assertClose([men[0].x, men[0].y], [ball.x - c, ball.y + c], "the man on D4");
});

test("a strip's shapes: squares, numbers, stones and the ball", () => {
  const [W, H] = [900, 200];
  const pos = B.parsePosition("L_o*o.o.o....");
  const out = B.shapes(pos, W, H, true);
  // background, 13 squares (2 off the ends), 11 numbers, 4 stones, the ball
  assert.equal(out.length, 1 + 13 + 11 + 4 + 1);
  assert.equal(B.shapes(pos, W, H, false).length, 1 + 13 + 4 + 1);
  const squares = out.filter((s) => s.t === "rect").slice(1);
  assert.deepEqual(squares.map((s) => s.fill), ["var(--offboard)", ...Array(11).fill("var(--board)"), "var(--offboard)"]);
  // as drawing.py's strip_shapes: the ends outlined in the coordinates' colour, squares 1 and n in the goal's
  assert.deepEqual(squares.map((s) => s.stroke),
                   ["var(--coord)", "var(--goal)", ...Array(9).fill("var(--grid)"), "var(--goal)", "var(--coord)"]);
  // and dashed, as a goal line is (issue 41: not by colour alone)
  assert.deepEqual(squares.map((s, i) => (s.dash ? i : null)).filter((i) => i !== null), [1, 11]);
  const c = Math.max(G.strip_min_cell, Math.min(W / (11 + G.strip_width), H / G.strip_height, G.strip_max_cell));
  const step = squares[1].x - squares[0].x;
  assertClose(step, c, "one cell between squares");
  const ball = out.at(-1);
  assertClose(ball.x, squares[2].x + squares[2].w / 2, "the ball on square 2");
  assert.deepEqual(out.filter((s) => s.t === "text").map((s) => s.s), Array.from({ length: 11 }, (_, i) => String(i + 1)));
});

test("the puzzles in list order: the paper's first, then 1D before 2D, by difficulty", () => {
  const file = (name, collection, puzzles) => ({ name, text: JSON.stringify({ collection, puzzles }) });
  const files = [
    file("mazes.json", "mazes", [{ id: "m2", variant: "2D", difficulty: 2 }, { id: "m1", variant: "2D", difficulty: 1 }]),
    file("strips.json", "strips", [{ id: "s1", variant: "1D", difficulty: 3 }]),
    { name: "broken.json", text: "{not json" },
    file("paper.json", "paper", [{ id: "p1", variant: "1D", difficulty: 5, source: { kind: "paper" } }, "junk"]),
  ];
  assert.deepEqual(B.puzzlesInOrder(files).map((e) => e.p.id), ["p1", "s1", "m1", "m2"]);
  assert.deepEqual(B.puzzlesInOrder(files).map((e) => e.collection), ["paper", "strips", "mazes", "mazes"]);
});

test("the puzzle files are fetched once a page", async () => {
  const asked = [];
  globalThis.fetch = async (url) => {
    asked.push(url);
    const body = url.endsWith("index.json") ? JSON.stringify({ files: ["a b.json"] }) : "{}";
    return { ok: true, status: 200, text: async () => body };
  };
  try {
    const first = B.fetchPuzzleFiles();
    assert.equal(B.fetchPuzzleFiles(), first);
    assert.deepEqual(await first, [{ name: "a b.json", text: "{}" }]);
    assert.deepEqual(asked, ["./puzzles/index.json", "./puzzles/a%20b.json"]);
  } finally {
    delete globalThis.fetch;
  }
});

// A fetch of dist/ as the site serves it (counting what was asked), or one that fails.
function servedFetch(asked, { fail = false } = {}) {
  return async (url) => {
    asked.push(url);
    if (fail) throw new TypeError("Failed to fetch");
    const file = new URL(`../../dist/${decodeURIComponent(String(url).replace(/^\.\//, ""))}`, import.meta.url);
    return existsSync(file) ? new Response(readFileSync(file, "utf8")) : new Response("", { status: 404 });
  };
}

test("the puzzles' facts come from the index the files come from, fetched once; none when it cannot be had", async () => {
  const real = globalThis.fetch;
  try {
    const asked = [];
    globalThis.fetch = servedFetch(asked);
    const P = await import(`${distUrl("embedboard.js")}?facts`);  // a module of its own: its own fetches
    const [facts, files] = await Promise.all([P.fetchPuzzleFacts(), P.fetchPuzzleFiles()]);
    const index = JSON.parse(readFileSync(new URL(distUrl("puzzles/index.json")), "utf8"));
    assert.deepEqual(facts, index.facts);
    assert.deepEqual(files.map((f) => f.name), index.files);
    assert.equal(asked.filter((u) => u === "./puzzles/index.json").length, 1);
    const some = Object.values(facts)[0];
    assert.ok(Number.isInteger(some.rating) && Number.isInteger(some.crc) && Array.isArray(some.themes));
    globalThis.fetch = servedFetch([], { fail: true });
    const Q = await import(`${distUrl("embedboard.js")}?offline`);
    assert.equal(await Q.fetchPuzzleFacts(), null);
    assert.match((await Q.fetchPuzzleFiles()).error, /Failed to fetch/);
  } finally {
    globalThis.fetch = real;
  }
});
