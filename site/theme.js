// Light/dark theme for every page, before first paint: <html data-theme> is the
// stored choice, else the system's (followed live while nothing is stored).
// The #theme button toggles and stores it; pages redraw on "phutball-theme".
//
// A classic script, not a module (the site's other scripts are modules): the shared head loads it
// before any stylesheet, and only a blocking classic script there runs before the first paint (a
// module is deferred), so a page never flashes the other theme.
(function () {
  "use strict";
  const root = document.documentElement;
  const KEY = (/*{{STORAGE_KEYS}}*/ null).theme;  // lab.backup.THEME_KEY, written in by the build
  const mq = window.matchMedia("(prefers-color-scheme: dark)");
  // Only "light" or "dark" counts: anything else stored (corrupt, hand-edited) is ignored.
  const stored = () => {
    let v;
    try { v = localStorage.getItem(KEY); } catch { return null; }
    return v === "light" || v === "dark" ? v : null;
  };
  const changed = () => window.dispatchEvent(new Event("phutball-theme"));
  // A page may fix its theme: <html data-theme-fixed> is left alone. embed.html fixes the one its
  // fragment names (#...&theme=dark), read here as embedframe.js's readParams reads it (the last
  // `theme`, one exact word: tests/js/embed.test.mjs checks the two agree), so that it too is there
  // before the first paint; embedframe.js (a module) applies it again.
  if (root.classList.contains("embed-page")) {
    const text = location.hash.slice(1);
    const theme = text.includes("=") ? new URLSearchParams(text).getAll("theme").pop() : undefined;
    if (theme !== undefined && /^[A-Za-z0-9]+$/.test(theme) && ["light", "dark"].includes(theme.toLowerCase())) {
      root.setAttribute("data-theme-fixed", "");
      root.setAttribute("data-theme", theme.toLowerCase());
    }
  }
  const apply = () => {
    if (!root.hasAttribute("data-theme-fixed")) root.setAttribute("data-theme", stored() || (mq.matches ? "dark" : "light"));
  };
  apply();
  mq.addEventListener("change", () => { apply(); changed(); });
  function toggle() {
    const next = root.getAttribute("data-theme") === "dark" ? "light" : "dark";
    try { localStorage.setItem(KEY, next); } catch { /* private mode: not stored */ }
    root.setAttribute("data-theme", next);
    changed();
  }
  document.addEventListener("DOMContentLoaded", () => {
    const b = document.getElementById("theme");
    if (b) b.addEventListener("click", toggle);
  });
})();
