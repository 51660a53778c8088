// What the seat page and the table screen draw alike: text (set with textContent only),
// panels in words (a title, sentences, rows of a label, a few words and chips) and the
// board map. Loaded before the page's own script, which reads it as window.refbox.
"use strict";
window.refbox = (function () {
  function $(id) { return document.getElementById(id); }

  function clear(element) {
    while (element.firstChild) { element.removeChild(element.firstChild); }
  }

  function add(parent, tag, className, text) {
    var element = document.createElement(tag);
    if (className) { element.className = className; }
    element.textContent = text;
    parent.appendChild(element);
    return element;
  }

  function setLines(element, lines) {
    clear(element);
    (lines || []).forEach(function (text) { add(element, "p", "", String(text)); });
  }

  // A notice: its text, hidden while there is none.
  function show(element, text) {
    element.textContent = text || "";
    element.hidden = !text;
  }

  // A title and sentences: the elements <prefix>-title and <prefix>-lines.
  function showText(prefix, part) {
    $(prefix + "-title").textContent = part && part.title ? part.title : "";
    setLines($(prefix + "-lines"), part ? part.lines : []);
  }

  // A chip's colour: the one word of a suit, a colour or an identity it names, if only one;
  // a clue mark that says what a card is not ("not moons") is drawn apart.
  var CHIP_WORDS = ["moons", "suns", "waves", "leaves", "wyrms", "knots", "blue", "red",
    "green", "yellow", "purple", "orange", "intruder", "innocent"];

  function chipClass(text) {
    var words = String(text).toLowerCase().split(/[^a-z]+/);
    var known = CHIP_WORDS.filter(function (word) { return words.indexOf(word) >= 0; });
    var name = "chip" + (known.length === 1 ? " " + known[0] : "");
    return words[0] === "not" ? name + " not" : name;
  }

  // A panel in words: <prefix>-title, <prefix>-lines and <prefix>-rows.
  function showPanel(prefix, part) {
    showText(prefix, part);
    var rows = $(prefix + "-rows");
    clear(rows);
    ((part && part.rows) || []).forEach(function (found) {
      var element = add(rows, "div", "row", "");
      if (found.label) { add(element, "span", "row-label", found.label); }
      if (found.text) { add(element, "span", "row-text", found.text); }
      if (found.chips && found.chips.length) {
        var chips = add(element, "div", "chips", "");
        found.chips.forEach(function (text) { add(chips, "span", chipClass(text), text); });
      }
    });
  }

  // The board as a grid (the elements map, map-title, map-grid, map-notes): a header row of
  // column names, then each row's name and cells (a cell: its id or name, what is printed
  // on it, what stands on it, its places on the route). A seat's own secrets on it (a
  // held peek) outline it.
  function showMap(map) {
    var box = $("map");
    box.hidden = !map;
    if (!map) { return; }
    box.classList.toggle("peek", Boolean(map.secret));
    $("map-title").textContent = map.title || "";
    var grid = $("map-grid");
    clear(grid);
    var columns = map.columns || [];
    grid.className = "map-grid cols-" + Math.min(Math.max(columns.length, 1), 10);
    var steps = {};
    (map.route || []).forEach(function (id, index) {
      (steps[id] = steps[id] || []).push(String(index));
    });
    add(grid, "div", "map-head", "");
    columns.forEach(function (name) { add(grid, "div", "map-head", name); });
    var cells = map.cells || [];
    (map.rows || []).forEach(function (name, row) {
      add(grid, "div", "map-head", name);
      columns.forEach(function (ignored, column) {
        var cell = cells[row * columns.length + column] || { id: "" };
        var element = add(grid, "div", cell.id ? "map-cell" : "map-cell empty", "");
        if (!cell.id) { return; }
        add(element, "span", "cell-id", cell.name || cell.id);
        if (cell.text) { add(element, "span", "cell-text", cell.text); }
        (cell.marks || []).forEach(function (mark) { add(element, "span", "cell-mark", mark); });
        if (steps[cell.id]) {
          element.classList.add("on-route");
          add(element, "span", "cell-step", steps[cell.id].join(", "));
        }
      });
    });
    setLines($("map-notes"), map.notes);
  }

  return { $: $, clear: clear, add: add, setLines: setLines, show: show, showText: showText,
    showPanel: showPanel, showMap: showMap };
}());
