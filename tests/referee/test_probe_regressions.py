"""Regressions found by the independent probe of issue 17 (a hostile user and a careful
opponent, run on what had landed): snapshots that were valid JSON and passed every field check
but disagreed with their own phase, so that a later command of the protocol crashed
(``INTERNAL``) or the game stuck; files that never end (``/dev/zero``) read until memory ran
out; a game set aside told "it is damaged, it is damaged"."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from firmware_py.profile import MAX_PROFILE
from services.games.core import SeatPrompt, SnapshotError
from services.games.registry import MAX_PACK, default_registry
from services.referee.box.resume import reason
from services.referee.cli import main
from services.referee.errors import JournalDamaged
from services.referee.files import MAX_FILE
from services.referee.journal import Journal
from services.referee.live import LiveGame
from services.referee.protocol import Session
from tests.games.mutate import step
from tests.referee.damage import played_game, write

REGISTRY = default_registry()
Snapshot = dict[str, Any]


def reach(game: str, players: int, wanted: Callable[[Snapshot], bool],
          options: dict[str, Any] | None = None) -> Snapshot:
    """The first snapshot of seeded random playouts for which ``wanted`` holds (bounded)."""
    for seed in range(20):
        rng = random.Random(seed)
        state = REGISTRY.get(game).new_state(players, options)
        for _ in range(1500):
            snapshot = state.to_json()
            if wanted(snapshot):
                return snapshot
            if state.outcome() is not None:
                break
            step(state, rng)
    raise AssertionError(f"no {game} playout reached the wanted position")


def _physical_deal(s: Snapshot) -> str:
    s["options"]["cards"] = "physical"
    return "phase: with physical cards the table deals its own cards: there is no 'deal' phase"


def _choices_after_keep(s: Snapshot) -> str:
    s["phase"] = "refill"
    return "choices: keep choices wait only in phase 'keep', not in 'refill'"


def _batch_after_bottom(s: Snapshot) -> str:
    s["phase"] = "refill"
    return ("bottom_batch: cards wait to go under the deck only in phase 'bottom', not in "
            "'refill'")


def _ready_before_identities(s: Snapshot) -> str:
    s["ready"] = [True] * s["players"]
    return "ready: a seat is ready once it has seen its identity, but none is dealt"


def _plot_made_twice(s: Snapshot) -> str:
    s["phase"] = "plot"
    return "plot: phase 'plot' waits for the Human's plot, but one is already made"


def _combat_over(s: Snapshot) -> str:
    s["combat"]["over"] = True
    return "combat: phase 'combat' needs a combat still going on"


def _window_gone(s: Snapshot) -> str:
    s["window"] = None
    return "window: the adjustment goes back to a card window, but there is none"


def _spawn_in_move_step(s: Snapshot) -> str:
    colour = next(c for c in s["colours"] if c)
    s["submitted"] = {colour: {"cells": [s["human_cell"]]}}
    return f"submitted.{colour}: the do_move step takes pawns, shoggoth, not cells"


def _patients_redrawn(s: Snapshot) -> str:
    s["phase"] = "choose_patients"
    return ("patients_seat: must be -1 while the box draws the Patients player (phase "
            f"choose_patients), not {s['patients_seat']}")


def _start_rooms_skipped(s: Snapshot) -> str:
    first = s["victims"][0]["seat"]
    s["todo"] = [["victim_turn", first], ["patient_turn"]]
    return (f"victims: Seat {first + 1} has no room, but the start rooms are not to be chosen "
            "any more")


def _discard_before_the_shuffle(s: Snapshot) -> str:
    card = REGISTRY.get("asylum-escape").state_from_json(s).data.deck("camo_sabo")[0]
    s["discards"]["camo_sabo"] = [card]  # the shuffle to come deals it a second time
    return ("decks.camo_sabo: the whole deck is still to be shuffled, so its pile and its "
            "discards are empty")


def _patient_off_the_grid(s: Snapshot) -> str:
    patient = s["current"]["patient"]
    for p in s["patients"]:
        if p["card"] == patient:
            p["room"] = ""  # the coin then moved a Patient from nowhere (INTERNAL)
    return f"patients: {patient} has no room, but it is not landing"


# (game, players, options, the position, the damage, a name)
CASES: list[tuple[str, int, dict[str, Any] | None, Callable[[Snapshot], bool],
                  Callable[[Snapshot], str]]] = [
    ("decktet-escape", 3, None, lambda s: s["phase"] == "deal", _physical_deal),
    ("intruder-escape", 4, None,
     lambda s: s["phase"] == "keep" and any(c is not None for c in s["choices"]),
     _choices_after_keep),
    ("intruder-escape", 4, None, lambda s: s["phase"] == "bottom" and bool(s["bottom_batch"]),
     _batch_after_bottom),
    ("intruder-escape", 4, None, lambda s: s["phase"] == "characters",
     _ready_before_identities),
    ("innsmouth-escape", 3, None,
     lambda s: s["phase"] == "do_move" and s["plot"] is not None and not s["submitted"],
     _plot_made_twice),
    ("innsmouth-escape", 3, None, lambda s: s["phase"] == "combat", _combat_over),
    ("innsmouth-escape", 3, None,
     lambda s: s["phase"] == "adjust" and s["adjusting"]["resume"] == "window", _window_gone),
    ("innsmouth-escape", 3, None, lambda s: s["phase"] == "do_move" and not s["submitted"],
     _spawn_in_move_step),
    ("asylum-escape", 3, None, lambda s: s["phase"] == "victim_draw", _patients_redrawn),
    ("asylum-escape", 3, None, lambda s: s["phase"] == "victim_card", _start_rooms_skipped),
    ("asylum-escape", 3, None, lambda s: ["shuffle", "camo_sabo"] in s["todo"],
     _discard_before_the_shuffle),
    ("asylum-escape", 3, None, lambda s: s["phase"] == "flip", _patient_off_the_grid),
]


@pytest.mark.parametrize(("game", "players", "options", "where", "damage"), CASES,
                         ids=[c[4].__name__.strip("_") for c in CASES])
def test_a_snapshot_at_odds_with_its_phase_is_refused(game, players, options, where, damage):
    """Each of these was accepted, then crashed a later command (INTERNAL) or stuck the game."""
    snapshot = reach(game, players, where, options)
    REGISTRY.get(game).state_from_json(snapshot)  # the undamaged position loads
    message = damage(snapshot)
    with pytest.raises(SnapshotError) as info:
        REGISTRY.get(game).state_from_json(snapshot)
    assert info.value.message == message
    with Journal(":memory:") as journal:
        live, _ = LiveGame.new(journal, REGISTRY.get(game), players, options)
        session = Session(live, journal, None)
        before = session.live.state.to_json()
        answer = json.loads(session.answer_line(json.dumps({"cmd": "load",
                                                            "snapshot": snapshot})))
        assert answer == {"ok": False, "error": {"rule": "SNAPSHOT", "message": message}}
        assert session.live.state.to_json() == before


def test_the_loaded_physical_deal_no_longer_crashes_legal():
    """The probe's line: a dealt-mode deal loaded as physical cards, then ``legal``."""
    snapshot = REGISTRY.get("decktet-escape").new_state(3).to_json()
    snapshot["options"]["cards"] = "physical"
    with Journal(":memory:") as journal:
        box = random.Random(0)
        live, _ = LiveGame.new(journal, REGISTRY.get("decktet-escape"), 3, rng=box)
        session = Session(live, journal, box)
        session.answer_line(json.dumps({"cmd": "load", "snapshot": snapshot}))
        answer = json.loads(session.answer_line('{"cmd": "legal", "seat": 0}'))
        assert answer["ok"] is True and answer["actions"]


# ------------------------------------------------------------------ files that never end


def _huge(tmp_path: Path, size: int) -> Path:
    path = tmp_path / "huge.toml"
    with path.open("wb") as stream:
        stream.truncate(size + 1)  # sparse: no disk used
    return path


@pytest.mark.parametrize(("argv", "limit", "what"), [
    (["play", "decktet-escape", "--deck", "{}"], MAX_PACK, "give a data pack (.toml)"),
    (["sim", "--script", "{}", "--screens", "memory"], MAX_FILE,
     "give a sim script (see docs/box.md)"),
    (["wiring", "--board", "{}"], MAX_PROFILE, "give a board profile (.toml)"),
    (["enroll", "--game", "decktet-escape", "--kind", "card", "--from-list", "{}"], MAX_FILE,
     "give a list of id,label lines (see --list-ids)"),
    (["enroll", "--game", "decktet-escape", "--kind", "card", "--tags", "{}"], MAX_FILE,
     "give a tag registry (TOML) written by `refbox enroll`"),
], ids=["deck", "script", "board", "from-list", "tags"])
def test_a_file_that_never_ends_is_refused_in_one_line(tmp_path, capsys, argv, limit, what):
    path = _huge(tmp_path, max(MAX_PACK, MAX_FILE, MAX_PROFILE))
    status = main([a.format(path) for a in argv])
    out, err = capsys.readouterr()
    text = (out + err).strip()
    assert status != 0
    assert "Traceback" not in text and len(text.splitlines()) == 1, text
    assert f"{path}" in text and f"larger than {limit:,} bytes, the most refbox reads" in text
    assert text.endswith(what)


def test_a_list_that_is_not_text_names_the_file_and_line(tmp_path, capsys):
    path = tmp_path / "list.txt"
    path.write_bytes(b"scout,A\n\x91\x92\n")
    status = main(["enroll", "--game", "decktet-escape", "--kind", "card", "--from-list",
                   str(path), "--data", str(tmp_path / "data")])
    assert status == 1
    assert capsys.readouterr().out.strip() == (
        f"refbox enroll: {path}:2: this is not a text file (byte 0x91 is not UTF-8 text); "
        "give a list of id,label lines (see --list-ids)")


# ------------------------------------------------------------------ a game set aside


def test_a_game_set_aside_is_told_damaged_once(tmp_path):
    path = tmp_path / "refbox.sqlite"
    game = played_game(path, "decktet-escape", 3, 3, 5)
    write(path, "UPDATE games SET options = '[1' WHERE id = ?", game)
    with Journal(str(path)) as journal:
        with pytest.raises(JournalDamaged) as first:
            LiveGame.resume(journal, game, REGISTRY)
        journal.set_aside(game, reason(first.value))  # as the box does at start-up
        with pytest.raises(JournalDamaged) as again:
            LiveGame.resume(journal, game, REGISTRY)
    told = (f"{path}: game {game}: it is damaged, its options column is not valid JSON "
            "(Expecting ',' delimiter: line 1 column 3 (char 2))")
    assert first.value.message == told
    assert again.value.message == told


# ------------------------------------------------------------------ live and resumed alike


def test_a_loaded_game_plays_on_as_its_journal_replays_it():
    """A snapshot whose Deep One cards in play are listed out of key order: the live game
    discarded them at the end of the round in that order, the resumed one (the journal keeps
    keys sorted) in another, so a power cut changed the game. Now both start from the
    journal's own copy."""
    snapshot = reach("innsmouth-escape", 4, lambda s: len(s["do_played"]) >= 2
                     and s["phase"] != "over")
    snapshot["do_played"] = dict(sorted(snapshot["do_played"].items(), reverse=True))
    game = REGISTRY.get("innsmouth-escape")
    with Journal(":memory:") as journal:
        box = random.Random(1)
        live, _ = LiveGame.new(journal, game, 4, rng=box)
        session = Session(live, journal, box)
        assert json.loads(session.answer_line(json.dumps(
            {"cmd": "load", "snapshot": snapshot})))["ok"] is True
        ended = session.live.state.round + 1
        for _ in range(300):
            state = session.live.state
            if state.outcome() is not None or state.round > ended:
                break
            seat = min(p.seat for p in state.pending() if isinstance(p, SeatPrompt))
            action = state.legal_actions(seat)[0]
            assert json.loads(session.answer_line(json.dumps(
                {"cmd": "act", "seat": seat, "action": action.to_json()})))["ok"] is True
            resumed = LiveGame.resume(journal, session.live.id, REGISTRY)
            assert resumed.state.to_json() == session.live.state.to_json()
        assert session.live.state.round > snapshot["round"]  # a round ended on the way
