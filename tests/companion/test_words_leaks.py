"""A phone seat's words say nothing the seat may not know (issue 25), in all five games.

Seeded random games of each game; at many points, for each seat, the words its page gets
(the status sentence, the public panel and its peek, built as the box builds them: from the
seat's own ``view(seat)`` and ``view(None)``) are scanned for the other seats' secrets: the
strings of another seat's view that are neither in this seat's view nor in the public one,
and the names of the cards and rooms they are (a hand holds ids; the page says names). The
public panel is scanned for every seat's secrets. The counter-test: a peek that names the
seat's own cards (which Escape! hides from their holder) is caught by the same scan.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from services.games.core import Game, SeatPrompt, State
from services.referee.companion.words import decktet_escape as decktet_words
from services.referee.companion.words import words_of
from tests.companion.word_secrets import leaves, names
from tests.games import (
    asylum_helpers,
    decktet_helpers,
    i32_helpers,
    innsmouth_helpers,
    intruder_helpers,
)
from tests.games.mutate import step

Words = dict[str, Any]


def specific(strings: set[str]) -> set[str]:
    """Strings that are a secret wherever they appear: not a number, not a word of two
    letters, not a bare suit or colour (the game's vocabulary, on every screen)."""
    return {s for s in strings if len(s) >= 3 and any(c.isalpha() for c in s)}


def words(game: str, state: State, seat: int, labels: list[str],
          data: Any, view_of: Callable[[int | None], dict[str, Any]]) -> Words:
    """What a phone seat's page says in words, built as the box builds it."""
    found = words_of(game)
    waiting = [p.seat for p in state.pending() if isinstance(p, SeatPrompt)]
    public = view_of(None)
    return {"status": found.status(public, labels, seat, waiting),
            "public": found.public(public, labels, data),
            "peek": found.peek(view_of(seat), labels, seat, data)}


def leaks(game: str, state: State, data: Any, view_of: Callable[[int | None], Any] | None = None,
          counted: list[int] | None = None) -> Iterator[str]:
    """Every secret of another seat found in a seat's words (and of any seat in the public
    panel)."""
    view_of = view_of or state.view
    players = state.players  # type: ignore[attr-defined]
    labels = [f"Seat {n + 1}" for n in range(players)]
    views = [state.view(s) for s in range(players)]
    # Keys are field names (every view's: never a secret), or a public pile's card kinds.
    fields = set().union(*(leaves(v, keys=True) for v in [*views, state.view(None)]))
    public = names(data, leaves(state.view(None)) | fields)
    knows = {s: names(data, leaves(views[s])) for s in range(players)}
    for seat in range(players):
        said = words(game, state, seat, labels, data, view_of)
        others = set().union(*(knows[o] for o in range(players) if o != seat))
        secret = specific(others - knows[seat] - public)
        if counted is not None:
            counted.append(len(secret))
        yield from _found(f"seat {seat + 1}", json.dumps(said), secret)
        everyone = specific(set().union(*knows.values()) - public)
        yield from _found(f"seat {seat + 1}'s public panel", json.dumps(said["public"]),
                          everyone)


def _found(who: str, text: str, secret: set[str]) -> Iterator[str]:
    if not secret:
        return
    body = "|".join(re.escape(s) for s in sorted(secret, key=len, reverse=True))
    for match in re.finditer(rf"(?<![A-Za-z0-9])(?:{body})(?![A-Za-z0-9])", text):
        yield f"{who} reads {match.group()!r}"


GAMES: dict[str, tuple[Game, int, dict[str, Any]]] = {  # the engine, players, options
    "decktet-escape": (decktet_helpers.GAME, 3, {}),
    "intruder-escape": (intruder_helpers.GAME, 4, {}),
    "innsmouth-escape": (innsmouth_helpers.GAME, 3, {}),
    "asylum-escape": (asylum_helpers.GAME, 3, {}),
    "innsmouth-32": (i32_helpers.GAME, 3, {"secret_cultist": True}),  # the director's secret
}
STEPS, EVERY = 160, 4
SECRETS = {"decktet-escape": 100, "intruder-escape": 50, "innsmouth-escape": 50,
           "asylum-escape": 10, "innsmouth-32": 20}  # moves a game at most, moves between two scans


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_no_seat_reads_another_seats_secret_in_words(game: str, seed: int) -> None:
    engine, players, options = GAMES[game]
    rng = random.Random(seed)
    state = engine.new_state(players, options)
    data = getattr(engine, "data", None)
    found: list[str] = []
    counted: list[int] = []  # secrets looked for, per seat and scan
    for number in range(STEPS):
        if number % EVERY == 0:
            found += leaks(game, state, data, counted=counted)
        if state.outcome() is not None:
            break
        step(state, rng)
    found += leaks(game, state, data, counted=counted)
    assert found == []
    assert len(counted) >= 3 * players and sum(counted) >= SECRETS[game]  # it looked


def test_the_scan_finds_a_peek_that_names_the_seats_own_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = decktet_helpers.position(
        [["ace-moons", "the-huntress"], ["ace-suns", "the-bard"], ["ace-waves", "the-sea"]])
    assert list(leaks("decktet-escape", state, decktet_helpers.GAME)) == []  # honest first
    original = decktet_words.peek

    def leaky(view: dict[str, Any], labels: Any, seat: int, data: Any = None) -> Any:
        found = original(view, labels, seat, data)  # the bug: the seat's own cards too
        found["lines"].append(", ".join(state.card(c).name for c in state.hands[seat]))
        return found

    monkeypatch.setattr(decktet_words, "peek", leaky)
    found = list(leaks("decktet-escape", state, decktet_helpers.GAME))
    assert sorted(found) == ["seat 1 reads 'Ace of Moons'", "seat 1 reads 'the Huntress'",
                     "seat 2 reads 'Ace of Suns'", "seat 2 reads 'the Bard'",
                     "seat 3 reads 'Ace of Waves'", "seat 3 reads 'the Sea'"]
