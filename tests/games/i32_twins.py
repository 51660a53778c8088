"""The twins of the Innsmouth 32 leak tests (tests/games/test_i32_leaks.py): random games with
random options (also played by tests/games/test_i32_conformance.py), and :class:`ChanceTwins`,
which replays a history with two cards nobody has seen since their last shuffle swapped in the
shuffles (or with the secret cultist's pick, or a card only its drawing seat told the box,
replaced) and compares every channel of every reader in both worlds.

:class:`Track` decides what "nobody has seen" means: a card is seen at a step if it is then in
a place everyone sees (anywhere but the reel pile, the survivor pile, the discards and a
face-down screen slot), if a ``Shown`` event names it, or if a search or a director's cut draws
it (the table learns something of its kind); a shuffle hides again where it lies. With
``open_discards`` the discards' contents are public, so two discards are swapped only if both
lay there since their last shuffle.
"""

from __future__ import annotations

import random
import re
import typing
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from services.games.core import (
    JSON,
    Action,
    DrawResult,
    IllegalAction,
    OptionValue,
    ShuffleResult,
)
from services.games.innsmouth_32 import INFO, I32State, Innsmouth32
from services.games.innsmouth_32 import actions as a
from tests.games.conformance import channels
from tests.games.leaks import Counted, relabeled

GAME = Innsmouth32()
CARDS = tuple(dict.fromkeys(c for deck in ("survivors", "movie", "terrors")
                            for c in GAME.data.ids(deck)))
KINDS = ("reel", "screen", "survivors", "discards", "loss")
DRAWN = re.compile(r"(?:searches|Director's cut:) (\d+) discards")
ZONES = ("reel_pile", "survivor_pile", "discards", "screen")


def random_options(rng: random.Random, players: int) -> dict[str, OptionValue]:
    """A random value of every option of INFO.options (a seat for the director)."""
    found: dict[str, OptionValue] = {}
    for option in INFO.options:
        if option.key == "faction_game":
            continue  # fixed seat counts (R-I32-83): tests/games/test_i32_faction_games.py
        if option.key == "director_seat":
            found[option.key] = rng.randrange(players)
        elif option.choices:
            found[option.key] = rng.choice(option.choices)
        elif isinstance(option.default, bool):
            found[option.key] = rng.random() < 0.5
        elif isinstance(option.default, int):
            low = option.minimum if option.minimum is not None else 0
            high = option.maximum if option.maximum is not None else option.default + 3
            found[option.key] = rng.randint(int(low), int(high))
    return found


def play(players: int, options: dict[str, OptionValue], seed: int) -> list[Action]:
    """A random game to the end: random legal actions, random chance outcomes."""
    rng = random.Random(seed)
    state = GAME.new_state(players, dict(options))
    actions: list[Action] = []
    while state.outcome() is None:
        if len(actions) > 5000:
            raise AssertionError(f"seed {seed}: no outcome after 5000 steps")
        chance = state.chance_prompt()
        if chance is not None:
            action = chance.resolve(rng)
        else:
            seats = sorted({p.seat for p in state.pending()})  # type: ignore[attr-defined]
            action = rng.choice(state.legal_actions(rng.choice(seats)))
        state.apply(action)
        actions.append(action)
    return actions


def hidden(state: I32State) -> set[str]:
    """Cards in a place whose contents nobody sees: the reel pile, the survivor pile, the
    discards (A-I32-26; with ``open_discards`` their contents are listed, see :class:`Track`)
    and the face-down screen cards (a cover card of cover+attack among them)."""
    down = {s["card"] for s in state.screen if s["down"]}
    return {*state.reel_pile, *state.survivor_pile, *state.discards, *down}


@dataclass
class Track:
    """For each card, the last step that showed it (it was in a place everyone sees after the
    step, a ``Shown`` event named it, a search or a director's cut drew it) and the step it
    last came into the discards; each shuffle's step and outcome."""

    touched: dict[str, int] = field(default_factory=dict)
    entered: dict[str, int] = field(default_factory=dict)
    shuffles: list[tuple[int, frozenset[str]]] = field(default_factory=list)

    def after(self, i: int, action: Action, discards: Sequence[str], state: I32State,
              events: Sequence[Any], drawn: int) -> None:
        """``drawn``: how many discards a search or a director's cut right after a shuffle of
        the discards draws (read from the step queue before the shuffle)."""
        before = set(discards)
        if isinstance(action, ShuffleResult):
            self.shuffles.append((i, frozenset(action.order)))
            if action.deck == "discards":
                discards = action.order
                for card in discards[:drawn]:
                    self.touched[card] = i
        for card in state.discards:
            if card not in before:
                self.entered[card] = i
        unseen = hidden(state)
        for card in CARDS:
            if card not in unseen:
                self.touched[card] = i
        for event in events:
            if isinstance(event, a.Shown):
                self.touched[event.card] = i
            for found in DRAWN.finditer(getattr(event, "text", "")):
                for card in discards[:int(found.group(1))]:
                    self.touched[card] = i

    def since(self, one: str, other: str, listed: bool = False) -> int | None:
        """The step of the last shuffle of both cards, if neither was seen since (``listed``:
        and both lay in the discards all along, their contents being public)."""
        for i, order in reversed(self.shuffles):
            if one in order and other in order:
                seen = max(self.touched.get(one, -1), self.touched.get(other, -1))
                if listed:
                    seen = max(seen, self.entered.get(one, i) - 1, self.entered.get(other, i) - 1)
                return i if seen < i else None
        return None


def draws(state: I32State) -> int:
    """How many discards the step after a shuffle of the discards draws: a search's count
    (R-I32-13), a director's cut's REEL# (R-I32-70)."""
    step = state.todo[0] if state.phase == "shuffle" and state.todo else []
    if step and step[0] == "searched":
        return int(step[2])
    return state.reel if step and step[0] == "cut_draw" else 0


def candidates(state: I32State) -> dict[str, list[tuple[str, str]]]:
    """Pairs of unseen cards by kind of swap: two reel pile cards (its order), a face-down
    screen card and a reel pile card (a cover card of cover+attack apart), two survivors of
    the pile (its order), a discard and another discard or a reel pile or face-down card
    (A-I32-26; with ``open_discards`` only another discard), the survivor-loss card (in the
    discards, or shuffled into a reel) and a survivor of the pile."""
    reel, pile, discards = state.reel_pile, state.survivor_pile, state.discards
    covers = {state.screen[c["slot"]]["card"] for c in getattr(state, "covers", ())}
    down = [s["card"] for s in state.screen if s["down"] and s["card"] not in covers]
    lost = [c for c in state.familiar if c in hidden(state)]
    listed = bool(state.options.get("open_discards"))
    elsewhere = () if listed else (*reel, *down, *covers)
    return {
        "reel": list(combinations(reel, 2)),
        "screen": [(c, r) for c in down for r in reel],
        "cover": [(c, r) for c in covers if c for r in reel],
        "survivors": list(combinations(pile, 2)),
        "discards": [*combinations(discards, 2), *((c, r) for c in discards for r in elsewhere)],
        "loss": [(c, s) for c in lost for s in pile],
    }


def swapped(actions: Sequence[Action], since: int, swap: dict[str, str]) -> list[Action]:
    """The history with ``swap`` made in every shuffle from step ``since`` on (the random
    victims deck is another deck: its draws stay)."""
    twin: list[Action] = []
    for i, action in enumerate(actions):
        if i >= since and isinstance(action, ShuffleResult):
            action = ShuffleResult(action.deck, tuple(swap.get(c, c) for c in action.order))
        twin.append(action)
    return twin


def told_apart(state: I32State, actions: Sequence[Action], since: int, one: str,
               other: str) -> bool:
    """A random victims card of one of them drawn since, one being out of the victims deck
    (the survivor-loss card): the table saw that card is still in the deck (R-I32-33)."""
    if (one in state.victims) == (other in state.victims):
        return False
    return any(isinstance(x, DrawResult) and x.card in (one, other) for x in actions[since:])


def reads(state: I32State, seat: int | None, history: Sequence[Action], says: bool) -> JSON:
    """:func:`tests.games.conformance.channels` (the sentences of the history only if
    ``says``: they cost the most, so each twin reads them for the public table and one seat
    in turn)."""
    found = channels(state, seat, ()) if not says else channels(state, seat, history)
    if not says:
        del found["says"]
    return found


def kind_of(state: I32State, card: str) -> str:
    """What the table learns of a card put back: a familiar face, or its kind of card."""
    return "familiar" if card in state.familiar else str(state.data.get(card).kind)


def known(state: I32State) -> bool:
    """The table knows the secret cultist (R-I32-84)."""
    return bool(state.cultist_known())


@dataclass
class ChanceTwins:
    """Replay a history; at sampled steps swap two unseen cards (one kind of swap in turn) in
    the chance outcomes since their last shuffle and compare every channel of every reader.
    With the secret cultist, the director's pick is also replaced by another survivor's and
    every reader but the director compared (R-I32-84)."""

    extra: Counted | None = None
    only: tuple[str, ...] = ()  # these kinds of swap only (a test of the test)
    stats: Counter[str] = field(default_factory=Counter)
    befores: dict[int, JSON] = field(default_factory=dict)  # before each shuffle, the pick

    def check(self, players: int, options: dict[str, OptionValue], actions: Sequence[Action],
              samples: int, seed: int) -> None:
        rng = random.Random(seed)
        steps = set(rng.sample(range(len(actions)), min(samples, len(actions))))
        state = GAME.new_state(players, dict(options))
        start = state.to_json()
        track = Track()
        told: list[list[JSON]] = []
        self.befores = {}
        private: list[int] = []  # identify steps of a card only its seat saw, put back
        drawing: list[int] = []  # identify steps of a search or a director's cut under way
        physical = options.get("cards") == "physical"
        for i, action in enumerate(actions):
            if i in steps:
                if physical:
                    self._identify(state, start, actions[:i], told, private, rng)
                else:
                    self._twin(state, start, actions[:i], told, track, rng)
                if state.mods.get("cultist") and rng.random() < 0.5:
                    self._cultist(state, start, actions[:i], told, rng)
            purpose = (state.current or {}).get("purpose")
            if isinstance(action, ShuffleResult) or purpose == "cultist" or (
                    state.phase == "identify" and purpose in ("search", "cut")):
                self.befores[i] = state.to_json()
                if state.phase == "identify":
                    drawing.append(i)
            discards = list(state.discards)
            drawn = draws(state)
            events = state.apply(action)
            told.append([e.to_json() for e in events])
            track.after(i, action, discards, state, events, drawn)
            if drawing:
                self._put_back(state, actions, drawing, private)
            if any(getattr(e, "text", "").startswith("Survivor loss") for e in events):
                steps |= {i + 2, i + 9}  # while the lost card may lie in the discards
            if getattr(state, "covers", None) and rng.random() < 0.15:
                steps.add(i + 1)  # a cover card lies face down until the turn's reveal

    def _pick(self, state: I32State, track: Track,
              rng: random.Random) -> tuple[str, str, str, int] | None:
        found = candidates(state)
        listed = bool(state.options.get("open_discards"))
        kinds = sorted(self.only or found, key=lambda k: (self.stats[k], rng.random()))
        for kind in kinds:
            pairs = found.get(kind, [])
            for one, other in rng.sample(pairs, min(len(pairs), 40)):
                since = track.since(one, other, listed and kind == "discards")
                if since is not None:
                    return kind, one, other, since
        return None

    def _twin(self, state: I32State, start: JSON, actions: Sequence[Action],
              told: list[list[JSON]], track: Track, rng: random.Random) -> None:
        picked = self._pick(state, track, rng)
        if picked is None:
            self.stats["none"] += 1
            return
        kind, one, other, since = picked
        if told_apart(state, actions, since, one, other):
            self.stats["told_apart"] += 1
            return
        swap = {one: other, other: one}
        history = swapped(actions, since, swap)
        twin = GAME.state_from_json(self.befores[since])  # the same game until then
        label = f"{one} from {other} ({kind})"
        try:
            events = [*told[:since], *([e.to_json() for e in twin.apply(x)]
                                       for x in history[since:])]
        except IllegalAction as error:
            raise AssertionError(f"the history tells {label}: {error}") from error
        mine, theirs = state.to_json(), twin.to_json()
        for zone in ZONES:  # the twin is the same game with the two cards swapped
            assert theirs[zone] == relabeled(mine[zone], swap), zone
        assert mine != theirs
        self._compare(state, twin, start, actions, history, told, events, label,
                      [None, *range(state.players)])
        self.stats[kind] += 1
        self.stats["swaps"] += 1

    @staticmethod
    def _put_back(state: I32State, actions: Sequence[Action], drawing: list[int],
                  private: list[int]) -> None:
        """A card drawn is private once the box forgot it again (put back unseen), public
        once it is in a place everyone sees (kept, placed)."""
        unseen = {*state.unseen["movie"], *state.unseen["survivors"]}
        places = hidden(state)
        for i in list(drawing):
            card = getattr(actions[i], "card", "")
            if card in unseen:
                private.append(i)
            elif card in places:
                continue
            drawing.remove(i)

    def _identify(self, state: I32State, start: JSON, actions: Sequence[Action],
                  told: list[list[JSON]], private: list[int], rng: random.Random) -> None:
        """Option ``cards = physical``: a card a search or a director's cut drew, told by the
        drawing seat and returned unseen (the box forgot it), replaced by another card of its
        kind that could have been there; everyone but that seat reads the same."""
        unseen = {*state.unseen["movie"], *state.unseen["survivors"]}
        found = [i for i in private if i < len(actions)]
        if not found:
            self.stats["identify_none"] += 1
            return
        index = rng.choice(found)
        real = typing.cast(a.Identify, actions[index])
        before = GAME.state_from_json(self.befores[index])
        others = [x for x in before.legal_actions(real.seat)
                  if isinstance(x, a.Identify) and x.card != real.card and x.card in unseen
                  and kind_of(before, x.card) == kind_of(before, real.card)]
        if not others:
            self.stats["identify_none"] += 1
            return
        other = rng.choice(others)
        history = [*actions[:index], other, *actions[index + 1:]]
        try:
            events = [*told[:index], *([e.to_json() for e in before.apply(x)]
                                       for x in history[index:])]
        except IllegalAction:  # the card told instead is told later on: no twin
            self.stats["identify_diverged"] += 1
            return
        readers = [r for r in [None, *range(state.players)] if r != real.seat]
        label = f"{real.card} from {other.card} told by Seat {real.seat + 1} (identify)"
        self._compare(state, before, start, actions, history, told, events, label, readers)
        self.stats["identify"] += 1

    def _cultist(self, state: I32State, start: JSON, actions: Sequence[Action],
                 told: list[list[JSON]], rng: random.Random) -> None:
        """R-I32-84: the director's pick replaced by another survivor still in the victims
        deck; skipped once the table knows the cultist in either world (revealed, or its card
        seen leaving play: its victims card is then missed)."""
        cultist = state.mods["cultist"]
        if known(state):
            return
        index = next(i for i, x in enumerate(actions) if isinstance(x, a.Choose)
                     and x.seat == state.director and x.value == cultist)
        others = [v for v in state.victims if v != cultist]
        if not others:
            return
        other = rng.choice(others)
        history = [*actions[:index], a.Choose(state.director, other), *actions[index + 1:]]
        twin = GAME.state_from_json(self.befores[index])
        try:
            events = [*told[:index], *([e.to_json() for e in twin.apply(x)]
                                       for x in history[index:])]
        except IllegalAction:  # a random victim drawn was the other cultist: no twin
            self.stats["cultist_diverged"] += 1
            return
        if known(twin):
            self.stats["cultist_diverged"] += 1
            return
        readers = [r for r in [None, *range(state.players)] if r != state.director]
        label = f"the secret cultist {cultist} from {other} (cultist)"
        self._compare(state, twin, start, actions, history, told, events, label, readers)
        assert state.view(state.director) != twin.view(state.director)
        self.stats["cultist"] += 1

    def _compare(self, state: I32State, twin: I32State, start: JSON, actions: Sequence[Action],
                 history: Sequence[Action], told: list[list[JSON]], events: list[list[JSON]],
                 label: str, readers: list[int | None]) -> None:
        assert events == told, f"events tell {label}"
        told_all = {None, random.Random(len(actions)).choice(readers)}
        for reader in readers:
            says = reader in told_all
            ours, theirs = reads(state, reader, actions, says), reads(twin, reader, history, says)
            for name, value in ours.items():
                assert value == theirs[name], (
                    f"{name} of reader {reader} tells {label}: {value} / {theirs[name]}")
        if self.extra is not None:
            ours_extra = self.extra(GAME, start, actions, readers)
            others_extra = self.extra(GAME, start, history, readers)
            for reader in readers:
                assert ours_extra[reader] == others_extra[reader], (
                    f"reader {reader} tells {label}")


def twins(players: int, games: int, samples: int, extra: Counted | None = None,
          only: tuple[str, ...] = (), **forced: OptionValue) -> ChanceTwins:
    """``games`` random games with random options (``forced`` set)."""
    check = ChanceTwins(extra, only)
    for n in range(games):
        seed = players * 1000 + n
        options = random_options(random.Random(seed), players)
        options["cards"] = "box"  # the table's own decks: the box knows no hidden card
        options.update(forced)
        check.check(players, options, play(players, options, seed), samples, seed)
    return check
