"""Dice at the table: the box rolls (with a short animation), or the players roll real dice
and enter the faces with their buttons. Both give the engine the same chance action.

Entering: the public screen shows one box per die; any seated player's `next`/`prev` change
the die under the cursor, `ok` confirms it and moves on; after the last one the outcome is
handed to the game (and journaled). A coin flip is entered the same way (heads / tails).
When the game does not take the faces entered (a face it has the table roll again, or one it
refuses), the next entry first says why (``note``); any press goes on to the dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from services.games.core import ChancePrompt, Flip, Roll
from services.referee.box.render import Canvas, dense_page, wrap

ANIMATION = 0.8  # s the box shows tumbling dice before the faces it rolled
FRAME = 0.1  # s between animation frames


@dataclass
class DiceEntry:
    prompt: ChancePrompt
    faces: list[int] = field(default_factory=list)
    cursor: int = 0
    note: str = ""  # why the faces entered last did not count, shown until a press

    def __post_init__(self) -> None:
        count = self.prompt.count if isinstance(self.prompt, Roll) else 1
        self.faces = [1] * count

    @property
    def sides(self) -> int:
        return self.prompt.sides if isinstance(self.prompt, Roll) else 2

    def press(self, role: str) -> dict[str, object] | None:
        """A button; returns the outcome once every die is confirmed."""
        if self.note:
            self.note = ""
            return None
        if role in ("next", "up", "right"):
            self.faces[self.cursor] = self.faces[self.cursor] % self.sides + 1
        elif role in ("prev", "down", "left"):
            self.faces[self.cursor] = (self.faces[self.cursor] - 2) % self.sides + 1
        elif role == "ok":
            self.cursor += 1
            if self.cursor == len(self.faces):
                if isinstance(self.prompt, Flip):
                    return {"heads": self.faces[0] == 1}
                return {"faces": list(self.faces)}
        return None

    def render(self) -> Canvas:
        if self.note:
            roll = isinstance(self.prompt, Roll)
            return dense_page("ROLL AGAIN" if roll else "FLIP AGAIN",
                              [*wrap(self.note), f"OK: enter the {'roll' if roll else 'flip'}"])
        canvas = Canvas()
        canvas.line(0, "ROLL YOUR DICE" if isinstance(self.prompt, Roll) else "FLIP A COIN",
                    invert=True)
        purpose = wrap(self.prompt.purpose)  # one line or two (the dice move down), or three
        for i, line in enumerate(purpose):  # (small dice below them)
            canvas.line(1 + i, line)
        top = 10 + 10 * len(purpose)
        small = len(purpose) > 2
        if isinstance(self.prompt, Flip):
            side = "heads" if self.faces[0] == 1 else "tails"
            canvas.centered(top + (2 if small else 6), side.upper(), scale=1 if small else 2)
        else:
            _faces(canvas, self.faces, self.cursor, top, small=small)
        if len(purpose) < 2:
            canvas.line(5, "NEXT/PREV set OK next")
        else:
            canvas.text(1, 53, "NEXT/PREV set OK next")
        return canvas


@dataclass
class Rolling:
    """The box rolled: tumble for a moment, then show the faces it journaled."""

    faces: tuple[int, ...]
    sides: int
    started: float

    def done(self, now: float) -> bool:
        return now >= self.started + ANIMATION

    def next_change(self, now: float) -> float | None:
        if self.done(now):
            return None
        frame = int((now - self.started) / FRAME) + 1
        return min(self.started + frame * FRAME, self.started + ANIMATION)

    def render(self, now: float) -> Canvas:
        canvas = Canvas()
        canvas.line(0, "THE BOX ROLLS", invert=True)
        if self.done(now):
            shown = list(self.faces)
        else:  # a fixed tumbling sequence: the same frames on every run (golden pictures)
            frame = int((now - self.started) / FRAME)
            shown = [(f + 5 * frame + i) % self.sides + 1 for i, f in enumerate(self.faces)]
        _faces(canvas, shown, None)
        canvas.line(5, f"rolled {' '.join(map(str, self.faces))}" if self.done(now) else "...")
        return canvas


def _faces(canvas: Canvas, faces: list[int], cursor: int | None, top: int = 20, *,
           small: bool = False) -> None:
    """One box per die (narrower when more than 4 must fit), the face inside; ``small``
    boxes (12 px high, the face at scale 1) under a purpose of three lines."""
    width = min(26, canvas.width // max(len(faces), 1))
    x = max(0, (canvas.width - width * len(faces)) // 2)
    for i, face in enumerate(faces):
        left = x + i * width
        scale = 1 if face > 9 or width < 18 or small else 2
        canvas.box(left, top, left + width - 5, top + (11 if small else 21), fill=cursor == i)
        canvas.text(left + (width - 4 - len(str(face)) * 6 * scale) // 2,
                    top + (0 if small else 5), str(face), scale=scale, invert=cursor == i)
