"""Shared helpers for the Innsmouth Escape rule tests: games started through the real set-up
(the Human fixed with the option ``human_seat``, every shuffle fed in a known order),
positions rearranged through the state's public fields, the Deep One turn played with given
inputs, refusals and the pawn-conservation invariant (R-IE-47).

Seats are 0-based. The Deep One colours are given from the Human's left in the data file's
order: the first Deep One seat is blue, then green, red, yellow (R-IE-01). Movement cards are
``move-<value>-<copy>`` (``move-3-2`` is the second 3) and ``rest-1`` .. ``rest-3``.

The EXAMPLE board (services/games/data/innsmouth.toml), north (row 1) to south (row 6):

         A         B         C         D            E         F
    1    .         spawn     draw      Capt1        spawn     Equip1
    2    shoggoth  Equip1    .         .            .         Capt2+draw
    3    Enc1      .         Capt2     spawn        shoggoth  draw
    4    .         Enc2      .         Equip2+Enc1  Capt2     .
    5    spawn     draw      Equip1    .            .         spawn
    6    .         .         shoggoth  draw         .         .

The Deep One card windows another session adds (R-IE-46) are passed by ``do_turn``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from services.games.core import RollResult, SeatPrompt, ShuffleResult
from services.games.innsmouth_escape import InnsmouthEscape, InnsmouthState
from services.games.innsmouth_escape import actions as a
from services.games.innsmouth_escape.data import load_data
from tests.games.refusals import of_type, refused, snapshot, types  # noqa: F401 (shared)

GAME = InnsmouthEscape()
DATA = GAME.data
BLUE, GREEN, RED, YELLOW = DATA.colours
SHUFFLES = ("deep_one", "captive", "equipment", "encounter")
# Cells without any icon, where parked pawns neither draw, spawn nor summon.
PARK = {BLUE: "A6", GREEN: "B6", RED: "E6", YELLOW: "F6"}
THREE_RESTS = ("rest-1", "rest-2", "rest-3")


def game(text: str) -> InnsmouthEscape:
    """A game on a modified board-and-cards file (the shipped TOML text, edited)."""
    return InnsmouthEscape(load_data(text))


def seats(state: InnsmouthState) -> list[int]:
    """The seats a prompt waits for."""
    return [p.seat for p in state.pending() if isinstance(p, SeatPrompt)]


def chance(state: InnsmouthState) -> Any:
    (prompt,) = state.pending()
    assert not isinstance(prompt, SeatPrompt), prompt
    return prompt


# ---------------------------------------------------------------------------------- set-up


def order(deck: str, top: Sequence[str] = (), data: Any = DATA) -> tuple[str, ...]:
    """A shuffle result for ``deck``: ``top`` first, then every other card in file order."""
    cards = data.deck(deck)
    assert all(c in cards for c in top), f"not {deck} cards: {[c for c in top if c not in cards]}"
    return (*top, *(c for c in cards if c not in top))


def new(players: int = 2, human: int = 0, options: Mapping[str, Any] | None = None,
        box: InnsmouthEscape = GAME) -> InnsmouthState:
    return box.new_state(players, {"human_seat": human, **(options or {})})


def shuffle_all(state: InnsmouthState, orders: Mapping[str, Sequence[str]] | None = None,
                ) -> list[Any]:
    """The four set-up shuffles (R-IE-04), each deck in the order given (top first)."""
    events: list[Any] = []
    while state.phase == "shuffle":
        deck = chance(state).deck
        events += state.apply(ShuffleResult(deck, order(deck, (orders or {}).get(deck, ()),
                                                         state.data)))
    return events


def setup(players: int = 2, human: int = 0, options: Mapping[str, Any] | None = None,
          orders: Mapping[str, Sequence[str]] | None = None,
          box: InnsmouthEscape = GAME) -> InnsmouthState:
    """A game waiting for the first Deep One placement."""
    state = new(players, human, options, box)
    shuffle_all(state, orders)
    assert state.phase == "place_pawns", state.phase
    return state


def start(players: int = 2, human: int = 0, *, human_cell: str = "C4",
          placements: Mapping[str, Sequence[str]] | None = None,
          options: Mapping[str, Any] | None = None,
          orders: Mapping[str, Sequence[str]] | None = None,
          box: InnsmouthEscape = GAME) -> InnsmouthState:
    """A game played through its set-up: every Deep One colour places its 3 pawns
    (``placements[colour]``, by default all 3 on its PARK cell), the Human starts on
    ``human_cell``. Round 1 waits for the plot."""
    state = setup(players, human, options, orders, box)
    for seat in state.do_seats():
        colour = state.colours[seat]
        cells = (placements or {}).get(colour, (PARK[colour],) * 3)
        state.apply(a.PlacePawns(seat, tuple(cells)))
    state.apply(a.PlaceHuman(human, human_cell))
    assert state.phase == "plot" and state.round == 1
    return state


def arrange(state: InnsmouthState, *, pawns: Mapping[str, Mapping[str, int]] | None = None,
            park: bool = True, shoggoths: Mapping[str, str] | None = None,
            **fields: Any) -> InnsmouthState:
    """Rearrange a position. ``pawns`` (cell -> colour -> count) replaces every pawn on the
    board; with ``park`` each in-game colour not in it gets one pawn on its PARK cell; the pools
    hold the rest of the 25 (R-IE-47). ``shoggoths`` (colour -> cell) puts Shoggoths on the
    board. Other fields (``human_cell``, ``tableau``, ``hand``, ``wounds`` ...) are set as
    given."""
    if pawns is not None:
        board = {cell: {c: n for c, n in here.items() if n} for cell, here in pawns.items()}
        board = {cell: here for cell, here in board.items() if here}
        if park:
            present = {c for here in board.values() for c in here}
            for colour in state.in_game_colours():
                if colour not in present:
                    board.setdefault(PARK[colour], {})[colour] = 1
        state.pawns = board
        state.pools = {c: 25 - sum(here.get(c, 0) for here in board.values())
                       for c in state.in_game_colours()}
    for colour, cell in (shoggoths or {}).items():
        state.shoggoths[colour] = cell
    for key, value in fields.items():
        assert hasattr(state, key), f"no state field {key!r}"
        setattr(state, key, value)
    check_pawns(state)
    return state


def position(players: int = 2, human: int = 0, *, human_cell: str = "C4",
             options: Mapping[str, Any] | None = None,
             orders: Mapping[str, Sequence[str]] | None = None,
             box: InnsmouthEscape = GAME, **arranged: Any) -> InnsmouthState:
    """``start`` then ``arrange``: round 1, the Human to plot from ``human_cell``."""
    state = start(players, human, human_cell=human_cell, options=options, orders=orders,
                  box=box)
    return arrange(state, **arranged)


# ---------------------------------------------------------------------------------- turns


def plot(state: InnsmouthState, cards: Sequence[str], directions: Sequence[str] = (),
         to: str = "") -> list[Any]:
    return state.apply(a.Plot(state.human, tuple(cards), tuple(directions), to))


def pass_windows(state: InnsmouthState) -> list[Any]:
    """Every Deep One card window passed (R-IE-46 is not tested here)."""
    events: list[Any] = []
    while state.phase == "window":
        events += state.apply(a.Pass(seats(state)[0]))
    return events


def do_turn(state: InnsmouthState, moves: Mapping[str, Sequence[str]] | None = None,
            shoggoths: Mapping[str, str] | None = None,
            summons: Mapping[str, str] | None = None,
            spawns: Mapping[str, Sequence[str]] | None = None) -> list[Any]:
    """The Deep One turn with the inputs given per colour (no input: the colour does not
    move, does not summon); every spawn a colour must make has to be given. The Deep One
    discard pile is reshuffled in its own order when the deck runs out. Then the Human's turn
    runs to its first input (card windows passed)."""
    events: list[Any] = []
    while True:
        phase = state.phase
        if phase == "window":
            events += pass_windows(state)
            continue
        if phase == "reshuffle":
            events += state.apply(ShuffleResult("deep_one", tuple(state.do_discard)))
            continue
        if phase not in ("do_move", "do_summon", "do_spawn"):
            return events
        seat = seats(state)[0]
        colour = state.colours[seat]
        if phase == "do_move":
            action: Any = a.MoveDeepOnes(seat, tuple((moves or {}).get(colour, ())),
                                         (shoggoths or {}).get(colour, ""))
        elif phase == "do_summon":
            action = a.Summon(seat, (summons or {}).get(colour, ""))
        else:
            assert colour in (spawns or {}), (
                f"{colour} spawns {state.spawn_count(colour)}: give its cells")
            action = a.Spawn(seat, tuple((spawns or {})[colour]))
        events += state.apply(action)


def arrive(state: InnsmouthState, cards: Sequence[str], directions: Sequence[str] = (),
           to: str = "", **turn: Any) -> list[Any]:
    """The Human plots, the Deep Ones play their turn (``do_turn``), the next round begins."""
    return plot(state, cards, directions, to) + do_turn(state, **turn)


def rest(state: InnsmouthState, **turn: Any) -> list[Any]:
    """The Human plays three Rests (stays), and the round goes on."""
    return arrive(state, THREE_RESTS, **turn)


def fight(state: InnsmouthState, *rolls: Sequence[int]) -> list[Any]:
    """The Human fights: the first roll is his attack, then each Deep One attack in order."""
    events = state.apply(a.Fight(state.human))
    for faces in rolls:
        events += state.apply(RollResult(tuple(faces)))
    return events


# ---------------------------------------------------------------------------------- invariants


def on_board(state: InnsmouthState, colour: str) -> int:
    return sum(here.get(colour, 0) for here in state.pawns.values())


def check_pawns(state: InnsmouthState) -> None:
    """R-IE-47: each colour has its 25 pawns on the board or in its pool, never more; never
    more than 4 of a colour on a cell; only in-game colours."""
    for colour in state.in_game_colours():
        assert 0 <= state.pools[colour] <= 25, (colour, state.pools[colour])
        assert state.pools[colour] + on_board(state, colour) == 25, colour
    for cell, here in state.pawns.items():
        assert all(0 < n <= 4 for n in here.values()), (cell, here)
        assert set(here) <= set(state.in_game_colours()), (cell, here)
