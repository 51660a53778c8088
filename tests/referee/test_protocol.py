"""The JSON line protocol of `refbox play --json`, in process."""

from __future__ import annotations

import json
import random

import pytest

from services.games.registry import default_registry
from services.referee.journal import Journal
from services.referee.live import LiveGame
from services.referee.protocol import Session

GAME = default_registry().get("decktet-escape")


@pytest.fixture
def journal():
    with Journal(":memory:") as j:
        yield j


def session(journal, rng=True, players=3) -> Session:
    box_rng = random.Random(11) if rng else None
    live, _ = LiveGame.new(journal, GAME, players, rng=box_rng)
    return Session(live, journal, box_rng)


def ask(s: Session, **command):
    return s.handle(json.loads(json.dumps(command)))


def test_pending_view_legal(journal):
    s = session(journal)
    assert ask(s, cmd="pending") == {"ok": True, "pending": [
        {"actor": 0, "kind": "turn", "text": "give a clue, play a card or discard a card"}]}
    view = ask(s, cmd="view", seat=1)["view"]
    assert view["seat"] == 1 and view["hands"][1]["hidden"] is True
    assert ask(s, cmd="view")["view"]["seat"] is None
    legal = ask(s, cmd="legal", seat=0)["actions"]
    assert {"type": "play", "seat": 0, "slot": 0, "route": None} in legal
    assert ask(s, cmd="legal", seat=1) == {"ok": True, "actions": []}


def test_act_answers_events_and_the_next_prompt(journal):
    s = session(journal)
    answer = ask(s, cmd="act", seat=0, action={"type": "discard", "slot": 0})
    assert answer["ok"] is True
    assert [e["type"] for e in answer["events"]] == [
        "card_revealed", "discarded", "card_drawn", "narrate", "turn"]
    assert answer["pending"][0]["actor"] == 1 and answer["outcome"] is None


def test_a_refusal_changes_nothing(journal):
    s = session(journal)
    before = ask(s, cmd="snapshot")["snapshot"]
    answer = ask(s, cmd="act", seat=0, action={"type": "clue", "target": 0, "about": "moons"})
    assert answer == {"ok": False, "error": {
        "rule": "R-EX-06", "message": "a clue must be given to another player, not yourself"}}
    assert ask(s, cmd="snapshot")["snapshot"] == before


@pytest.mark.parametrize(("command", "message"), [
    ({"cmd": "dance"}, "unknown command 'dance'; commands are: act, chance, pending, view, "
                       "legal, snapshot, load, undo, outcome, transcript"),
    ({"cmd": "act", "seat": 0}, "act: missing field(s): action (fields: action, seat)"),
    ({"cmd": "pending", "seat": 0}, "pending: unknown field(s): seat (fields: none)"),
    ({"cmd": "view", "seat": 7}, "view: seat must be a whole number from 0 to 2, not 7"),
    ({"cmd": "legal", "seat": "1"}, "legal: seat must be a whole number from 0 to 2, not '1'"),
    ({"cmd": "act", "seat": 0, "action": "play"},
     'act: "action" must be an object such as {"type": "play", ...}'),
    ({"cmd": "act", "seat": 0, "action": {"type": "play", "slot": 0, "seat": 1}},
     "act: the action's seat 1 differs from seat 0"),
    ({"cmd": "undo", "count": 2}, "undo: 'count' and 'reason' go with a referee undo only"),
    (["cmd", "pending"], 'a command must be a JSON object such as {"cmd": "pending"}'),
])
def test_malformed_commands_get_a_clear_error(journal, command, message):
    s = session(journal)
    assert s.handle(command) == {"ok": False, "error": {"rule": "PROTOCOL", "message": message}}


@pytest.mark.parametrize(("action", "message"), [
    ({"type": "jump"}, "unknown action type 'jump'; allowed: clue, discard, discard_card, draw, "
                       "end_game, flip, give, lose, place, play, play_card, roll, shuffle"),
    ({"type": "play"}, "'play' needs the field 'slot'"),
    ({"type": "play", "slot": "2"}, "'play'.slot must be a whole number, not '2'"),
    ({"type": "play", "slot": 1, "card": "x"},
     "'play' has no field 'card'; its fields are: seat, slot, route"),
])
def test_malformed_actions_get_a_clear_error(journal, action, message):
    s = session(journal)
    answer = ask(s, cmd="act", seat=0, action=action)
    assert answer == {"ok": False, "error": {"rule": "ACTION-FORMAT", "message": message}}


def test_bad_json_is_reported_and_the_game_goes_on(journal):
    s = session(journal)
    assert s.handle_line("{nope") == {"ok": False, "error": {
        "rule": "PROTOCOL", "message": "not valid JSON (Expecting property name enclosed in "
        "double quotes at column 2)"}}
    assert s.handle_line('{"cmd": "outcome"}') == {"ok": True, "outcome": None}


def test_request_ids_are_echoed(journal):
    s = session(journal)
    assert s.handle({"cmd": "outcome", "id": 7}) == {"id": 7, "ok": True, "outcome": None}
    assert s.handle({"cmd": "nope", "id": "a"})["id"] == "a"


def test_manual_chance_supplies_the_shuffle(journal):
    s = session(journal, rng=False)
    assert ask(s, cmd="pending")["pending"] == [{
        "actor": "chance", "kind": "shuffle", "purpose": "shuffle the 45 cards before the deal",
        "deck": "draw", "size": 45}]
    bad = ask(s, cmd="chance", outcome={"faces": [3]})
    assert bad["error"]["message"] == (
        "a shuffle outcome takes exactly the fields order; unknown: faces; missing: order")
    answer = ask(s, cmd="chance", outcome={"order": list(GAME.deck.ids)})
    assert answer["events"][0] == {"type": "dealt", "hand_size": 5, "draw_count": 30, "first": 0}
    assert ask(s, cmd="view", seat=1)["view"]["hands"][0]["slots"][0]["card"] == "ace-moons"


def test_chance_is_refused_when_the_box_rolls(journal):
    s = session(journal)
    answer = ask(s, cmd="chance", outcome={"order": []})
    assert answer["error"]["rule"] == "BOX-CHANCE"


def test_snapshot_and_load(journal):
    s = session(journal)
    snapshot = ask(s, cmd="snapshot")["snapshot"]
    ask(s, cmd="act", seat=0, action={"type": "discard", "slot": 0})
    first = s.live.id
    answer = ask(s, cmd="load", snapshot=snapshot)
    assert answer["ok"] and answer["journal_game"] != first
    assert ask(s, cmd="snapshot")["snapshot"] == snapshot
    assert journal.game(first).status == "abandoned"
    bad = ask(s, cmd="load", snapshot={"game": "chess"})
    assert bad["error"] == {"rule": "SNAPSHOT", "message":
                            "this is not a snapshot of decktet-escape (game: 'chess')"}


def test_undo_player_and_referee(journal):
    s = session(journal)
    ask(s, cmd="act", seat=0, action={"type": "discard", "slot": 0})
    assert ask(s, cmd="undo")["error"]["rule"] == "UNDO-HIDDEN"
    answer = ask(s, cmd="undo", referee=True, count=1, reason="oops")
    assert answer["undone"] == [{"actor": 0, "says": "Seat 1 discards the card in slot 1"}]
    assert answer["pending"][0]["actor"] == 0


def test_transcript_command(journal):
    s = session(journal)
    transcript = ask(s, cmd="transcript")["transcript"]
    assert transcript["game"] == "decktet-escape" and transcript["secrets_included"] is False
