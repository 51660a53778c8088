"""Innsmouth 32: who may know what, on every channel (rules spec 5.8, A-I32-26, R-I32-69 task
5; docs/games/innsmouth-32.md, "What each seat sees and when").

The secrets of Innsmouth 32 are mostly chance outcomes nobody has seen yet: the order of the
reel pile and of the survivor pile, the face-down screen cards (a cover card of cover+attack
among them), the discards (their order, and their contents: A-I32-26 default), the survivor
taken by the survivor loss. Their twins are histories: two cards the table has not seen since
a shuffle are swapped in that shuffle's outcome and in every shuffle after it, the rest of the
history is replayed unchanged, and every reader (each seat and the public table) must get the
same events, views, legal lists, prompts, sentences of the history, transcript and undo answers
in both worlds (:mod:`tests.games.i32_twins`). Two secrets are seats' choices: the director's
secret cultist (R-I32-84), replaced by another survivor (everyone but the director must read
the same), and, with the table's own decks, a card a search or a director's cut draws and puts
back, told to the box by the drawing seat only, replaced by another card of its kind.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from services.games.core import Action, OptionValue
from services.games.innsmouth_32 import actions as a
from services.games.innsmouth_32.views import Views
from tests.games.i32_twins import GAME, KINDS, ChanceTwins, play, random_options, twins
from tests.games.leaks import Counted


@pytest.mark.parametrize("players", [2, 4, 6, 9])
def test_unseen_cards_swapped_read_the_same_on_every_channel(players: int) -> None:
    """R-I32-03, R-I32-24, R-I32-69, A-I32-26 (spec 5.8): two unseen cards swapped since their
    last shuffle (two reel pile cards, a face-down screen card and a reel pile card, two
    survivors of the pile, a discard and another unseen card, the survivor-loss card and a
    survivor of the pile): every seat and the public table read the same."""
    extra = Counted(limit=2)
    games = 3 if players == 2 else 2  # 2 seats: many samples are told apart (R-I32-33)
    check = twins(players, games=games, samples=15, extra=extra, survivor_loss=True)
    assert check.stats["swaps"] >= 25, check.stats
    for kind in ("reel", "screen", "discards"):
        assert check.stats[kind] >= 2, check.stats
    assert extra.calls >= 4


def test_every_kind_of_swap_is_made() -> None:
    """The survivor pile's order and the survivor-loss card (R-I32-69 task 5) need a pile
    left: four character players and more."""
    check = ChanceTwins()
    for n, players in enumerate((5, 6, 8)):
        options: dict[str, OptionValue] = {"survivor_loss": True}
        check.check(players, options, play(players, options, 77 + n), 20, n)
    for kind in KINDS:
        assert check.stats[kind] >= 3, check.stats


def test_the_cover_card_and_the_secret_cultist_read_the_same_on_every_channel() -> None:
    """R-I32-30 cover+attack: the cover card drawn face down from the reel pile, swapped with
    a reel pile card, reads the same to everyone; R-I32-84: the secret cultist, replaced by
    another survivor of the victims deck, reads the same to everyone but the director."""
    check = ChanceTwins()
    for players in (3, 7):
        found = twins(players, games=3, samples=12, cover_attack=True, secret_cultist=True)
        check.stats.update(found.stats)
    assert check.stats["cover"] >= 3 and check.stats["cultist"] >= 5, check.stats


def test_a_card_only_the_drawing_seat_saw_reads_the_same_with_the_table_decks() -> None:
    """Option ``cards = physical``: a card a search (R-I32-13) or a director's cut (R-I32-70)
    draws and puts back is told to the box by the drawing seat only; replaced by another
    card of its kind that could have been there, everyone else reads the same."""
    check = ChanceTwins(Counted(limit=2))
    for players in (3, 6, 9):
        for n in range(2):
            seed = players * 100 + n
            options = random_options(random.Random(seed), players)
            options["cards"] = "physical"
            check.check(players, options, play(players, options, seed), 12, seed)
    assert check.stats["identify"] >= 20, check.stats


def test_the_discards_are_counted_not_shown() -> None:
    """A-I32-26 default: the views give the size of the discards, never their cards."""
    state = GAME.new_state(4, {})
    actions = play(4, {}, 5)
    for action in actions[:60]:
        state.apply(action)
    assert state.discards
    view = state.view(None)
    assert view["discards"] == len(state.discards)
    assert "secrets" not in view and "discard_pile" not in view


def test_open_discards_are_listed_sorted_with_a_lost_survivor_face_down() -> None:
    """A-I32-26 with ``open_discards``: the contents are listed in id order (their order is
    still nobody's), a survivor-loss card is only counted face down."""
    options: dict[str, OptionValue] = {"open_discards": True, "survivor_loss": True}
    actions = play(6, options, 3)
    state = GAME.new_state(6, options)
    checked = 0
    for action in actions:
        state.apply(action)
        lost = [c for c in state.discards if c in state.familiar and c not in state.seen]
        if state.phase == "over" or not lost:
            continue
        pile = state.view(None)["discard_pile"]
        assert pile == {"cards": sorted(c for c in state.discards if c not in lost),
                        "face_down": len(lost)}
        checked += 1
    assert checked > 10


# ------------------------------------------------------------------ tests of the test


def test_the_check_catches_a_view_naming_the_discards(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: a view that shows the discards in order is caught."""
    honest = Views.view

    def leaky(self: Any, seat: int | None) -> Any:
        data = honest(self, seat)
        data["discards"] = list(self.discards)
        return data

    monkeypatch.setattr(Views, "view", leaky)
    with pytest.raises(AssertionError, match="view of reader None tells"):
        twins(4, games=2, samples=30, only=("discards",))


def test_the_check_catches_the_kinds_of_the_reel_pile(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: a view that tells which reel pile cards are monsters (no card id,
    so no string check could see it) is caught."""
    honest = Views.view

    def leaky(self: Any, seat: int | None) -> Any:
        data = honest(self, seat)
        data["reel_monsters"] = [self.is_monster(c) for c in self.reel_pile]
        return data

    monkeypatch.setattr(Views, "view", leaky)
    with pytest.raises(AssertionError, match="view of reader"):
        twins(4, games=2, samples=30, only=("reel",))


def test_the_check_catches_a_sentence_naming_the_next_survivor(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: a sentence that names the top of the survivor pile is caught."""
    honest = Views.describe

    def leaky(self: Any, action: Action, seat: int | None = None, *,
              settled: bool = False) -> str:
        said = honest(self, action, seat, settled=settled)
        if isinstance(action, a.Pool) and self.survivor_pile:
            return f"{said} (next: {self.survivor_pile[0]})"
        return said

    monkeypatch.setattr(Views, "describe", leaky)
    with pytest.raises(AssertionError, match="says of reader"):
        check = ChanceTwins()
        for n in range(3):
            check.check(7, {}, play(7, {}, 40 + n), 40, n)


def test_the_check_catches_an_event_naming_the_lost_survivor(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: an end task 5 that names the survivor it takes is caught."""
    from services.games.innsmouth_32.reels import Reels

    honest = Reels.step_survivor_loss

    def leaky(self: Any) -> list[Any]:
        card = self.survivor_pile[0]
        return [*honest(self), a.Told("R-I32-69", f"It was {card}")]

    monkeypatch.setattr(Reels, "step_survivor_loss", leaky)
    with pytest.raises(AssertionError, match="events tell"):
        check = ChanceTwins()
        for n, players in enumerate((7, 8, 9, 9)):
            options: dict[str, OptionValue] = {"survivor_loss": True}
            check.check(players, options, play(players, options, 77 + n), 40, n)


def test_the_check_catches_a_view_telling_the_cultist(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: a view that tells everyone the cultist's faction is caught."""
    honest = Views.view

    def leaky(self: Any, seat: int | None) -> Any:
        data = honest(self, seat)
        if self.mods.get("cultist"):
            data["cultist_faction"] = self.data.get(self.mods["cultist"]).faction
        return data

    monkeypatch.setattr(Views, "view", leaky)
    with pytest.raises(AssertionError, match=r"view of reader \S+ tells the secret cultist"):
        twins(5, games=3, samples=30, only=("none",), secret_cultist=True)


def test_the_check_catches_a_view_telling_the_cover(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: a view that tells whether a cover card is a monster is caught."""
    honest = Views.view

    def leaky(self: Any, seat: int | None) -> Any:
        data = honest(self, seat)
        data["cover_monsters"] = [self.is_monster(self.screen[c["slot"]]["card"])
                                  for c in self.covers]
        return data

    monkeypatch.setattr(Views, "view", leaky)
    with pytest.raises(AssertionError, match=r"\(cover\)"):
        twins(9, games=4, samples=30, only=("cover",), cover_attack=True)


def test_the_check_catches_a_sentence_naming_the_card_told(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A test of the test: a sentence that names the card a seat told the box is caught."""
    from services.games.innsmouth_32.physical import PhysicalDecks

    def leaky(self: Any, action: Action, seat: int | None = None, *,
              settled: bool = False) -> str:
        if isinstance(action, a.Identify):
            return f"Seat {action.seat + 1} tells the box {action.card}"
        return str(honest(self, action, seat, settled=settled))

    honest = PhysicalDecks.describe
    monkeypatch.setattr(PhysicalDecks, "describe", leaky)
    with pytest.raises(AssertionError, match=r"says of reader .* \(identify\)"):
        check = ChanceTwins()
        for n in range(3):
            options: dict[str, OptionValue] = {"cards": "physical"}
            check.check(5, options, play(5, options, n), 40, n)
