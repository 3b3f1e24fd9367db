// The atlas's charts (atlas.html): the examples of a strip length, written under the chart when one of its
// dots is pointed at with a mouse, reached with Tab or tapped. A dot's <title> says it too, but only as a
// mouse's tooltip, which a phone never shows; and two lines' dots can lie on top of each other, so every
// line's example at that length is listed, each with its link. lab/atlas.py writes the charts, each dot a
// link to its example in the calculator.
// * Mouse and keyboard: a click or Enter opens the calculator at once.
// * Touch and pen: a first tap on a dot shows the examples; a second tap on the same dot opens its own.
// Without this script the dots are plain links with tooltips.

const OPEN = "Open it in the calculator";

function item(point, prefix) {
  const li = document.createElement("li");
  const series = point.closest(".series");
  const line = [...series.classList].find((c) => /^series-\d+$/.test(c));
  if (line) li.className = line;
  const swatch = document.createElement("span");
  swatch.className = "swatch";
  swatch.setAttribute("aria-hidden", "true");
  const text = document.createElement("span");
  const title = point.querySelector("title");
  let said = title ? title.textContent : "";
  if (said.startsWith(prefix)) said = said.slice(prefix.length);
  // the positions (L_.*.o.o....) in a fixed-width font, as the page's sentences write them
  said.split(/([LR]_[.o*]+)/).forEach((part, i) => {
    if (i % 2 === 0) { text.append(part); return; }
    const code = document.createElement("code");
    code.textContent = part;
    text.append(code);
  });
  li.append(swatch, text);
  const href = point.getAttribute("href");
  if (href) {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = OPEN;
    text.append(" ");
    text.append(a);
  }
  return li;
}

function show(figure, dot) {
  const caption = figure.querySelector(".atlas-pick");
  if (!caption) return;
  for (const old of figure.querySelectorAll(".point.picked")) old.classList.remove("picked");
  dot.classList.add("picked");
  const n = dot.getAttribute("data-n");
  const prefix = `${n} squares: `;
  const head = document.createElement("p");
  head.className = "pick-head";
  head.textContent = `${n} squares`;
  const list = document.createElement("ul");
  list.className = "pick-list";
  for (const point of figure.querySelectorAll(`.series .point[data-n="${n}"]`)) list.append(item(point, prefix));
  caption.replaceChildren(head, list);
}

for (const figure of document.querySelectorAll(".atlas-section figure")) {
  let touch = false;   // the press that leads to the coming click was a finger's or a pen's
  let shown = false;   // ... and its dot's examples were already under the chart then
  figure.addEventListener("pointerover", (e) => {
    const dot = e.target.closest(".point");
    if (dot && e.pointerType === "mouse") show(figure, dot);
  });
  figure.addEventListener("focusin", (e) => {
    const dot = e.target.closest(".point");
    if (dot) show(figure, dot);
  });
  figure.addEventListener("pointerdown", (e) => {
    const dot = e.target.closest(".point");
    touch = e.pointerType !== "mouse";
    shown = Boolean(dot && dot.classList.contains("picked"));
  });
  figure.addEventListener("click", (e) => {
    const dot = e.target.closest(".point");
    if (!dot) return;
    if (!dot.getAttribute("href") || (touch && !shown)) {
      e.preventDefault();   // a first tap (or a dot without an example): show the examples, open nothing yet
      show(figure, dot);
      shown = true;
    }
    touch = false;
  });
}
