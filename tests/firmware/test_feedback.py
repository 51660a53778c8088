"""Buzzer and LED patterns: played step by step by tick(), switchable off, recorded in the twin."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from gpiozero.tones import Tone

from firmware_py.errors import HardwareError
from firmware_py.feedback import (
    PATTERNS,
    Cue,
    Feedback,
    GpioOutputs,
    NoOutputs,
    RecordingFeedback,
    check_patterns,
    make_feedback,
    pattern_length,
)
from firmware_py.profile import load_profile

BUZZER, LED = 18, 16  # two-seat profile


class FakeClock:
    def __init__(self) -> None:
        self.now = 10.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def factory() -> MockFactory:
    return MockFactory(pin_class=MockPWMPin)


def state(factory: MockFactory) -> tuple[float | None, bool]:
    """(buzzer frequency, LED lit)."""
    return factory.pin(BUZZER).frequency, bool(factory.pin(LED).state)


def test_confirm_beeps_and_lights_then_goes_quiet(factory: MockFactory) -> None:
    clock = FakeClock()
    feedback = make_feedback(load_profile("two-seat"), factory, clock)
    assert state(factory) == (None, False)
    feedback.play(Cue.CONFIRM)
    assert state(factory) == (pytest.approx(Tone("A6").frequency), True)
    assert factory.pin(BUZZER).state == 0.5
    assert (feedback.playing, feedback.next_due()) == (Cue.CONFIRM, pytest.approx(10.06))
    clock.now = 10.05
    feedback.tick()
    assert state(factory)[1] is True
    clock.now = 10.07
    feedback.tick()
    assert state(factory) == (None, False)
    assert (feedback.playing, feedback.next_due()) == (None, None)
    feedback.close()


def test_dice_roll_plays_every_step_in_order(factory: MockFactory) -> None:
    clock = FakeClock()
    feedback = make_feedback(load_profile("two-seat"), factory, clock)
    heard = []
    feedback.play("dice")
    while feedback.playing is not None:
        heard.append(state(factory))
        clock.now = feedback.next_due()
        feedback.tick()
    expected = [
        (None if tone is None else pytest.approx(Tone(tone).frequency), tone is not None)
        for tone, _ in PATTERNS[Cue.DICE]
    ]
    assert heard == expected
    assert clock.now == pytest.approx(10 + pattern_length(Cue.DICE))
    assert state(factory) == (None, False)


def test_play_returns_at_once_and_steps_keep_exact_times() -> None:
    clock = FakeClock()
    feedback = RecordingFeedback(clock)
    feedback.play(Cue.TURN)
    assert feedback.outputs.changes == [(10.0, "C6")]
    feedback.tick(11.0)  # one late tick plays out the rest at their own times
    assert feedback.outputs.changes == [
        (10.0, "C6"),
        (pytest.approx(10.1), None),
        (pytest.approx(10.14), "G6"),
        (pytest.approx(10.29), None),
    ]
    assert feedback.played == [(10.0, Cue.TURN)]


def test_a_new_pattern_replaces_the_one_playing() -> None:
    clock = FakeClock()
    feedback = RecordingFeedback(clock)
    feedback.play(Cue.ERROR)
    clock.now = 10.1
    feedback.play(Cue.CONFIRM)
    feedback.tick(20.0)
    assert feedback.outputs.changes == [(10.0, "A4"), (10.1, "A6"), (pytest.approx(10.16), None)]
    assert feedback.played == [(10.0, Cue.ERROR), (10.1, Cue.CONFIRM)]


def test_disabled_feedback_plays_nothing(factory: MockFactory) -> None:
    clock = FakeClock()
    feedback = make_feedback(load_profile("two-seat"), factory, clock, enabled=False)
    feedback.play(Cue.REFUSAL)
    assert (feedback.playing, state(factory)) == (None, (None, False))
    feedback.enabled = True
    feedback.play(Cue.REFUSAL)
    assert state(factory) == (pytest.approx(Tone("E5").frequency), True)
    feedback.enabled = False  # switching off silences at once
    assert (feedback.playing, state(factory)) == (None, (None, False))


def test_recording_twin_records_nothing_when_disabled() -> None:
    feedback = RecordingFeedback(FakeClock(), enabled=False)
    feedback.play(Cue.DICE)
    assert (feedback.played, feedback.outputs.changes) == ([], [])
    feedback.close()
    assert feedback.outputs.closed is True


def test_board_without_buzzer_or_led_gets_quiet_outputs(factory: MockFactory) -> None:
    profile = replace(load_profile("two-seat"), buzzer_gpio=None, status_led_gpio=None)
    feedback = make_feedback(profile, factory, FakeClock())
    assert isinstance(feedback.outputs, NoOutputs)
    feedback.play(Cue.ERROR)
    assert feedback.playing == Cue.ERROR


def test_led_only_board(factory: MockFactory) -> None:
    outputs = GpioOutputs(None, LED, factory)
    feedback = Feedback(outputs, FakeClock())
    feedback.play(Cue.CONFIRM)
    assert (outputs.buzzer, factory.pin(LED).state) == (None, 1)


def test_busy_pin_names_the_buzzer(factory: MockFactory) -> None:
    profile = load_profile("two-seat")
    first = make_feedback(profile, factory, FakeClock())
    with pytest.raises(HardwareError) as info:
        make_feedback(profile, factory, FakeClock())
    assert (info.value.device, info.value.path) == ("buzzer", "GPIO18")
    first.close()


def test_busy_led_pin_releases_the_buzzer(factory: MockFactory) -> None:
    from gpiozero import LED as GpioLED

    blocker = GpioLED(LED, pin_factory=factory)
    with pytest.raises(HardwareError) as info:
        GpioOutputs(BUZZER, LED, factory)
    assert (info.value.device, info.value.path) == ("status LED", "GPIO16")
    blocker.close()
    GpioOutputs(BUZZER, LED, factory).close()  # the buzzer pin was released


def test_pattern_data_is_checked() -> None:
    check_patterns(PATTERNS)
    assert pattern_length(Cue.CONFIRM) == pytest.approx(0.06)
    bad_tone = {**PATTERNS, Cue.CONFIRM: (("C8", 0.1),)}
    with pytest.raises(ValueError, match=r"^feedback pattern 'confirm' step 0: C8 is outside "):
        Feedback(NoOutputs(), FakeClock(), patterns=bad_tone)
    bad_time = {**PATTERNS, Cue.TURN: (("C6", 0.1), (None, 0))}
    with pytest.raises(ValueError) as info:
        check_patterns(bad_time)
    assert str(info.value) == "feedback pattern 'turn' step 1: 0 s; allowed: 0 < s <= 5"
    missing = {cue: steps for cue, steps in PATTERNS.items() if cue != Cue.DICE}
    with pytest.raises(ValueError, match=r"^feedback pattern 'dice': missing or empty$"):
        check_patterns(missing)


def test_unknown_cue_is_refused() -> None:
    with pytest.raises(ValueError):
        RecordingFeedback(FakeClock()).play("fanfare")


def test_the_recording_twin_keeps_only_the_recent_past() -> None:
    from firmware_py.feedback import RECORD_LIMIT

    clock = FakeClock()
    feedback = RecordingFeedback(clock)
    for n in range(RECORD_LIMIT + 5):
        clock.now = float(n)
        feedback.play(Cue.TURN)
    assert len(feedback.played) == RECORD_LIMIT
    assert feedback.played[0][0] == 5.0
