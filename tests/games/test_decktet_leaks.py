"""Escape!: who may know what, on every channel (R-EX-02: nobody sees their own hand; the draw
pile is nobody's; docs/games/decktet-escape.md, "What each seat sees and when").

Escape! has no secret choice (every move is made in the open), so its twins are states: a card
of a hand swapped with a card of the draw pile that fits every clue given about it. Nobody who
may not see that hand (its holder, the public table) may tell the two states apart, on any
channel: view, own legal actions, pending prompts, the history's sentences.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from services.games.core import Action
from services.games.decktet_escape import actions as a
from services.games.decktet_escape.state import _clue_words
from services.games.decktet_escape.views import EscapeViews
from tests.games.conformance import Conformance, channels
from tests.games.decktet_helpers import GAME, forbidden, invariants


def fits(state: Any, card: str, instead: str) -> bool:
    """``instead`` agrees with every clue given about ``card`` (R-EX-06)."""
    words = set(_clue_words(state.card(instead)))
    return (set(state.marks.get(card, ())) <= words
            and not words & set(state.not_marks.get(card, ())))


def twin(state: Any, holder: int, rng: random.Random) -> Any | None:
    """The state with one card of ``holder``'s hand swapped with a fitting draw card, and the
    draw pile in another order; None if no card fits."""
    snapshot = state.to_json()
    hand, draw = snapshot["hands"][holder], snapshot["draw"]
    pairs = [(i, j) for i, card in enumerate(hand) for j, other in enumerate(draw)
             if other != card and fits(state, card, other)]
    if not pairs:
        return None
    i, j = rng.choice(pairs)
    card, other = hand[i], draw[j]
    hand[i], draw[j] = other, card
    for name in ("marks", "not_marks"):
        if card in snapshot[name]:
            snapshot[name][other] = snapshot[name].pop(card)
    rng.shuffle(draw)
    return GAME.state_from_json(snapshot)


class LeakCheck(Conformance):
    def _check_views(self, state: Any, players: int, rng: random.Random | None) -> None:
        super()._check_views(state, players, rng)
        pick = rng or random.Random(len(self.history))
        if state.phase in ("deal", "over") or state.physical or pick.random() > 0.3:
            return
        holder = pick.randrange(players)
        other = twin(state, holder, pick)
        if other is None:
            return
        for reader in (None, holder):
            mine = channels(state, reader, self.history)
            theirs = channels(other, reader, self.history)
            for name, value in mine.items():
                assert json.dumps(value) == json.dumps(theirs[name]), (
                    f"{name} of reader {reader} tells Seat {holder + 1}'s hand apart")
        self._count("twins", 1)


def harness() -> LeakCheck:
    return LeakCheck(GAME, forbidden, invariants, max_steps=400, sample=0.05)


VARIANTS = ({}, {"rat_warren": True, "bowels_of_the_ship": True},
            {"dark_of_the_storm": True, "every_man_for_himself": True},
            {"declare_route_before_reveal": True, "allow_empty_clues": True})


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_hand_and_the_draw_pile_read_the_same_on_every_channel(players: int) -> None:
    check = harness()
    for seed, options in enumerate(VARIANTS * 3):
        check.playout(players, options, seed=players * 1000 + seed)
    assert check.stats["twins"] > 100


def test_two_players_and_physical_cards_keep_the_channels_clean() -> None:
    check = harness()
    for seed in range(6):
        check.playout(2, {"allow_two_players": True}, seed=seed)
        check.playout(3, {"cards": "physical"}, seed=seed)
    assert check.stats["twins"] > 20


def test_every_sentence_is_the_same_for_every_reader() -> None:
    """No secret choice in Escape!: a seat, the table and the actor read the same words."""
    state = GAME.new_state(3, {})
    check = harness()
    played = check.playout(3, {}, seed=7)
    for action in check.history:
        said = {played.describe(action, reader) for reader in (None, 0, 1, 2)}
        assert len(said) == 1, said
    assert state.describe(a.Clue(0, 1, "moons")) == "Seat 1 tells Seat 2 about moons"


def test_the_checker_catches_a_planted_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: a sentence that names the card now in the played slot (the
    player's own hand, which he may not see) is caught."""
    honest = EscapeViews.describe

    def leaky(self: Any, action: Action, seat: int | None = None, *,
              settled: bool = False) -> str:
        if isinstance(action, a.Discard | a.Play) and action.slot < len(self.hands[action.seat]):
            return f"Seat {action.seat + 1} had {self.hands[action.seat][action.slot]} next"
        return honest(self, action, seat, settled=settled)

    monkeypatch.setattr(EscapeViews, "describe", leaky)
    with pytest.raises(AssertionError, match="says of reader"):
        harness().playout(3, {}, seed=3)
