"""The engine contract shared by every game.

A :class:`Game` describes one game (metadata and options as data) and makes states. A
:class:`State` holds the whole truth, secrets included, and is driven only by actions:

* ``pending()`` says who must act now: seats (:class:`SeatPrompt`) and chance
  (:class:`Roll`, :class:`Flip`, :class:`Shuffle`, :class:`Draw`). Engines never roll dice
  themselves: a chance prompt is answered by an ordinary action carrying the outcome
  (:class:`RollResult`, ...), supplied by the box's RNG or typed in from physical dice.
* ``apply(action)`` returns the events it caused, or raises :class:`IllegalAction` with the
  rule id and a sentence a player understands, leaving the state unchanged.
* ``view(seat)`` is a JSON-safe dict of exactly what that seat may know; ``view(None)`` is the
  public table. Events are public announcements and never carry a secret.
* ``describe(action, seat)`` is a sentence as that seat (None: the table) may read it; a
  secret choice still sealed (``sealed()``) reads "Seat 2 has chosen" to the others.
* ``to_json()`` / ``Game.state_from_json()`` give a complete snapshot.

Nothing here does I/O, keeps a clock, or draws random numbers.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

JSON = dict[str, Any]
OptionValue = bool | int | str


# --------------------------------------------------------------------------------------------
# Errors: one family for the engine layer.


class GameError(Exception):
    """Base of every engine-layer error. ``rule`` is a spec id where one applies."""

    rule: str = "ENGINE"

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)

    def to_json(self) -> JSON:
        return {"rule": self.rule, "message": self.message}


class IllegalAction(GameError):
    """The action breaks a rule; the state is unchanged."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(message)

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


class ActionFormatError(GameError):
    """The action is not well formed (unknown type, missing or unknown field, wrong type)."""

    rule = "ACTION-FORMAT"


class OptionError(GameError):
    """An option name or value is not allowed, or the player count does not fit."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(message)


class SnapshotError(GameError):
    """A snapshot cannot be loaded."""

    rule = "SNAPSHOT"


class DataError(GameError):
    """A data pack (cards, boards) is invalid: names the file and the field."""

    rule = "DATA"

    def __init__(self, file: str, field: str, message: str) -> None:
        self.file = file
        self.field = field
        super().__init__(f"{file}: {field}: {message}" if field else f"{file}: {message}")


# --------------------------------------------------------------------------------------------
# Options and metadata.


@dataclass(frozen=True)
class Option:
    """One game option. Every ``[DEC]`` of the rules spec is one, with the spec's default."""

    key: str
    default: OptionValue
    help: str
    rule: str = ""
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""  # short name for a 21-column screen (the key if empty)
    words: tuple[tuple[OptionValue, str], ...] = ()  # values as words on a screen
    # The value is a seat: 0-based in the engine and JSON, "Seat N" (1-based) and "random"
    # (-1, when allowed) on the command line and screens, like every seat a person reads.
    seat: bool = False

    @property
    def kind(self) -> type:
        return type(self.default)

    @property
    def short(self) -> str:
        """The option's name on a 21-column screen."""
        return self.label or self.key.replace("_", " ")

    def word(self, value: OptionValue) -> str:
        """``value`` as a player reads it on a screen: the option's own word for it ("random"
        for a seat of -1), on/off for a switch, else the value with spaces for ``_`` and ``,``."""
        for known, word in self.words:
            if known == value and type(known) is type(value):
                return word
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value).replace("_", " ").replace(",", " ")

    def text(self, value: OptionValue) -> str:
        """``value`` as typed on the command line (``--option key=TEXT``)."""
        if isinstance(value, bool):
            return str(value).lower()
        if self.seat and isinstance(value, int):
            return "random" if value < 0 else str(value + 1)
        return str(value)

    def allowed(self) -> str:
        """What the command line accepts."""
        if self.seat:
            top = (self.maximum or 0) + 1
            return f"a seat from 1 to {top}" + (" or random" if self.minimum == -1 else "")
        if self.choices:
            return "one of " + ", ".join(str(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        if self.kind is int:
            return f"a whole number from {self.minimum} to {self.maximum}"
        return "text"

    def parse(self, text: str) -> OptionValue:
        """Turn command-line text into a value, or raise OptionError."""
        value: OptionValue
        if self.kind is bool:
            lowered = text.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                value = True
            elif lowered in ("false", "no", "off", "0"):
                value = False
            else:
                raise self._bad(text)
        elif self.seat:
            lowered = text.strip().lower()
            if lowered == "random" and self.minimum == -1:
                value = -1
            elif lowered.isascii() and lowered.isdigit() and len(lowered) < 4:
                value = int(lowered) - 1
                if value < 0 or value > (self.maximum or 0):
                    raise self._bad(text)
            else:
                raise self._bad(text)
        elif self.kind is int:
            try:
                value = int(text)
            except ValueError:
                raise self._bad(text) from None
        else:
            value = text
        return self.check(value, typed=self.seat)

    def check(self, value: object, *, typed: bool = False) -> OptionValue:
        """Check a value of the right type and range (JSON input), or raise OptionError.
        ``typed``: a seat already turned from what a person typed (messages say Seat N)."""
        if self.seat and not typed:
            return self._check_index(value)
        if self.kind is bool and not isinstance(value, bool):
            raise self._bad(value)
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self._bad(value)
        if self.kind is str and not isinstance(value, str):
            raise self._bad(value)
        if self.choices and value not in self.choices:
            raise self._bad(value)
        if isinstance(value, int) and not isinstance(value, bool):
            low_ok = self.minimum is None or value >= self.minimum
            high_ok = self.maximum is None or value <= self.maximum
            if not (low_ok and high_ok):
                raise self._bad(value)
        return typing.cast(OptionValue, value)

    def _check_index(self, value: object) -> OptionValue:
        """A seat option's engine value: an index from ``minimum`` to ``maximum``."""
        low, high = self.minimum if self.minimum is not None else 0, self.maximum or 0
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            random = ", or -1 for random" if low == -1 else ""
            raise OptionError(
                self.rule or "OPTION",
                f"option {self.key!r} cannot be {value!r}: it must be a seat index from 0 "
                f"(Seat 1) to {high} (Seat {high + 1}){random}")
        return value

    def _bad(self, value: object) -> OptionError:
        return OptionError(
            self.rule or "OPTION",
            f"option {self.key!r} cannot be {value!r}: it must be {self.allowed()}",
        )


@dataclass(frozen=True)
class GameInfo:
    """Game metadata, as data at the top of each game module."""

    id: str
    title: str
    min_players: int
    max_players: int
    roles: tuple[str, ...]
    options: tuple[Option, ...]
    summary: str
    rules: str  # where the rules spec lives, e.g. "shared/rules/decktet-escape.md"
    chance: tuple[str, ...] = ()  # kinds of chance prompts the game uses: roll, flip, ...
    short_title: str = ""  # for 21-column screens (the title if empty)

    @property
    def screen_title(self) -> str:
        return (self.short_title or self.title)[:21]

    def option(self, key: str) -> Option:
        for option in self.options:
            if option.key == key:
                return option
        known = ", ".join(o.key for o in self.options)
        raise OptionError("OPTION", f"{self.id} has no option {key!r}; options are: {known}")


# --------------------------------------------------------------------------------------------
# Actions, events, outcomes.


@dataclass(frozen=True)
class Action:
    """Base of all actions. Subclasses are frozen dataclasses with a stable ``type`` name."""

    type: ClassVar[str] = ""

    @property
    def actor(self) -> int | None:
        """The seat acting, or None for chance."""
        return None

    def to_json(self) -> JSON:
        return {"type": self.type, **_fields_json(self)}


@dataclass(frozen=True)
class SeatAction(Action):
    """An action taken by a seat (0-based)."""

    seat: int

    @property
    def actor(self) -> int | None:
        return self.seat


@dataclass(frozen=True)
class EndGame(Action):
    """The table ends the game early (the box's "End game", confirmed). Every engine accepts
    it while the game runs: the outcome becomes ``abandoned`` and the views reveal all."""

    type: ClassVar[str] = "end_game"
    reason: str = ""


@dataclass(frozen=True)
class Event:
    """Something that happened. Events are public: they never carry a secret.

    ``reveals`` marks events that bring hidden information to light; a player undo cannot
    cross them.
    """

    type: ClassVar[str] = ""
    reveals: ClassVar[bool] = False

    def to_json(self) -> JSON:
        return {"type": self.type, **_fields_json(self)}


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    result: str  # game-specific word, e.g. "complete", "partial", "loss", "win"
    winners: tuple[int, ...]
    reason: str
    rule: str

    def to_json(self) -> JSON:
        return {
            "result": self.result,
            "winners": list(self.winners),
            "reason": self.reason,
            "rule": self.rule,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(data["result"], tuple(data["winners"]), data["reason"], data["rule"])


# --------------------------------------------------------------------------------------------
# Pending prompts: seats and chance.


class Rng(Protocol):
    """What the box's random source must offer (``random.Random`` and ``SystemRandom`` do)."""

    def randint(self, a: int, b: int) -> int: ...

    def shuffle(self, x: list[Any]) -> None: ...

    def choice(self, seq: Sequence[Any]) -> Any: ...


@dataclass(frozen=True)
class SeatPrompt:
    """A seat must act; ``kind`` names what is expected (``turn``, ``choose_route``...).

    ``optional``: the seat may also let it pass (lend spoints, or wait): the game goes on
    without it while another seat is asked, and the prompt stays until it acts or goes."""

    seat: int
    kind: str
    text: str
    optional: bool = False

    actor: ClassVar[str] = "seat"

    def to_json(self) -> JSON:
        found: JSON = {"actor": self.seat, "kind": self.kind, "text": self.text}
        if self.optional:
            found["optional"] = True
        return found


@dataclass(frozen=True)
class ChancePrompt:
    """Base of chance prompts; answered by a chance action."""

    purpose: str
    rule: str

    actor: ClassVar[str] = "chance"
    kind: ClassVar[str] = ""

    def to_json(self) -> JSON:
        return {"actor": "chance", "kind": self.kind, "purpose": self.purpose}

    def resolve(self, rng: Rng) -> ChanceAction:
        raise NotImplementedError

    def outcome_from_json(self, data: Mapping[str, Any]) -> ChanceAction:
        raise NotImplementedError

    def check(self, action: Action) -> None:
        raise NotImplementedError

    def _fields(self, data: Mapping[str, Any], expected: tuple[str, ...]) -> None:
        if not isinstance(data, Mapping):
            raise ActionFormatError(f"a {self.kind} outcome must be an object")
        unknown = sorted(set(data) - set(expected))
        missing = [k for k in expected if k not in data]
        if unknown or missing:
            raise ActionFormatError(
                f"a {self.kind} outcome takes exactly the fields {', '.join(expected)}"
                + (f"; unknown: {', '.join(unknown)}" if unknown else "")
                + (f"; missing: {', '.join(missing)}" if missing else "")
            )


@dataclass(frozen=True)
class ChanceAction(Action):
    """Base of actions that carry a chance outcome."""


@dataclass(frozen=True)
class RollResult(ChanceAction):
    type: ClassVar[str] = "roll"
    faces: tuple[int, ...]


@dataclass(frozen=True)
class FlipResult(ChanceAction):
    type: ClassVar[str] = "flip"
    heads: bool


@dataclass(frozen=True)
class ShuffleResult(ChanceAction):
    type: ClassVar[str] = "shuffle"
    deck: str
    order: tuple[str, ...]


@dataclass(frozen=True)
class DrawResult(ChanceAction):
    type: ClassVar[str] = "draw"
    deck: str
    card: str


@dataclass(frozen=True)
class Roll(ChancePrompt):
    count: int = 1
    sides: int = 6
    kind: ClassVar[str] = "roll"

    def to_json(self) -> JSON:
        return {**super().to_json(), "count": self.count, "sides": self.sides}

    def resolve(self, rng: Rng) -> ChanceAction:
        return RollResult(tuple(rng.randint(1, self.sides) for _ in range(self.count)))

    def outcome_from_json(self, data: Mapping[str, Any]) -> ChanceAction:
        self._fields(data, ("faces",))
        faces = data["faces"]
        if not isinstance(faces, list) or not all(_is_int(f) for f in faces):
            raise ActionFormatError("'faces' must be a list of whole numbers, e.g. [3, 5]")
        return RollResult(tuple(faces))

    def check(self, action: Action) -> None:
        if not isinstance(action, RollResult):
            raise IllegalAction(self.rule, f"the box is waiting for a dice roll ({self.purpose})")
        if len(action.faces) != self.count or any(not 1 <= f <= self.sides for f in action.faces):
            raise IllegalAction(
                self.rule,
                f"{self.purpose}: expected {self.count} faces from 1 to {self.sides}, "
                f"got {list(action.faces)}",
            )


@dataclass(frozen=True)
class Flip(ChancePrompt):
    kind: ClassVar[str] = "flip"

    def resolve(self, rng: Rng) -> ChanceAction:
        return FlipResult(bool(rng.randint(0, 1)))

    def outcome_from_json(self, data: Mapping[str, Any]) -> ChanceAction:
        self._fields(data, ("heads",))
        if not isinstance(data["heads"], bool):
            raise ActionFormatError("'heads' must be true or false")
        return FlipResult(data["heads"])

    def check(self, action: Action) -> None:
        if not isinstance(action, FlipResult):
            raise IllegalAction(self.rule, f"the box is waiting for a coin flip ({self.purpose})")


@dataclass(frozen=True)
class Shuffle(ChancePrompt):
    """Shuffle a pile; ``items`` may be secret, so it is never part of the JSON form."""

    deck: str = "draw"
    items: tuple[str, ...] = ()
    kind: ClassVar[str] = "shuffle"

    def to_json(self) -> JSON:
        return {**super().to_json(), "deck": self.deck, "size": len(self.items)}

    def resolve(self, rng: Rng) -> ChanceAction:
        order = list(self.items)
        rng.shuffle(order)
        return ShuffleResult(self.deck, tuple(order))

    def outcome_from_json(self, data: Mapping[str, Any]) -> ChanceAction:
        self._fields(data, ("order",))
        order = data["order"]
        if not isinstance(order, list) or not all(isinstance(c, str) for c in order):
            raise ActionFormatError("'order' must be a list of card ids, top card first")
        return ShuffleResult(self.deck, tuple(order))

    def check(self, action: Action) -> None:
        if not isinstance(action, ShuffleResult) or action.deck != self.deck:
            raise IllegalAction(
                self.rule, f"the box is waiting for the shuffle of the {self.deck} pile"
            )
        if sorted(action.order) != sorted(self.items):
            extra = sorted(set(action.order) - set(self.items))
            missing = sorted(set(self.items) - set(action.order))
            detail = []
            if extra:
                detail.append("not in the pile: " + ", ".join(extra[:5]))
            if missing:
                detail.append("missing: " + ", ".join(missing[:5]))
            if not detail:
                detail.append("some cards appear twice")
            raise IllegalAction(
                self.rule,
                f"the shuffled order must list each of the {len(self.items)} cards of the "
                f"{self.deck} pile exactly once ({'; '.join(detail)})",
            )


@dataclass(frozen=True)
class Draw(ChancePrompt):
    """Draw one card at random from a pile whose order is not tracked."""

    deck: str = "draw"
    items: tuple[str, ...] = ()
    kind: ClassVar[str] = "draw"

    def to_json(self) -> JSON:
        return {**super().to_json(), "deck": self.deck, "size": len(self.items)}

    def resolve(self, rng: Rng) -> ChanceAction:
        return DrawResult(self.deck, rng.choice(self.items))

    def outcome_from_json(self, data: Mapping[str, Any]) -> ChanceAction:
        self._fields(data, ("card",))
        if not isinstance(data["card"], str):
            raise ActionFormatError("'card' must be a card id")
        return DrawResult(self.deck, data["card"])

    def check(self, action: Action) -> None:
        if not isinstance(action, DrawResult) or action.deck != self.deck:
            raise IllegalAction(self.rule, f"the box is waiting for a draw from {self.deck}")
        if action.card not in self.items:
            raise IllegalAction(self.rule, f"{action.card!r} is not in the {self.deck} pile")


Prompt = SeatPrompt | ChancePrompt
CHANCE_ACTIONS: tuple[type[Action], ...] = (RollResult, FlipResult, ShuffleResult, DrawResult)
BOX_ACTIONS: tuple[type[Action], ...] = (EndGame,)


# --------------------------------------------------------------------------------------------
# State and Game.


class State(ABC):
    """One game in progress: the whole truth, driven only by actions."""

    info: ClassVar[GameInfo]
    players: int
    options: dict[str, OptionValue]

    @abstractmethod
    def pending(self) -> tuple[Prompt, ...]:
        """Who must act now. Empty once the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of this seat now (empty when it is not pending)."""

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Apply an action; raise IllegalAction and change nothing if it is not legal."""

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """Exactly what ``seat`` may know; None is the public table."""

    @abstractmethod
    def outcome(self) -> Outcome | None: ...

    @abstractmethod
    def to_json(self) -> JSON: ...

    @abstractmethod
    def describe(self, action: Action, seat: int | None = None, *, settled: bool = False) -> str:
        """A sentence about ``action`` as ``seat`` may read it (None: the public table), e.g.
        'Seat 1 plays the card in slot 3'. It never names what that reader may not know.

        The engine answers from the current state: an action of a seat in :meth:`sealed` is
        that seat's secret choice, not yet revealed, and is told to everyone else as
        :func:`chosen` ("Seat 2 has chosen"); the chooser reads the full sentence at once.
        ``settled`` says the action is not its seat's latest one in the history, so the step
        it belongs to is over (:func:`history_sentences` sets it).
        """

    def sealed(self) -> frozenset[int]:
        """Seats whose latest action is a secret choice the rules have not revealed yet (a keep
        while others still choose, a Deep One input before its step is applied). A seat makes
        at most one such choice per step. None by default."""
        return frozenset()

    def conceals(self, action: Action, seat: int | None, settled: bool = False) -> bool:
        """True when ``describe(action, seat, settled=settled)`` must say only :func:`chosen`:
        the action is the still sealed choice of a seat other than the reader."""
        actor = action.actor
        return (not settled and actor is not None and actor != seat
                and actor in self.sealed())

    def pictures(self) -> dict[str, list[str]]:
        """Text pictures for the transcript of a finished game (e.g. a hidden route drawn on
        the map), by name; none by default. Called only once the game is over."""
        return {}

    def chance_prompt(self) -> ChancePrompt | None:
        """The pending chance prompt, if chance must act now."""
        for prompt in self.pending():
            if isinstance(prompt, ChancePrompt):
                return prompt
        return None


def chosen(action: Action) -> str:
    """What others read about a sealed secret choice."""
    return f"Seat {(action.actor or 0) + 1} has chosen"


def history_sentences(state: State, actions: Sequence[Action],
                      seat: int | None = None) -> list[str]:
    """One sentence per action of the effective history (oldest first) as ``seat`` may read
    it now: each seat's latest action is described as the state stands (sealed or not), its
    earlier ones as settled."""
    latest = {action.actor: i for i, action in enumerate(actions) if action.actor is not None}
    return [state.describe(action, seat, settled=latest.get(action.actor, i) != i)
            for i, action in enumerate(actions)]


class Game(ABC):
    """Describes one game and makes its states."""

    info: ClassVar[GameInfo]
    action_types: ClassVar[tuple[type[Action], ...]]

    @abstractmethod
    def new_state(self, players: int, options: Mapping[str, OptionValue] | None = None) -> State:
        """A new game, before any chance has been resolved."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State: ...

    def load_snapshot(self, data: Mapping[str, Any],
                      build: typing.Callable[[Mapping[str, Any]], State]) -> State:
        """The shared part of ``state_from_json``: check the header (this game, format 1,
        ``players`` and every option valid), ``build`` the state (the game checks every field
        of the snapshot first, and ends a position that meets an end condition), then ask it
        every question the box asks (:func:`_probe`). Anything wrong is one SnapshotError
        that says what (docs/engine-api.md, "Snapshots, checked on load")."""
        game_id = self.info.id
        if not isinstance(data, Mapping) or data.get("game") != game_id:
            found = data.get("game") if isinstance(data, Mapping) else type(data).__name__
            raise SnapshotError(f"this is not a snapshot of {game_id} "
                                f"(game: {repr(found)[:40]})")
        if data.get("format") != 1:
            raise SnapshotError(f"unknown snapshot format {repr(data.get('format'))[:40]}; "
                                "expected 1")
        self._check_header(data)
        try:
            state = build(data)
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise SnapshotError(f"the snapshot is incomplete or damaged: {error!r}") from None
        except OptionError as error:
            raise SnapshotError(f"the snapshot's options are invalid: {error.message}") from None
        except DataError as error:
            raise SnapshotError(f"the snapshot does not fit the data: {error.message}") from None
        _probe(state)
        return state

    def _check_header(self, data: Mapping[str, Any]) -> None:
        """``players`` a whole number the game allows, ``options`` every option of the game
        with a valid value (a snapshot always writes them all)."""
        players = data.get("players")
        if isinstance(players, bool) or not isinstance(players, int) or not (
                1 <= players <= self.info.max_players):
            raise SnapshotError(f"players: must be a whole number from 1 to "
                                f"{self.info.max_players}, not {repr(players)[:40]}")
        options = data.get("options")
        if not isinstance(options, Mapping):
            raise SnapshotError("options: must be an object with every option of the game")
        missing = [o.key for o in self.info.options if o.key not in options]
        if missing:
            raise SnapshotError(f"options: missing {', '.join(missing)}")
        try:
            for key, value in options.items():
                self.info.option(str(key)).check(value)
            self.check_options(players, dict(options))
        except OptionError as error:
            raise SnapshotError(f"options: {error.message[:300]}") from None

    def check_options(self, players: int, options: dict[str, OptionValue]) -> None:  # noqa: B027
        """Cross-checks between options and the player count (override when needed)."""

    def resolve_options(
        self, players: int, given: Mapping[str, OptionValue] | None = None
    ) -> dict[str, OptionValue]:
        """Every option with its value: defaults filled in, each value checked."""
        resolved: dict[str, OptionValue] = {o.key: o.default for o in self.info.options}
        for key, value in (given or {}).items():
            resolved[key] = self.info.option(key).check(value)
        self.check_options(players, resolved)
        return resolved

    def parse_action(self, data: object) -> Action:
        """Build an action from its JSON form (player or chance)."""
        return action_from_json(self.action_types + CHANCE_ACTIONS + BOX_ACTIONS, data)


def _probe(state: State) -> None:
    """Ask a loaded state every question the box will ask (prompts, every view, every legal
    list, its snapshot): a state the game's own checks let through by mistake is refused
    here rather than crashing a later command."""
    try:
        pending = state.pending()
        over = state.outcome() is not None
        for seat in (None, *range(state.players)):
            state.view(seat)
            if seat is not None:
                legal = state.legal_actions(seat)
                if not legal and any(isinstance(p, SeatPrompt) and p.seat == seat
                                     for p in pending):
                    raise SnapshotError(f"Seat {seat + 1} must act but has no legal action")
        if not pending and not over:
            raise SnapshotError("nothing is pending but the game is not over")
        state.to_json()
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, StopIteration,
            ZeroDivisionError) as error:
        raise SnapshotError(
            f"the snapshot is inconsistent: the game cannot show it ({type(error).__name__}: "
            f"{str(error)[:80]})") from None


# --------------------------------------------------------------------------------------------
# JSON helpers.


def action_from_json(classes: Iterable[type[Action]], data: object) -> Action:
    """Parse ``{"type": ..., field: value}`` into one of ``classes``, with clear errors."""
    by_type = {cls.type: cls for cls in classes}
    if not isinstance(data, Mapping):
        raise ActionFormatError("an action must be a JSON object with a 'type' field")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in by_type:
        raise ActionFormatError(
            f"unknown action type {kind!r}; allowed: {', '.join(sorted(by_type))}"
        )
    cls = by_type[kind]
    hints, fields = _schema(cls)
    unknown = sorted(set(data) - set(fields) - {"type"})
    if unknown:
        raise ActionFormatError(
            f"{kind!r} has no field {', '.join(repr(u) for u in unknown)}; "
            f"its fields are: {', '.join(fields) or 'none'}"
        )
    values: dict[str, Any] = {}
    for name, field in fields.items():
        if name not in data:
            if field.default is dataclasses.MISSING:
                raise ActionFormatError(f"{kind!r} needs the field {name!r}")
            continue
        values[name] = _coerce(kind, name, hints[name], data[name])
    return cls(**values)


@functools.cache
def _schema(cls: type) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    """Field types and fields of an action class (resolved once per class)."""
    return typing.get_type_hints(cls), {f.name: f for f in dataclasses.fields(cls)}


@functools.cache
def _names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def _fields_json(obj: object) -> JSON:
    return {name: _plain(getattr(obj, name)) for name in _names(type(obj))}


def _coerce(kind: str, name: str, hint: Any, value: object) -> object:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _coerce(kind, name, inner[0], value)
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise ActionFormatError(f"{kind!r}.{name} must be a list")
        return tuple(_coerce(kind, name, args[0], v) for v in value)
    if hint is int:
        if not _is_int(value):
            raise ActionFormatError(f"{kind!r}.{name} must be a whole number, not {value!r}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise ActionFormatError(f"{kind!r}.{name} must be true or false, not {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ActionFormatError(f"{kind!r}.{name} must be text, not {value!r}")
        return value
    raise ActionFormatError(f"{kind!r}.{name} has a type the JSON form cannot carry")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plain(value: Any) -> Any:
    """Tuples to lists, recursively, so the result is JSON-safe."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _fields_json(value)
    return value
