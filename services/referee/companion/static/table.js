// The table screen: shows the public model of the game (GET /T/<code>/model, then pushed by
// /T/<code>/events). It sends nothing but those GETs. Text is set with textContent only.
// Narration (speech synthesis) and sound cues (WebAudio beeps) are off until switched on:
// browsers start audio only after a tap or click on the page.
"use strict";
(function () {
  var code = window.location.pathname.split("/")[2] || "";
  var base = "/T/" + encodeURIComponent(code);
  var model = null;
  var stream = null;
  var retryTimer = null;
  var heard = null;  // {moves, rolls, turn} of the model last narrated or beeped
  var audio = null;  // the AudioContext, made on the first switch to sounds
  // What was said and played, for the page's tests (the browser may have no voice).
  var record = window.tableScreen = { spoken: [], cues: [] };

  var page = window.refbox;
  var $ = page.$;
  var add = page.add;

  function renderRolls(rolls) {
    var box = $("rolls");
    box.hidden = !rolls;
    var list = $("roll-steps");
    page.clear(list);
    if (!rolls) { return; }
    rolls.steps.forEach(function (step) {
      var item = add(list, "li", step.roll ? "roll" : "", "");
      add(item, "p", "said", step.said);
      (step.lines || []).forEach(function (line) { add(item, "p", "why", line); });
    });
  }

  function renderLog(log, moves) {
    var list = $("log");
    page.clear(list);
    list.start = moves;
    log.slice().reverse().forEach(function (line) { add(list, "li", "", line); });
    $("moves").textContent = moves ? "(" + moves + " moves)" : "";
  }

  function render() {
    if (!model) { return; }
    $("title").textContent = model.title || "Table screen";
    document.title = (model.title || "Table") + ": table screen";
    $("turn").textContent = model.turn || "";
    page.show($("note"), model.note);
    var dice = model.dice;
    $("dice").hidden = !dice;
    if (dice) {
      $("dice-title").textContent = dice.title;
      $("dice-purpose").textContent = dice.purpose;
      page.show($("dice-note"), dice.note);
    }
    page.showMap(model.map);
    page.showPanel("panel", model.panel);
    renderRolls(model.rolls);
    renderLog(model.log || [], model.moves || 0);
  }

  // ------------------------------------------------------------------ narration and cues

  function rollLines(rolls) {
    var lines = [];
    ((rolls && rolls.steps) || []).forEach(function (step) {
      if (step.roll) { lines = lines.concat(step.lines.length ? step.lines : [step.said]); }
    });
    return lines;
  }

  function say(text) {
    record.spoken.push(text);
    if (window.speechSynthesis && window.SpeechSynthesisUtterance) {
      window.speechSynthesis.speak(new window.SpeechSynthesisUtterance(text));
    }
  }

  function tone(frequency, start, length) {
    var oscillator = audio.createOscillator();
    var gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, audio.currentTime + start);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + start + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(audio.currentTime + start);
    oscillator.stop(audio.currentTime + start + length);
  }

  var CUES = { move: [660], roll: [440, 660], over: [523, 659, 784] };

  function cue(name) {
    record.cues.push(name);
    if (!audio) { return; }
    CUES[name].forEach(function (frequency, index) { tone(frequency, index * 0.15, 0.14); });
  }

  // Tell what is new since the last model heard: new moves (at most the last five), the
  // new roll's explanation, whose turn it is when that changed.
  function tell() {
    var now = { moves: model.moves || 0, rolls: JSON.stringify(model.rolls),
      turn: model.turn || "", mode: model.mode };
    var before = heard;
    heard = now;
    if (!before || (!$("narrate").checked && !$("sounds").checked)) { return; }
    var fresh = Math.min(Math.max(now.moves - before.moves, 0), 5, (model.log || []).length);
    var newRoll = now.rolls !== before.rolls && model.rolls;
    if ($("sounds").checked) {
      if (now.mode === "over" && before.mode !== "over") { cue("over"); }
      else if (newRoll) { cue("roll"); }
      else if (fresh) { cue("move"); }
    }
    if (!$("narrate").checked) { return; }
    if (newRoll) {
      rollLines(model.rolls).forEach(say);
    } else if (fresh) {
      model.log.slice(-fresh).forEach(say);
    }
    if (now.turn && now.turn !== before.turn) { say(now.turn); }
  }

  $("narrate").addEventListener("change", function () {
    if (!$("narrate").checked && window.speechSynthesis) { window.speechSynthesis.cancel(); }
    if ($("narrate").checked) { say("Narration on."); }
  });
  $("sounds").addEventListener("change", function () {
    var Context = window.AudioContext || window.webkitAudioContext;
    if ($("sounds").checked && !audio && Context) { audio = new Context(); }
    if ($("sounds").checked) { cue("move"); }
  });

  // ------------------------------------------------------------------ the model

  function setStatus(text) { $("status").textContent = text; }

  function take(data) {
    if (typeof data.version !== "number" || !data.model) { return; }
    model = data.model;
    render();
    tell();
  }

  function askAgain(message) {
    window.location.replace("/table");
    setStatus(message);
  }

  function fetchModel() {
    return fetch(base + "/model", { cache: "no-store" })
      .then(function (response) {
        return response.json().then(function (data) {
          if (response.ok) { take(data); return; }
          if (response.status === 403) { askAgain(data.error); return; }
          setStatus(data.error || "Try again.");
        });
      })
      .catch(function () { setStatus("The box does not answer; trying again…"); });
  }

  function connect() {
    if (retryTimer !== null) { clearTimeout(retryTimer); retryTimer = null; }
    if (stream) { stream.close(); }
    stream = new EventSource(base + "/events");
    stream.addEventListener("open", function () { setStatus("Live"); });
    stream.addEventListener("model", function (event) { take(JSON.parse(event.data)); });
    stream.addEventListener("code", function (event) {
      stream.close();
      askAgain(JSON.parse(event.data).error);
    });
    stream.addEventListener("replaced", function () {
      stream.close();
      setStatus("Open on a newer page of this device: reload this one to watch here.");
    });
    stream.addEventListener("error", function () {
      setStatus("Reconnecting…");
      if (stream.readyState === EventSource.CLOSED) {
        fetchModel();
        retryTimer = setTimeout(connect, 3000);
      }
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" &&
        (!stream || stream.readyState === EventSource.CLOSED)) { connect(); }
  });

  fetchModel();
  connect();
}());
