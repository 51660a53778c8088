"""A screen that stops answering goes offline once, the others carry on, and it comes back."""

from __future__ import annotations

import itertools
import logging

from firmware_py.screens import open_screen, open_screens
from firmware_py.specs import MuxSpec, ScreenSpec

from . import frames
from .fake_panel import FakeI2CBus, FakePanel


def three_seats(bus: FakeI2CBus, clock, statuses):
    panels = [bus.attach(FakePanel(seed=ch), mux=(0x70, ch)) for ch in range(3)]
    specs = [ScreenSpec(f"seat{ch + 1} screen", "ssd1306", "i2c", mux=MuxSpec(0x70, ch))
             for ch in range(3)]
    screens = open_screens(specs, bus_factory=lambda port: bus, clock=clock,
                           sink=statuses.append)
    return panels, screens


def warnings_in(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_failing_screen_goes_offline_once_and_the_rest_keep_working(bus, clock, statuses,
                                                                   caplog):
    panels, screens = three_seats(bus, clock, statuses)
    caplog.set_level(logging.DEBUG)
    panels[1].unplug()
    for i in range(5):
        for screen in screens:
            screen.show(frames.menu(i))  # never raises
        clock.advance(0.3)
    assert [s.online for s in screens] == [True, False, True]
    assert panels[0].image().tobytes() == frames.menu(4).tobytes()
    assert panels[2].image().tobytes() == frames.menu(4).tobytes()
    (record,) = warnings_in(caplog)
    assert "seat2 screen" in record.getMessage()
    assert "i2c-1@0x3C/mux0x70ch1" in record.getMessage()
    (status,) = statuses
    assert (status.device, status.path, status.online) == ("seat2 screen",
                                                           "i2c-1@0x3C/mux0x70ch1", False)
    assert "Remote I/O error" in status.reason
    assert screens[1].last_error is not None and screens[1].last_error.device == "seat2 screen"


def test_recovery_waits_for_the_back_off_then_reinitialises_and_shows_the_current_frame(
        bus, clock, statuses):
    panels, screens = three_seats(bus, clock, statuses)
    seat2 = screens[1]
    seat2.set_brightness(0x20)
    panels[1].unplug()
    seat2.show(frames.menu(1))
    assert not seat2.online
    panels[1].replug()  # power-on: noise in RAM, display off, page addressing
    mark = bus.mark()
    seat2.show(frames.menu(2))  # back-off (1 s) not over: the bus is not touched
    assert bus.since(mark, route=(0x70, 1)) == []
    clock.advance(1.0)
    seat2.show(frames.status(7))
    assert seat2.online
    assert panels[1].image().tobytes() == frames.status(7).tobytes()
    assert panels[1].display_on and panels[1].contrast == 0x20
    assert [s.online for s in statuses] == [False, True]
    assert statuses[1].device == "seat2 screen"
    # and partial updates carry on from the recovered frame
    seat2.show(frames.status(8))
    assert panels[1].image().tobytes() == frames.status(8).tobytes()


def test_back_off_doubles_while_the_screen_stays_away(bus, clock, statuses):
    panels, screens = three_seats(bus, clock, statuses)
    panels[0].unplug()
    screens[0].show(frames.menu(1))  # fails: next try in 1 s
    attempts = []
    for _ in range(70):
        clock.advance(0.5)
        mark = bus.mark()
        screens[0].retry()
        if bus.since(mark, route=(0x70, 0)) or bus.mux_writes(mark):
            attempts.append(clock.now)
    gaps = [round(b - a, 1) for a, b in itertools.pairwise(attempts)]
    assert gaps[:4] == [2.0, 4.0, 8.0, 16.0]
    assert len(statuses) == 1  # still just the one "offline"


def test_screen_missing_at_boot_is_offline_not_an_exception(bus, clock, statuses):
    panel = bus.attach(FakePanel(), address=0x3D)
    panel.unplug()
    spec = ScreenSpec("public screen", "ssd1306", "i2c", i2c_address=0x3D)
    screen = open_screen(spec, bus_factory=lambda port: bus, clock=clock, sink=statuses.append)
    assert not screen.online
    assert statuses[0].path == "i2c-1@0x3D" and not statuses[0].online
    screen.show(frames.menu(3))
    panel.replug()
    clock.advance(1.0)
    assert screen.retry()
    assert panel.image().tobytes() == frames.menu(3).tobytes()


def test_a_dead_multiplexer_takes_its_screens_offline_until_it_returns(bus, clock, statuses):
    panels, screens = three_seats(bus, clock, statuses)
    bus.muxes[0x70].present = False
    for screen in screens:
        screen.show(frames.menu(2))
    assert not any(s.online for s in screens)
    bus.muxes[0x70].present = True
    bus.muxes[0x70].mask = 0  # it was power-cycled
    clock.advance(1.0)
    for screen in screens:
        screen.show(frames.menu(3))
    assert all(s.online for s in screens)
    assert all(p.image().tobytes() == frames.menu(3).tobytes() for p in panels)
    assert bus.collisions == 0


def test_sleep_wake_and_brightness_reach_the_panel(bus, clock):
    panel = bus.attach(FakePanel())
    screen = open_screen(ScreenSpec("s", "ssd1306", "i2c"), bus_factory=lambda port: bus,
                         clock=clock)
    assert panel.display_on and panel.contrast == 0xCF
    screen.set_brightness(5)
    screen.sleep()
    assert not panel.display_on and panel.contrast == 5
    screen.show(frames.menu(1))  # RAM is still updated while asleep
    assert panel.image().tobytes() == frames.menu(1).tobytes()
    screen.wake()
    assert panel.display_on


def test_settings_made_while_offline_apply_on_recovery(bus, clock):
    panel = bus.attach(FakePanel())
    screen = open_screen(ScreenSpec("s", "ssd1306", "i2c"), bus_factory=lambda port: bus,
                         clock=clock)
    panel.unplug()
    screen.show(frames.menu(1))
    screen.sleep()
    screen.set_brightness(99)
    panel.replug()
    clock.advance(1.0)
    screen.show(frames.menu(2))
    assert screen.online
    assert not panel.display_on and panel.contrast == 99
    assert panel.image().tobytes() == frames.menu(2).tobytes()


def test_close_switches_the_panel_off(bus):
    panel = bus.attach(FakePanel())
    screen = open_screen(ScreenSpec("s", "ssd1306", "i2c"), bus_factory=lambda port: bus)
    screen.close()
    assert not panel.display_on
    assert not bus.closed  # the bus belongs to the pool, not to one screen
