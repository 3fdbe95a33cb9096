// The board of a seat's page (issue 44): a tap, a click, Enter or Space on a cell of the board
// writes the notation into the form's box, which still sends it (one parser, one judge). What
// may be tapped comes from the server as data (the seat's choices, pbem/kinds/choosing.py):
// no rule of any game is written here, only which cells the data offers and how many times.
(function () {
  "use strict";
  var data = document.getElementById("choices");
  var board = document.getElementById("board");
  if (!data || !board) return;
  var choices = JSON.parse(data.textContent || "{}");
  var form = document.getElementById("form-" + (choices.command || ""));
  var box = form ? form.querySelector("textarea") : null;
  var bar = document.getElementById("tools");
  if (!box || !bar) return;
  var sep = choices.sep || " ";
  // What the box held before the first tap (a refused text kept, a draft the page restored
  // after this script ran): the taps go after it.
  var base = null;
  var picks = []; // {tool, group, text, cells}
  var stage = choices.tools || [];
  var current = null; // the tool chosen; null: whichever the tapped cell allows
  var from = null; // the first tap of a pair: {cell, board}
  var collecting = []; // cells of a set being tapped
  var cells = Array.prototype.slice.call(board.querySelectorAll("[data-cell]"));

  function firstTool() {
    var first = stage[0];
    return first && first.cells && stage.length > 1 ? first : null;
  }
  current = firstTool();

  function groupOf(tool) { return tool.group || tool.key; }
  function used(tool) {
    return picks.filter(function (p) { return p.group === groupOf(tool); }).length;
  }
  function allowed(tool) {
    if (tool.count === undefined || tool.count === null) return Infinity;
    var more = 0;
    picks.forEach(function (p) { if (p.adds && p.adds[tool.key]) more += p.adds[tool.key]; });
    return tool.count + more;
  }
  function taken() {
    var found = {};
    picks.forEach(function (p) { (p.cells || []).forEach(function (c) { found[c] = true; }); });
    return found;
  }
  function fits(tool, chosen) {
    var sets = tool.sets || [];
    for (var i = 0; i < sets.length; i++) {
      var set = sets[i], all = true;
      for (var j = 0; j < chosen.length && all; j++) all = set.indexOf(chosen[j]) >= 0;
      if (all) return true;
    }
    return false;
  }
  // What a tap on `cell` of `where` would do with `tool`: "cell", "from", "to", "set" or null.
  function role(tool, cell, where) {
    if (tool.board && where && tool.board !== where) return null;
    if (from) {
      if (tool.pairs && tool.pairs[from.cell] && tool.pairs[from.cell][cell] &&
          from.board === where && used(tool) < allowed(tool)) return "to";
      return null;
    }
    if (collecting.length) {
      if (current !== tool) return null;
      if (collecting.indexOf(cell) >= 0) return null;
      return !taken()[cell] && fits(tool, collecting.concat([cell])) ? "set" : null;
    }
    if (used(tool) >= allowed(tool)) return null;
    if (tool.cells && tool.cells[cell] !== undefined) return "cell";
    if (tool.pairs && tool.pairs[cell]) return "from";
    if (tool.sets && !taken()[cell] && fits(tool, [cell])) return "set";
    return null;
  }
  function candidates(cell, where) {
    var able = function (t) { return role(t, cell, where) !== null; };
    var found = current ? [current].filter(able) : [];
    // The tool chosen first; where it does nothing, whatever else the cell allows.
    return found.length ? found : stage.filter(able);
  }

  function write() {
    if (base === null) base = box.value.trim();
    var texts = picks.map(function (p) { return p.text; });
    box.value = (base ? [base] : []).concat(texts).join(sep);
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }
  function after(text) {
    var then = choices.then || {};
    if (then[text]) { stage = then[text]; current = firstTool(); }
  }
  // A design builder, where the choices carry the tables (a hull, its systems, their prices
  // in that hull and the budget, all from the server): the Ship Code is written as it grows.
  var builder = choices.tables ? makeBuilder(choices) : null;

  function take(tool, text, chosen) {
    if (builder && tool.key === "place") { builder.at(text); from = null; refresh(); return; }
    picks.push({ tool: tool.key, group: groupOf(tool), text: text, cells: chosen || [],
      adds: tool.adds || null });
    from = null; collecting = [];
    write(); after(text); refresh();
  }
  function act(tool, cell, where) {
    var how = role(tool, cell, where);
    if (how === "cell") take(tool, tool.cells[cell]);
    else if (how === "from") { from = { cell: cell, board: where }; refresh(); }
    else if (how === "to") take(tool, tool.pairs[from.cell][cell]);
    else if (how === "set") {
      current = tool; collecting.push(cell);
      if (collecting.length === tool.size) {
        var chosen = collecting.slice();
        take(tool, tool.write.replace("{cells}", chosen.join(" ")), chosen);
      } else refresh();
    }
  }
  function tap(el) {
    var cell = el.getAttribute("data-cell"), where = el.getAttribute("data-board") || "";
    if (from && from.cell === cell && from.board === where) { from = null; refresh(); return; }
    if (collecting.length && collecting.indexOf(cell) >= 0) {
      collecting.splice(collecting.indexOf(cell), 1); refresh(); return;
    }
    var found = candidates(cell, where);
    if (!found.length) { say(cell + ": nothing to do there now."); return; }
    var starts = found.filter(function (t) { return role(t, cell, where) === "from"; });
    if (starts.length === found.length) { act(found[0], cell, where); return; }
    if (found.length === 1) { act(found[0], cell, where); return; }
    offer(found, cell, where);
  }

  var note = document.createElement("p");
  note.id = "tapnote"; note.setAttribute("role", "status"); note.className = "tapnote";
  function say(text) { note.textContent = text; }
  var menu = document.createElement("div");
  menu.id = "tapmenu"; menu.className = "tapmenu"; menu.hidden = true;
  menu.setAttribute("role", "group"); menu.setAttribute("aria-label", "Choose what to do");
  function offer(tools, cell, where) {
    menu.innerHTML = "";
    var head = document.createElement("p");
    head.textContent = cell + ":";
    menu.appendChild(head);
    tools.forEach(function (tool) {
      var b = button(tool.label, function () { menu.hidden = true; act(tool, cell, where); });
      menu.appendChild(b);
    });
    menu.appendChild(button("Cancel", function () { menu.hidden = true; refresh(); }));
    menu.hidden = false;
    menu.querySelector("button").focus();
  }
  function button(label, then) {
    var b = document.createElement("button");
    b.type = "button"; b.textContent = label;
    b.addEventListener("click", then);
    return b;
  }

  function refresh() {
    bar.innerHTML = "";
    if (stage.length > 1) {
      stage.forEach(function (tool) {
        var left = allowed(tool), count = used(tool);
        var label = tool.label + (left === Infinity ? "" : " (" + count + " of " + left + ")");
        var b = button(label, function () {
          current = current === tool ? null : tool; from = null; collecting = []; refresh();
        });
        b.setAttribute("aria-pressed", current === tool ? "true" : "false");
        b.disabled = left !== Infinity && count >= left;
        b.className = "tool";
        bar.appendChild(b);
      });
    }
    (choices.buttons || []).forEach(function (one) {
      bar.appendChild(button(one.label, function () {
        picks = []; base = ""; box.value = one.text; stage = choices.tools || [];
        current = firstTool(); from = null; collecting = []; refresh();
      }));
    });
    if (choices.random) {
      bar.appendChild(button("Random", function () {
        picks = []; base = ""; box.value = choices.random; from = null; collecting = [];
        refresh();
      }));
    }
    bar.appendChild(button("Undo", function () {
      if (collecting.length) collecting.pop();
      else if (from) from = null;
      else if (picks.length) {
        picks.pop(); stage = choices.tools || [];
        picks.forEach(function (p) { after(p.text); });
        current = firstTool(); write();
      }
      refresh();
    }));
    bar.appendChild(button("Clear", function () {
      picks = []; base = ""; from = null; collecting = []; stage = choices.tools || [];
      current = firstTool(); write(); refresh();
    }));
    bar.appendChild(note);
    bar.appendChild(menu);
    bar.hidden = false;
    var mine = taken();
    cells.forEach(function (el) {
      var cell = el.getAttribute("data-cell"), where = el.getAttribute("data-board") || "";
      var live = candidates(cell, where).length > 0;
      el.classList.toggle("live", live);
      el.classList.toggle("from", !!from && from.cell === cell && from.board === where);
      el.classList.toggle("collecting", collecting.indexOf(cell) >= 0 &&
        (!current || !current.board || current.board === where));
      el.classList.toggle("picked", !!mine[cell] && (where === "own" || where === ""));
      el.setAttribute("aria-disabled", live ? "false" : "true");
    });
    if (from) say(from.cell + " chosen: tap where to, or tap it again to let go.");
    else if (collecting.length) say(current.label + ": " + collecting.join(" ") + " ...");
    else say("");
  }

  function makeBuilder(choices) {
    var t = choices.tables, box2 = document.createElement("fieldset");
    box2.className = "builder";
    var legend = document.createElement("legend");
    legend.textContent = "Design a ship";
    box2.appendChild(legend);
    function field(label, input) {
      var l = document.createElement("label");
      l.textContent = label + " ";
      l.appendChild(input);
      box2.appendChild(l);
      return input;
    }
    var name = field("Name", document.createElement("input"));
    name.value = "Ship1"; name.autocomplete = "off";
    var hull = field("Hull", document.createElement("select"));
    t.hulls.forEach(function (h) {
      var o = document.createElement("option");
      o.value = h.code;
      o.textContent = h.code + " " + h.name + ": " + h.cost + " points, " + h.spaces + " spaces";
      hull.appendChild(o);
    });
    var arc = field("Arc of a weapon", document.createElement("select"));
    [["f", "front"], ["r", "right"], ["l", "left"], ["b", "rear"]].forEach(function (a) {
      var o = document.createElement("option");
      o.value = a[0]; o.textContent = a[1]; arc.appendChild(o);
    });
    var facing = field("Facing", document.createElement("select"));
    (choices.facings || []).forEach(function (f) {
      var o = document.createElement("option");
      o.value = f; o.textContent = f; facing.appendChild(o);
    });
    facing.value = choices.facing || "";
    var parts = document.createElement("div");
    parts.className = "tools";
    box2.appendChild(parts);
    var shown = document.createElement("p");
    shown.setAttribute("role", "status");
    box2.appendChild(shown);
    var systems = [], hex = "", spent = 0;
    function the(hullCode) {
      return t.hulls.filter(function (h) { return h.code === hullCode; })[0];
    }
    function sums() {
      var h = the(hull.value), cost = h.cost, space = 0;
      systems.forEach(function (s) { cost += h.prices[s[0]][0]; space += h.prices[s[0]][1]; });
      return { cost: cost, space: space, hull: h };
    }
    function code() {
      return hull.value + "-" + systems.map(function (s) {
        return s.length > 1 ? "(" + s + ")" : s;
      }).join("");
    }
    function draw() {
      parts.innerHTML = "";
      var now = sums();
      t.systems.forEach(function (s) {
        var price = now.hull.prices[s.code];
        var b = button(s.code + " " + s.name + " (" + price[0] + ")", function () {
          systems.push(s.weapon ? s.code + arc.value : s.code); draw();
        });
        var engines = systems.filter(function (x) { return x === "I"; }).length;
        b.disabled = now.space + price[1] > now.hull.spaces ||
          (s.code === "I" && engines >= t.max_engines);
        parts.appendChild(b);
      });
      parts.appendChild(button("Take out the last", function () { systems.pop(); draw(); }));
      parts.appendChild(button("Add this ship", function () {
        var line = name.value.trim() + " " + code() + (hex ? " at " + hex + " " + facing.value : "");
        spent += sums().cost;
        take({ key: "ship" }, line);
        systems = []; hex = ""; name.value = "Ship" + (picks.length + 1); draw();
      }));
      shown.textContent = name.value + " " + code() + ": " + now.cost + " points, space " +
        now.space + " of " + now.hull.spaces + "; " + (choices.budget - spent - now.cost) +
        " of " + choices.budget + " points left" + (hex ? "; starts at " + hex : "");
    }
    hull.addEventListener("change", function () { systems = []; draw(); });
    name.addEventListener("input", draw);
    bar.parentNode.insertBefore(box2, bar);
    draw();
    return { at: function (where) { hex = where; draw(); } };
  }

  var taps = 0; // counted on the board (data-taps): a page test waits for its tap to be read
  function tapped(el) { tap(el); board.setAttribute("data-taps", String(++taps)); }
  cells.forEach(function (el) {
    el.addEventListener("click", function () { tapped(el); });
    el.addEventListener("keydown", function (e) {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); tapped(el); }
    });
  });
  refresh();
  board.setAttribute("data-ready", "");
})();
