// The JavaScript lint: `make test` runs `npx --no-install eslint .` (eslint and its rule sets pinned
// in package.json). eslint's recommended rules everywhere. The site's JavaScript is ES modules,
// except the classic scripts the platform requires, each saying why at its top: embed.js (authors
// load it with a plain script tag), theme.js (blocking, before the first paint) and sw.js (the
// service worker). The pages' inline scripts (in the .html files) are not linted here.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/", "build/", "node_modules/", ".venv/", "test-results/"] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    // The pages' modules (host.js, embedboard.js, ...).
    files: ["site/**/*.js", "site/**/*.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.browser } },
  },
  {
    // The notebook widget's front end (phutball.widget), shipped in the engine's wheel.
    files: ["phutball/**/*.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.browser } },
  },
  {
    // Modules loaded by the pages' Python worker too (a dedicated worker: no document).
    files: ["site/storage-guard.mjs", "site/pyodide/lab.mjs"],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  {
    files: ["site/embed.js", "site/theme.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["site/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    // Node: the JavaScript tests (node --test tests/js/), the Pyodide benchmarks, the build's
    // shipped start (tools/make_snapshot.mjs), this file.
    files: ["tests/**/*.mjs", "bench/**/*.mjs", "tools/**/*.mjs", "*.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
