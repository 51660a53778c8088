"""Seats the box plays in ``refbox play GAME --bot SEAT=LEVEL``.

A bot seat is named by its number (from 1), by ``all``, or by a role the game's bot module
offers (``patients``, ``director``, ``deep_ones``...), which stands for whichever seat holds
that role once the game has drawn it (the module's ``role_of(public_view, seat)``). A seat
named by number wins over its role, a role over ``all``.

The box plays its seats as soon as they are asked: :meth:`PlayBots.act` lets each asked
bot seat choose with :func:`~services.bots.contract.choose` (seeded from the game's seed)
and applies the choice with :meth:`LiveGame.apply`, so it is journaled, undone and
transcribed like a person's move. What the table learns of it is the public sentence.

:class:`StepRng` is the box's dice in a game with bots: each chance step draws from the
game's seed and the length of the history, so a game resumed from its journal rolls what
it would have rolled had it never stopped, and its bots then choose the same moves.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from services.bots import levels
from services.bots.contract import LEVELS, Bot, BotError, decide
from services.bots.play import first_not_waiting
from services.games.core import JSON, Action, Event, SeatPrompt, State
from services.referee.errors import RefereeError, UndoRefused
from services.referee.live import LiveGame, Step, Undone

ALL = "all"
LEVEL_NAMES = (*LEVELS, "random")
MOVES_LIMIT = 100_000  # bot moves in a row before the box calls the game stuck


class BotSeatError(RefereeError):
    """A ``--bot`` that cannot be played, or a bot that could not choose."""

    rule = "BOT"


@dataclass(frozen=True)
class BotMove:
    """One move the box made for a seat, as the public table reads it."""

    seat: int  # 0-based
    level: str
    says: str
    events: tuple[Event, ...]  # the move's events, and those of the chance it brought

    def to_json(self) -> JSON:
        return {"seat": self.seat, "level": self.level, "says": self.says,
                "events": [e.to_json() for e in self.events]}


class PlayBots:
    """The seats the box plays in one game, and their levels."""

    def __init__(self, game: str, players: int, seats: Mapping[int, str],
                 roles: Mapping[str, str], every: str | None) -> None:
        self.game = game
        self.players = players
        self.seats = dict(seats)
        self.roles = dict(roles)
        self.every = every
        self._bots: dict[tuple[int, str], Bot] = {}
        self._role_of = levels.module(game).role_of if roles else None

    @classmethod
    def parse(cls, specs: Sequence[str], game: str, players: int) -> PlayBots:
        """``--bot`` values (``2=hard``, ``all=easy``, ``patients=normal``) checked against
        the game and its player count; anything wrong is a :class:`BotSeatError`."""
        if game not in levels.MODULES:
            raise BotSeatError(f"the box cannot play {game} yet; it plays "
                               f"{', '.join(sorted(levels.MODULES))}")
        roles = levels.roles(game)
        given: dict[str, str] = {}
        for spec in specs:
            who, sep, level = (part.strip().lower() for part in spec.partition("="))
            if not sep or not who or not level:
                raise BotSeatError(f"--bot {spec[:40]!r} must look like SEAT=LEVEL, e.g. "
                                   f"1=hard, {ALL}=normal or {next(iter(roles))}=easy")
            if level not in LEVEL_NAMES:
                raise BotSeatError(f"--bot {spec[:40]}: unknown level {level[:20]!r}; the "
                                   f"levels are {', '.join(LEVEL_NAMES)}")
            who = _who(who, game, players, roles)
            if given.get(who, level) != level:
                raise BotSeatError(f"--bot names {_name(who)} twice, with {given[who]} and "
                                   f"{level}; give each seat or role one level")
            given[who] = level
        seats = {int(w) - 1: lv for w, lv in given.items() if w.isdigit()}
        named = {w: lv for w, lv in given.items() if w in roles}
        return cls(game, players, seats, named, given.get(ALL))

    @classmethod
    def from_json(cls, data: object, game: str, players: int) -> PlayBots:
        """The seats a journal kept (:meth:`to_json`), checked again as on the command line."""
        if not isinstance(data, Mapping) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
            raise BotSeatError(f"the journal's bot seats {str(data)[:60]} are damaged; they "
                               'should read like {"1": "hard", "all": "easy"}')
        return cls.parse([f"{k}={v}" for k, v in data.items()], game, players)

    def to_json(self) -> dict[str, str]:
        kept = {str(seat + 1): level for seat, level in sorted(self.seats.items())}
        kept.update(self.roles)
        if self.every is not None:
            kept[ALL] = self.every
        return kept

    def __str__(self) -> str:
        kept = self.to_json()
        every = "every other seat" if len(kept) > 1 else "every seat"
        return ", ".join(f"{every if who == ALL else _name(who)}: {level}"
                         for who, level in kept.items())

    def level(self, public: Mapping[str, Any], seat: int) -> str | None:
        """The level the box plays ``seat`` at now (None: a person plays it)."""
        if seat in self.seats:
            return self.seats[seat]
        if self._role_of is not None:
            role = self._role_of(public, seat)
            if role in self.roles:
                return self.roles[role]
        return self.every

    def asked(self, state: State) -> list[tuple[int, str]]:
        """The bot seats asked to act now with their levels, lowest seat first."""
        seats = sorted({p.seat for p in state.pending() if isinstance(p, SeatPrompt)})
        if not seats:
            return []
        public = state.view(None)
        found = [(seat, self.level(public, seat)) for seat in seats]
        return [(seat, level) for seat, level in found if level is not None]

    def act(self, live: LiveGame, seed: int | str) -> list[BotMove]:
        """Let the asked bot seats move (chance following by itself when the box rolls)
        until a person or hand-entered chance must act, or the game is over."""
        moves: list[BotMove] = []
        while live.state.outcome() is None:
            asked = self.asked(live.state)
            if not asked:
                return moves
            if len(moves) >= MOVES_LIMIT:
                raise BotSeatError(f"the box made {MOVES_LIMIT} moves in a row and the game "
                                   "has not ended")
            levels = dict(asked)
            found = self.first_not_waiting(live, levels, seed)
            if found is None:
                return moves  # every bot seat asked waits (optional prompts): a person acts
            seat, action = found
            events = live.apply(action)
            moves.append(BotMove(seat, levels[seat], live.state.describe(action, None),
                                 tuple(events)))
        return moves

    def first_not_waiting(self, live: LiveGame, levels: Mapping[int, str],
                          seed: int | str) -> tuple[int, Action] | None:
        """:func:`~services.bots.play.first_not_waiting` for the asked bot seats (their
        levels), its errors told as the box's."""
        def decide_for(seat: int) -> Action | None:
            try:
                return decide(self.bot(seat, levels[seat]), live.knowledge(seat), seed)
            except BotError as error:
                raise BotSeatError(f"the box could not play Seat {seat + 1}: "
                                   f"{error.message}") from None

        try:
            return first_not_waiting(live.state, sorted(levels), decide_for)
        except BotError as error:
            raise BotSeatError(f"the box cannot go on: {error.message}") from None

    def bot(self, seat: int, level: str) -> Bot:
        key = (seat, level)
        if key not in self._bots:
            self._bots[key] = levels.make_bot(self.game, level)
        return self._bots[key]

    def undo(self, live: LiveGame) -> list[Undone]:
        """A person's undo: the box's moves since a person's last move, then that move
        (newest first), if a player undo may take back each of them (nothing random came
        after it, nothing hidden came to light); else :class:`UndoRefused`, nothing changed."""
        public = live.state.view(None)
        says = live.sentences()
        count = 0
        for index in range(len(live.history) - 1, -1, -1):
            step = live.history[index]
            seat = step.action.actor
            person = not isinstance(seat, int) or self.level(public, seat) is None
            if step.kind != "action" or step.reveals:
                refusal = live.undo_refusal() if count == 0 else _refusal(step, says[index],
                                                                          person)
                raise refusal or UndoRefused("UNDO-EMPTY", "there is nothing to undo")
            count += 1
            if person:
                return [live.undo() for _ in range(count)]
        raise UndoRefused("UNDO-EMPTY", "no person has moved yet: there is nothing to undo")


class StepRng:
    """The box's dice in a game with bots: the draws of each chance step come from the
    game's seed and the number of steps before it (see the module's words)."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        self.live: LiveGame | None = None
        self._at = -1
        self._random = random.Random()

    def follow(self, live: LiveGame) -> None:
        """Count the steps of ``live`` (each live game built for the session)."""
        self.live = live
        self._at = -1

    def _source(self) -> random.Random:
        if self.live is None:
            raise BotSeatError("the box's dice follow no game yet")
        step = len(self.live.history)
        if step != self._at:
            self._at = step
            self._random = random.Random(f"refbox-chance:{self.seed}:{step}")
        return self._random

    def randint(self, a: int, b: int) -> int:
        return self._source().randint(a, b)

    def shuffle(self, x: list[Any]) -> None:
        self._source().shuffle(x)

    def choice(self, seq: Sequence[Any]) -> Any:
        return self._source().choice(seq)


def _refusal(step: Step, says: str, person: bool) -> UndoRefused:
    """Why the box's moves since a person's last move, and that move, cannot all be taken
    back (``person``: ``step`` is that move)."""
    if step.kind == "chance":
        return UndoRefused("UNDO-CHANCE", "a chance outcome came after your last move, so it "
                           "cannot be taken back; only a referee undo can")
    if person:
        return UndoRefused("UNDO-HIDDEN", f"'{says}' brought hidden information to light, so "
                           "it cannot be taken back; only a referee undo can")
    return UndoRefused("UNDO-HIDDEN", f"the box's move '{says}' brought hidden information "
                       "to light, so your last move cannot be taken back; only a referee "
                       "undo can")


def _who(who: str, game: str, players: int, roles: Mapping[str, str]) -> str:
    """A ``--bot`` seat as kept: a seat number from 1 as text, ``all`` or a role."""
    secret = levels.secret_roles(game)
    if who in secret:
        raise BotSeatError(f"--bot {who}: in {game} the roles are dealt in secret, so no "
                           f"one can name a role's seat before the deal; give seat numbers "
                           f"(1 to {players}) or {ALL}")
    if who == ALL or who in roles:
        return who
    if who.isascii() and who.isdigit():
        if not 1 <= (int(who) if len(who) <= 6 else 0) <= players:
            raise BotSeatError(f"--bot seat {who[:6]}: with {players} players the seats are "
                               f"1 to {players}")
        return str(int(who))
    named = [r for r in roles if r not in secret]
    also = f", or a role the box plays: {', '.join(named)}" if named else ""
    raise BotSeatError(f"--bot {who[:30]!r}: {game} has no such seat or role; give a seat "
                       f"number (1 to {players}){',' if named else ' or'} {ALL}{also}")


def _name(who: str) -> str:
    return f"Seat {who}" if who.isdigit() else f"the {who.replace('_', ' ')}" if who != ALL else ALL
