// Offline and installable: registers ./sw.js (see it for the caching rules)
// and keeps <meta name="theme-color"> in step with the page's light/dark theme.
// Every page includes it with one line in its head, next to the manifest link:
//   <link rel="manifest" href="./manifest.webmanifest"><script type="module" src="./sw-register.js"></script>
// (an ES module, so it runs once the page is parsed: nothing here is needed before the first paint).
//
// * Only a top-level page registers. A framed page (embed.html in a blog post
//   on another origin) does not: there its storage is partitioned by the top
//   site, a worker registered there would download the whole lab (15 MB) for
//   each site that embeds it, and a sandboxed frame may not register at all.
//   A frame is still served by the lab's worker when the lab frames itself.
// * Update: every load of a page the worker controls asks for sw.js again; a
//   new build installs in the background and activates, while every open
//   page (and its Python worker) keeps being served the build it was loaded
//   with (sw.js keeps a table of them). The next page load gets the new build.
// * Plain static hosting: the worker's scope is this folder; no server setting.
const THEME_COLOURS = { light: "#f6f3ec", dark: "#15181c" };  // --bg in theme.css
const root = document.documentElement;
const meta = document.createElement("meta");
meta.name = "theme-color";
const colour = () => {
  const t = root.getAttribute("data-theme");
  meta.content = THEME_COLOURS[t] || THEME_COLOURS.light;
};
colour();
document.head.appendChild(meta);
new MutationObserver(colour).observe(root, { attributes: true, attributeFilter: ["data-theme"] });

// The service worker's container, or null where this page registers none.
function container() {
  let framed;
  try { framed = window.top !== window.self; } catch { framed = true; }
  if (framed || !("serviceWorker" in navigator) || !window.isSecureContext) return null;
  try { return navigator.serviceWorker; } catch { return null; }  // storage blocked
}

const sw = container();
const register = () => sw.register("./sw.js").then((reg) => {
  // Look for a new build now (the browser's own check after a navigation
  // may come much later); one small request for sw.js.
  if (sw.controller) reg.update().catch(() => {});
}).catch((err) => console.info("phutball: offline use is not available here:", err.message));
// A returning visitor's page checks for a new build at once; a first visit
// registers when the page is ready, so the worker's download of the build
// does not compete with the page's own start (and mostly revalidates what
// the page has just put in the HTTP cache).
if (sw && (sw.controller || root.classList.contains("ready"))) {
  register();
} else if (sw) {
  const watch = new MutationObserver(() => {
    if (!root.classList.contains("ready")) return;
    watch.disconnect();
    register();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["class"] });
}
