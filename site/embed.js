// The phutball lab's embed snippet for authors. One line on any page:
//
//   <div class="phutball" data-position="9x9_O_E5" data-moves="E6 E4" data-mode="replay">
//     A phutball game (shown as text where JavaScript does not run).
//   </div>
//   <script src="https://example.org/phutball/embed.js"></script>
//
// turns every div.phutball into an iframe of embed.html (found next to this
// script, whatever its path or origin) whose parameters are the div's data-*
// attributes, passed in the URL fragment as embed.html reads them (see
// site/embedparams.py). The frame reports its content height by postMessage
// and the iframe follows it; the div's own text stays until the frame has
// rendered. Divs added later: call window.phutballEmbed.scan().
(function () {
  "use strict";
  const PARAMS = ["position", "moves", "record", "mode", "ply", "theme", "coords", "numbers", "arrows"];
  const script = document.currentScript;
  if (!script || !script.src) {
    console.warn("phutball embed.js: load it with a plain <script src=...> tag (not as a module or " +
                 "injected script), so it can find embed.html next to itself.");
    return;
  }
  const base = new URL(".", script.src);
  const origin = new URL(script.src).origin;
  const frames = [];  // {iframe, fallback} made by this copy of the script

  // A first guess at the height before the frame reports it: the board's aspect ratio.
  function guessHeight(div) {
    const width = div.clientWidth || 480;
    const pos = div.getAttribute("data-position") || "";
    const m = /^(\d+)x(\d+)_/i.exec(pos);
    if (/^[LR]_/i.test(pos)) return Math.round(Math.min(width / (pos.length + 0.4), 56) * 2.6 + 60);
    const w = m ? Number(m[1]) : 15, h = m ? Number(m[2]) : 19;
    return Math.round(Math.min(width, (w + 1.2) * 40) * (h + 3.2) / (w + 1.2) + 60);
  }

  function build(div) {
    if (div.hasAttribute("data-phutball-embedded")) return;
    div.setAttribute("data-phutball-embedded", "");
    const query = new URLSearchParams();
    for (const name of PARAMS) {
      const value = div.getAttribute("data-" + name);
      if (value !== null) query.append(name, value);
    }
    const fallback = document.createElement("div");
    fallback.className = "phutball-fallback";
    while (div.firstChild) fallback.appendChild(div.firstChild);
    const iframe = document.createElement("iframe");
    const q = query.toString();
    iframe.src = new URL("embed.html", base).href + (q ? "#" + q : "");
    iframe.title = div.getAttribute("title") || div.getAttribute("aria-label") || "Phutball board";
    iframe.loading = "lazy";
    iframe.style.cssText = `display:block;width:100%;border:0;height:${guessHeight(div)}px`;
    div.append(fallback, iframe);
    frames.push({ iframe, fallback });
  }

  window.addEventListener("message", (event) => {
    if (event.origin !== origin) return;
    const data = event.data;
    if (!data || typeof data !== "object" || data.type !== "phutball-size") return;
    const f = frames.find((x) => x.iframe.contentWindow === event.source);
    if (!f) return;
    const height = Number(data.height);
    if (Number.isFinite(height) && height > 0 && height < 20000) f.iframe.style.height = `${Math.ceil(height)}px`;
    if (data.rendered === true) f.fallback.hidden = true;
  });

  function scan() {
    document.querySelectorAll("div.phutball").forEach(build);
  }

  window.phutballEmbed = { scan };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
})();
