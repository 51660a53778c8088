"""Scripted players for whole Innsmouth 32 games at engine level (and, through a navigator, on
the box): deterministic policies choosing among ``state.legal_actions(seat)``, with the chance
outcomes (shuffles, dice, random victims) drawn from a seeded ``random.Random``.

Survivors are ``cautious`` (rest, sanctuaries, negate damage, keep spoints, take items, re-roll
with a horror star) or ``reckless`` (attack the biggest monster, never negate, never rest). The
director attacks the weakest survivor (``weakest``: the biggest throng, all-out attacks,
director's cut, clip the reel) or plays ``gentle`` (the smallest throng, the strongest
target); both fade out what they can.
A policy prefers actions by type and kind and falls back to the first legal action, so it
keeps working when the engine gains actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from services.games.core import Action, Event, Outcome
from services.games.innsmouth_32 import I32State, Innsmouth32
from services.games.innsmouth_32 import actions as a

GAME = Innsmouth32()


def pick(legal: Sequence[Action], *tests: Callable[[Action], bool]) -> Action:
    """The first legal action passing the first test that any passes; else the first."""
    for test in tests:
        found = [x for x in legal if test(x)]
        if found:
            return found[0]
    return legal[0]


def kind_of(action: Action) -> str:
    return str(getattr(action, "kind", ""))


@dataclass
class Players:
    """The policies of every seat: ``survivors`` (cautious or reckless) and ``director``
    (weakest or gentle)."""

    survivors: str = "cautious"
    director: str = "weakest"

    # ------------------------------------------------------------------ entry

    def decide(self, state: I32State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"Seat {seat + 1} has no legal action in phase {state.phase}")
        chooser = getattr(self, f"on_{state.phase}", None)
        action = chooser(state, seat, legal) if chooser is not None else legal[0]
        return action if action in legal else legal[0]

    @property
    def careful(self) -> bool:
        return self.survivors == "cautious"

    @property
    def cruel(self) -> bool:
        return self.director == "weakest"

    # ------------------------------------------------------------------ character players

    def on_turn(self, state: I32State, seat: int, legal: list[Action]) -> Action:
        pool = state.pools[seat]
        draw = [x for x in legal if isinstance(x, a.DrawSurvivor)]
        if draw and (not pool or (self.careful and len(pool) < 2)):
            return draw[0]
        spot = [x for x in legal if isinstance(x, a.Spotlight)
                and state.data.get(x.card).kind == "item"]
        if spot and self.careful and len(pool) == 1:
            return spot[0]
        return pick(legal, lambda x: isinstance(x, a.Pool))

    def on_act(self, state: I32State, seat: int, legal: list[Action]) -> Action:
        s = state.current["survivor"]
        me = state.survivors[s]
        acts = [x for x in legal if isinstance(x, a.Act)]
        if self.careful:
            return self.careful_act(state, s, me, acts) or legal[0]
        return self.reckless_act(state, acts) or legal[0]

    def careful_act(self, state: I32State, s: str, me: dict[str, Any],
                    acts: list[a.Act]) -> Action | None:
        by = {k: [x for x in acts if x.kind == k] for k in a.ACT_KINDS}
        if by["take"] and len(me["items"]) < 2:
            return by["take"][0]
        if by["heal"]:
            return by["heal"][0]
        banish = [x for x in by["mythos_attack"] if not x.item]
        if banish:
            return max(banish, key=lambda x: state.value(x.target))
        if me["where"] and me["inside"] and by["sanctuary_rest"] and me["rest"] < 7:
            return by["sanctuary_rest"][0]
        screen = {slot["card"] for slot in state.screen}
        sure = [x for x in by["attack"] if x.target in screen and x.item
                and state.value(x.target) <= 4]
        if sure:
            return sure[0]
        if by["move"] and not me["where"]:
            return by["move"][0]
        if me["rest"] >= 5 and by["attack"]:
            on_screen = [x for x in by["attack"] if x.target in screen]
            if on_screen:
                return min(on_screen, key=lambda x: (state.value(x.target), not x.item))
        if me["rest"] < 7:
            return pick(acts, lambda x: x.kind == "sanctuary_rest", lambda x: x.kind == "rest")
        return pick(acts, lambda x: x.kind == "mythos")

    def reckless_act(self, state: I32State, acts: list[a.Act]) -> Action | None:
        screen = {slot["card"] for slot in state.screen}
        attacks = [x for x in acts if x.kind == "attack" and not x.item
                   and not x.target.startswith("throng:")]
        if attacks:
            return max(attacks, key=lambda x: (x.target in screen, state.value(x.target)))
        return pick(acts, lambda x: x.kind == "take", lambda x: x.kind == "mythos")

    def on_commit(self, state: I32State, seat: int, legal: list[Action]) -> Action:
        return pick(legal, lambda x: getattr(x, "power", 0) + getattr(x, "rest", 0) == 0)

    def on_negate(self, state: I32State, seat: int, legal: list[Action]) -> Action:
        negates = [x for x in legal if isinstance(x, a.Negate)]
        flails = [x for x in legal if isinstance(x, a.Flail)]
        if self.careful and negates:
            return max(negates, key=lambda x: getattr(x, "rest", 0))
        if self.careful and flails:
            return max(flails, key=lambda x: (getattr(x, "power", 0) + getattr(x, "rest", 0),
                                              getattr(x, "rest", 0)))
        return pick(legal, lambda x: isinstance(x, a.Flail) and x.power + x.rest == 0)

    # ------------------------------------------------------------------ choices

    def on_choose(self, state: I32State, seat: int, legal: list[Action]) -> Action:
        purpose = state.current.get("purpose", "")
        values = [getattr(x, "value", "") for x in legal]
        wanted = {
            "plot": "resolve" if self.cruel else "discard",
            "clip": "clip",
            "cut": "cut" if self.cruel else "pass",
            "reroll": "reroll" if self.careful else "accept",
            "dibs": "" if self.careful else "pass",
        }.get(purpose)
        if wanted and wanted in values:
            return legal[values.index(wanted)]
        if purpose == "star":
            return max(legal, key=lambda x: -state.survivors.get(getattr(x, "value", ""),
                                                                  {}).get("stars", 0))
        return legal[0]

    def on_adjust(self, state: I32State, seat: int, legal: list[Action]) -> Action:
        return pick(legal, lambda x: kind_of(x) == "done")

    def on_fade(self, state: I32State, seat: int, legal: list[Action]) -> Action:
        return pick(legal, lambda x: isinstance(x, a.FadeOut))

    # ------------------------------------------------------------------ director, monsters

    def weakness(self, state: I32State, target: str) -> tuple[int, ...]:
        """Lower is weaker: spoints that could negate, then SPEED for a flail."""
        if target.startswith("locks:") or target not in state.survivors:
            return (99, 99)
        me = state.survivors[target]
        return (me["rest"] + state.power[state.owner(target)], state.stat(target, "speed"))

    def throng_value(self, state: I32State, seat: int, throng: int, extra: str = "") -> int:
        cards = [*state.throngs[seat][throng], *([extra] if extra else [])]
        return sum(state.value(c) for c in cards)

    def on_director(self, state: I32State, seat: int, legal: list[Action]) -> Action:
        takes = [x for x in legal if isinstance(x, a.TakeAttack)]
        outs = [x for x in legal if isinstance(x, a.AllOut)]
        cover = self.cover(state, legal)
        if cover is not None:
            return cover
        if self.cruel:
            busy = [t for t in state.throngs[seat] if t]
            if outs and len(busy) >= 2 and (not takes or len(busy) >= 3):
                return outs[0]
            if takes:
                return min(takes, key=lambda x: (self.weakness(state, x.target),
                                                 -self.throng_value(state, seat, x.throng,
                                                                    x.card)))
            return outs[0] if outs else legal[0]
        if takes:
            return min(takes, key=lambda x: (self.throng_value(state, seat, x.throng, x.card),
                                             -self.weakness(state, x.target)[0]))
        return pick(legal, lambda x: isinstance(x, a.Pass), lambda x: isinstance(x, a.AllOut))

    def cover(self, state: I32State, legal: list[Action]) -> Action | None:
        """COVER+ATTACK (option ``cover_attack``): the cruel director covers a face-up item
        or power play the survivors want, attacking the weakest with his biggest throng."""
        covers = [x for x in legal if type(x).__name__ == "Cover"
                  and getattr(x, "throng", -1) >= 0]
        wanted = [x for x in covers if state.data.get(
            state.screen[getattr(x, "slot", 0)]["card"]).kind in ("item", "power_play")]
        if not self.cruel or not wanted:
            return None
        seat = wanted[0].seat
        return min(wanted, key=lambda x: (self.weakness(state, getattr(x, "target", "")),
                                          -self.throng_value(state, seat,
                                                             getattr(x, "throng", 0))))

    def on_aim(self, state: I32State, seat: int, legal: list[Action]) -> Action:
        chosen = min(legal, key=lambda x: self.weakness(state, getattr(x, "target", "")))
        return chosen if self.cruel else max(
            legal, key=lambda x: self.weakness(state, getattr(x, "target", "")))

    def on_place(self, state: I32State, seat: int, legal: list[Action]) -> Action:
        places = [x for x in legal if isinstance(x, a.Place)]
        if not places:
            return legal[0]
        return max(places, key=lambda x: (self.throng_value(state, seat, x.throng, x.card),
                                          -x.throng)) if self.cruel else places[0]


@dataclass
class Played:
    state: I32State
    steps: int
    actions: list[Action]
    events: list[Event]  # the last action's events

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome()


def new_game(players: int = 4, **options: Any) -> I32State:
    return GAME.new_state(players, options)


def play(seed: int, players: Players, *, seats: int = 4, limit: int = 1500,
         state: I32State | None = None, **options: Any) -> Played:
    """A whole game: chance from ``random.Random(seed)``, decisions from ``players``; stops
    at the end of the game or after ``limit`` actions."""
    rng = random.Random(seed)
    state = state if state is not None else new_game(seats, **options)
    done: list[Action] = []
    events: list[Event] = []
    while state.outcome() is None and len(done) < limit:
        action = next_action(state, players, rng)
        events = state.apply(action)
        done.append(action)
    return Played(state, len(done), done, events)


def next_action(state: I32State, players: Players, rng: random.Random) -> Action:
    """The chance outcome drawn from ``rng``, or the deciding seat's choice."""
    prompt = state.pending()[0]
    seat = getattr(prompt, "seat", None)
    return players.decide(state, seat) if seat is not None else prompt.resolve(rng)


@dataclass(frozen=True)
class Scripted:
    """A whole game to one outcome of A-I32-01: its seed (of the engine game and of the
    simulated box alike), its players and options, and what must come of it."""

    seed: int
    players: Players
    options: dict[str, Any]
    result: str  # "players" or "director"
    winners: tuple[int, ...]
    reason: str  # the outcome's reason; "" for any
    rule: str  # the rule of the last line told
    uses: tuple[str, ...] = ()  # action types the game must contain

    def play(self) -> Played:
        return play(self.seed, Players(self.players.survivors, self.players.director),
                    **self.options)

    def reached(self, played: Played) -> bool:
        out = played.outcome
        kinds = {x.type for x in played.actions if hasattr(x, "type")}
        return out is not None and out.result == self.result and played.steps < 1500 and (
            not self.reason or out.reason.split(":")[0] == self.reason.split(":")[0]) and (
            set(self.uses) <= kinds)


# 4 seats: the director at seat 1 (index 0) and 3 character players; a winner tuple names
# the monster players with the director (D-I32-53), not with the players
PLAYERS = (1, 2, 3)
FINAL = "the director's final turn of reel IV is over"
GAMES: dict[str, Scripted] = {
    "final_turn": Scripted(43, Players("cautious", "gentle"), {}, "players", PLAYERS,
                           f"{FINAL}: 6 survivor(s) still in play", "R-I32-71"),
    "last_one": Scripted(33, Players("reckless", "weakest"), {}, "players", (2,),
                         "Last One Standing is over: 1 survivor(s) still in play", "R-I32-73"),
    "no_survivor": Scripted(57, Players("reckless", "weakest"), {}, "director", (0, 2, 3),
                            "every survivor is lost: no survivor is left", "A-I32-01"),
    "half_players": Scripted(22, Players("cautious", "weakest"), {"victory": "half_players"},
                             "director", (0, 1, 3), f"{FINAL}: too few players still have "
                             "survivors", "R-I32-71"),
    "modules": Scripted(57, Players("cautious", "weakest"),
                        {"cover_attack": True, "secret_cultist": True}, "director",
                        (0, 2, 3),
                        "every survivor is lost: no survivor is left", "A-I32-01",
                        ("cover_attack",)),
}


def find_seeds(name: str, count: int = 60) -> list[tuple[int, int]]:
    """(actions, seed) of the seeds below ``count`` whose game reaches the outcome of game
    ``name``, shortest first (to re-find the seeds when the engine changes)."""
    game = GAMES[name]
    found = []
    for seed in range(count):
        scripted = replace(game, seed=seed)
        try:
            played = scripted.play()
        except Exception:  # an engine error: not a seed to keep
            continue
        if scripted.reached(played):
            found.append((played.steps, seed))
    return sorted(found)


if __name__ == "__main__":
    for key in GAMES:
        print(key, find_seeds(key)[:5])
