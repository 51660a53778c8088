"""Phone seats at the table: their input on the daemon thread, their models after a render.

A phone seat is a seat of the table like a hardware seat: it joins in the lobby with ok, and
in a game its input becomes the same button events a hardware seat's buttons make, handled
by the same :class:`~services.referee.box.table.Table` code (so the journal, undo and resume
behave as with buttons). A hardware seat named in the profile's ``companion.phones_for``
takes both its buttons and its phone.

Each :class:`~services.referee.companion.hub.PhoneInput` names the model version the phone
saw; input made on a screen that has changed since is ignored (logged), as is input that
means nothing (an unknown kind or button, a menu item that is not there): nothing changes.
The one exception is a peek's release: it only hides the seat's secrets again, so it is
applied whatever screen it was made on (a dropped release would leave them showing).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from firmware_py.events import ButtonDown, ButtonHeld, ButtonPressed, ButtonUp
from firmware_py.specs import BoardProfile
from services.referee.box.menu import Item, Menu
from services.referee.box.render import Canvas, wrap
from services.referee.box.seat_models import open_menu, public_model, seat_model
from services.referee.box.table import Seat, Table
from services.referee.box.table_screen import table_model
from services.referee.companion import bindings
from services.referee.companion.hub import Hub, PhoneInput, PhoneSeat

log = logging.getLogger(__name__)

PRESS_ROLES = ("ok", "next", "prev", "back")
HOLD_ROLES = ("ok", "next", "prev")  # hold ok = back; hold next opens the table menu
Follow = Callable[[str], Menu | None]  # a table menu item added here: the next menu, or None


def phone_seats(profile: BoardProfile) -> list[PhoneSeat]:
    """The seats a phone may take: the hardware seats in ``companion.phones_for``, then the
    phone seats "phone1".. labelled after the hardware seats ("Seat 5" on a 4-seat box)."""
    companion = profile.companion
    found = [PhoneSeat(s.name, s.label) for s in profile.seats if s.name in companion.phones_for]
    first = len(profile.seats) + 1
    found += [PhoneSeat(f"phone{n}", f"Seat {first + n - 1}")
              for n in range(1, companion.phone_seats + 1)]
    return found


def extra_seats(hub: Hub, hardware: list[Seat]) -> list[Seat]:
    """The hub's seats that have no hardware: they join the table after the hardware ones."""
    names = {seat.name for seat in hardware}
    return [Seat(s.name, s.label) for s, _taken in hub.seats() if s.name not in names]


class Phones:
    def __init__(self, hub: Hub, table: Table, folder: Path | None = None) -> None:
        self.hub = hub
        self.table = table
        self.built: dict[str, object] = {}  # per seat, and "public": what a model was made of
        self.seats = [Seat(s.name, s.label) for s, _taken in hub.seats()]
        self.names = {seat.name for seat in self.seats}
        self.folder = folder  # where the bindings are kept (bindings.py); None: not kept
        self.saved: dict[str, str] = {}
        self.joins = 0  # the hub's count of joins and freed seats when last saved
        self.code = hub.code  # the join code the screens last said
        if folder is not None:
            self.saved = bindings.load(folder, self.names)
            hub.restore(self.saved)

    # ------------------------------------------------------------------ input

    def handle(self, event: PhoneInput, now: float) -> None:
        """The phone's input, as its seat's buttons would give it; stale or meaningless
        input is logged and changes nothing."""
        seat, kind, value = event.seat, event.kind, event.value
        if seat not in self.names:
            log.warning("input from phone seat %r, which this box does not have: ignored", seat)
            return
        current = self.hub.version(seat)
        release = kind == "peek" and value is False  # hiding is always safe: never dropped
        if event.version != current and not release:
            log.info("%s: input made on screen %d, the screen is now %d: ignored",
                     self._label(seat), event.version, current)
            return
        table = self.table
        if kind == "press" and isinstance(value, str) and value in PRESS_ROLES:
            table.handle(ButtonPressed(seat, value, now), now)
        elif kind == "hold" and isinstance(value, str) and value in HOLD_ROLES:
            table.handle(ButtonHeld(seat, value, now), now)
        elif kind == "peek" and isinstance(value, bool):
            table.handle((ButtonDown if value else ButtonUp)(seat, "peek", now), now)
        elif kind == "choose":
            self._choose(seat, value, now)
        else:
            log.warning("%s: phone input %s %r means nothing: ignored", self._label(seat),
                        kind, value)

    def _choose(self, seat: str, value: object, now: float) -> None:
        """Move the seat's open menu to item ``value`` and press ok there."""
        table = self.table
        menu = open_menu(table, seat)
        if menu is None:
            log.warning("%s: item %r chosen with no menu open: ignored", self._label(seat), value)
            return
        if isinstance(value, bool) or not isinstance(value, int) or not (
                0 <= value < len(menu.items)):
            log.warning("%s: item %r chosen in %r, which has %d items: ignored",
                        self._label(seat), value, menu.title, len(menu.items))
            return
        # What shows on top of the menu is closed first, as the press that read it would.
        table.notes.pop(seat, None)
        if table.mode == "game" and seat not in table.system and table.flow is not None:
            table.flow.read_message(table.players.index(seat), "ok")
        menu.notice, menu.notice_start = "", 0
        menu.cursor = value
        table.handle(ButtonPressed(seat, "ok", now), now)

    # ------------------------------------------------------------------ models

    def publish(self, frames: dict[str, Canvas]) -> None:
        """Every phone seat's model and the public one (after a render). A model is built
        again only when what it is made of may have changed: the table (mode, game, an input
        that touched every screen), the seat's own input, its screen or the public one."""
        table = self.table
        shared = (table._game_mark(), table.epoch, frames.get("public"))
        for seat in self.seats:
            key = (shared, table.touched[seat.name], frames.get(seat.name))
            if self.built.get(seat.name) != key:
                self.hub.publish(seat.name, seat_model(table, seat, frames))
                self.built[seat.name] = key
        if self.built.get("public") != shared:
            self.hub.publish_public(public_model(table, frames))
            self.hub.screen.publish(table_model(table, frames))  # the table screen's
            self.built["public"] = shared

    def forget(self) -> None:
        """Build every model anew at the next render (after a change made from outside the
        table's input: a test, a script)."""
        self.built.clear()

    def keep(self) -> bool:
        """Save the bindings when a phone joined or a seat was freed since the last save
        (an unwritable folder is logged; the phones keep their seats until a restart).
        Called at every step of the loop: a join changes no screen, but a new join code
        (too many wrong ones, on the server's thread) does: True, the screens must be
        drawn again (the public screen says the new code until the next move)."""
        changed = self.hub.code != self.code
        if changed:
            self.code = self.hub.code
            self._tell(f"new phone code {self.code}")
            log.warning("too many wrong join codes from the network: the join code is now %s",
                        self.code)
        self._save()
        return changed

    def _save(self) -> None:
        if self.folder is None or self.hub.joins == self.joins:
            return
        self.joins = self.hub.joins
        now = self.hub.bindings()
        if now == self.saved:
            return
        try:
            bindings.save(self.folder, now)
        except OSError as error:
            log.error("phone seats not saved in %s: %s", self.folder, error.strerror)
        self.saved = now

    # ------------------------------------------------------------------ the table menu

    def table_items(self) -> list[Item]:
        """"Free a phone seat" for the table menu (greyed while no phone holds a seat), the
        join code, which opens where phones join, and the table screen's code, which opens
        where a TV follows the game (both greyed while the server is off)."""
        bound = [s for s, taken in self.hub.seats() if taken]
        why = "" if bound else "No phone holds a seat."
        follow: Follow = self._free_menu
        off = "" if self.hub.url else "The phone server is off: see the box's log."
        where: Follow = self._where
        screen: Follow = self._screen
        return [Item("Free a phone seat", follow, why=why),
                Item(f"Phones: code {self.hub.code}", where, why=off),
                Item(f"TV: code {self.hub.screen.code}", screen, why=off)]

    def _address(self) -> str:
        return self.hub.url.removeprefix("http://").rstrip("/")

    def _where(self, _seat: str) -> Menu:
        return Menu("Phones join", [Item("Back", "back")],
                    lines=[*wrap(f"at {self._address()}"), f"code {self.hub.code}"])

    def _screen(self, _seat: str) -> Menu:
        """Where a TV, tablet or laptop browser follows the game: the address with the table
        screen's code in it, or ``/table`` and the code typed there."""
        code = self.hub.screen.code
        return Menu("TV screen", [Item("Back", "back")],
                    lines=[*wrap(f"at {self._address()}"), f"/T/{code}",
                           f"or /table, code {code}"])

    def _free_menu(self, _seat: str) -> Menu | None:
        items = [Item(s.label, self._confirm(s)) for s, taken in self.hub.seats() if taken]
        if not items:
            return None
        return Menu("Free which seat?", [*items, Item("Back", "back")], footer="OK choose")

    def _confirm(self, phone: PhoneSeat) -> Follow:
        def free(_by: str) -> None:
            self._free(phone)

        def ask(_seat: str) -> Menu:
            return Menu(f"Free {phone.label}?", [Item("No", "back"), Item("Yes", free)],
                        lines=wrap("Its phone must join again."))

        return ask

    def _free(self, phone: PhoneSeat) -> None:
        self.hub.free(phone.name)
        self.table.privacy.peek_up(phone.name)  # a lost phone may have been peeking
        self._tell(f"{phone.label} free: {self.hub.code}")  # 21 columns: "Seat 12 free: KWDA"
        log.info("%s freed: a phone may join it again", phone.label)

    def _tell(self, words: str) -> None:
        """A short note on the public screen, until the next move."""
        table = self.table
        table.public_note = (words, table._game_mark())

    def _label(self, seat: str) -> str:
        return next((s.label for s in self.seats if s.name == seat), seat)
