// embed.html's start: theme, size reports to the host page, and the board
// drawn at once when that needs no Python.
//
// The parameters are in the fragment (embed.html#position=...&mode=view, see
// site/embedparams.py). This script reads only the few it can be sure of: a
// `view` of a plain position (no moves) is drawn here from the JavaScript
// shapes of embedboard.js and Python is never loaded. Anything else (play,
// replay, moves, records, and every bad parameter, whose message Python words)
// loads PyScript, which runs embedapp.py; the first picture of play/replay is
// still drawn here while Python starts. Values from the URL only ever reach
// the page as textContent.
//
// The host page learns the content's height by postMessage
// {type: "phutball-size", height, rendered} on load and on every resize
// (ResizeObserver); embed.js sizes its iframe from it.
(function () {
  "use strict";
  const root = document.documentElement;
  const framed = window.parent !== window;
  if (framed) root.classList.add("framed");
  const MODES = ["view", "play", "replay"];
  const THEMES = ["light", "dark", "auto"];
  const FAST = ["position", "mode", "theme", "coords", "numbers", "arrows"];
  const state = { owner: "js", rendered: false, pos: null, coords: true };

  // ------------------------------------------------------------ parameters (the sure subset)

  function readParams(hash) {
    const text = hash.startsWith("#") ? hash.slice(1) : hash;
    const values = new Map();
    let sure = true;
    if (text && !text.includes("=")) {
      try { values.set("position", decodeURIComponent(text)); } catch (e) { sure = false; }
    } else if (text) {
      for (const [k, val] of new URLSearchParams(text)) {
        if (values.has(k) || (!FAST.includes(k) && !["moves", "record", "ply"].includes(k))) sure = false;
        values.set(k, val);
      }
    }
    // A word from a fixed list, exactly as the Python reader would accept it, else undefined.
    const word = (k, list, dflt) => {
      const val = values.get(k);
      if (val === undefined) return dflt;
      if (/^[A-Za-z0-9]+$/.test(val) && list.includes(val.toLowerCase())) return val.toLowerCase();
      sure = false;
      return undefined;
    };
    const flag = (k) => {
      const w = word(k, ["on", "true", "yes", "1", "off", "false", "no", "0"], "on");
      return w === undefined ? true : ["on", "true", "yes", "1"].includes(w);
    };
    const moves = values.has("moves") || values.has("record");
    const p = {
      mode: word("mode", MODES, moves ? "replay" : "view"),
      theme: word("theme", THEMES, "auto"),
      coords: flag("coords"),
      numbers: flag("numbers"),
      arrows: flag("arrows"),
      position: values.has("record") ? null : (values.has("position") ? values.get("position") : "15x19_O_H10"),
      moves,
      ply: values.has("ply"),
    };
    p.sure = sure && !moves && !p.ply;  // everything known, nothing that needs the engine
    return p;
  }

  // ------------------------------------------------------------ theme

  const mq = window.matchMedia("(prefers-color-scheme: dark)");
  let themeChoice = "auto";
  function applyTheme() {
    const t = themeChoice === "auto" ? (mq.matches ? "dark" : "light") : themeChoice;
    root.setAttribute("data-theme", t);
  }
  mq.addEventListener("change", () => {
    if (themeChoice !== "auto") return;
    applyTheme();
    window.dispatchEvent(new Event("phutball-theme"));
  });

  // ------------------------------------------------------------ size reports

  const el = (id) => document.getElementById(id);
  function report() {
    if (!framed) return;
    const box = el("embed");
    const height = Math.ceil(box.getBoundingClientRect().height);
    window.parent.postMessage({ type: "phutball-size", height, rendered: state.rendered }, "*");
  }

  // ------------------------------------------------------------ drawing a plain position

  // Size the canvas for a board whose natural size is w x h CSS pixels: it
  // keeps that aspect ratio and is never wider than w.
  function fit(w, h) {
    const c = el("board");
    c.style.aspectRatio = `${w} / ${h}`;
    c.style.maxWidth = `${Math.round(w)}px`;
  }

  function drawPlain() {
    if (state.owner !== "js" || !state.pos) return;
    const c = el("board");
    const shapes = window.phutballEmbedBoard.shapes(state.pos, c.clientWidth, c.clientHeight, state.coords);
    window.phutballCanvas.drawShapes(c, shapes);
    c.setAttribute("data-position", state.pos.canonical);
  }

  function rendered() {
    state.rendered = true;
    report();
  }

  // The error box in place of the board: a title and paragraphs of text nodes (never HTML).
  function errorBox(title, ...paragraphs) {
    state.settled = true;
    const box = el("error");
    const h = document.createElement("strong");
    h.textContent = title;
    box.replaceChildren(h, ...paragraphs);
    box.hidden = false;
    for (const id of ["board", "bar", "loading"]) el(id).hidden = true;
    root.classList.add("ready");
    rendered();
  }

  function showError(name, value, reason) {
    const p = document.createElement("p");
    p.append("The parameter ");
    const code = document.createElement("code");
    code.textContent = name;
    p.append(code, ` is not valid: ${reason}`);
    const q = document.createElement("p");
    q.append("Its value: ");
    const val = document.createElement("code");
    val.className = "value";
    val.textContent = value.length > 300 ? value.slice(0, 300) + "…" : value;
    q.append(val);
    errorBox("This board cannot be shown.", p, q);
  }

  // Python takes the canvas over: this script stops drawing on it.
  function takeOver() {
    state.owner = "python";
    state.settled = true;
    el("loading").hidden = true;
  }

  // Load PyScript, which runs embedapp.py. Several frames of one page each
  // fetch Pyodide, but the browser's HTTP cache lets only one of them download
  // it (the others wait for that and read the cache: tests/browser/test_embed.py).
  // If the engine cannot start (a file missing on the host, no WebAssembly), say so in the frame
  // instead of "Loading the engine…" for ever.
  const ENGINE_WAIT_MS = 90000;
  function engineFailed(reason, force) {
    if (state.settled && !force) return;
    const p = document.createElement("p");
    p.textContent = reason;
    errorBox("The engine could not start.", p);
  }

  function loadPython() {
    el("loading").hidden = false;
    const s = document.createElement("script");
    s.type = "module";
    s.src = "./pyscript/core.js";
    s.onerror = () => engineFailed("pyscript/core.js did not load from this site.");
    setTimeout(() => {
      engineFailed(`It did not start within ${ENGINE_WAIT_MS / 1000} s; reload to try again.`);
    }, ENGINE_WAIT_MS);
    document.head.appendChild(s);
  }

  function start() {
    const p = readParams(location.hash);
    themeChoice = p.theme || "auto";
    applyTheme();
    state.coords = p.coords;
    const embed = el("embed");
    embed.setAttribute("data-mode", p.mode || "view");
    el("replay-controls").hidden = p.mode !== "replay";
    el("play-controls").hidden = p.mode !== "play";
    el("bar").hidden = !(p.mode === "replay" || p.mode === "play");
    new ResizeObserver(report).observe(embed);
    const pos = p.position === null ? null : window.phutballEmbedBoard.parsePosition(p.position);
    // The first picture: the position itself, when the parameters show it first.
    const first = pos && p.mode && p.theme && !p.ply && (!p.moves || p.mode === "replay");
    if (first) {
      state.pos = pos;
      fit(...window.phutballEmbedBoard.naturalSize(pos, pos.variant === "2D" ? 40 : 56));
      new ResizeObserver(drawPlain).observe(el("board"));
      window.addEventListener("phutball-theme", drawPlain);
      drawPlain();
      rendered();
    }
    if (first && p.sure && p.mode === "view") {
      root.classList.add("ready");
    } else {
      loadPython();
    }
  }

  // readParams is exposed for tests/browser/test_embed.py, which checks it against embedparams.py.
  window.phutballFrame = { fit, rendered, showError, takeOver, report, readParams, engineFailed };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
