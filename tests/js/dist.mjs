// Helpers for the JavaScript tests (node --test tests/js/): they run the scripts as built in dist/,
// where tools/build_site.py has written in the drawing's proportions and the strip's symbols
// (`make test` builds dist/ first; by hand: `make dist`).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

export const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));

// The URL of a file of dist/, to import() it; fails with a hint when dist/ is not built.
export function distUrl(name) {
  const url = new URL(`../../dist/${name}`, import.meta.url);
  assert.ok(existsSync(url), `dist/${name} is missing: run \`make dist\` first`);
  return url.href;
}

export function distText(name) {
  return readFileSync(new URL(distUrl(name)), "utf8");
}

// The drawing's proportions as the build wrote them into embedboard.js (phutball.drawing.GEOMETRY).
export function geometry() {
  const m = /^const G = (\{.*\});$/m.exec(distText("embedboard.js"));
  assert.ok(m, "dist/embedboard.js has `const G = {...};`");
  return JSON.parse(m[1]);
}

// Run a classic script of dist/ (embed.js, theme.js) in a fresh context whose globals are `globals`
// (`window` is the context itself unless given); answers the context.
export function runClassic(name, globals = {}) {
  const context = vm.createContext({ console, URL, URLSearchParams, Map, ...globals });
  if (!("window" in globals)) context.window = context;
  vm.runInContext(distText(name), context, { filename: `dist/${name}` });
  return context;
}

// Compare numbers to 1e-9, recursively.
export function assertClose(actual, expected, message) {
  if (typeof expected === "number") {
    assert.equal(typeof actual, "number", message);
    assert.ok(Math.abs(actual - expected) < 1e-9, `${message}: ${actual} != ${expected}`);
  } else if (Array.isArray(expected)) {
    assert.equal(actual.length, expected.length, message);
    expected.forEach((e, i) => assertClose(actual[i], e, `${message}[${i}]`));
  } else if (expected && typeof expected === "object") {
    assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), message);
    for (const k of Object.keys(expected)) assertClose(actual[k], expected[k], `${message}.${k}`);
  } else {
    assert.equal(actual, expected, message);
  }
}
