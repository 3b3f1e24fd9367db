// Light/dark theme for every page, before first paint: <html data-theme> is the
// stored choice, else the system's (followed live while nothing is stored).
// The #theme button toggles and stores it; pages redraw on "phutball-theme".
(function () {
  const root = document.documentElement;
  const mq = window.matchMedia("(prefers-color-scheme: dark)");
  // Only "light" or "dark" counts: anything else stored (corrupt, hand-edited) is ignored.
  const stored = () => {
    let v = null;
    try { v = localStorage.getItem("phutball.theme"); } catch (e) { return null; }
    return v === "light" || v === "dark" ? v : null;
  };
  const changed = () => window.dispatchEvent(new Event("phutball-theme"));
  const apply = () => root.setAttribute("data-theme", stored() || (mq.matches ? "dark" : "light"));
  apply();
  mq.addEventListener("change", () => { apply(); changed(); });
  function toggle() {
    const next = root.getAttribute("data-theme") === "dark" ? "light" : "dark";
    try { localStorage.setItem("phutball.theme", next); } catch (e) { /* private mode: not stored */ }
    root.setAttribute("data-theme", next);
    changed();
  }
  document.addEventListener("DOMContentLoaded", () => {
    const b = document.getElementById("theme");
    if (b) b.addEventListener("click", toggle);
  });
})();
