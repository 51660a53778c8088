"""hard's one Victim (2 players; services/bots/asylum_escape/victims_duel.py,
victims_single.py, victims_cards.py): the cards it counts on, its model of the box's hunter
checked against the box's normal Patients in whole games, and honesty (the same choice with
every face-down deck reshuffled)."""

from __future__ import annotations

import random

import pytest

from services.bots.asylum_escape import make_bot
from services.bots.asylum_escape.victims_cards import bloodlust_odds, camo_cards, move_cards
from services.bots.asylum_escape.victims_duel import Branch, Duel
from services.bots.asylum_escape.victims_route import shown_steps
from services.bots.contract import Bot, bot_rng, knowledge_of
from services.bots.play import Record
from services.games.asylum_escape import AsylumState
from services.games.asylum_escape import actions as a
from services.games.core import SeatPrompt
from tests.games.test_asylum_conformance import GAME

TURN_PHASES = ("start_rooms", "victim_draw", "victim_act")


def new_game(game: int) -> tuple[Record, int]:
    state = GAME.new_state(2, {"patients_seat": game % 2})
    return Record(state), 1 - game % 2


def test_the_cards_not_seen_at_the_start() -> None:
    record, victim = new_game(0)
    record.resolve_chance(random.Random(0))
    view = record.state.view(victim)
    assert move_cards(view, GAME.data) == pytest.approx(
        {1: 6 / 18, 2: 6 / 18, 3: 4 / 18, 0: 2 / 18})
    assert bloodlust_odds(view, GAME.data) == pytest.approx(
        {"move_patient": 0.2, "reveal": 0.2, "destroy": 0.2})
    camo = camo_cards(view, GAME.data)
    assert sum(camo.values()) == pytest.approx(1.0)
    assert camo["move1"] == pytest.approx(3 / 19) and camo["move2"] == pytest.approx(2 / 19)
    assert camo["save"] == pytest.approx(6 / 19)


def matches(branches: list[Branch], entry: str, walks: list[tuple[str, tuple[str, ...]]]
            ) -> bool:
    return any(b.entry[0] == entry and [(m, p) for m, p, _ in b.walks][:len(walks)] == walks
               for b in branches)


def duel_game(game: int, tag: str) -> tuple[Record, int, str, random.Random, dict[int, Bot]]:
    """A 2-player game: its record, the Victim's seat, its name (the bots' random sources),
    its chance source, and the bots: `hard` at the Victim, the box's `normal` Patients."""
    record, victim = new_game(game)
    name = f"{tag}:{game}"
    return record, victim, name, random.Random(name), {victim: make_bot("hard"),
                                                       1 - victim: make_bot("normal")}


def test_the_hunter_model_walks_as_the_box_normal_patients_do() -> None:
    """Every walk of the box's normal Patients is one the look-ahead played out, with the
    same Patient entering on turn 3, from the Victim's last choice before the turn (until
    the Victim is caught: the look-ahead counts a catch and goes no further)."""
    checked = 0
    for game in range(12):
        record, victim, name, chance, bots = duel_game(game, "single")
        state = record.state
        branches: list[Branch] = []
        entry, walks = "", []
        seen = 0
        while True:
            record.resolve_chance(chance)
            for step in record.events[seen:]:
                for e in step:
                    if e.type == "patient_released":
                        entry = e.patient
                    if e.type in ("caught", "stumbled"):  # the Victim is seen: not modelled
                        branches = []
                    if e.type == "patient_moved" and branches:
                        walks.append((e.patient, tuple(e.path)))
                        assert matches(branches, entry, walks), (game, entry, walks)
                        checked += 1
            seen = len(record.events)
            if state.outcome() is not None:
                break
            seat = min(p.seat for p in state.pending() if isinstance(p, SeatPrompt))
            knowledge = knowledge_of(state, seat, record.actions, record.events)
            if seat == victim and knowledge.view["phase"] in TURN_PHASES:
                moving = any(isinstance(x, a.Move) for x in knowledge.legal)
                steps = shown_steps(knowledge, GAME.data) if moving else 0  # not moved yet
                branches, entry, walks = Duel(knowledge, GAME.data).branches(steps), "", []
            record.apply(bots[seat].choose(knowledge, bot_rng(name, seat, len(record.actions))))
    assert checked >= 30


def decks_reshuffled(state: AsylumState, rng: random.Random) -> AsylumState:
    snapshot = state.to_json()
    for name, deck in snapshot["decks"].items():
        if name != "locations":
            rng.shuffle(deck)
    return GAME.state_from_json(snapshot)


def test_hard_decides_the_same_with_the_decks_reshuffled() -> None:
    checked = 0
    rng = random.Random(5)
    for game in range(6):
        record, victim, name, chance, bots = duel_game(game, "single-honest")
        state = record.state
        while True:
            record.resolve_chance(chance)
            if state.outcome() is not None:
                break
            seat = min(p.seat for p in state.pending() if isinstance(p, SeatPrompt))
            knowledge = knowledge_of(state, seat, record.actions, record.events)
            action = bots[seat].choose(knowledge, bot_rng(name, seat, len(record.actions)))
            if seat == victim:
                twin = decks_reshuffled(state, rng)
                other = knowledge_of(twin, seat, record.actions, record.events)
                assert bots[seat].choose(other, bot_rng(name, seat, len(record.actions))) \
                    == action
                checked += 1
            record.apply(action)
    assert checked >= 20
