"""The invariants of an Innsmouth Escape snapshot, checked before a state is built from it.

Every field has its type and range; cells are the board's, cards and colours the data's;
the Deep One colours sit at the seats the Human's seat gives them; each colour has its 25
pawns on the board or in its pool, at most 4 on a cell; the 9 movement cards are each in
the hand, the discard or the plot; each Human card is in exactly one place once the decks
are shuffled; each Deep One card is at most once in the deck, the hands and the discard;
the phase has what it needs (the combat, the window, the adjustment, the cards being
identified). A position where the Human already has enough wounds to die is ended when it
is loaded (:func:`settle`, R-IE-38), as play would have ended it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from services.games.core import Outcome
from services.games.innsmouth_escape.data import DECKS, HUMAN_DECKS, TIMINGS, InnsmouthData
from services.games.innsmouth_escape.state import (
    CAP,
    UNKNOWN,
    WOUNDS_TO_KILL,
    movement_cards,
)
from services.games.innsmouth_escape.state import PAWNS_PER_COLOUR as PAWNS
from services.games.kit.snapshot import (
    at,
    boolean,
    each,
    fail,
    ident,
    ids,
    integer,
    maybe,
    obj,
    once,
    outcome,
    seat,
    seq,
    text,
)

if TYPE_CHECKING:
    from services.games.innsmouth_escape.state import InnsmouthState

PHASES = ("human", "shuffle", "place_pawns", "place_human", "plot", "spawn_here", "combat",
          "attack", "kill", "do_attack", "do_move", "do_summon", "do_spawn", "reshuffle",
          "window", "adjust", "identify", "over")
SETUP = ("human", "shuffle", "place_pawns", "place_human")
COMBAT = ("combat", "attack", "kill", "do_attack")
FIELDS = ("game", "format", "players", "options", "pack", "pack_version", "phase", "human",
          "colours", "to_shuffle", "decks", "do_discard", "tokens", "pawns", "pools",
          "shoggoths", "human_cell", "movement_hand", "movement_discard", "plot",
          "last_reveal", "wounds", "hand", "known", "tableau", "weapon", "used", "do_hands",
          "round", "placing", "spawn_left", "submitted", "combat", "draw_queue",
          "step_snapshot", "do_played", "do_permanent", "window", "adjusting", "identify",
          "route", "applied", "result")


class _Reader:
    def __init__(self, data: InnsmouthData, players: int, human: int) -> None:
        self.data = data
        self.players = players
        self.cells = frozenset(c.id for c in data.cells)
        self.cards = frozenset(c.id for c in data.cards)
        self.human_cards = frozenset(c.id for c in data.cards if c.deck in HUMAN_DECKS)
        self.do_cards = frozenset(data.deck("deep_one"))
        do_seats = [(human + i) % players for i in range(1, players)] if human >= 0 else []
        self.colours = [""] * players if human >= 0 else []
        for i, s in enumerate(do_seats):
            self.colours[s] = data.colours[i]
        self.in_game = frozenset(c for c in self.colours if c)

    def cell(self, value: object, path: str) -> str:
        return ident(value, path, self.cells, "cell")

    def maybe_cell(self, value: object, path: str) -> str:
        return value if value == "" else self.cell(value, path)  # type: ignore[return-value]

    def colour(self, value: object, path: str) -> str:
        return ident(value, path, self.in_game, "colour")

    def by_colour(self, value: object, path: str, check: Any) -> dict[str, Any]:
        """An object with exactly the colours in the game as keys."""
        data = obj(value, path, sorted(self.in_game))
        return {c: check(v, at(path, c)) for c, v in data.items()}


def check(data: Mapping[str, Any], pack: InnsmouthData) -> None:
    """Raise SnapshotError naming the first field that breaks an invariant."""
    obj(data, "", FIELDS)
    players: int = data["players"]
    options: Mapping[str, Any] = data["options"]
    text(data["pack"], "pack")
    integer(data["pack_version"], "pack_version")
    phase = text(data["phase"], "phase", PHASES)
    human = integer(data["human"], "human", -1, players - 1)
    if (phase == "human" and human >= 0) or (phase not in ("human", "over") and human < 0):
        raise fail("human", "is -1 exactly while the box waits to choose the Human")
    r = _Reader(pack, players, human)
    if seq(data["colours"], "colours") != r.colours:
        raise fail("colours", f"must be {r.colours}: the Deep One colours in seat order from "
                              "the Human's left")
    to_shuffle = ids(data["to_shuffle"], "to_shuffle", DECKS, "deck")
    decks = obj(data["decks"], "decks")
    for name, cards in decks.items():
        ident(name, "decks", DECKS, "deck")
        ids(cards, at("decks", name), frozenset(pack.deck(name)))
    do_discard = ids(data["do_discard"], "do_discard", r.do_cards)
    for cell, here in obj(data["tokens"], "tokens").items():
        r.cell(cell, "tokens")
        for deck, rank in obj(here, at("tokens", cell)).items():
            ident(deck, at("tokens", cell), HUMAN_DECKS, "deck")
            integer(rank, at(at("tokens", cell), deck), 1, 9)
    on_board = {c: 0 for c in r.in_game}
    for cell, here in obj(data["pawns"], "pawns").items():
        r.cell(cell, "pawns")
        for colour, n in obj(here, at("pawns", cell)).items():
            r.colour(colour, at("pawns", cell))
            on_board[colour] += integer(n, at(at("pawns", cell), colour), 1, CAP)
    pools = r.by_colour(data["pools"], "pools", lambda v, p: integer(v, p, 0, PAWNS))
    for colour, n in pools.items():
        if n + on_board[colour] != PAWNS:
            raise fail(at("pools", colour), f"{n} in the pool and {on_board[colour]} on the "
                                            f"board make {n + on_board[colour]}, not {PAWNS}")
    r.by_colour(data["shoggoths"], "shoggoths", r.maybe_cell)
    human_cell = r.maybe_cell(data["human_cell"], "human_cell")
    movement = _movement(options)
    hand_m = ids(data["movement_hand"], "movement_hand", movement, "movement card")
    discard_m = ids(data["movement_discard"], "movement_discard", movement, "movement card")
    plot = maybe(data["plot"], "plot", lambda v, p: _plot(v, p, r, movement, False))
    maybe(data["last_reveal"], "last_reveal", lambda v, p: _plot(v, p, r, movement, True))
    once([("movement_hand", hand_m), ("movement_discard", discard_m),
          ("plot.cards", plot["cards"] if plot else [])], movement, "movement card")
    integer(data["wounds"], "wounds", 0, 999)
    hand = ids(data["hand"], "hand", r.human_cards)
    ids(data["known"], "known", r.human_cards)
    tableau = ids(data["tableau"], "tableau", r.human_cards)
    weapon = text(data["weapon"], "weapon")
    if weapon and not (weapon in r.human_cards and pack.card(weapon).is_weapon):
        raise fail("weapon", f"{weapon[:40]!r} is not a weapon card")
    used = ids(data["used"], "used", r.human_cards)
    do_hands = r.by_colour(data["do_hands"], "do_hands", lambda v, p: ids(
        v, p, r.do_cards | {UNKNOWN}, most=10))
    integer(data["round"], "round", 0)
    integer(data["placing"], "placing", 0, max(players - 1, 0))
    integer(data["spawn_left"], "spawn_left", 0, 6 * 39)
    _submitted(data["submitted"], r)
    combat = maybe(data["combat"], "combat", lambda v, p: _combat(v, p, r))
    each(data["draw_queue"], "draw_queue", r.colour)
    _step_snapshot(data["step_snapshot"], r)
    played = obj(data["do_played"], "do_played")
    for colour, card in played.items():
        r.colour(colour, "do_played")
        ident(card, at("do_played", colour), r.do_cards)
    permanent = obj(data["do_permanent"], "do_permanent")
    for colour, cards in permanent.items():
        r.colour(colour, "do_permanent")
        ids(cards, at("do_permanent", colour), r.do_cards)
    window = maybe(data["window"], "window", lambda v, p: _window(v, p, r))
    adjusting = maybe(data["adjusting"], "adjusting", lambda v, p: _adjusting(v, p, r))
    identify = maybe(data["identify"], "identify", lambda v, p: _identify(v, p, r))
    each(data["route"], "route", lambda v, p: ids(v, p, r.cells, "cell"))
    ids(data["applied"], "applied", r.cards)
    outcome(data["result"], "result", players)

    drawn = [c for entry in (identify or {}).get("drawn", []) for c in entry[1]]
    zones = [("hand", hand), ("tableau", tableau), ("used", used),
             ("weapon", [weapon] if weapon else []), ("identify.drawn", drawn),
             *((at("decks", d), decks.get(d, [])) for d in HUMAN_DECKS)]
    complete = human >= 0 and not to_shuffle and phase != "human"
    once(zones, r.human_cards if complete else None)
    once([("decks.deep_one", decks.get("deep_one", [])), ("do_discard", do_discard),
          *((at("do_hands", c), [x for x in h if x != UNKNOWN]) for c, h in do_hands.items()),
          *((at("do_played", c), [card]) for c, card in played.items()),
          *((at("do_permanent", c), cards) for c, cards in permanent.items())],
         r.do_cards if "deep_one" in decks else None)
    _check_phase(phase, data, r, human_cell, to_shuffle, combat, window, adjusting, identify)


def _movement(options: Mapping[str, Any]) -> frozenset[str]:
    values = [int(v) for v in str(options["number_cards"]).split(",")]
    return frozenset(movement_cards(values))


def _plot(value: object, path: str, r: _Reader, movement: frozenset[str],
          revealed: bool) -> Mapping[str, Any]:
    fields = ("cards", "directions", "path", "to", "forfeit")
    data = obj(value, path, (*fields, "healed", "round") if revealed else fields)
    ids(data["cards"], at(path, "cards"), movement, "movement card", most=3)
    each(data["directions"], at(path, "directions"), lambda v, p: text(v, p, "NESW"))
    if not ids(data["path"], at(path, "path"), r.cells, "cell"):
        raise fail(at(path, "path"), "a path has at least its start cell")
    r.cell(data["to"], at(path, "to"))
    boolean(data["forfeit"], at(path, "forfeit"))
    if revealed:
        integer(data["healed"], at(path, "healed"), 0, 3)
        integer(data["round"], at(path, "round"), 0)
    return data


def _submitted(value: object, r: _Reader) -> None:
    for key, entry in obj(value, "submitted").items():
        where = at("submitted", str(key)[:40])
        if key.startswith("drawn:"):
            r.colour(key[6:], where)
            integer(entry, where, 0, 10)
            continue
        r.colour(key, where)
        data = obj(entry, where)
        if "pawns" in data:
            obj(data, where, ("pawns", "shoggoth"))
            each(data["pawns"], at(where, "pawns"), lambda v, p: _move(v, p, r))
            r.maybe_cell(data["shoggoth"], at(where, "shoggoth"))
        elif "cells" in data:
            obj(data, where, ("cells",))
            ids(data["cells"], at(where, "cells"), r.cells, "cell")
        else:
            obj(data, where, ("cell",))
            r.maybe_cell(data["cell"], at(where, "cell"))


def _move(value: object, path: str, r: _Reader) -> None:
    parts = text(value, path).split(">")
    if len(parts) != 2:
        raise fail(path, "a move is written FROM>TO, e.g. C3>C5")
    r.cell(parts[0], path)
    r.cell(parts[1], path)


def _combat(value: object, path: str, r: _Reader) -> Mapping[str, Any]:
    data = obj(value, path, ("faces", "hits", "queue", "log", "round", "cell", "hit_on",
                             "killed", "shoggoths", "shoggoth_wounds", "casualties", "over"))
    each(data["faces"], at(path, "faces"), lambda v, p: integer(v, p, 1, 6))
    integer(data["hits"], at(path, "hits"), 0, 99)
    each(data["queue"], at(path, "queue"), r.colour)
    each(data["log"], at(path, "log"), lambda v, p: _attack(v, p, r))
    integer(data["round"], at(path, "round"), 0)
    r.cell(data["cell"], at(path, "cell"))
    integer(data["hit_on"], at(path, "hit_on"), 0, 6)
    each(data["killed"], at(path, "killed"), r.colour)
    each(data["shoggoths"], at(path, "shoggoths"), r.colour)
    integer(data["shoggoth_wounds"], at(path, "shoggoth_wounds"), 0, 99)
    each(data["casualties"], at(path, "casualties"), lambda v, p: [
        r.colour(seq(v, p, 2)[0], at(p, 0)), integer(v[1], at(p, 1), 0, PAWNS)])
    boolean(data["over"], at(path, "over"))
    return data


def _attack(value: object, path: str, r: _Reader) -> None:
    data = obj(value, path, ("colour", "faces", "wounds"))
    r.colour(data["colour"], at(path, "colour"))
    each(data["faces"], at(path, "faces"), lambda v, p: integer(v, p, 1, 6))
    integer(data["wounds"], at(path, "wounds"), 0, 99)


def _step_snapshot(value: object, r: _Reader) -> None:
    data = obj(value, "step_snapshot")
    if not data:
        return
    obj(data, "step_snapshot", ("occupied", "counts"))
    ids(data["occupied"], "step_snapshot.occupied", r.cells, "cell")
    for colour, n in obj(data["counts"], "step_snapshot.counts").items():
        r.colour(colour, "step_snapshot.counts")
        integer(n, at("step_snapshot.counts", colour), 0, PAWNS)


def _window(value: object, path: str, r: _Reader) -> Mapping[str, Any]:
    data = obj(value, path, ("timing", "resume", "waiting"))
    text(data["timing"], at(path, "timing"), TIMINGS)
    text(data["resume"], at(path, "resume"), ("search", "combat"))
    each(data["waiting"], at(path, "waiting"), r.colour)
    return data


def _adjusting(value: object, path: str, r: _Reader) -> Mapping[str, Any]:
    data = obj(value, path, ("seat", "cards", "effects", "resume", "spawns", "log"))
    seat(data["seat"], at(path, "seat"), r.players)
    ids(data["cards"], at(path, "cards"), r.cards)
    each(data["effects"], at(path, "effects"), text)
    resumes = [p for p in PHASES if p not in (*SETUP, "adjust", "over")]
    text(data["resume"], at(path, "resume"), (*resumes, "search_done"))
    integer(data["spawns"], at(path, "spawns"), 0, 6 * 39)
    each(data["log"], at(path, "log"), lambda v, p: obj(v, p))
    return data


def _identify(value: object, path: str, r: _Reader) -> Mapping[str, Any]:
    data = obj(value, path, ("queue", "drawn"))
    each(data["queue"], at(path, "queue"), lambda v, p: [
        ident(seq(v, p, 2)[0], at(p, 0), HUMAN_DECKS, "deck"), integer(v[1], at(p, 1), 1, 9)])
    each(data["drawn"], at(path, "drawn"), lambda v, p: [
        ident(seq(v, p, 3)[0], at(p, 0), HUMAN_DECKS, "deck"),
        ids(v[1], at(p, 1), r.human_cards), integer(v[2], at(p, 2), 0, 9)])
    return data


def _check_phase(phase: str, data: Mapping[str, Any], r: _Reader, human_cell: str,
                 to_shuffle: list[str], combat: Any, window: Any, adjusting: Any,
                 identify: Any) -> None:
    """What each phase needs is there."""
    if (phase == "over") != (data["result"] is not None):
        raise fail("result", "is set exactly when the phase is 'over'")
    if phase == "shuffle" and not to_shuffle:
        raise fail("to_shuffle", "phase 'shuffle' needs a deck to shuffle")
    if phase not in (*SETUP, "over") and not human_cell:
        raise fail("human_cell", f"the Human is on the board in phase {phase!r}")
    if phase == "place_pawns" and data["placing"] >= r.players - 1:
        raise fail("placing", "every Deep One player has placed his pawns")
    if phase in SETUP and data["wounds"]:
        raise fail("wounds", f"the Human has no wounds before he is placed (phase {phase!r})")
    if phase in ("human", "shuffle") and data["placing"]:
        raise fail("placing", f"no Deep One player places his pawns before phase {phase!r}")
    if phase in COMBAT and (combat is None or combat["over"]):
        raise fail("combat", f"phase {phase!r} needs a combat still going on")
    if phase == "plot" and data["plot"] is not None:
        raise fail("plot", "phase 'plot' waits for the Human's plot, but one is already made")
    if phase == "do_attack" and not combat["queue"]:
        raise fail("combat.queue", "phase 'do_attack' needs a colour to attack")
    if phase == "window" and (window is None or not window["waiting"]):
        raise fail("window", "phase 'window' needs the colours it waits for")
    if phase == "adjust" and adjusting is None:
        raise fail("adjusting", "phase 'adjust' needs the card being applied")
    if phase == "identify" and (identify is None or not identify["queue"]):
        raise fail("identify", "phase 'identify' needs the cards being drawn")
    if phase == "identify" and len(data["decks"].get(identify["queue"][0][0], [])) == 0:
        raise fail("identify", "the deck being drawn from is empty")
    if phase == "reshuffle" and not (data["do_discard"] and data["draw_queue"]):
        raise fail("phase", "'reshuffle' needs a Deep One discard pile and a colour drawing")
    _check_resume(phase, data, combat, window, adjusting)


STEP_INPUTS = {"do_move": {"pawns", "shoggoth"}, "do_summon": {"cell"}, "do_spawn": {"cells"}}


def _check_resume(phase: str, data: Mapping[str, Any], combat: Any, window: Any,
                  adjusting: Any) -> None:
    """The step an adjustment goes back to has what it needs, and the Deep One inputs waiting
    are those of the step they wait in."""
    step = adjusting["resume"] if phase == "adjust" and adjusting is not None else phase
    if step == "window" and window is None:
        raise fail("window", "the adjustment goes back to a card window, but there is none")
    if step in COMBAT and (combat is None or combat["over"]):
        raise fail("combat", f"the adjustment goes back to phase {step!r}, which needs a "
                   "combat still going on")
    expected = STEP_INPUTS.get(step)
    for key, entry in data["submitted"].items():
        if key.startswith("drawn:") or phase == "over":
            continue
        where = at("submitted", str(key)[:40])
        if expected is None:
            raise fail(where, f"Deep One inputs wait only in their step, not in phase {step!r}")
        if set(entry) != expected:
            raise fail(where, f"the {step} step takes {', '.join(sorted(expected))}, not "
                       f"{', '.join(sorted(entry))}")


def settle(state: InnsmouthState) -> None:
    """End a loaded position where the Human has the wounds that kill him (R-IE-38)."""
    threshold = WOUNDS_TO_KILL[state.players]
    in_combat = state.phase in ("attack", "kill", "do_attack")  # death is checked at its end
    if state.result is None and state.human >= 0 and state.phase not in SETUP \
            and not in_combat and state.wounds >= threshold:
        reason = f"the Human has {state.wounds} wounds ({threshold} kill him)"
        state.result = Outcome("win", tuple(state.do_seats()), f"The Deep Ones win: {reason}",
                               "R-IE-38")
        state.phase = "over"
