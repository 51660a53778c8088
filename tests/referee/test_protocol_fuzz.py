"""A fuzz of protocol lines for every game (issue 17): legal moves from ``legal`` interleaved
with malformed lines. Every answer is one line of standard JSON; every refusal leaves the
snapshot unchanged; no answer is an internal error; at the end, the journal resumed gives the
identical snapshot. Seeded and bounded by line count."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from services.games.registry import default_registry
from services.referee.journal import Journal
from services.referee.live import LiveGame
from services.referee.protocol import Session
from tests.games.mutate import mutate

REGISTRY = default_registry()
GAMES = {"decktet-escape": 4, "intruder-escape": 5, "innsmouth-escape": 3}  # players
GAMES.update({g.info.id: g.info.min_players for g in REGISTRY if g.info.id not in GAMES})
LINES = 200

ODD = (None, True, -1, 0, 2**53, -(2**53) - 1, "", "x" * 41, [], {}, [[[]]], "\u00e9")


def _malformed(rng: random.Random, s: Session, legal: dict[str, Any] | None) -> str:
    """One bad line: broken JSON, a wrong type or value in a good command, a damaged
    snapshot to load, an undo at a random moment..."""
    kind = rng.randrange(10)
    if kind == 0:
        text = json.dumps(legal or {"cmd": "pending"})
        return text[: rng.randrange(len(text))] or "{"
    if kind == 1:
        return rng.choice(("NaN", "[" * 40 + "]" * 40, '{"cmd": 1e5}', "\x00", '"\\ud834"',
                           '{"cmd": "view", "seat": 99999999999999999999}', "{}", "[]",
                           '{"cmd": "pending"} {"cmd": "pending"}'))
    if kind == 2:
        return json.dumps({"cmd": rng.choice(("act", "chance", "view", "legal", "load", "undo")),
                           rng.choice(("seat", "action", "outcome", "snapshot", "count", "x")):
                           rng.choice(ODD)})
    if kind in (3, 4) and legal is not None and legal["cmd"] == "act":
        command = json.loads(json.dumps(legal))
        body = command["action"]
        key = rng.choice(sorted(body))
        body[key] = rng.choice((*ODD[:6], "foo", "A1", "C3>C5", 1, 7, 99, [1, 2], ["foo"],
                                body[key]))
        if rng.random() < 0.3:
            body[rng.choice(("extra", "card", "cells"))] = rng.choice(ODD)
        command["seat"] = rng.choice((command["seat"], command["seat"] + 1, -1))
        return json.dumps(command)
    if kind == 5:
        damaged = mutate(s.live.state.to_json(), rng, rng.choice((1, 2)))
        return json.dumps({"cmd": "load", "snapshot": damaged})
    if kind == 6:
        return json.dumps({"cmd": "undo", **rng.choice(({}, {"referee": True, "count": 1},
                                                        {"referee": True, "count": 0},
                                                        {"referee": "yes"}))})
    if kind == 7:
        return json.dumps({"cmd": "chance", "outcome": rng.choice(
            ({"faces": [3]}, {"order": []}, {"card": "0"}, {"heads": True}, {"faces": "3"}))})
    if kind == 8:
        return json.dumps({"cmd": rng.choice(("view", "legal")), "seat": rng.choice(ODD)})
    return json.dumps({"cmd": rng.choice(("pending", "snapshot", "outcome", "transcript")),
                       "id": rng.choice(ODD)})


def _legal_line(rng: random.Random, s: Session) -> dict[str, Any] | None:
    """A legal move of a pending seat, asked through the protocol, or (chance supplied by
    hand) the outcome of the pending chance prompt."""
    prompt = s.live.state.chance_prompt()
    if prompt is not None and s.rng is None:
        outcome = prompt.resolve(rng).to_json()
        return {"cmd": "chance", "outcome": {k: v for k, v in outcome.items()
                                             if k not in ("type", "deck")}}
    pending = json.loads(s.answer_line('{"cmd":"pending"}'))["pending"]
    seats = sorted({p["actor"] for p in pending if p["actor"] != "chance"})
    if not seats:
        return None
    seat = rng.choice(seats)
    actions = json.loads(s.answer_line(json.dumps({"cmd": "legal", "seat": seat})))["actions"]
    return {"cmd": "act", "seat": seat, "action": rng.choice(actions)}


@pytest.mark.parametrize("dice", ["auto", "manual"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_protocol_fuzz(game_id: str, dice: str) -> None:
    rng = random.Random(game_id + dice)
    counts = {"accepted": 0, "refused": 0}
    with Journal(":memory:") as journal:
        box_rng = random.Random(7) if dice == "auto" else None
        live, _ = LiveGame.new(journal, REGISTRY.get(game_id), GAMES[game_id], rng=box_rng)
        s = Session(live, journal, box_rng)
        for _ in range(LINES):
            legal = _legal_line(rng, s)
            good = legal is not None and rng.random() < 0.5
            line = json.dumps(legal) if good else _malformed(rng, s, legal)
            before = s.live.state.to_json()
            answer = json.loads(s.answer_line(line), parse_constant=_not_json)
            if answer["ok"]:
                counts["accepted"] += 1
            else:
                counts["refused"] += 1
                assert answer["error"]["rule"] != "INTERNAL", (line[:300], answer)
                assert s.live.state.to_json() == before, line[:300]
                assert len(answer["error"]["message"]) < 400, answer
            assert not good or answer["ok"], (line[:300], answer)
            if s.live.state.outcome() is not None:
                s.answer_line('{"cmd":"undo","referee":true,"count":1}')
        final = s.live.state.to_json()
        resumed = LiveGame.resume(journal, s.live.id, REGISTRY, box_rng)
        assert resumed.state.to_json() == final
    assert counts["accepted"] > 20 and counts["refused"] > 50, counts


def _not_json(name: str) -> None:
    raise AssertionError(f"{name} is not standard JSON")
