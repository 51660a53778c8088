"""Buzzer and status LED: short patterns for dice rolls, refusals, turns, confirmations, errors.

A pattern is data: a tuple of steps ``(tone, seconds)`` where ``tone`` is a note name
gpiozero understands (``"E6"``) or ``None`` for a rest. The LED is lit while a tone sounds.

Patterns are played by a tiny scheduler driven by ``tick(now)``, the same call the daemon
loop already makes for the buttons: :meth:`Feedback.play` starts the first step at once and
returns; each later step starts when ``tick`` sees its time (:meth:`Feedback.next_due` says
when). Why not gpiozero's background threads: ``TonalBuzzer`` has no background sequence
player, ``LED.blink`` cannot follow an irregular rhythm, and a thread per beep would make
timing untestable. With a fake clock every step is exact; on the box a 10-20 ms tick jitter
is inaudible for steps of 40 ms and more. A new pattern replaces the one playing.

:class:`Feedback` can be switched off (``enabled = False``: nothing plays, outputs go
quiet); :func:`make_feedback` builds it from a profile (quiet if the profile has neither a
buzzer nor an LED). :class:`RecordingFeedback` is the twin for tests and the sim: it records
what was played and every output change, and touches no pins.

gpiozero is imported when feedback is made (the patterns are checked against its ``Tone``),
not with this module (see :mod:`firmware_py.buttons`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from firmware_py.errors import HardwareError
from firmware_py.specs import BoardProfile, Clock

if TYPE_CHECKING:
    from gpiozero import LED, TonalBuzzer
    from gpiozero.pins import Factory

log = logging.getLogger(__name__)

Step = tuple[str | None, float]
Pattern = tuple[Step, ...]


class Cue(StrEnum):
    DICE = "dice"
    REFUSAL = "refusal"
    TURN = "turn"
    CONFIRM = "confirm"
    ERROR = "error"


PATTERNS: Mapping[Cue, Pattern] = MappingProxyType(
    {
        # a rattle of quick alternating notes, like dice in a cup
        Cue.DICE: (("C6", 0.04), (None, 0.03), ("G6", 0.04), (None, 0.03), ("D6", 0.04),
                   (None, 0.03), ("A6", 0.04), (None, 0.03), ("E6", 0.08)),
        # two falling low notes: "no"
        Cue.REFUSAL: (("E5", 0.15), (None, 0.05), ("A4", 0.3)),
        # two rising notes: "your turn"
        Cue.TURN: (("C6", 0.1), (None, 0.04), ("G6", 0.15)),
        # one short high blip
        Cue.CONFIRM: (("A6", 0.06),),
        # three long low beeps
        Cue.ERROR: (("A4", 0.25), (None, 0.1), ("A4", 0.25), (None, 0.1), ("A4", 0.25)),
    }
)  # fmt: skip
BUZZER_MID_TONE = "A5"
BUZZER_OCTAVES = 2  # tones from A3 to A7 (220 Hz .. 3.5 kHz): piezos are loudest up high


class Outputs(Protocol):
    """Where a step goes: a buzzer and/or an LED, or a recorder."""

    def set(self, tone: str | None, at: float) -> None: ...

    def close(self) -> None: ...


class Feedback:
    """Plays :data:`PATTERNS` on ``outputs`` without blocking; call :meth:`tick` regularly."""

    def __init__(
        self,
        outputs: Outputs,
        clock: Clock,
        *,
        enabled: bool = True,
        patterns: Mapping[Cue, Pattern] = PATTERNS,
    ) -> None:
        check_patterns(patterns)
        self.outputs = outputs
        self._clock = clock
        self._patterns = patterns
        self._enabled = enabled
        self._playing: Cue | None = None
        self._steps: Pattern = ()
        self._index = 0
        self._step_end = 0.0

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = value
        if not value:
            self.stop()

    @property
    def playing(self) -> Cue | None:
        return self._playing

    def play(self, cue: Cue | str) -> None:
        """Start ``cue`` now (replacing what plays); nothing happens when disabled."""
        cue = Cue(cue)
        if not self._enabled:
            return
        now = self._clock()
        self._playing, self._steps, self._index = cue, self._patterns[cue], 0
        self._step_end = now + self._steps[0][1]
        self.outputs.set(self._steps[0][0], now)

    def tick(self, now: float | None = None) -> None:
        """Advance the pattern to ``now`` (default: the clock)."""
        now = self._clock() if now is None else now
        while self._playing is not None and self._step_end <= now:
            at = self._step_end
            self._index += 1
            if self._index == len(self._steps):
                self._playing = None
                self.outputs.set(None, at)
                return
            tone, seconds = self._steps[self._index]
            self._step_end = at + seconds
            self.outputs.set(tone, at)

    def next_due(self) -> float | None:
        """When :meth:`tick` next has something to do (None: nothing playing)."""
        return self._step_end if self._playing is not None else None

    def stop(self) -> None:
        if self._playing is not None:
            self._playing = None
            self.outputs.set(None, self._clock())

    def close(self) -> None:
        self.stop()
        self.outputs.close()


class GpioOutputs:
    """A gpiozero ``TonalBuzzer`` and ``LED`` (either may be absent)."""

    def __init__(self, buzzer_gpio: int | None, led_gpio: int | None, pin_factory: Factory) -> None:
        from gpiozero import LED, TonalBuzzer
        from gpiozero.exc import GPIOZeroError
        from gpiozero.tones import Tone

        self.buzzer: TonalBuzzer | None = None
        self.led: LED | None = None
        try:
            if buzzer_gpio is not None:
                self.buzzer = TonalBuzzer(
                    buzzer_gpio,
                    mid_tone=Tone(BUZZER_MID_TONE),
                    octaves=BUZZER_OCTAVES,
                    pin_factory=pin_factory,
                )
        except (GPIOZeroError, OSError, RuntimeError) as exc:
            raise HardwareError(
                "buzzer", f"cannot use the pin: {exc}", f"GPIO{buzzer_gpio}"
            ) from exc
        try:
            if led_gpio is not None:
                self.led = LED(led_gpio, pin_factory=pin_factory)
        except (GPIOZeroError, OSError, RuntimeError) as exc:
            self.close()
            raise HardwareError(
                "status LED", f"cannot use the pin: {exc}", f"GPIO{led_gpio}"
            ) from exc

    def set(self, tone: str | None, at: float) -> None:
        if self.buzzer is not None:
            if tone is None:
                self.buzzer.stop()
            else:
                from gpiozero.tones import Tone  # loaded with the buzzer already

                self.buzzer.play(Tone(tone))
        if self.led is not None:
            self.led.value = tone is not None

    def close(self) -> None:
        for device in (self.buzzer, self.led):
            if device is not None:
                device.close()


class NoOutputs:
    """For boards without buzzer and LED."""

    def set(self, tone: str | None, at: float) -> None:
        return None

    def close(self) -> None:
        return None


RECORD_LIMIT = 1000  # entries the recording twins keep


class RecordingOutputs:
    """Records every output change as ``(at, tone)``; ``tone`` None means quiet and dark."""

    def __init__(self) -> None:
        self.changes: list[tuple[float, str | None]] = []
        self.closed = False

    def set(self, tone: str | None, at: float) -> None:
        self.changes.append((at, tone))
        del self.changes[:-RECORD_LIMIT]  # a long simulator session keeps only the recent past

    def close(self) -> None:
        self.closed = True


class RecordingFeedback(Feedback):
    """The twin for tests and the sim: ``played`` lists ``(at, cue)``, ``outputs.changes``
    every step."""

    outputs: RecordingOutputs

    def __init__(self, clock: Clock, *, enabled: bool = True) -> None:
        self.played: list[tuple[float, Cue]] = []
        super().__init__(RecordingOutputs(), clock, enabled=enabled)

    def play(self, cue: Cue | str) -> None:
        super().play(cue)
        if self.enabled:
            self.played.append((self._clock(), Cue(cue)))
            del self.played[:-RECORD_LIMIT]


def check_patterns(patterns: Mapping[Cue, Pattern]) -> None:
    """Raise ``ValueError`` unless every cue has a pattern of valid steps the buzzer can play."""
    from gpiozero.tones import Tone  # gpiozero: when feedback is made, not with this module

    mid = Tone(BUZZER_MID_TONE)
    low, high = mid.down(12 * BUZZER_OCTAVES), mid.up(12 * BUZZER_OCTAVES)
    for cue in Cue:
        steps = patterns.get(cue)
        if not steps:
            raise ValueError(f"feedback pattern {cue.value!r}: missing or empty")
        for i, (tone, seconds) in enumerate(steps):
            if not isinstance(seconds, int | float) or not 0 < seconds <= 5:
                raise ValueError(
                    f"feedback pattern {cue.value!r} step {i}: {seconds!r} s; allowed: 0 < s <= 5"
                )
            if tone is not None and not low <= Tone(tone) <= high:
                raise ValueError(
                    f"feedback pattern {cue.value!r} step {i}: {tone} is outside the buzzer's "
                    f"range {low.note}..{high.note}"
                )


def pattern_length(cue: Cue, patterns: Mapping[Cue, Pattern] = PATTERNS) -> float:
    """Seconds ``cue`` lasts."""
    return sum(seconds for _, seconds in patterns[cue])


def make_feedback(
    profile: BoardProfile, pin_factory: Factory, clock: Clock, *, enabled: bool = True
) -> Feedback:
    """The buzzer and LED of ``profile`` (quiet outputs if it has neither)."""
    if profile.buzzer_gpio is None and profile.status_led_gpio is None:
        return Feedback(NoOutputs(), clock, enabled=enabled)
    outputs = GpioOutputs(profile.buzzer_gpio, profile.status_led_gpio, pin_factory)
    log.debug("feedback on buzzer GPIO%s, LED GPIO%s", profile.buzzer_gpio, profile.status_led_gpio)
    return Feedback(outputs, clock, enabled=enabled)
