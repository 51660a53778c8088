"""The hard director: determinized playouts (DESIGN.md "Bots").

Near the end (:func:`wanted`: the director's last turns, Last One Standing, or two survivors
left and none to draw) the best candidates of a director's (or monster player's) turn are
played out on snapshots sampled from the seat's belief (:mod:`.beliefs`), each loaded with
the game's own ``Innsmouth32.state_from_json`` (which checks it). Every candidate meets the
same sampled worlds and the same dice (common random numbers); the playout runs to the end of
the seat's turn (to the end of the game in a Last One Standing round), the director's later
choices made by the hard bot's own rules and the players' by a quick policy of theirs, and
the position is scored by :func:`value`. The budget is a count of playouts, never time, so a
seed gives the same game on any machine.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import pickle
import random
from collections.abc import Sequence

from services.bots.contract import SeatKnowledge
from services.bots.innsmouth_32 import beliefs, director, outlook
from services.bots.innsmouth_32.table import Table
from services.games.core import Action, SeatPrompt, SnapshotError
from services.games.innsmouth_32 import I32State, Innsmouth32
from services.games.innsmouth_32 import actions as a

SEARCHED = ("director",)
WORLDS = 4  # snapshots sampled per decision
CANDIDATES = 3  # the normal bot's best actions, played out
STEPS = 150  # a playout's actions at most

ENDGAME = 2  # survivors left (none to draw) from which the hard director searches


def wanted(know: SeatKnowledge) -> bool:
    """The hard director searches its turns near the end: the director's last turns, Last
    One Standing, or few survivors left and none to draw (where a turn's kills decide the
    game and the playouts see it); elsewhere it plays as the normal bot, minding spoiled
    kills."""
    view = know.view
    if view.get("phase") not in SEARCHED:
        return False
    return int(view.get("final_turn", 0)) >= 1 or (
        not int(view["survivor_pile"]) and len(view["survivors"]) <= ENDGAME)


@functools.cache
def game() -> Innsmouth32:
    """The game engine the sampled worlds are loaded and played with (one per process: it
    holds only the card data)."""
    return Innsmouth32(beliefs.pack())


def twin(state: I32State) -> I32State:
    """A copy of a sampled state to play out (its card data shared, the rest copied)."""
    new = copy.copy(state)
    for f in dataclasses.fields(state):
        value = getattr(state, f.name)
        if isinstance(value, list | dict) and f.name != "options":
            setattr(new, f.name, pickle.loads(pickle.dumps(value)))
    return new


def value(state: I32State, seat: int) -> float:
    """The position for the director's side (:func:`outlook.value`)."""
    return outlook.value(Table(state.view(seat), seat))


def knowledge(state: I32State, seat: int) -> SeatKnowledge:
    """What a seat of the sampled world would know, for the normal bot's choices inside a
    playout (no history: they do not read it)."""
    return SeatKnowledge(game=state.info.id, seat=seat, players=state.players,
                         options=state.options, view=state.view(seat),
                         public=state.view(None), legal=tuple(state.legal_actions(seat)),
                         prompts=(), chance=False, history=())


def player_move(legal: Sequence[Action]) -> Action:
    """The players' side in a playout: negate when possible, else flail with every spoint;
    commit nothing; re-roll with a star; otherwise the first choice (resting first)."""
    negates = [x for x in legal if isinstance(x, a.Negate)]
    if negates:
        return min(negates, key=lambda x: (x.lent, x.power))
    flails = [x for x in legal if isinstance(x, a.Flail)]
    if flails:
        return max(flails, key=lambda x: (x.power + x.rest + x.lent, x.rest, -x.lent))
    commits = [x for x in legal if isinstance(x, a.Commit)]
    if commits:
        return min(commits, key=lambda x: (x.power + x.rest + x.lent, x.lent))
    chosen = [x for x in legal if isinstance(x, a.Choose) and x.value in ("reroll", "give")]
    if chosen:
        return chosen[0]
    rests = [x for x in legal if isinstance(x, a.Act) and x.kind in ("rest", "gambit")]
    plain = [x for x in legal if not isinstance(x, a.StarAction)]
    return (rests or plain or list(legal))[0]


def playout(state: I32State, seat: int, rng: random.Random) -> None:
    """Play on to the end of ``seat``'s turn (of the game, in a Last One Standing round)."""
    los = state.final == beliefs.LOS
    for _ in range(STEPS):
        if state.outcome() is not None:
            return
        if not los and not any(step[0] in ("next_seat", "after_director") and step[1] == seat
                               for step in state.todo):
            return
        chance = state.chance_prompt()
        if chance is not None:
            state.apply(chance.resolve(rng))
            continue
        who = int((state.current or {}).get("seat", -1))
        if not any(isinstance(p, SeatPrompt) and p.seat == who for p in state.pending()):
            return
        if who == state.director or who in state.monster_players:
            move = director.choose(knowledge(state, who), "hard", rng)
        else:
            move = player_move(state.legal_actions(who))
        state.apply(move)


def candidates(know: SeatKnowledge) -> list[Action]:
    """The normal bot's best actions here, best first."""
    table = Table(know.view, know.seat, careful=True)
    legal = know.legal
    if know.view.get("phase") == "director":
        scored = director.turn_scores(table, know.seat, legal)
    else:
        cards = table.throng(know.seat, int(table.step.get("throng", 0)))
        value_, shad = table.throng_value(cards), table.throng_shad(cards)
        scored = [(director.attack_value(table, value_, shad, getattr(x, "target", "")), x)
                  for x in legal]
    ranked = [x for _, x in sorted(scored, key=lambda s: (-s[0], director.rank(s[1])))]
    best = ranked[:CANDIDATES]
    allout = [x for x in legal if isinstance(x, a.AllOut)]
    if allout and allout[0] not in best:
        best[-1] = allout[0]
    return best


def worlds(know: SeatKnowledge, rng: random.Random) -> list[I32State]:
    found = []
    for snap in beliefs.sample(know, WORLDS, rng):
        found.append(game().state_from_json(snap))
    return found


def choose(know: SeatKnowledge, rng: random.Random) -> Action:
    """The hard choice: the candidate with the best total over the sampled worlds."""
    best = candidates(know)
    if len(best) <= 1:
        return best[0] if best else director.choose(know, "hard", rng)
    try:
        sampled = worlds(know, rng)
    except (beliefs.Unknowable, SnapshotError, KeyError, ValueError):
        return director.choose(know, "hard", rng)  # a module the belief does not model
    totals = dict.fromkeys(range(len(best)), 0.0)
    seeds = [rng.getrandbits(32) for _ in sampled]
    for world, seed in zip(sampled, seeds, strict=True):
        for i, action in enumerate(best):
            state = twin(world)
            state.apply(action)
            playout(state, know.seat, random.Random(seed))
            totals[i] += value(state, know.seat)
    top = max(totals, key=lambda i: (totals[i], -i))
    return best[top]
