"""The table: what every screen shows and what every button does, from boot to game over.

Modes: ``offer`` (continue the unfinished game?), ``lobby`` (game, options, seats join),
``game`` (the game's flow), ``paused``, ``over`` (the post-game reveal). Inside a game, hold
`next` opens a seat's table menu: undo, referee undo, pause, end game. Peek (hold, or double
press for a few seconds) reveals a seat's private screen (:mod:`.privacy`).

Everything here runs on the daemon's one thread; the screens are a function of the
committed game state, the table's menus and the clock. The box's own seats (:mod:`.botseats`)
decide on a worker thread; :meth:`Table.tick` applies their moves on this one.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from firmware_py.events import (
    ButtonDoublePressed,
    ButtonDown,
    ButtonHeld,
    ButtonPressed,
    ButtonUp,
    DeviceStatus,
    InputEvent,
    TagPlaced,
)
from services.games.core import GameError, Rng
from services.games.registry import Registry
from services.referee.box.botlobby import BOX_NAMES, box_labels
from services.referee.box.botplay import BoxSeats
from services.referee.box.botseats import BotSeats, Thinker, Threads
from services.referee.box.dice import DiceEntry, Rolling
from services.referee.box.flow import Flow, Flows
from services.referee.box.frames import Frames
from services.referee.box.host import HostFacts, host_screen
from services.referee.box.lobby import Lobby, Start
from services.referee.box.menu import Item, Menu
from services.referee.box.privacy import Privacy
from services.referee.box.render import Canvas, dense_page, fit, plain, title_and_lines, wrap
from services.referee.box.resume import reason, replay
from services.referee.box.table_menu import TableMenu
from services.referee.errors import JournalDamaged, JournalError, RefereeError
from services.referee.journal import Journal
from services.referee.live import LiveGame

Cue = Callable[[str], None]
TagLookup = Callable[[str], tuple[str, str, str] | None]  # tag -> (game, kind, id)
# What a seat does with its buttons and reader (of buttons going down and up, only peek's)
SEAT_INPUT = (ButtonPressed, ButtonHeld, ButtonDoublePressed, TagPlaced)
JOIN_TURN = 5.0  # s each between the lobby page and the phones' join page
log = logging.getLogger(__name__)


MOVE_NOT_KEPT = "Move not saved: again"  # its journal row could not be written (the log)


@dataclass
class Seat:
    name: str  # profile seat name, e.g. "seat1"
    label: str  # "Seat 1"


class Table(BoxSeats, TableMenu):
    def __init__(self, registry: Registry, journal: Journal, seats: list[Seat], rng: Rng,
                 *, flows: Flows, cue: Cue | None = None,
                 lookup: TagLookup | None = None) -> None:
        self.registry = registry
        self.journal = journal
        self.seats = seats
        self.rng = rng
        self.cue = cue or (lambda _name: None)
        self.lookup = lookup or (lambda _tag: None)
        self.privacy = Privacy()
        self.mode = "lobby"
        self.flows = flows  # the games' table flows (the composition root's)
        self.lobby = self._new_lobby()
        self.live: LiveGame | None = None
        self.flow: Flow | None = None
        self.players: list[str] = []  # profile seat names; game seat i = players[i]
        self.system: dict[str, Menu] = {}
        self.notes: dict[str, str] = {}  # per seat: a table-menu message (not secret)
        self.status = ""  # device problems, shown on the public screen
        self.public_note: tuple[str, Hashable] = ("", None)  # (words, the game's mark then)
        self.offline: dict[str, str] = {}  # every device now offline (the first is shown)
        self.entry: DiceEntry | None = None  # players entering their dice
        self.rolling: Rolling | None = None  # the box's roll being shown
        self.now = 0.0
        self._offered = 0  # the paused game offered at boot
        # more table menu items (the phones' "Free a phone seat"); an item's value is then
        # a function of the seat giving the next menu, or None when done
        self.table_items: Callable[[], list[Item]] = list
        self.join_page: Callable[[], Canvas] | None = None  # phones' QR code (lobby, public)
        self.screen_page: Callable[[], Canvas] | None = None  # the table screen's QR code
        self.join_code: Callable[[], str] | None = None  # the phones' code (director screen)
        # What the screens are keyed on (:meth:`screens`): ``epoch`` counts the inputs that
        # may change any screen (a move committed, a mode or lobby change, dice entry...),
        # ``touched`` each seat's inputs that changed only what its own screen shows.
        self.frames = Frames()
        self.epoch = 0
        self.touched: Counter[str] = Counter()
        self.bots: BotSeats | None = None  # the box's own seats in this game, if any
        self.thinker: Thinker = Threads()  # where they decide (tests: at once, Inline)
        self.box_labels: dict[str, str] = {}  # "box1" -> "Box"

    def _new_lobby(self) -> Lobby:
        """The lobby offers the games this table can run: those with a flow (a game
        engine may exist before its table UI)."""
        games = self.registry.only(i.id for i in self.registry.infos() if self.flows.has(i.id))
        return Lobby(games, [s.name for s in self.seats], {s.name: s.label for s in self.seats})

    # ------------------------------------------------------------------ boot and shutdown

    def boot(self) -> None:
        """Resume a game the power cut interrupted; offer one that was paused. A game that
        cannot be replayed is set aside (kept in the journal, named on the public screen and
        in the log) and the lobby opens."""
        record = self.journal.latest_running()
        if record is None:
            self._boot_finished()
            return
        if record.settings.get("paused"):
            if self._replay(record.id) is not None:
                self.mode, self._offered = "offer", record.id
            return
        self._resume(record.id)

    def _resume(self, game_id: int) -> None:
        replayed = self._replay(game_id)
        if replayed is None:
            self.mode = "lobby"
            return
        live, seats = replayed
        # A power cut between a move and the box's roll (or between creating a game and its
        # opening shuffle) left chance pending: the box resolves it now, as it would have.
        live.resolve_chance()
        self._enter(live, seats)
        self.journal.update_settings(game_id, {"paused": False})

    def _replay(self, game_id: int) -> tuple[LiveGame, list[str]] | None:
        """The game replayed from the journal with its seats, or None once set aside. A game
        whose data pack is damaged waits, untouched, until the pack is mended."""
        try:
            waiting = self.registry.unavailable.get(self.journal.game(game_id).game)
            if waiting is not None:
                log.error("game %d waits: its data pack is damaged: %s", game_id, waiting)
                self.lobby.note = f"Game {game_id} waits: its data pack is damaged"
                return None
            live, seats = replay(self.journal, game_id, self.registry,
                                 [s.name for s in self.seats] + list(BOX_NAMES), self.rng)
            if not self.flows.has(live.game.info.id):
                raise JournalDamaged(self.journal.path, "its game has no table screens",
                                     game_id)
        except JournalDamaged as error:
            self.journal.set_aside(game_id, reason(error))
            log.error("game %d set aside, it cannot be replayed: %s", game_id, error.message)
            self.lobby.note = f"Game {game_id} set aside"
            return None
        return live, seats

    def _boot_finished(self) -> None:
        """A power cut during the post-game reveal: show it again until someone leaves it."""
        games = self.journal.games()
        last = games[-1] if games else None
        if last is not None and last.status == "finished" and not last.settings.get("left"):
            self._resume(last.id)

    def pause(self) -> None:
        """Mark the game paused (SIGTERM, or the table menu) so boot offers it again."""
        if self.live is not None and self.mode in ("game", "paused"):
            self.journal.update_settings(self.live.id, {"paused": True})
            self.mode = "paused"

    # ------------------------------------------------------------------ input

    def handle(self, event: InputEvent, now: float) -> None:
        self.now = now
        self.settle()
        seat = getattr(event, "seat", "")
        before = (self._game_mark(), self.status, self.rolling, self.entry)
        self._handle(event, seat, now)
        if isinstance(event, SEAT_INPUT) or (isinstance(event, ButtonDown | ButtonUp)
                                             and event.button == "peek"):
            self.touched[seat] += 1
        if (before != (self._game_mark(), self.status, self.rolling, self.entry)
                or self.mode == "lobby" or self.entry is not None):
            self.epoch += 1

    def settle(self) -> bool:
        """Wait for the journal's commit of the last change (it runs while the screens are
        drawn: :mod:`~services.referee.journal_commit`); the daemon calls this before it
        shows any frame. False: that commit failed, so the change is taken back (the game is
        as the journal has it), said on the public screen, and the screens must be drawn
        again."""
        live = self.live
        if live is None:
            return True
        try:
            live.settle()
        except JournalError as error:
            log.error("%s: %s; the last move is taken back", error.rule, error.message)
            flow = self.flow
            if flow is not None:
                flow.observe(live.history)
                flow.reset(live.state)
            self.system.clear()
            self.rolling = None  # the dice of a move taken back are not shown
            if self.mode == "over" and live.state.outcome() is None:
                self.mode = "game"
            self.status = MOVE_NOT_KEPT
            self.epoch += 1
            self.cue("error")
            return False
        return True

    def _game_mark(self) -> tuple[Any, ...]:
        """What every screen of a game depends on beyond its own seat's menus and peek:
        the mode, the game and its change count. (The objects themselves, not their ids: a
        key holding them keeps them alive, so a new one is never taken for an old one.)"""
        live = self.live
        return (self.mode, live, live.changes if live is not None else -1, self.flow,
                self._offered)

    def _handle(self, event: InputEvent, seat: str, now: float) -> None:
        if isinstance(event, DeviceStatus):
            if event.online:
                self.offline.pop(event.device, None)
            else:
                self.offline[event.device] = f"{event.device} offline"
            self.status = next(iter(self.offline.values()), "")
            return
        if isinstance(event, ButtonDown) and event.button == "peek":
            self.privacy.peek_down(seat)
        elif isinstance(event, ButtonUp) and event.button == "peek":
            self.privacy.peek_up(seat)
        elif isinstance(event, ButtonDoublePressed) and event.button == "peek":
            self.privacy.reveal(seat, now)
        elif isinstance(event, ButtonPressed):
            self.privacy.touched(seat, now)
            self._press(seat, event.button)
        elif isinstance(event, ButtonHeld):
            self.privacy.touched(seat, now)
            self._hold(seat, event.button)
        elif isinstance(event, TagPlaced):
            self._tag(seat, event.tag)

    def _press(self, seat: str, role: str) -> None:
        if self.mode == "offer":
            if role == "ok":
                self._resume(self._offered)
            return
        if self.mode == "lobby":
            if seat in self.system:
                self._system_press(seat, role)
                return
            start = self.lobby.press(seat, role)
            if start is not None:
                self._start(start)
            return
        if self.mode == "over" and seat in self.players and role in ("next", "prev"):
            live, flow = self._game()  # the reveal: turn the public pages (routes...)
            flow.press(self.players.index(seat), role, live.state)
            return
        if self.mode != "game" or seat not in self.players:
            return
        if seat in self.system:
            self._system_press(seat, role)
            return
        if self.entry is not None:
            self._enter_dice(role)
            return
        self.notes.pop(seat, None)
        index = self.players.index(seat)
        live, flow = self._game()
        self._act(seat, flow.press(index, role, live.state))

    def _hold(self, seat: str, role: str) -> None:
        if self.mode == "offer" and role == "ok":
            self.journal.set_status(self._offered, "abandoned")
            self.mode = "lobby"
        elif self.mode == "lobby" and role == "next" and self._lobby_items():
            self.system[seat] = self._lobby_menu()  # freeing a lost phone's seat
        elif self.mode == "lobby" and seat in self.system and role == "ok":
            self.system.pop(seat)
        elif self.mode == "lobby":
            start = self.lobby.hold(seat, role)
            if start is not None:
                self._start(start)
        elif self.mode in ("paused", "over") and role == "ok":
            if self.mode == "paused":
                self.mode = "game"
                live, flow = self._game()
                self.journal.update_settings(live.id, {"paused": False})
            else:
                self._leave()
        elif self.mode == "game" and seat in self.players:
            if role == "next":
                self.system[seat] = self._system_menu()
            elif seat in self.system and role == "ok":
                self.system.pop(seat)
            else:
                live, flow = self._game()
                self._act(seat, flow.hold(self.players.index(seat), role, live.state))

    def _tag(self, seat: str, tag: str) -> None:
        if self.mode != "game" or seat not in self.players:
            return
        found = self.lookup(tag)
        live, flow = self._game()
        if found is None or found[0] != live.game.info.id:
            self.notes[seat] = f"unknown tag {tag}"
            self.cue("refusal")
            return
        _game, kind, component = found
        index = self.players.index(seat)
        self._act(seat, flow.tag(index, kind, component, live.state))

    # ------------------------------------------------------------------ acting

    def _act(self, seat: str, action: Any) -> None:
        if action is None:
            return
        live, flow = self._game()
        index = self.players.index(seat)
        before = len(live.history)
        try:
            live.apply(action)
        except GameError as error:  # the rule id is for referees: the log has it
            log.info("%s refused, %s: %s", self._label(seat), error.rule, error.message)
            flow.refused(index, error)
            return
        except RefereeError as error:
            log.error("%s: %s", error.rule, error.message)
            self.status = fit(plain(error.message), "box error: see log")
            self.cue("error")
            return
        self._show_rolls(before)
        self._after_change()

    def _show_rolls(self, before: int) -> None:
        """The box rolled during that move: animate the faces it journaled."""
        live, _flow = self._game()
        for step in live.history[before:]:
            faces = getattr(step.action, "faces", None)
            if faces:
                prompt_sides = max(6, *faces)
                self.rolling = Rolling(tuple(faces), prompt_sides, self.now)
                self.cue("dice")

    def _chance(self) -> None:
        """Shuffles and draws are the box's; dice are the box's or the players'."""
        live, _flow = self._game()
        live.resolve_chance(self.rng, kinds=("shuffle", "draw"))
        prompt = live.state.chance_prompt()
        manual = live.rng is None
        self.entry = DiceEntry(prompt) if prompt is not None and manual else None

    def _enter_dice(self, role: str) -> None:
        live, flow = self._game()
        entry = self.entry
        if entry is None:
            return
        outcome = entry.press(role)
        if outcome is None:
            return
        before = len(live.history)
        try:
            live.supply_chance(outcome)
        except GameError as error:  # the next entry says why, in plain words
            log.warning("dice refused: %s", error.message)
            self.entry = None
            self._chance()
            self._dice_note(plain(flow.seat_words(error.message)))
            return
        self._after_change()
        self._dice_note(flow.reroll([e for step in live.history[before:]
                                     for e in step.events]))

    def _dice_note(self, why: str) -> None:
        """The entry the game asks for next first says why the faces entered did not count
        (it would otherwise look like the same entry, its faces silently reset)."""
        if self.entry is not None and why:
            self.entry.note = why

    def _after_change(self) -> None:
        live, flow = self._game()
        self._chance()
        flow.observe(live.history)
        flow.reset(live.state)
        self.system.clear()
        if live.state.outcome() is not None:
            self.mode = "over"
            self.cue("confirm")
        else:
            self.cue("turn")

    def _start(self, start: Start) -> None:
        dice = start.settings.get("dice", "box")
        placed = self._place_box(start)
        if placed is None:
            return
        seats, options, mine = placed
        settings = {"seats": seats, "dice": dice, "labels": [self._label(s) for s in seats],
                    **mine}
        rng = None if dice == "players" else self.rng
        try:
            live, _events = LiveGame.new(self.journal, start.game, len(seats),
                                         options, rng=rng, settings=settings)
        except GameError as error:
            self.lobby.note = error.message
            return
        self._enter(live, seats)

    def _enter(self, live: LiveGame, seats: list[str]) -> None:
        self.live, self.players = live, seats
        self.box_labels = box_labels(seats)
        self.bots = self._bot_seats(live)
        self.flow = self.flows.make(live.game.info.id)
        self.flow.start([self._label(s) for s in seats])
        self.flow.observe(live.history)
        self.flow.reset(live.state)
        self.privacy.hide_all()
        self.system.clear()
        self.rolling = None
        self._chance()
        self.mode = "over" if live.state.outcome() is not None else "game"

    def _leave(self) -> None:
        if self.live is not None:  # the reveal is over: boot no longer shows it
            self.journal.update_settings(self.live.id, {"left": True})
        self.live, self.flow, self.players = None, None, []
        self.bots, self.box_labels = None, {}
        self.mode = "lobby"
        self.lobby = self._new_lobby()
        self.privacy.hide_all()

    def _game(self) -> tuple[LiveGame, Flow]:
        """The game in progress (only called in modes that have one)."""
        if self.live is None or self.flow is None:
            raise RuntimeError(f"the table has no game in progress (mode {self.mode})")
        return self.live, self.flow

    def _label(self, name: str) -> str:
        if name in self.box_labels:
            return self.box_labels[name]
        return next((s.label for s in self.seats if s.name == name), name)

    # ------------------------------------------------------------------ time

    def next_change(self, now: float) -> float | None:
        times = [self.privacy.next_change(now),
                 self.rolling.next_change(now) if self.rolling else None,
                 (now // JOIN_TURN + 1) * JOIN_TURN if self._joining() else None,
                 self.bots.next_change(now) if self.bots is not None else None]
        found = [t for t in times if t is not None]
        return min(found) if found else None

    # ------------------------------------------------------------------ screens

    def screens(self, now: float) -> dict[str, Canvas]:
        """Every screen's picture now: "public", "director" and one per seat name. A
        screen is drawn again only when its key (what it shows depends on) changed; else
        the canvas drawn for that key is returned again, the same object."""
        if self.rolling is not None and self.rolling.done(now):
            self.rolling = None
        get = self.frames.get
        frames = {"public": get("public", self._public_key(now), lambda: self._public(now)),
                  "director": self._director()}
        for seat in self.seats:
            frames[seat.name] = get(seat.name, self._seat_key(seat, now),
                                    lambda seat=seat: self._seat(seat, now))  # type: ignore[misc]
        return frames

    def peek_screen(self, name: str) -> Canvas | None:
        """What seat ``name``'s game screen shows while its peek is held (None outside a
        game it plays), kept like the screens (a phone shows it beside the screen)."""
        live, flow = self.live, self.flow
        if self.mode != "game" or name not in self.players or live is None or flow is None:
            return None
        index = self.players.index(name)
        return self.frames.get(f"{name} peek", (self._game_mark(), self.touched[name]),
                               lambda: flow.seat(index, live.state, True))

    @property
    def drawn(self) -> Counter[str]:
        """Canvases drawn so far, per screen (a kept canvas handed back again is not)."""
        return self.frames.drawn

    def forget(self) -> None:
        """Draw every screen anew at the next look: for a change made to the table from
        outside its input (a test, a script)."""
        self.frames.forget()

    def _public_key(self, now: float) -> Hashable:
        flow = self.flow
        lobby = self.lobby
        return (self.epoch, self._game_mark(), self.status, self.public_note, lobby,
                lobby.note, lobby.step,
                lobby.game, lobby.menu, lobby.menu.cursor, lobby.menu.notice,
                tuple(lobby.joined),
                flow.public_key() if flow is not None else None,
                now if self.rolling is not None else None,
                self.bots.shown(now) if self.bots is not None else None,
                self._join_turn(now) if self._joining() else None)

    def _seat_key(self, seat: Seat, now: float) -> Hashable:
        name = seat.name
        if self.mode == "lobby" and name in self.system:
            return ("system", self.touched[name], self.system[name])
        if self.mode in ("lobby", "offer"):
            return ("lobby", self.lobby.step, name in self.lobby.joined)
        if name not in self.players:
            return ("idle",)
        if self.mode == "paused":
            return ("paused",)
        flow = self.flow
        return (self._game_mark(), self.touched[name], self.privacy.shown(name, now),
                self.notes.get(name), self.system.get(name),
                flow.public_key() if flow is not None and self.mode == "over" else None)

    def _joining(self) -> bool:
        """Seats are joining in the lobby and phones may join: the public screen turns
        between the lobby and the phones' join page every ``JOIN_TURN`` seconds."""
        return (self.join_page is not None and self.mode == "lobby"
                and self.lobby.step == "join" and not self.lobby.note)

    def _join_turn(self, now: float) -> int:
        """0: the lobby's page, 1: the phones' join page, 2: the table screen's page."""
        return int(now // JOIN_TURN) % (2 if self.screen_page is None else 3)

    def _public(self, now: float) -> Canvas:
        if self.mode == "game" and self.entry is not None:
            return self.entry.render()
        if self.mode == "game" and self.rolling is not None:
            return self.rolling.render(now)
        if self.mode == "game" and self.bots is not None and self.bots.telling(now):
            return self.bots.page(now)
        turn = self._join_turn(now) if self._joining() else 0
        if turn == 1 and self.join_page is not None:
            return self.join_page()
        if turn == 2 and self.screen_page is not None:
            return self.screen_page()
        if self.mode == "lobby":
            return self.lobby.public()
        if self.mode == "offer":
            record = self.journal.game(self._offered)
            return title_and_lines("Continue?", [f"{record.game} #{record.id}",
                                                 f"{record.entries} moves so far",
                                                 "OK: continue", "hold OK: new game"])
        live, flow = self._game()
        if self.mode == "paused":
            return title_and_lines("PAUSED", ["the game is saved", "", "hold OK to go on"])
        history = live.history
        last = history[-1] if history else None
        faces = getattr(last.action, "faces", None) if last else None
        if faces:
            note = f"rolled {' '.join(map(str, faces))}"
        else:
            note = flow.announce(live.state, last.events) if last else ""
        words, mark = self.public_note  # shown until the next move
        note = self.status or (words if mark == self._game_mark() else "") or note
        return flow.public(live.state, note)

    def _director(self) -> Canvas:
        facts = self._host_facts()
        return self.frames.get("director", facts, lambda: host_screen(facts))

    def _host_facts(self) -> HostFacts:
        """What the director screen shows now (:mod:`services.referee.box.host`)."""
        code = self.join_code() if self.join_code is not None else ""
        fault = next(iter(self.offline.values()), "")
        common = {"fault": fault, "faults": len(self.offline), "join_code": code}
        if self.mode == "lobby":
            game = self.lobby.game
            return HostFacts("lobby", game.info.screen_title if game else "", **common)
        if self.mode == "offer":
            record = self.journal.game(self._offered)
            infos = {info.id: info.screen_title for info in self.registry.infos()}
            return HostFacts("offer", infos.get(record.game, record.game), record.id,
                             record.entries, **common)
        live = self.live
        if live is None:
            return HostFacts(self.mode, **common)
        box = tuple(level for _seat, level in sorted(self.bots.levels.items())
                    ) if self.bots is not None else ()
        return HostFacts(self.mode, live.game.info.screen_title, live.id, len(live.history),
                         box, **common)

    def _seat(self, seat: Seat, now: float) -> Canvas:
        if self.mode == "lobby" and seat.name in self.system:
            return self.system[seat.name].render()
        if self.mode in ("lobby", "offer"):
            return self.lobby.seat(seat.name)
        if seat.name not in self.players:
            canvas = Canvas()
            canvas.centered(26, "not playing")
            return canvas
        live, flow = self._game()
        index = self.players.index(seat.name)
        if self.mode == "over":
            return flow.reveal(index, live.state)
        if self.mode == "paused":
            canvas = Canvas()
            canvas.centered(26, "PAUSED", scale=2)
            return canvas
        if seat.name in self.notes:
            return dense_page("Table", wrap(plain(self.notes[seat.name])))
        if seat.name in self.system:
            return self.system[seat.name].render()
        shown = self.privacy.shown(seat.name, now)
        return flow.seat(index, live.state, shown)

