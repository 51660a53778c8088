"""Keys from a terminal: whole escape sequences, shifted keys as holds, auto-repeat filtered.

A terminal sends bytes, not key events, and never says when a key is let go:

* :class:`KeyDecoder` turns the bytes into :class:`Keystroke` s. Escape sequences are read
  whole (``ESC O P`` is F1, ``ESC [ 15 ~`` is F5, ``ESC [ 1 ; 2 P`` is Shift+F1, the Linux
  console's ``ESC [ [ A`` is F1 too), so no part of a sequence ever counts as a letter. A lone
  ``ESC`` is the Escape key once nothing has followed it for :data:`ESC_WAIT` seconds.
  Invalid UTF-8 becomes nothing; control characters get names (``ctrl-c``, ``return``).
* :class:`TerminalKeys` drives :class:`~firmware_py.sim.keys.SimKeys` from keystrokes: a
  plain key is a short press; a shifted key (``Q``, ``!`` for ``1`` on a US keyboard, Shift+F1)
  is a hold, long enough for the board's hold time. A key held down on the keyboard arrives as
  one keystroke, then, after a delay (~0.25-0.8 s), as auto-repeats every few hundredths of a
  second: the repeats are recognised by their cadence and make no further press (a shifted
  key's repeats keep its button held until they stop). Because the first repeat looks like a
  second press, a key struck again within :data:`FIRST_REPEAT` is pressed :data:`REPEAT_GAP`
  later, once no repeat has followed it: quick double presses still count (a double press of
  peek included), they just come a tenth of a second late. Auto-repeat only starts a while
  after the key went down, so a keystroke right after a key's first one is a press, never a
  repeat; and a press never cuts a hold short: a key struck during a hold (``A`` then ``a``)
  is pressed once the hold is over, so both count.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from firmware_py.sim.keys import SimKeys

ESC = "\x1b"
ESC_WAIT = 0.05  # s after a lone ESC before it counts as the Escape key

# Shifted symbols of a US keyboard, for the keys the key map uses.
SHIFTED = dict(zip("!@#$%^&*()<>?:", "1234567890,./;", strict=True))
SS3_KEYS = {"P": "f1", "Q": "f2", "R": "f3", "S": "f4", "A": "up", "B": "down", "C": "right",
            "D": "left", "H": "home", "F": "end", "M": "return"}
CSI_KEYS = {"P": "f1", "Q": "f2", "R": "f3", "S": "f4", "A": "up", "B": "down", "C": "right",
            "D": "left", "H": "home", "F": "end", "Z": "tab"}
CSI_TILDE = {"1": "home", "2": "insert", "3": "delete", "4": "end", "5": "pageup",
             "6": "pagedown", "7": "home", "8": "end", "11": "f1", "12": "f2", "13": "f3",
             "14": "f4", "15": "f5", "17": "f6", "18": "f7", "19": "f8", "20": "f9", "21": "f10",
             "23": "f11", "24": "f12"}
LINUX_F = {"A": "f1", "B": "f2", "C": "f3", "D": "f4", "E": "f5"}  # ESC [ [ A .. E
CONTROL = {"\r": "return", "\n": "return", "\t": "tab", "\x7f": "backspace", "\x08": "backspace"}

TAP_SECONDS = 0.15  # a short press: down this long
REPEAT_GAP = 0.12  # s: keystrokes of one key closer than this are auto-repeats
FIRST_REPEAT = 0.8  # s: the first auto-repeat comes at most this long after the key went down
REPRESS_GAP = 0.05  # s up between two presses of one button (longer than any debounce)
HOLD_MARGIN = 0.3  # s a hold lasts past the board's hold time
REPEAT_HOLD = 0.2  # s a shifted key's auto-repeat keeps its button down after the last repeat


@dataclass(frozen=True)
class Keystroke:
    """One key as the terminal sent it.

    ``key`` is spelt as ``pygame.key.name()`` spells it (``"q"``, ``"1"``, ``"f4"``,
    ``"escape"``, ``"return"``, ``"tab"``, ``"space"``), ``ctrl-x`` for a control character,
    ``alt-x`` for Esc typed together with a character, ``""`` for a sequence that is no known
    key. ``text`` is the character typed (``"Q"``), empty for keys that type nothing.
    """

    key: str
    text: str = ""
    shift: bool = False


def plain_keystroke(char: str) -> Keystroke:
    """The keystroke of one character that is not part of an escape sequence."""
    if char in CONTROL:
        return Keystroke(CONTROL[char])
    if char == " ":
        return Keystroke("space", " ")
    if char == "\ufffd":  # invalid UTF-8
        return Keystroke("")
    if ord(char) < 0x20:
        return Keystroke(f"ctrl-{chr(ord(char) + 0x60)}")
    if "A" <= char <= "Z":
        return Keystroke(char.lower(), char, shift=True)
    if char in SHIFTED:
        return Keystroke(SHIFTED[char], char, shift=True)
    if not char.isprintable():
        return Keystroke("")
    return Keystroke(char.lower(), char)


def _modified(key: str, params: str) -> Keystroke:
    """A CSI/SS3 key with xterm's modifier parameter (``1;2`` = Shift)."""
    fields = params.split(";")
    modifier = int(fields[1]) if len(fields) > 1 and fields[1].isdigit() else 1
    return Keystroke(key, shift=modifier > 1 and (modifier - 1) % 2 == 1)


def _escape(text: str, start: int) -> tuple[int, Keystroke] | None:
    """The keystroke of the escape sequence at ``start`` and where it ends; None if the text
    stops in the middle of it (more may come)."""
    if start + 1 >= len(text):
        return None
    lead = text[start + 1]
    if lead not in "[O":
        if lead == ESC or not lead.isprintable():
            return start + 1, Keystroke("escape")  # a lone ESC; the next character stands alone
        return start + 2, Keystroke(f"alt-{lead.lower()}")
    if lead == "[" and text[start + 2:start + 3] == "[":  # the Linux console's F1..F5
        if start + 3 >= len(text):
            return None
        if not "\x40" <= text[start + 3] <= "\x7e":
            return start + 3, Keystroke("")  # broken off: the rest stands alone
        return start + 4, Keystroke(LINUX_F.get(text[start + 3], ""))
    end = start + 2
    while end < len(text) and "\x20" <= text[end] <= "\x3f":
        end += 1
    if end >= len(text):
        return None
    final, params = text[end], text[start + 2:end]
    if not "\x40" <= final <= "\x7e":
        return end, Keystroke("")  # broken off: drop what was read, the rest stands alone
    if lead == "O":
        return end + 1, _modified(SS3_KEYS.get(final, ""), params)
    if final == "~":
        return end + 1, _modified(CSI_TILDE.get(params.split(";")[0], ""), params)
    if final == "Z":
        return end + 1, Keystroke("tab", shift=True)
    return end + 1, _modified(CSI_KEYS.get(final, ""), params)


class KeyDecoder:
    """Bytes from a terminal in, keystrokes out (see the module doc)."""

    def __init__(self, esc_wait: float = ESC_WAIT) -> None:
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = ""
        self._since = 0.0
        self._esc_wait = esc_wait

    def feed(self, data: bytes, now: float) -> list[Keystroke]:
        """The keystrokes that ``data`` completes; an unfinished sequence waits for more."""
        if not self._pending:
            self._since = now
        self._pending += self._utf8.decode(data)
        strokes: list[Keystroke] = []
        index = 0
        while index < len(self._pending):
            if self._pending[index] != ESC:
                strokes.append(plain_keystroke(self._pending[index]))
                index += 1
                continue
            found = _escape(self._pending, index)
            if found is None:
                break
            index, stroke = found
            strokes.append(stroke)
        self._pending = self._pending[index:]
        return strokes

    def flush(self, now: float) -> list[Keystroke]:
        """What is still pending once nothing followed it for ``esc_wait`` seconds: a lone
        ESC is the Escape key, a sequence cut short is no key."""
        if not self._pending or now - self._since < self._esc_wait:
            return []
        pending, self._pending = self._pending, ""
        return [Keystroke("escape") if pending == ESC else Keystroke("")]


class TerminalKeys:
    """Short presses and holds on the board's buttons from keystrokes (see the module doc).

    A press is never cut short: a key struck again while its button is down is pressed again
    once the first press is over (:data:`TAP_SECONDS`) and the button has been up for
    :data:`REPRESS_GAP`, so the real button code sees two presses and no bounce.
    """

    def __init__(self, keys: SimKeys, hold_seconds: float) -> None:
        self.keys = keys
        self.hold_seconds = hold_seconds + HOLD_MARGIN
        self._last: dict[str, float] = {}  # key -> when it last arrived
        self._fresh: set[str] = set()  # keys whose last keystroke was a key going down
        self._holding: set[str] = set()  # keys whose current or next press is a hold
        self._press_at: dict[str, tuple[float, float]] = {}  # key -> (when, how long)
        self._release_at: dict[str, float] = {}
        self._down_at: dict[str, float] = {}
        self._up_at: dict[str, float] = {}

    def stroke(self, key: str, now: float, *, hold: bool = False) -> bool:
        """A keystroke of ``key`` (held if ``hold``); False if the key is no button."""
        binding = self.keys.key_map.get(key)
        if binding is None:
            return False
        key = binding.key
        last = self._last.get(key)
        self._last[key] = now
        # a repeat follows a repeat, or a first stroke after the auto-repeat delay
        repeat = last is not None and now - last <= REPEAT_GAP and key not in self._fresh
        if last is None or now - last > FIRST_REPEAT:
            self._fresh.add(key)
        else:
            self._fresh.discard(key)
        if key in self._holding and (hold or repeat):
            self._extend(key, now)  # its repeats (Shift let go or not) keep it down
        elif hold:
            self._holding.add(key)
            self._press_at.pop(key, None)  # a short press still to come becomes the hold
            self._schedule(key, now, self.hold_seconds)
        elif repeat:
            self._press_at.pop(key, None)  # the key is down on the keyboard: no new press
        else:
            self._holding.discard(key)
            if last is not None and now - last <= FIRST_REPEAT:
                # Maybe the first auto-repeat: press only if no repeat follows it at once.
                self._press_at[key] = (now + REPEAT_GAP, TAP_SECONDS)
            else:
                self._schedule(key, now, TAP_SECONDS)
        return True

    def tick(self, now: float) -> None:
        """Release and press what is due by ``now``."""
        for key, at in sorted(self._release_at.items(), key=lambda item: item[1]):
            if at <= now:
                self._release(key, now)
        for key, (at, duration) in sorted(self._press_at.items(), key=lambda item: item[1]):
            if at <= now:
                del self._press_at[key]
                self._schedule(key, now, duration)

    def release_all(self) -> None:
        self._press_at.clear()
        self._release_at.clear()
        self._holding.clear()
        self.keys.release_all()

    def _extend(self, key: str, now: float) -> None:
        if key not in self._press_at:  # a press still to come holds it long enough
            self._release_at[key] = max(self._release_at.get(key, now), now + REPEAT_HOLD)

    def _schedule(self, key: str, now: float, duration: float) -> None:
        """Press ``key`` for ``duration`` as soon as it may be pressed again (now if it is up
        and has been for :data:`REPRESS_GAP`)."""
        if self.keys.is_down(key):  # up when its press (a hold: the whole hold) is over
            up = max(now, self._release_at.get(key, self._down_at[key] + TAP_SECONDS))
            if up > now:
                self._release_at[key] = up
                self._press_at[key] = (up + REPRESS_GAP, duration)
                return
            self._release(key, now)
        up_at = self._up_at.get(key)
        if up_at is not None and now < up_at + REPRESS_GAP:
            self._press_at[key] = (up_at + REPRESS_GAP, duration)
            return
        self.keys.press(key)
        self._down_at[key] = now
        self._release_at[key] = now + duration

    def _release(self, key: str, now: float) -> None:
        self._release_at.pop(key, None)
        if key not in self._press_at:  # the hold is over unless it is still to come
            self._holding.discard(key)
        if self.keys.is_down(key):
            self._up_at[key] = now
        self.keys.release(key)
