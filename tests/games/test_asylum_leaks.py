"""Asylum Escape: copies of a card look alike on every channel (spec 4.8; issue 17, "Public
knowledge of a card is what the table saw"; docs/games/asylum-escape.md, "What each seat sees
and when").

The Camo/Sabo and Movement decks hold copies (``camo-hide-1`` .. ``camo-hide-4``,
``move-1-1`` .. ``move-1-6``, ``stumble-1``, ``stumble-2``). A face-up discard, a held card,
a card played or shown is named by kind (``camo-hide``, ``move-1``) outside its owner's own
hand, so two copies swapped throughout a game change nothing anyone else reads. (Each
Victim's secret room, route and hand, and the sealed start rooms, are checked by
tests/games/test_asylum_conformance.py.)
"""

from __future__ import annotations

from typing import Any

import pytest

from services.games.asylum_escape.data import CamoSabo
from services.games.asylum_escape.views import AsylumViews
from services.games.kit.copies import copy_kinds
from tests.games.leaks import CopySwaps, Counted, Pair, pairs_of_copies
from tests.games.test_asylum_conformance import GAME, harness

OPTIONS = [{}, {"mode": "long"}, {"card_windows": False}]


def copies(state: Any) -> list[Pair]:
    """A copy in a Victim's hand (or held face up) and another of its kind in a hand, a deck
    or a discard pile."""
    hands = [[] for _ in range(state.players)]
    for victim in state.victims:
        hands[victim["seat"]] = [*victim["hand"], *([victim["held"]] if victim["held"] else [])]
    elsewhere = [c for deck in ("camo_sabo", "movement")
                 for c in (*state.decks.get(deck, ()), *state.discards.get(deck, ()))]
    return pairs_of_copies(state.data.kind, hands, elsewhere)


def swapped_copies(players: int, extra: Counted | None = None, games: int = 1,
                   samples: int = 12) -> CopySwaps:
    check = harness()
    check.twin_rate = 0
    swaps = CopySwaps(GAME, copies, extra)
    for n in range(games):
        options = OPTIONS[n % len(OPTIONS)]
        seed = players * 1000 + n
        check.playout(players, options, seed=seed)
        start = GAME.new_state(players, dict(options)).to_json()
        swaps.check(start, check.history, samples=samples, seed=seed)
    return swaps


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_copies_swapped_read_the_same_on_every_channel(players: int) -> None:
    """Two copies swapped throughout the history (a card in a Victim's hand or held, the
    other in a hand, a deck or a discard pile): every other reader and the public table get
    the same views, events, legal lists, prompts, sentences, transcript and undo answers."""
    extra = Counted(limit=2)
    swaps = swapped_copies(players, extra, games=3)
    assert swaps.stats["swaps"] >= 10  # two players: one Victim, often with an empty hand
    assert extra.calls >= 4


def test_the_copy_check_catches_a_discard_named_by_id(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: the face-up discard piles named by copy are caught."""
    honest = AsylumViews.view

    def leaky(self: Any, seat: int | None) -> Any:
        data = honest(self, seat)
        data["discards"] = {d: list(c) for d, c in self.discards.items()}
        return data

    monkeypatch.setattr(AsylumViews, "view", leaky)
    with pytest.raises(AssertionError, match="view of reader None tells"):
        swapped_copies(4, samples=30)


def test_the_copy_check_catches_an_event_naming_the_copy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: events that name the copy played or shown are caught."""
    monkeypatch.setattr(AsylumViews, "public_event", lambda self, event: event)
    with pytest.raises(AssertionError, match="events tell"):
        swapped_copies(4, samples=30)


def test_copies_are_cards_alike_numbered_after_one_stem() -> None:
    """The kinds of the shipped pack, and the cards that keep their ids: a single card, and
    copies whose stem another card's copies share (neither may be named by it)."""
    data = GAME.data
    assert [data.kind(c) for c in ("camo-hide-3", "move-2-6", "stumble-1", "sabo-trip-2")] == [
        "camo-hide", "move-2", "stumble", "sabo-trip"]
    assert data.kind("camo-stash-1") == "camo-stash-1" and data.kind("bl-frenzy") == "bl-frenzy"
    assert data.get("camo-hide").name == data.get("camo-hide-4").name == "Hide (example)"
    hide = [CamoSabo(f"camo-{n}", "Hide", "camo", ("response",)) for n in (1, 2)]
    locker = [CamoSabo(f"camo-{n}", "Locker", "camo", ("response",)) for n in (3, 4)]
    ids = {c.id for c in hide + locker}
    assert copy_kinds((*hide, *locker), ids) == {}
    assert copy_kinds((*hide, locker[0]), ids) == {"camo-1": "camo", "camo-2": "camo"}
