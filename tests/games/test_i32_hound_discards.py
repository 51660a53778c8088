"""Innsmouth 32: a Hound the survivor loss takes lies face down in open discards (R-I32-69 task
5, R-I32-81, A-I32-26 option ``open_discards``).

End task 5 puts the top card of the survivor pile into the discards unseen. When that card is
the Hound (a Hound in the pile: ``hound`` replace, replace_random or thirteenth) it does not
become a familiar face (R-I32-81), but nobody saw it either: with ``open_discards`` it must be
counted face down like any survivor the loss takes, or the listed discards tell the whole
table which card the loss took (the Hound, or a survivor). A Hound the table saw fall (option
``hound_returns``) or fade out is listed.

The twins: the same random game with the lost survivor and the Hound swapped in the survivor
pile's shuffle; every reader must read the same right after the loss and after the next
actions (tests/games/i32_twins.py found this with 4 random games instead of 3 in the cover
test of tests/games/test_i32_leaks.py: seed 3003, 3 players, ``hound`` replace).

The same holds for the random terror the box draws into the discards before reels II-IV
(R-I32-80, ``terrors = per_reel``): nobody saw it, so open discards count it face down.
"""

from __future__ import annotations

from typing import Any

import pytest

from services.games.core import Action, DrawResult, IllegalAction, OptionValue, ShuffleResult
from services.games.innsmouth_32 import I32State
from tests.games.conformance import channels
from tests.games.i32_helpers import GAME, edit, move, start
from tests.games.i32_twins import hidden, play

HOUND = GAME.data.hound.id
OPTIONS: dict[str, OptionValue] = {"hound": "thirteenth", "open_discards": True,
                                   "survivor_loss": True}
WITH_HOUND = [*GAME.data.ids("survivors"), HOUND]  # the survivor pile of ``thirteenth``
AFTER = 12  # actions compared after the loss, while both lie unseen in both worlds


def lost(players: int, options: dict[str, OptionValue],
         actions: list[Action]) -> tuple[int, str]:
    """The index of the action after which end task 5 has taken a card, and that card."""
    state = GAME.new_state(players, dict(options))
    for i, action in enumerate(actions):
        top = state.survivor_pile[0] if state.survivor_pile else ""
        if any(getattr(e, "text", "").startswith("Survivor loss") for e in state.apply(action)):
            return i, top
    raise AssertionError("no survivor loss in this game")


def twin_history(actions: list[Action], swap: dict[str, str]) -> list[Action]:
    """The history with ``swap`` made in every shuffle (the survivor pile's, then the
    discards' that take the lost card into the next reel)."""
    return [ShuffleResult(x.deck, tuple(swap.get(c, c) for c in x.order))
            if isinstance(x, ShuffleResult) else x for x in actions]


def readers(state: I32State) -> list[int | None]:
    return [None, *range(state.players)]


@pytest.mark.parametrize(("players", "seed"), [(4, 0), (5, 0), (6, 0), (4, 15)])
def test_the_lost_hound_and_a_lost_survivor_read_the_same(players: int, seed: int) -> None:
    """R-I32-69 task 5, R-I32-81, A-I32-26: the loss takes a survivor in one world and the
    Hound in the other (the two swapped in the survivor pile): every reader reads the same,
    each world's discards listing the same cards with the lost card face down."""
    actions = play(players, dict(OPTIONS), seed)
    index, card = lost(players, OPTIONS, actions)
    assert card != HOUND
    history = twin_history(actions, {card: HOUND, HOUND: card})
    ours, theirs = GAME.new_state(players, dict(OPTIONS)), GAME.new_state(players, dict(OPTIONS))
    compared = 0
    for i, (mine, twin) in enumerate(zip(actions, history, strict=True)):
        ours.apply(mine)
        try:
            theirs.apply(twin)
        except IllegalAction:  # a random victim draw tells them apart (R-I32-33)
            break
        if i < index:
            continue
        if not {card, HOUND} <= hidden(ours) or not {card, HOUND} <= hidden(theirs):
            break  # one of them comes to light: the worlds may differ from now on
        if i == index:
            assert card in ours.discards and HOUND in theirs.discards
            assert HOUND not in theirs.familiar and card in ours.familiar
            pile = ours.view(None)["discard_pile"]
            assert pile == theirs.view(None)["discard_pile"]
            assert pile["face_down"] == 1 and card not in pile["cards"] and HOUND not in pile[
                "cards"]
        for reader in readers(ours):
            assert channels(ours, reader, ()) == channels(theirs, reader, ()), (i, reader)
        compared += 1
        if i >= index + AFTER:
            break
    assert compared == AFTER + 1, compared


def lost_hound(**options: Any) -> I32State:
    """A game whose survivor loss has just taken the Hound unseen: the Hound on top of the
    survivor pile, the position's step queue made to run end task 5 next."""
    state = start(4, survivors=WITH_HOUND, **{**OPTIONS, **options})

    def lose(data: dict[str, Any]) -> None:
        if HOUND in data["survivor_pile"]:
            data["survivor_pile"].remove(HOUND)
        data["survivor_pile"].insert(0, HOUND)

    state = edit(state, lose)
    state.step_survivor_loss()
    return GAME.state_from_json(state.to_json())


def test_a_hound_lost_unseen_is_counted_face_down() -> None:
    """A-I32-26 with ``open_discards``: the Hound the loss took is counted, not listed, and
    the sentence is the one of any survivor lost (R-I32-69)."""
    state = lost_hound()
    assert state.discards[-1] == HOUND and HOUND not in state.seen
    for reader in readers(state):
        pile = state.view(reader)["discard_pile"]
        assert pile == {"cards": sorted(c for c in state.discards if c != HOUND),
                        "face_down": 1}


def test_a_hound_the_table_saw_is_listed() -> None:
    """A Hound that fell in front of everyone (``hound_returns``) or faded out lies face up
    in open discards: it was seen."""
    state = start(4, survivors=WITH_HOUND, **OPTIONS, hound_returns=True)

    def fell(data: dict[str, Any]) -> None:
        move(data, HOUND, "discards")
        data["seen"].append(HOUND)

    state = edit(state, fell)
    pile = state.view(None)["discard_pile"]
    assert HOUND in pile["cards"] and pile["face_down"] == 0


# ------------------------------------------------------------------ a random terror


TERRORS: dict[str, OptionValue] = {"terrors": "per_reel", "open_discards": True}


@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_terror_in_open_discards_reads_the_same_as_another(seed: int) -> None:
    """R-I32-80 ``terrors = per_reel``, A-I32-26: the random terror the box draws into the
    discards before reels II-IV lies there face down (the sentence names no terror): replaced
    by another terror left, every reader reads the same until it comes to light."""
    actions = play(4, dict(TERRORS), seed)
    state = GAME.new_state(4, dict(TERRORS))
    draws: list[tuple[int, str, str]] = []
    for i, action in enumerate(actions):
        left = state.terrors_left()
        state.apply(action)
        if not isinstance(action, DrawResult) or action.deck != "terrors":
            continue
        others = [t for t in left if t != action.card]  # the last terror left: no twin
        if action.card in state.discards and others:
            draws.append((i, action.card, others[0]))
    assert draws
    for index, card, other in draws:
        history = [DrawResult("terrors", other) if i == index else x
                   for i, x in enumerate(twin_history(actions, {card: other, other: card}))]
        ours, theirs = GAME.new_state(4, dict(TERRORS)), GAME.new_state(4, dict(TERRORS))
        compared = 0
        for i, (mine, twin) in enumerate(zip(actions, history, strict=True)):
            ours.apply(mine)
            theirs.apply(twin)
            if i < index:
                continue
            if {card, other} & {*ours.seen, *theirs.seen} or i > index + AFTER:
                break
            if i == index:
                pile = ours.view(None)["discard_pile"]
                assert card not in pile["cards"] and pile["face_down"] >= 1
            for reader in readers(ours):
                assert channels(ours, reader, ()) == channels(theirs, reader, ()), (i, reader)
            compared += 1
        assert compared == AFTER + 1, compared
