// The replay page: steps through the frames embedded in #replay-data. Arrow keys, Home/End,
// buttons and a slider move; the address follows the step (#turn-12) and opens there.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const frames = data.frames;
  const $ = (id) => document.getElementById(id);
  let step = 0;
  let view = data.views[0][0];

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  const pct = (a, b) => (100 * a / b).toFixed(4) + "%";

  function place(node, x, y, w, h) {
    const g = data.grids;
    node.style.left = pct(x, g.width);
    node.style.top = pct(y, g.height);
    node.style.width = pct(w, g.width);
    node.style.height = pct(h, g.height);
    return node;
  }

  function board(b) {
    const g = data.grids;
    const fig = el("figure", { class: "board", tabindex: "0" });
    const said = b.changed.length ? ". Changed this step: " + b.changed.join(" ") : "";
    fig.appendChild(el("figcaption", {}, b.title));
    const grids = el("div", { class: "grids", role: "img",
      "aria-label": b.title + ": " + describe(b) + said });
    grids.appendChild(el("img", { class: "back", src: g.png, alt: "" }));
    for (const [cell, mark] of Object.entries(b.marks)) {
      const [x, y] = g.cells[cell];
      grids.appendChild(place(el("img", { src: data.tiles[b.style + ":" + mark], alt: "" }),
        x, y, g.tile, g.tile));
    }
    for (const [x, y, w, h] of g.outlines) {
      const outline = place(el("div", { class: "outline" }), x, y, w, h);
      outline.style.borderColor = data.outline;  // the pictures' own ink
      grids.appendChild(outline);
    }
    for (const cell of b.changed) {
      const [x, y] = g.cells[cell];
      grids.appendChild(place(el("div", { class: "changed", "data-cell": cell }), x, y, g.tile, g.tile));
    }
    fig.appendChild(grids);
    return fig;
  }

  function describe(b) {
    const cells = Object.entries(b.marks).map(([c, m]) => c + " " + m);
    return cells.length ? cells.join(", ") : "nothing marked";
  }

  function key(styles) {
    const p = el("p", { class: "key" });
    for (const style of styles) {
      for (const [mark, meaning] of data.keys[style] || []) {
        const span = el("span");
        span.appendChild(el("img", { src: data.tiles[style + ":" + mark], alt: "" }));
        span.appendChild(document.createTextNode(" " + meaning));
        p.appendChild(span);
      }
    }
    if (data.grids) {
      const span = el("span");
      span.appendChild(el("span", { class: "mark" }));
      span.appendChild(document.createTextNode(" changed this step"));
      p.appendChild(span);
    }
    return p;
  }

  // The SVG board: drawn once (cells, names, key), a layer per step put over it.
  let drawn = null;
  let layer = null;
  let scroller = null;
  function drawingBox() {
    if (scroller) return scroller;
    const d = data.drawing;
    scroller = el("div", { class: "scroller", tabindex: "0" });
    scroller.innerHTML = '<svg class="drawing" role="img" viewBox="0 0 ' +
      d.width + " " + d.height + '" font-family="' + d.font + '" fill="#141414"><defs>' + d.defs +
      '</defs><rect width="' + d.width + '" height="' + d.height + '" fill="#fff"/><g>' + d.back +
      '</g><g class="layer"></g></svg>';
    drawn = scroller.firstChild;
    drawn.style.maxWidth = d.width + "px";
    drawn.style.minWidth = d.least + "px";
    layer = drawn.querySelector("g.layer");
    return scroller;
  }

  function show(n, fromHash) {
    step = Math.max(0, Math.min(frames.length - 1, n));
    const frame = frames[step];
    const shown = frame.views[view];
    $("label").textContent = frame.label;
    $("where").textContent = frame.label + " (step " + (step + 1) + " of " + frames.length + ")";
    $("slider").value = String(step);
    $("slider").setAttribute("aria-valuetext", frame.label);
    $("first").disabled = $("prev").disabled = step === 0;
    $("last").disabled = $("next").disabled = step === frames.length - 1;
    const boards = $("boards");
    boards.replaceChildren();
    for (const b of shown.boards || []) boards.appendChild(board(b));
    if ((shown.boards || []).length) boards.appendChild(key([...new Set(shown.boards.map((b) => b.style))]));
    for (const i of shown.pictures || []) {
      const [src, width] = data.pictures[i];
      // Never wider than drawn (no blur), never so narrow its smallest text is under 9px.
      const img = el("img", { class: "picture", src: src, alt: "The map: " + frame.label });
      img.style.maxWidth = width + "px";
      img.style.minWidth = Math.min(width, Math.ceil(width * 9 / data.smallest)) + "px";
      const box = el("div", { class: "scroller", tabindex: "0" });
      box.appendChild(img);
      boards.appendChild(box);
    }
    for (const i of shown.drawings || []) {
      // A whole SVG drawing: never wider than drawn, its smallest text never under 9px.
      const box = el("div", { class: "scroller", tabindex: "0" });
      box.innerHTML = data.layers[i];
      const svg = box.firstChild;
      const width = svg.viewBox.baseVal.width;
      svg.classList.add("drawing");
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      svg.style.maxWidth = width + "px";
      svg.style.minWidth = Math.min(width, Math.ceil(width * 9 / data.smallest)) + "px";
      svg.setAttribute("aria-label", "The map: " + frame.label);
      boards.appendChild(box);
    }
    if (data.drawing && shown.layer !== null && shown.layer !== undefined) {
      boards.appendChild(drawingBox());
      layer.innerHTML = data.layers[shown.layer];
      drawn.setAttribute("aria-label", data.drawing.label + ": " + frame.label);
    }
    const ended = $("ended");
    ended.hidden = !(data.ended && step === frames.length - 1);
    ended.textContent = data.ended || "";
    const lines = $("lines");
    lines.replaceChildren(...shown.lines.map((line) => el("p", {}, line)));
    $("changed").textContent = (shown.changed || []).join("; ");
    for (const a of document.querySelectorAll("nav.turns a")) {
      if (a.getAttribute("href") === "#" + frame.id) a.setAttribute("aria-current", "step");
      else a.removeAttribute("aria-current");
    }
    if (!fromHash && location.hash !== "#" + frame.id) history.replaceState(null, "", "#" + frame.id);
  }

  function fromHash() {
    // An address typed or pasted wrong (`#%`, `#%E0`) names no step: the first one shows.
    let wanted;
    try {
      wanted = decodeURIComponent(location.hash.slice(1));
    } catch (e) {
      return null;
    }
    if (!wanted) return 0;
    let i = frames.findIndex((f) => f.id === wanted);
    if (i < 0) i = frames.findIndex((f) => f.id.startsWith(wanted + "-"));
    return i < 0 ? null : i;
  }

  function build() {
    $("slider").max = String(frames.length - 1);
    $("first").addEventListener("click", () => show(0));
    $("prev").addEventListener("click", () => show(step - 1));
    $("next").addEventListener("click", () => show(step + 1));
    $("last").addEventListener("click", () => show(frames.length - 1));
    $("slider").addEventListener("input", (e) => show(Number(e.target.value)));
    const views = $("views");
    if (data.views.length > 1) {
      for (const [k, label] of data.views) {
        const id = "view-" + k;
        const input = el("input", { type: "radio", name: "view", id: id, value: k });
        if (k === view) input.checked = true;
        input.addEventListener("change", () => { view = k; show(step, true); });
        const l = el("label", { for: id });
        l.append(input, " " + label);
        views.appendChild(l);
      }
    } else {
      views.hidden = true;
    }
    const list = $("turn-list");
    frames.forEach((f) => {
      const li = el("li");
      li.appendChild(el("a", { href: "#" + f.id }, f.label));
      list.appendChild(li);
    });
    document.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const t = e.target;
      if (t && (t.id === "slider" || t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && t.type !== "radio"))) return;
      const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: frames.length - 1 };
      if (t && t.type === "radio" && (e.key === "ArrowLeft" || e.key === "ArrowRight")) return;
      if (e.key in moves) { e.preventDefault(); show(moves[e.key]); }
    });
    window.addEventListener("hashchange", () => {
      const i = fromHash();
      if (i !== null && i !== step) show(i, true);
    });
    const start = fromHash();
    show(start === null ? 0 : start, start !== null && location.hash !== "");
  }
  build();
})();
