"""The box as a player, during the game: its seats decide off the loop thread.

When one of the box's seats is asked (a :class:`~services.games.core.SeatPrompt` for it), the
loop thread builds that seat's :class:`~services.bots.contract.SeatKnowledge` (only what its
screen could show: the state itself never leaves the loop thread) and hands the decision to a
:class:`Thinker`: a worker thread on the box, so the screens and the other seats' buttons
stay responsive while it thinks; at once on the loop thread in scripted tests, so their
screens are the same at every run. The decision is pure: the bot's random source is
:func:`~services.bots.contract.bot_rng` of the game's seed (kept in the journal's settings),
the seat and the step, so a game resumed after a power cut makes the same choices.

The choice comes back to the loop thread, which applies it through ``LiveGame.apply`` like a
person's move (journal, undo, transcripts unchanged), but only if the game has not changed
since the decision began (its change count): a referee undo or another seat's move while the
bot thinks makes the choice stale, and it is dropped (the seat is asked again). A seat may
wait at an optional prompt (Innsmouth 32's lend, share and horror-star prompts): the next
asked seat is then asked, and the waiting one again once the game has changed. Each move is
told on the public screen as the public sentence of it, held for ``pause`` seconds; the next
move of the box waits for the end of that pause (its decision may begin during it).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from services.bots.contract import Bot, BotError, SeatKnowledge, decide
from services.bots.levels import make_bot
from services.bots.play import bot_seats_asked, check_not_stuck
from services.games.core import Action
from services.referee.box.render import Canvas, dense_page, plain, wrap
from services.referee.live import LiveGame

log = logging.getLogger(__name__)

PAGE = 6  # lines of a told move on one page
Work = Callable[[], None]
MakeBot = Callable[[str, str], Bot]


class Thinker(Protocol):
    """Runs a decision: on a worker thread (the box), or at once (scripted tests)."""

    def start(self, work: Work) -> None: ...


class Threads:
    """Each decision on a daemon thread of its own (one at a time: the table waits for it)."""

    def __init__(self) -> None:
        self.last: threading.Thread | None = None  # the latest decision's thread

    def start(self, work: Work) -> None:
        self.last = threading.Thread(target=work, name="box bot", daemon=True)
        self.last.start()


class Inline:
    """Each decision at once, on the caller's thread: the same screens at every run."""

    def start(self, work: Work) -> None:
        work()


@dataclass(frozen=True)
class Job:
    """A decision begun for ``seat`` of game ``live`` when it had seen ``changes`` changes."""

    live: LiveGame
    changes: int
    seat: int


@dataclass(frozen=True)
class Move:
    """A decision to apply now: the seat and its action."""

    seat: int
    action: Action


class BotSeats:
    """The box's seats of one game: their bots, the decision under way, the move told."""

    def __init__(self, game: str, levels: dict[int, str], seed: int | str, pause: float,
                 thinker: Thinker, make: MakeBot = make_bot) -> None:
        self.levels = dict(levels)
        self.bots = {seat: make(game, level) for seat, level in self.levels.items()}
        self.seed = seed
        self.pause = pause
        self.thinker = thinker
        self.told = ""  # the public sentence of the box's last move
        self.teller = ""  # who made it ("Box", "Box 2")
        self.since = 0.0  # it is told from then (after the dice the move rolled)...
        self.until = 0.0  # ...until then; the box's next move waits for that
        self.failed: tuple[LiveGame, int] | None = None  # a decision that raised: not again
        self._lock = threading.Lock()
        self._job: Job | None = None  # the decision under way
        self._done: tuple[Job, Action | Exception | None] | None = None  # not applied yet
        self._waited: tuple[LiveGame, int, frozenset[int]] | None = None  # seats that wait

    # ------------------------------------------------------------------ deciding

    def asked(self, live: LiveGame) -> list[int]:
        """The box's seats asked to act now, lowest first."""
        if live.state.outcome() is not None:
            return []
        return bot_seats_asked(live.state, self.bots)

    def thinking(self) -> bool:
        with self._lock:
            return self._job is not None

    def due(self, live: LiveGame, now: float, ready: bool) -> Move | Exception | None:
        """The loop's look: a decision to apply now (a stale one is dropped), the error a
        decision raised, or None; begins the next decision when a box seat is asked."""
        found = self._take(live, now, ready)
        while found is None and ready and not self.thinking() and self._begin(live):
            found = self._take(live, now, ready)  # decided at once (an inline thinker)
        return found

    def waiting(self, live: LiveGame) -> frozenset[int]:
        """The box's seats that chose to wait at their optional prompts since the game last
        changed (each is asked again once it changes)."""
        waited = self._waited
        if waited is None or waited[0] is not live or waited[1] != live.changes:
            return frozenset()
        return waited[2]

    def _take(self, live: LiveGame, now: float, ready: bool) -> Move | Exception | None:
        with self._lock:
            done = self._done
            if done is None:
                return None
            job, result = done
            if job.live is not live or job.changes != live.changes:
                self._done = None
                log.info("the box's choice for seat %d dropped: the game changed while it "
                         "thought", job.seat + 1)
                return None
            if isinstance(result, Exception):
                self._done, self.failed = None, (live, live.changes)
                return result
            if result is None:  # the seat lets its optional prompt pass: ask the next
                self._done = None
                self._waited = (live, live.changes, self.waiting(live) | {job.seat})
                return None
            if not ready or now < self.until:
                return None  # kept until the table can follow (or the game goes on)
            self._done = None
            return Move(job.seat, result)

    def _begin(self, live: LiveGame) -> bool:
        """Begins the decision of the first asked seat that has not waited since the game
        last changed; False: none to begin."""
        if self.failed == (live, live.changes):
            return False
        waited = self.waiting(live)
        seats = [s for s in self.asked(live) if s not in waited]
        if not seats and waited and self._done is None:
            try:
                check_not_stuck(live.state, waited)
            except BotError as error:
                with self._lock:
                    self._done = (Job(live, live.changes, min(waited)), error)
                return True
        with self._lock:
            if not seats or self._done is not None:
                return False
            job = self._job = Job(live, live.changes, seats[0])
        knowledge = live.knowledge(job.seat)
        bot = self.bots[job.seat]
        self.thinker.start(lambda: self._decide(job, bot, knowledge))
        return True

    def _decide(self, job: Job, bot: Bot, knowledge: SeatKnowledge) -> None:
        """On the thinker's thread: the pure decision, handed back to the loop thread."""
        result: Action | Exception | None
        try:
            result = decide(bot, knowledge, self.seed)
        except BotError as error:
            log.error("the box could not choose for seat %d: %s", job.seat + 1,
                      error.message)
            result = error
        except Exception as error:  # a bug in a bot must not take the box down
            log.exception("the box's bot for seat %d failed", job.seat + 1)
            result = error
        with self._lock:
            self._done = (job, result)
            self._job = None

    # ------------------------------------------------------------------ telling

    @property
    def decided(self) -> Action | None:
        """The decision made and not applied yet, if any (stale or not)."""
        with self._lock:
            done = self._done
        return done[1] if done is not None and isinstance(done[1], Action) else None

    def tell(self, sentence: str, teller: str, labels: list[str], now: float) -> None:
        """The move just applied, told for ``pause`` seconds from ``now`` (the engine's
        "Seat 3" is the table's label of that seat)."""
        self.told = re.sub(r"\bSeat (\d+)\b",
                           lambda m: labels[int(m[1]) - 1] if int(m[1]) <= len(labels)
                           else m[0], sentence)
        self.teller = teller
        self.since, self.until = now, now + self.pause

    def telling(self, now: float) -> bool:
        return bool(self.told) and self.since <= now < self.until

    def shown(self, now: float) -> int | None:
        """The page of the told move shown now (None: none is told): a sentence longer than
        a page turns its pages by itself during the pause."""
        if not self.telling(now):
            return None
        pages = self._pages()
        spent = 1 - (self.until - now) / self.pause if self.pause else 0.0
        return min(len(pages) - 1, int(spent * len(pages)))

    def next_change(self, now: float) -> float | None:
        """When the told move turns a page or ends (None: none is told)."""
        if self.told and now < self.since:
            return self.since
        shown = self.shown(now)
        if shown is None:
            return None
        if not self.pause:
            return self.until
        pages = len(self._pages())
        return min(self.until, self.until - self.pause + (shown + 1) * self.pause / pages)

    def page(self, now: float) -> Canvas:
        """The public screen while a move is told: who moved, and the sentence."""
        pages = self._pages()
        return dense_page(f"{self.teller} plays", pages[self.shown(now) or 0])

    def _pages(self) -> list[list[str]]:
        lines = wrap(plain(self.told))
        return [lines[i:i + PAGE] for i in range(0, len(lines), PAGE)] or [[]]
