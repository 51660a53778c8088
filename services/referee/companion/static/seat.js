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

  var page = window.refbox;
  var $ = page.$;
  var showText = page.showText;
  var showPanel = page.showPanel;
  var showNotice = page.show;

  function setStatus(text) { $("status").textContent = text; }

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
    page.showMap(peeking && model.peek_map ? model.peek_map : model.map);
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
    page.clear(items);
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
