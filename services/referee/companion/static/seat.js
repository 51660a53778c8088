// The seat page: shows the seat's model (GET /api/model, then pushed by /api/events) and
// sends the seat's input (POST /api/input). Text is set with textContent only.
"use strict";
(function () {
  var version = null;
  var model = null;
  var publicModel = null;
  var peeking = false;
  var stream = null;
  var retryTimer = null;
  var why = "";  // the reason of the greyed item last tapped, shown until the menu changes

  function $(id) { return document.getElementById(id); }

  function setLines(element, lines) {
    while (element.firstChild) { element.removeChild(element.firstChild); }
    (lines || []).forEach(function (text) {
      var p = document.createElement("p");
      p.textContent = String(text);
      element.appendChild(p);
    });
  }

  function showText(prefix, part) {
    $(prefix + "-title").textContent = part && part.title ? part.title : "";
    setLines($(prefix + "-lines"), part ? part.lines : []);
  }

  // A chip's colour: the one word of a suit, a colour or an identity it names, if only one.
  var CHIP_WORDS = ["moons", "suns", "waves", "leaves", "wyrms", "knots", "blue", "red",
    "green", "yellow", "purple", "orange", "intruder", "innocent"];

  function chipClass(text) {
    var words = String(text).toLowerCase().split(/[^a-z]+/);
    var known = CHIP_WORDS.filter(function (word) { return words.indexOf(word) >= 0; });
    var name = "chip" + (known.length === 1 ? " " + known[0] : "");
    return words[0] === "not" ? name + " not" : name;
  }

  function add(parent, tag, className, text) {
    var element = document.createElement(tag);
    element.className = className;
    element.textContent = text;
    parent.appendChild(element);
    return element;
  }

  // A panel in words: its title, its sentences, its rows (a label, a few words, chips).
  function showPanel(prefix, part) {
    showText(prefix, part);
    var rows = $(prefix + "-rows");
    while (rows.firstChild) { rows.removeChild(rows.firstChild); }
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

  function setStatus(text) { $("status").textContent = text; }

  function showNotice(element, text) {
    element.textContent = text || "";
    element.hidden = !text;
  }

  function leave() { window.location.replace("/"); }

  function render() {
    if (!model) { return; }
    if (model.label) { $("label").textContent = model.label; document.title = model.label; }
    showNotice($("say"), model.status);
    showNotice($("notice"), model.notice);
    var peekBox = $("peek-box");
    peekBox.hidden = !(peeking && model.peek);
    if (!peekBox.hidden) { showPanel("peek", model.peek); }
    // The box's own screen text (outside a game, no menu open; a dice entry), not while
    // peeking: the peek replaces it.
    $("screen").hidden = !model.screen || !peekBox.hidden;
    if (!$("screen").hidden) { showText("screen", model.screen); }
    renderMenu(model.menu);
    renderMap(peeking && model.peek_map ? model.peek_map : model.map);
    var can = model.can || [];
    document.querySelectorAll("[data-press]").forEach(function (button) {
      button.disabled = can.indexOf(button.getAttribute("data-press")) < 0;
    });
    document.querySelector("[data-back]").disabled = can.indexOf("back") < 0;
    $("table-menu").disabled = can.indexOf("table") < 0;
    $("peek").disabled = can.indexOf("peek") < 0 && !peeking;
    var shown = publicModel && publicModel.title !== undefined ? publicModel : model.public;
    $("public").hidden = !shown;
    if (shown) { showPanel("public", shown); }
  }

  function renderMenu(menu) {
    var box = $("menu");
    box.hidden = !menu;
    if (!menu) { return; }
    showText("menu", menu);
    var items = $("menu-items");
    while (items.firstChild) { items.removeChild(items.firstChild); }
    (menu.items || []).forEach(function (item, index) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = item.label;
      if (item.why) { button.className = "greyed"; }
      if (index === menu.cursor) { button.className += " current"; }
      button.addEventListener("click", function () {
        why = item.why;
        showNotice($("why"), why);
        send("choose", index, false);
      });
      items.appendChild(button);
    });
    showNotice($("why"), why);
  }

  // The board as a grid: a header row of column names, then each row's name and cells (a
  // cell: its id or name, what is printed on it, what stands on it, its places on the route).
  function renderMap(map) {
    var box = $("map");
    box.hidden = !map;
    if (!map) { return; }
    box.classList.toggle("peek", Boolean(map.secret));
    $("map-title").textContent = map.title || "";
    var grid = $("map-grid");
    while (grid.firstChild) { grid.removeChild(grid.firstChild); }
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

  function take(data) {
    if (typeof data.version !== "number" || !data.model) { return; }
    if (!model || JSON.stringify(model.menu) !== JSON.stringify(data.model.menu)) { why = ""; }
    version = data.version;
    model = data.model;
    publicModel = data.public || null;
    render();
  }

  function fetchModel() {
    return fetch("/api/model", { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (response.status === 401 || response.status === 403) { leave(); return null; }
        return response.json().then(function (data) {
          if (response.ok) { take(data); } else { setStatus(data.error || "Try again."); }
        });
      })
      .catch(function () { setStatus("The box does not answer; trying again…"); });
  }

  function send(kind, value, again) {
    if (version === null) { return Promise.resolve(); }
    return fetch("/api/input", {
      method: "POST",
      credentials: "same-origin",
      cache: "no-store",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ version: version, kind: kind, value: value })
    }).then(function (response) {
      if (response.ok) { return null; }
      if (response.status === 401 || response.status === 403) { leave(); return null; }
      return response.json().then(function (data) {
        if (response.status === 409) {
          return fetchModel().then(function () {
            if (again) { return send(kind, value, false); }
            setStatus(data.error);
            return null;
          });
        }
        setStatus(data.error || "Not sent; try again.");
        return null;
      });
    }).catch(function () { setStatus("Not sent: the box does not answer."); });
  }

  function connect() {
    if (retryTimer !== null) { clearTimeout(retryTimer); retryTimer = null; }
    if (stream) { stream.close(); }
    stream = new EventSource("/api/events");
    stream.addEventListener("open", function () { setStatus("Live"); });
    stream.addEventListener("model", function (event) { take(JSON.parse(event.data)); });
    stream.addEventListener("freed", function () { stream.close(); leave(); });
    stream.addEventListener("replaced", function () {
      stream.close();  // this seat is open on a newer page (a reload): that one is live
      setStatus("Open on another page: reload this one to use it here.");
    });
    stream.addEventListener("error", function () {
      setStatus("Reconnecting…");
      if (stream.readyState === EventSource.CLOSED) {
        // The server refused the stream (a freed seat, too many streams): ask why, retry.
        fetchModel();
        retryTimer = setTimeout(connect, 3000);
      }
    });
  }

  function peekDown(event) {
    event.preventDefault();
    if (peeking) { return; }
    // Keep the pointer on the button while held, even if the page moves under it.
    try { event.target.setPointerCapture(event.pointerId); } catch (ignored) { /* old browser */ }
    peeking = true;
    $("peek").classList.add("held");
    render();
    send("peek", true, false);
  }

  function peekUp() {
    if (!peeking) { return; }
    peeking = false;
    $("peek").classList.remove("held");
    render();
    send("peek", false, true);
  }

  var peekButton = $("peek");
  peekButton.addEventListener("pointerdown", peekDown);
  ["pointerup", "pointercancel", "pointerleave", "lostpointercapture"].forEach(function (name) {
    peekButton.addEventListener(name, peekUp);
  });
  peekButton.addEventListener("contextmenu", function (event) { event.preventDefault(); });
  document.querySelectorAll("[data-press]").forEach(function (button) {
    button.addEventListener("click", function () {
      send("press", button.getAttribute("data-press"), false);
    });
  });
  document.querySelector("[data-back]").addEventListener("click", function () {
    send("hold", "ok", false);
  });
  $("table-menu").addEventListener("click", function () {
    send("hold", "next", false);  // as holding next on a seat's buttons
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" &&
        (!stream || stream.readyState === EventSource.CLOSED)) { connect(); }
  });

  fetchModel();
  connect();
}());
