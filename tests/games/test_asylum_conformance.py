"""Asylum Escape: the shared conformance playouts for 2 to 6 players in both modes, and the
Victims' secrets checked by indistinguishability (spec 4.8):

* on a sample of steps, a living Victim's secret room, route and hand are swapped in the
  snapshot for other legal ones (another room of the grid, other Camo/Sabo cards from the
  deck): no other seat's view, legal actions or prompts and not the public view may change;
* through the harness's ``secrets`` hook, a Victim's latest start room or move is replaced in
  the history by another legal choice that no later step depended on (no Patient moved, no
  roll, no adjustment since): every other reader's channels, the history's sentences
  included, must read the same.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from services.games.asylum_escape import AsylumEscape
from services.games.asylum_escape import actions as a
from services.games.asylum_escape.physical import UNKNOWN
from services.games.asylum_escape.snapshot import check_snapshot
from services.games.core import Action, FlipResult, ShuffleResult
from tests.games.conformance import Conformance, Keep

GAME = AsylumEscape()
QUIET_AFTER = (a.Pass, a.SkipDraw, a.DrawCard, a.EndTurn, a.Keep, a.Mulligan, a.StartRoom,
               a.Move, a.PlayCard, ShuffleResult, FlipResult, a.Identify)


def forbidden(state: Any, seat: int | None) -> set[str]:
    """Card ids a reader may not know: every deck's contents and the other Victims' hands."""
    if state.phase == "over":
        return set()
    hidden = {c for cards in state.decks.values() for c in cards}
    for victim in state.victims:
        if victim["seat"] != seat:
            hidden.update(victim["hand"])
    hidden.discard(UNKNOWN)  # cards=physical: a card in a hand the box has not seen
    return hidden


def invariants(state: Any) -> None:
    check_snapshot(state)  # every card and room once, ids known, counters in range
    grid = state.grid
    for victim in state.victims:
        if victim["alive"] and victim["room"]:
            assert victim["room"] in grid, victim
        assert len(victim["hand"]) <= state.hand_limit(victim["seat"]), victim
    landing = state.phase == "choose_room" and state.current["purpose"] == "land"
    for patient in state.patients:
        assert patient["room"] in grid or (landing and not patient["room"]), patient
    if state.options["mode"] == "short":
        assert state.turn <= 9 and state.window is not None and state.window[1] <= 9
    assert (state.phase == "over") == (state.result is not None)


def secrets(state: Any, history: Sequence[Action]) -> list[tuple[int, Keep]]:
    """Each living Victim's latest start room or move, when nothing after it depended on it."""
    found: list[tuple[int, Keep]] = []
    if state.phase == "over":
        return found
    blocked = state.patient_rooms()
    for seat in state.alive():
        mine = [i for i, x in enumerate(history)
                if isinstance(x, a.StartRoom | a.Move) and x.actor == seat]
        if not mine or not all(isinstance(x, QUIET_AFTER) for x in history[mine[-1] + 1:]):
            continue
        if not keep(history[mine[-1]], blocked):
            continue  # it walked into a Patient: caught, the room is public
        found.append((mine[-1], lambda x, blocked=blocked: keep(x, blocked)))
    return found + hand_cards(state, history)


def hand_cards(state: Any, history: Sequence[Action]) -> list[tuple[int, Keep]]:
    """cards=physical: each Victim's latest Camo/Sabo card told into the hand (still unseen)
    may be any other card the box has not seen."""
    if not state.physical or state.phase == "over":
        return []
    found: list[tuple[int, Keep]] = []
    for seat in state.alive():
        told = [i for i, x in enumerate(history) if isinstance(x, a.Identify)
                and x.actor == seat and unseen_hand_card(x)]
        if told and history[told[-1]].card in state.decks["camo_sabo"]:
            found.append((told[-1], unseen_hand_card))
    return found


def unseen_hand_card(x: Action) -> bool:
    return isinstance(x, a.Identify) and x.card in GAME.data.deck("camo_sabo") and \
        not GAME.data.get(x.card).hold


def keep(x: Action, blocked: set[str]) -> bool:
    """A start room or a move that enters no Patient's room (nobody is caught)."""
    rooms = x.path if isinstance(x, a.Move) else (getattr(x, "room", ""),)
    return isinstance(x, a.Move | a.StartRoom) and not blocked & set(rooms)


class AsylumConformance(Conformance):
    def _check_views(self, state: Any, players: int, rng: random.Random | None) -> None:
        super()._check_views(state, players, rng)
        pick = rng or random.Random(self.stats.get("views", 0))
        living = [s for s in state.alive()] if state.victims and state.phase != "over" else []
        if not living or not state.columns or pick.random() > 0.15:
            return
        seat = pick.choice(living)
        snapshot = state.to_json()
        victim = next(v for v in snapshot["victims"] if v["seat"] == seat)
        victim["room"] = pick.choice(state.grid.rooms())
        victim["route"] = [[victim["room"]]]
        pool = [c for c in snapshot["decks"]["camo_sabo"] if not GAME.data.get(c).hold
                and not state.physical]  # physical: hands are unseen cards ("?") anyway
        hand = victim["hand"]
        swap = min(len(hand), len(pool))
        if swap:
            new = pick.sample(pool, swap)
            snapshot["decks"]["camo_sabo"] = [c for c in snapshot["decks"]["camo_sabo"]
                                              if c not in new] + hand[:swap]
            victim["hand"] = new + hand[swap:]
        changed = GAME.state_from_json(snapshot)
        for reader in [None, *range(players)]:
            if reader == seat:
                continue
            assert json.dumps(changed.view(reader)) == json.dumps(state.view(reader)), (
                f"reader {reader} can tell Seat {seat + 1}'s secret room or hand")
            if reader is not None:
                assert changed.legal_actions(reader) == state.legal_actions(reader)
        assert [p.to_json() for p in changed.pending()] == [p.to_json() for p in
                                                             state.pending()]
        self._count("swaps", 1)


def harness() -> AsylumConformance:
    return AsylumConformance(GAME, forbidden, invariants, max_steps=6000, sample=0.1,
                             secrets=secrets, twin_rate=0.1)


@pytest.mark.parametrize("cards", ["box", "physical"])
@pytest.mark.parametrize("mode", ["short", "long"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts(players: int, mode: str, cards: str) -> None:
    check = harness()
    games = 3 if cards == "box" else 2  # the module stays under 20 s
    for seed in range(games):
        check.playout(players, {"mode": mode, "cards": cards}, seed=players * 100 + seed,
                      full=seed == 0)
    assert check.stats["games"] == games
    assert check.stats["swaps"] > 0 and check.stats.get("twins", 0) > 0
    if players > 2:
        assert check.stats["refusals"] > 0


@pytest.mark.parametrize("seed", range(8))
def test_any_options_keep_the_invariants(seed: int) -> None:
    rng = random.Random(seed)
    options = {o.key: rng.choice(o.choices or (False, True)) for o in GAME.info.options
               if o.kind is not int}
    harness().playout(rng.randint(2, 6), {**options, "die_sides": rng.choice((6, 8))},
                      seed=seed)
