"""The Intruder Escape bots (issue 26, services/bots/intruder_escape): legal at every level
over random games at every player count, whole self-played games, determinism, ``role_of``
never naming a hidden identity, the belief never ruling out the truth, plays that would
give an Intruder away, and honesty: at the bots' decisions in random games, two states that
differ only in what the seat has not seen (other seats' identities, other hands, the center
deck's order: as the leak test's ``indistinguishable`` changes them) give the same knowledge
and the same decision, and a planted cheating bot is caught by that very check."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from services.bots import levels
from services.bots.contract import LEVELS, Bot, BotError, SeatKnowledge, choose, knowledge_of
from services.bots.intruder_escape import ROLES, make_bot, role_of
from services.bots.intruder_escape.belief import belief_of
from services.bots.intruder_escape.disguise import WEIGHT, Disguise, as_seen_by
from services.bots.intruder_escape.table import Table
from services.bots.play import Record, self_play
from services.games.core import Action, SeatPrompt
from services.games.intruder_escape import IntruderEscape, IntruderState
from services.games.intruder_escape import actions as a
from tests.games.intruder_helpers import BANDAGE, BAT, FILLER, ids, position
from tests.games.test_intruder_conformance import twin_snapshot

GAME = IntruderEscape()
SEED = "intruder-bots"
DECIDING = ("keep", "turn", "follow", "reveal")


def bots_for(level: str) -> Bot:
    return make_bot(level, playouts=24) if level == "hard" else make_bot(level)


def asked(state: IntruderState) -> list[int]:
    return sorted({p.seat for p in state.pending() if isinstance(p, SeatPrompt)})


# ------------------------------------------------------------------ the module interface


def test_the_module_offers_roles_role_of_and_make_bot() -> None:
    assert set(ROLES) == {"innocent", "intruder"}
    assert levels.roles("intruder-escape") == ROLES
    for level in LEVELS:
        assert levels.make_bot("intruder-escape", level).level == level
    with pytest.raises(BotError, match="level"):
        make_bot("expert")
    assert role_of({"seats": []}, 0) is None
    assert role_of({"seats": [{"identity": "intruder"}]}, 0) == "intruder"
    assert role_of({"seats": [{"identity": None}]}, 0) is None


# ------------------------------------------------------------------ random games


@dataclass
class Point:
    """A decision in a random game: a copy of the state, the seat asked, the history."""

    state: IntruderState
    seat: int
    actions: list[Action]
    events: list[list[Any]]


def points(players: int, seed: int, rate: float = 0.3,
           options: dict[str, Any] | None = None) -> Iterator[Point]:
    """A random game (random legal actions everywhere); a sample of the decisions with a
    choice (a copy of the state is yielded)."""
    rng = random.Random(seed)
    record = Record(GAME.new_state(players, options or {}))
    state = record.state
    while True:
        record.resolve_chance(rng)
        if state.outcome() is not None:
            return
        seat = rng.choice(asked(state))
        legal = state.legal_actions(seat)
        if state.phase in DECIDING and len(legal) > 1 and rng.random() < rate:
            yield Point(GAME.state_from_json(state.to_json()), seat, list(record.actions),
                        [list(e) for e in record.events])
        record.apply(rng.choice(legal))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_level_only_returns_legal_actions(players: int) -> None:
    """``choose`` raises if the action is not one of the seat's legal actions."""
    bots = {level: bots_for(level) for level in LEVELS}
    phases: set[str] = set()
    for game in range(2):
        options = {"intruders_6p": "random"} if players == 6 else {}
        for n, point in enumerate(points(players, players * 10 + game, 0.4, options)):
            knowledge = knowledge_of(point.state, point.seat, point.actions, point.events)
            for level, bot in bots.items():
                choose(bot, knowledge, f"{SEED}:{level}:{n}")
            phases.add(point.state.phase)
    assert {"keep", "turn"} <= phases, phases


@pytest.mark.parametrize("level", LEVELS)
def test_self_play_reaches_an_outcome(level: str) -> None:
    """``refbox play --bot all=LEVEL``: the level at every seat, whole games, every count."""
    for players in (3, 4, 5, 6):
        bots: dict[int, Bot] = {s: bots_for(level) for s in range(players)}
        state = GAME.new_state(players)
        record = self_play(state, bots, f"{SEED}:{level}:{players}", random.Random(players))
        outcome = record.state.outcome()
        assert outcome is not None and outcome.result == "win", outcome


def test_the_same_knowledge_and_seed_give_the_same_action() -> None:
    found = [p for p in points(5, 3, 0.5) if p.state.phase == "turn"][:8]
    assert len(found) >= 6
    for point in found:
        knowledge = knowledge_of(point.state, point.seat, point.actions, point.events)
        for level in LEVELS:
            first = choose(make_bot(level), knowledge, "seed-a")
            assert choose(make_bot(level), knowledge, "seed-a") == first


# ------------------------------------------------------------------ what a seat may know


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_role_of_never_names_a_hidden_identity(players: int) -> None:
    """At every step of random games (reveal_on_death at random): ``role_of`` on the public
    view names exactly the identities shown (a dead player's choice, the end), and they are
    the true ones."""
    named = hidden = 0
    for game in range(3):
        rng = random.Random(100 + players * 10 + game)
        option = rng.choice(("ask", "never", "always"))
        record = Record(GAME.new_state(players, {"reveal_on_death": option}))
        state = record.state
        while True:
            public = state.view(None)
            for s in range(players):
                role = role_of(public, s)
                if state.phase == "over" or state.revealed[s]:
                    assert role == state.identity(s)
                    named += 1
                else:
                    assert role is None, (state.phase, s)
                    hidden += 1
            if state.outcome() is not None:
                break
            prompt = state.chance_prompt()
            if prompt is not None:
                record.apply(prompt.resolve(rng))
                continue
            record.apply(rng.choice(state.legal_actions(rng.choice(asked(state)))))
    assert named > 0 and hidden > named


def test_the_belief_never_rules_out_the_true_identities() -> None:
    checked = 0
    for players in (3, 4, 5, 6):
        for point in points(players, 50 + players, 0.3):
            knowledge = knowledge_of(point.state, point.seat, point.actions, point.events)
            table = Table.of(knowledge.view, GAME.data)
            belief = belief_of(knowledge, table)
            truth = frozenset(s for s in range(players)
                              if point.state.identity(s) == "intruder")
            assert any(world == truth and p > 0 for world, p in belief.worlds)
            assert sum(p for _, p in belief.worlds) == pytest.approx(1.0)
            checked += 1
    assert checked >= 20


def test_an_intruder_does_not_heal_a_fellow_intruder() -> None:
    """Seat 1, an Intruder, holds a Bandage and Bats; its fellow Seat 2 is hurt. Healing him
    would give both away: easy and normal hit an Innocent instead; hard, weighing what the
    Innocents would read into a hit on one of them before anyone has shown anything, holds
    its cards."""
    state = fellow_position()
    knowledge = knowledge_of(state, 0, [], [])
    for level in ("easy", "normal"):
        action = choose(make_bot(level), knowledge, "fellow")
        assert isinstance(action, a.Play) and action.card.startswith(BAT), action
        assert action.target in (2, 3), action
    assert choose(make_bot("hard"), knowledge, "fellow") == a.Skip(0)


def fellow_position() -> IntruderState:
    hands = [ids(BANDAGE, BAT), FILLER[:2], FILLER[2:4], FILLER[4:6]]
    return position(hands, active=0, lap=1, rows={1: [(f"{BAT}-7", 2)]},
                    identities=["intruder", "intruder", "innocent", "innocent"])


def test_the_disguise_weighs_a_play_by_what_the_innocents_would_conclude() -> None:
    """Nothing seen yet: each Innocent gives every pair of the other three seats 1/3, so
    the suspicion of Seats 1-2 is 2/3. A Bat on the fellow makes the pair unlikely to each
    Innocent (0.3 against 1.0 and 0.8), a Bat on an Innocent a little likelier, a Bandage
    on the fellow likelier still (1.0 against 0.35 and 0.7); skipping shows nothing."""
    knowledge = knowledge_of(fellow_position(), 0, [], [])
    table = Table.of(knowledge.view, GAME.data)
    disguise = Disguise(table, knowledge.history, [])
    assert disguise.base == pytest.approx(2 / 3)
    hit_fellow = (2 * 0.3 + 1.0 + 0.8) / 2.1 / 2
    hit_innocent = ((2 * 1.0 + 1.0 + 0.8) / 2.8 + (2 * 1.0 + 0.3 + 0.8) / 2.1) / 4
    heal_fellow = (2 * 1.0 + 0.35 + 0.7) / 2.05 / 2
    for action, suspicion in ((a.Play(0, f"{BAT}-1", 1), hit_fellow),
                              (a.Play(0, f"{BAT}-1", 2), hit_innocent),
                              (a.Play(0, f"{BANDAGE}-1", 1), heal_fellow)):
        assert disguise.value(action) == pytest.approx(WEIGHT * (2 / 3 - suspicion)), action
    assert disguise.value(a.Skip(0)) == 0.0
    assert as_seen_by(table, 2).shown_identity(1) is None
    assert table.shown_identity(1) == "intruder"
    innocent = knowledge_of(fellow_position(), 2, [], [])
    assert Disguise(Table.of(innocent.view, GAME.data), (), []).value(
        a.Play(2, f"{BAT}-1", 0)) == 0.0


def test_an_innocent_heals_himself_when_he_would_lose_the_life() -> None:
    hands = [ids(BANDAGE, BAT), FILLER[:2], FILLER[2:4]]
    state = position(hands, active=0, lap=2, rows={0: [(f"{BAT}-7", 1)]},
                     identities=["innocent", "intruder", "innocent"])
    knowledge = knowledge_of(state, 0, [], [])
    for level in ("normal", "hard"):
        action = choose(make_bot(level), knowledge, "heal")
        assert action == a.Play(0, "bandage-1", 0), action


# ------------------------------------------------------------------ honesty


def twin_of(point: Point, rng: random.Random) -> IntruderState:
    """The same position with what ``point.seat`` has not seen changed (the conformance
    test's twins: hidden identities, unseen hands, the center deck's order)."""
    twin: IntruderState = GAME.state_from_json(twin_snapshot(point.state, point.seat, rng))
    return twin


@dataclass
class Peeker:
    """A planted cheat: built with a reference to the real state, it hits a true Intruder
    (or, as an Intruder, a true Innocent) when it can, else plays as ``normal``."""

    state: IntruderState
    level: str = "cheat"

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> Action:
        mine = self.state.identity(knowledge.seat)
        for action in knowledge.legal:
            if isinstance(action, a.Play) and action.target is not None \
                    and action.target != knowledge.seat \
                    and self.state.identity(action.target) != mine \
                    and self.state.data.card(action.card).category == "damage":
                return action
        return make_bot("normal").choose(knowledge, rng)


def same(one: SeatKnowledge, other: SeatKnowledge) -> bool:
    def form(k: SeatKnowledge) -> str:
        return json.dumps([k.view, k.public, [x.to_json() for x in k.legal],
                           [p.seat for p in k.prompts], k.chance,
                           [[t.sentence, list(t.events)] for t in k.history]], sort_keys=True)

    return form(one) == form(other)


@dataclass
class Honesty:
    make: Callable[[IntruderState], Bot]
    checked: int = 0
    differed: int = 0
    changed: int = 0  # twins whose hidden identities differ from the real ones
    notes: list[str] = field(default_factory=list)

    def run(self, games: int, decisions: int, seed: int = 0) -> Honesty:
        rng = random.Random(seed)
        for n in range(games):
            players = 3 + (seed + n) % 4
            seen = 0
            for point in points(players, 500 + seed * 50 + n, 0.4):
                if point.state.phase != "turn":
                    continue
                twin = twin_of(point, rng)
                ours = knowledge_of(point.state, point.seat, point.actions, point.events)
                theirs = knowledge_of(twin, point.seat, point.actions, point.events)
                assert same(ours, theirs), "the seat's knowledge tells the twin apart"
                step = f"{SEED}:{len(point.actions)}"
                one = choose(self.make(point.state), ours, step)
                other = choose(self.make(twin), theirs, step)
                self.checked += 1
                self.changed += twin.identity_cards != point.state.identity_cards
                if one != other:
                    self.differed += 1
                    self.notes.append(f"step {len(point.actions)}: {one} / {other}")
                seen += 1
                if seen >= decisions:
                    break
        return self


@pytest.mark.parametrize("level", LEVELS)
def test_the_bots_decide_the_same_in_worlds_they_cannot_tell_apart(level: str) -> None:
    check = Honesty(lambda _state: bots_for(level)).run(games=8, decisions=6,
                                                        seed=LEVELS.index(level))
    assert check.checked >= 30 and check.changed >= 10, (check.checked, check.changed)
    assert check.differed == 0, check.notes


def test_the_check_catches_a_bot_that_peeks_at_the_identities() -> None:
    check = Honesty(Peeker).run(games=8, decisions=6)
    assert check.checked >= 30
    assert check.differed >= 1, "the cheating bot was not caught"
