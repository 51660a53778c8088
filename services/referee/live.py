"""A live game: one engine state plus its journal, its chance source and its undo rules.

Every change goes engine first (which validates and may refuse, changing nothing), then the
journal (which commits); only then is it reported. If the commit fails, the state is rebuilt
from the journal so engine and journal never disagree.

Undo (docs/engine-api.md, "Undo"):

* ``undo()`` (a player) takes back the last player action, unless a chance outcome came
  after it (UNDO-CHANCE) or it brought hidden information to light (UNDO-HIDDEN).
* ``referee_undo(count)`` takes back the last ``count`` player actions and everything after
  them, chance and reveals included. It is logged like every other row.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from services.games.core import (
    JSON,
    Action,
    ChanceAction,
    ChancePrompt,
    Event,
    Game,
    GameError,
    IllegalAction,
    OptionValue,
    Rng,
    State,
    history_sentences,
)
from services.games.registry import Registry
from services.referee.errors import JournalDamaged, JournalError, UndoRefused
from services.referee.journal import Journal, effective_entries, pop_player_actions

if TYPE_CHECKING:
    from services.bots.contract import SeatKnowledge

DAMAGED = "it is damaged, "  # how resume() tells a game found damaged before it replays


@dataclass(frozen=True)
class Step:
    """One applied action of the effective history."""

    kind: str  # "action" or "chance"
    action: Action
    events: tuple[Event, ...]

    @property
    def reveals(self) -> bool:
        return any(e.reveals for e in self.events)


@dataclass(frozen=True)
class Undone(Step):
    """A step taken back, with its sentence as the reader of the undo may read it, told as
    the game stood before the undo (a sealed secret choice stays "Seat 2 has chosen")."""

    says: str = ""


class LiveGame:
    """A game in progress, journaled. ``rng`` None means chance is supplied by hand."""

    def __init__(
        self, journal: Journal, game_id: int, game: Game, initial: JSON, rng: Rng | None
    ) -> None:
        self.journal = journal
        self.id = game_id
        self.game = game
        self.initial = initial
        self.rng = rng
        self.state: State = game.state_from_json(initial)
        self.history: list[Step] = []
        self.changes = 0  # counts every change of the state (screens are keyed on it)
        self._unsettled = False  # the last step's row may still be committing (overlap)

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    def new(
        cls,
        journal: Journal,
        game: Game,
        players: int,
        options: Mapping[str, OptionValue] | None = None,
        *,
        rng: Rng | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> tuple[LiveGame, list[Event]]:
        """Start a game; with an rng, the opening chance (the shuffle) is resolved at once."""
        state = game.new_state(players, options)
        return cls.from_state(journal, game, state, rng=rng, settings=settings)

    @classmethod
    def from_state(
        cls,
        journal: Journal,
        game: Game,
        state: State,
        *,
        rng: Rng | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> tuple[LiveGame, list[Event]]:
        """Start a journaled game from any state (a new game or a loaded snapshot)."""
        initial = state.to_json()
        options = dict(state.options)
        game_id = journal.create_game(
            game.info.id,
            state.players,
            options,
            initial,
            # the box's own chance mode, beside the table's settings (which keep "dice")
            {"chance": "auto" if rng else "manual", **(settings or {})},
        )
        # From the snapshot as the journal keeps it (its objects' keys sorted), exactly as a
        # resume will rebuild it: an engine that walks a dict in its order then plays on the
        # same way live and after a power cut.
        live = cls(journal, game_id, game, journal.game(game_id).initial, rng)
        return live, live.resolve_chance()

    @classmethod
    def resume(
        cls, journal: Journal, game_id: int, registry: Registry, rng: Rng | None = None
    ) -> LiveGame:
        """Replay the journal to exactly the last committed action.

        A game that cannot be replayed raises :class:`JournalDamaged` naming the game and the
        row (an unknown game, a damaged starting position, a row the rules refuse)."""
        record = journal.game(game_id)
        if record.damage is not None:  # a game set aside keeps the reason it was told
            told = record.damage.removeprefix(DAMAGED)
            raise JournalDamaged(journal.path, DAMAGED + told, game_id)
        try:
            game = registry.get(record.game)
            live = cls(journal, game_id, game, record.initial, rng)
        except GameError as error:
            raise JournalDamaged(journal.path, error.message, game_id) from None
        for entry in effective_entries(journal.entries(game_id)):
            try:
                action = game.parse_action(entry.body)
                events = tuple(live.state.apply(action))
            except GameError as error:
                raise JournalDamaged(journal.path, error.message, game_id, entry.seq) from None
            live.history.append(Step(entry.kind, action, events))
        return live

    # ------------------------------------------------------------------ acting

    def apply(self, action: Action) -> list[Event]:
        """A seat's action: validated, committed, then chance resolved if the box rolls."""
        if isinstance(action, ChanceAction):
            raise IllegalAction(
                "BOX-CHANCE", "chance outcomes are supplied with supply_chance(), not as actions"
            )
        events = self._commit("action", action)
        return events + self.resolve_chance()

    def supply_chance(self, outcome: Mapping[str, Any]) -> list[Event]:
        """Hand-entered chance (physical dice, a shuffle typed in)."""
        prompt = self.state.chance_prompt()
        if prompt is None:
            raise IllegalAction("BOX-CHANCE", "no chance outcome is expected now")
        action = prompt.outcome_from_json(outcome)
        return self._commit("chance", action) + self.resolve_chance()

    def resolve_chance(self, rng: Rng | None = None,
                       kinds: tuple[str, ...] | None = None) -> list[Event]:
        """Resolve pending chance prompts with ``rng`` (default: the box's own rng), only
        those of ``kinds`` if given (the box shuffles even when players roll their dice).

        Without any rng (hand-entered chance) nothing happens.
        """
        rng = rng if rng is not None else self.rng
        events: list[Event] = []
        while rng is not None and self.state.outcome() is None:
            prompt: ChancePrompt | None = self.state.chance_prompt()
            if prompt is None or (kinds is not None and prompt.kind not in kinds):
                break
            events += self._commit("chance", prompt.resolve(rng))
        return events

    def _commit(self, kind: str, action: Action) -> list[Event]:
        self.settle()
        events = self.state.apply(action)
        outcome = self.state.outcome()
        write = self.journal.append_later if self.journal.overlaps else self.journal.append
        try:
            write(
                self.id,
                kind,
                action.to_json(),
                status="finished" if outcome else None,
                outcome=outcome.to_json() if outcome else None,
            )
        except JournalError:
            self._rebuild()
            raise
        self.history.append(Step(kind, action, tuple(events)))
        self.changes += 1
        self._unsettled = self.journal.overlaps
        return events

    def knowledge(self, seat: int) -> SeatKnowledge:
        """What ``seat`` may know now, as a bot is handed it (its view, legal actions and
        the effective history as it reads it: :func:`~services.bots.contract.knowledge_of`)."""
        from services.bots.contract import knowledge_of  # only games with a bot seat need it

        return knowledge_of(self.state, seat, [s.action for s in self.history],
                            [list(s.events) for s in self.history])

    def settle(self) -> None:
        """On the box's journal the last step's row commits on a thread of its own while the
        screens are drawn (:mod:`~services.referee.journal_commit`): wait for it. If that
        commit failed, the step is taken back here too (the game is as the journal has it)
        and the :class:`JournalError` raised. Every frame that shows a step comes after this.
        """
        if not self._unsettled:
            return
        self._unsettled = False
        error = self.journal.collect()
        if error is not None:
            self.history.pop()
            self._rebuild()
            raise error

    # ------------------------------------------------------------------ undo

    def sentences(self, seat: int | None = None) -> list[str]:
        """The effective history as ``seat`` may read it now (None: the public table)."""
        return history_sentences(self.state, [step.action for step in self.history], seat)

    @staticmethod
    def _told(steps: list[Step], says: list[str]) -> list[Undone]:
        """``steps`` (the last ones of the history, newest first) with their sentences from
        ``says`` (the whole history's, read before the undo)."""
        return [Undone(step.kind, step.action, step.events, says[len(says) - 1 - i])
                for i, step in enumerate(steps)]

    def undo_refusal(self) -> UndoRefused | None:
        """Why a player undo would be refused now, or None. Changes nothing, so a menu can
        grey its undo entry and say why before anyone asks."""
        if not any(step.kind == "action" for step in self.history):
            return UndoRefused("UNDO-EMPTY", "there is nothing to undo")
        last = self.history[-1]
        if last.kind == "chance":
            return UndoRefused(
                "UNDO-CHANCE",
                "a chance outcome came after the last move, so it cannot be taken back; "
                "only a referee undo can",
            )
        if last.reveals:
            return UndoRefused(
                "UNDO-HIDDEN",
                f"'{self.sentences()[-1]}' brought hidden information to light, so "
                "it cannot be taken back; only a referee undo can",
            )
        return None

    def undo(self, seat: int | None = None) -> Undone:
        """A player undo: the last player action, if nothing hidden or random came after.
        The answer's sentence is as ``seat`` may read it (None: the public table)."""
        self.settle()
        refusal = self.undo_refusal()
        if refusal is not None:
            raise refusal
        last = self.history[-1]
        told = self._told([last], self.sentences(seat))[0]
        self.journal.append(self.id, "undo", {"count": 1}, status="running")
        pop_player_actions(self.history, 1, player_undo=True)
        self._rebuild()
        return told

    def referee_undo(self, count: int = 1, reason: str = "",
                     seat: int | None = None) -> list[Undone]:
        """Take back ``count`` player actions and all that came after them (logged), newest
        first, each told as ``seat`` may read it (None: the public table)."""
        self.settle()
        actions = sum(1 for step in self.history if step.kind == "action")
        if count < 1:
            raise UndoRefused(
                "UNDO-COUNT", f"a referee undo takes back 1 or more moves, not {count}"
            )
        if count > actions:
            raise UndoRefused(
                "UNDO-EMPTY",
                f"only {actions} move(s) can be taken back, not {count}",
            )
        self.journal.append(
            self.id, "referee_undo", {"count": count, "reason": reason}, status="running"
        )
        said = self.sentences(seat)
        removed = pop_player_actions(self.history, count, player_undo=False)
        self._rebuild()
        return self._told(removed, said)

    def _rebuild(self) -> None:
        """Recompute the state from the initial snapshot and the kept history."""
        state = self.game.state_from_json(self.initial)
        steps = []
        for step in self.history:
            steps.append(Step(step.kind, step.action, tuple(state.apply(step.action))))
        self.state = state
        self.history = steps
        self.changes += 1

    # ------------------------------------------------------------------ export

    def transcript(self) -> JSON:
        """A shareable record, read as the public table does: secrets (chance outcomes, hidden
        hands, sealed choices) only once finished."""
        self.settle()
        record = self.journal.game(self.id)
        finished = self.state.outcome() is not None
        says = self.sentences(None)
        moves = [
            {
                "n": i + 1,
                "actor": "chance" if step.kind == "chance" else step.action.actor,
                "says": says[i],
                "events": [e.to_json() for e in step.events],
            }
            for i, step in enumerate(self.history)
        ]
        data: JSON = {
            "refbox_transcript": 1,
            "game": self.game.info.id,
            "title": self.game.info.title,
            "journal_game": self.id,
            "players": self.state.players,
            "options": record.options,
            "status": record.status,
            "created": record.created,
            "outcome": self.state.outcome().to_json() if finished else None,  # type: ignore[union-attr]
            "moves": moves,
            "table": self.state.view(None),
            "secrets_included": finished,
        }
        if finished:
            data["initial"] = self.initial
            data["actions"] = [
                {"kind": step.kind, "action": step.action.to_json()} for step in self.history
            ]
            data["final"] = self.state.to_json()
            data["pictures"] = self.state.pictures()
        return data
