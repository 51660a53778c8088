"""Many 0x3C screens on one bus behind TCA9548A multiplexers."""

from __future__ import annotations

import sys
import threading

import pytest
from luma.oled.device import ssd1306

from firmware_py.screens import I2CBuses, MuxI2C, SharedI2CBus, open_screen, open_screens
from firmware_py.specs import MuxSpec, ScreenSpec

from . import frames
from .fake_panel import FakeI2CBus, FakePanel


def muxed(name: str, channel: int, mux: int = 0x70) -> ScreenSpec:
    return ScreenSpec(name, "ssd1306", "i2c", mux=MuxSpec(mux, channel))


def test_channel_is_selected_only_when_it_changes(bus):
    for ch in range(3):
        bus.attach(FakePanel(seed=ch), mux=(0x70, ch))
    a, b, _c = open_screens([muxed(f"seat{ch}", ch) for ch in range(3)],
                            bus_factory=lambda port: bus)
    mark = bus.mark()
    a.show(frames.menu(0))
    assert bus.mux_writes(mark) == {0x70: 1}
    mark = bus.mark()
    a.show(frames.menu(1))
    a.set_brightness(10)
    assert bus.mux_writes(mark) == {}  # still selected: no select byte
    mark = bus.mark()
    b.show(frames.menu(2))
    b.show(frames.menu(3))
    assert bus.mux_writes(mark) == {0x70: 1}
    assert bus.muxes[0x70].mask == 1 << 1


def test_two_screens_behind_the_mux_each_show_their_own_image(bus):
    left = bus.attach(FakePanel(seed=1), mux=(0x70, 0))
    right = bus.attach(FakePanel(seed=2), mux=(0x70, 5))
    a, b = open_screens([muxed("left", 0), muxed("right", 5)], bus_factory=lambda port: bus)
    a.show(frames.menu(1))
    b.show(frames.status(2))
    a.show(frames.menu(2))
    assert left.image().tobytes() == frames.menu(2).tobytes()
    assert right.image().tobytes() == frames.status(2).tobytes()
    assert bus.since(0, route=(0x70, 0)) and bus.since(0, route=(0x70, 5))
    assert bus.collisions == 0


def test_other_muxes_are_switched_off_so_two_panels_never_answer_at_once(bus):
    one = bus.attach(FakePanel(seed=1), mux=(0x70, 0))
    two = bus.attach(FakePanel(seed=2), mux=(0x71, 0))
    # (a 0x3C panel straight on the bus would hear every muxed 0x3C write: it must be 0x3D)
    direct = bus.attach(FakePanel(seed=3), address=0x3D)
    bus.muxes[0x71].mask = 0b1  # left selected by an earlier run
    specs = [muxed("one", 0, 0x70), muxed("two", 0, 0x71),
             ScreenSpec("direct", "ssd1306", "i2c", i2c_address=0x3D)]
    a, b, c = open_screens(specs, bus_factory=lambda port: bus)
    for i in range(3):
        a.show(frames.menu(i))
        b.show(frames.status(i))
        c.show(frames.card_marks(frozenset({i})))
    assert bus.collisions == 0
    assert one.image().tobytes() == frames.menu(2).tobytes()
    assert two.image().tobytes() == frames.status(2).tobytes()
    assert direct.image().tobytes() == frames.card_marks(frozenset({2})).tobytes()


def test_screens_opened_separately_share_a_bus_through_one_pool(bus):
    bus.attach(FakePanel(seed=1), mux=(0x70, 0))
    bus.attach(FakePanel(seed=2), mux=(0x70, 1))
    buses = I2CBuses(lambda port: bus)
    a = open_screen(muxed("a", 0), buses=buses)
    b = open_screen(muxed("b", 1), buses=buses)
    assert a._serial.shared is b._serial.shared  # one lock, one record of the selection
    buses.close()
    assert bus.closed


@pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")  # inside luma
def test_stock_luma_device_works_through_the_mux_interface(bus):
    panel = bus.attach(FakePanel(), mux=(0x70, 3))
    bus.attach(FakePanel(seed=9), mux=(0x70, 4))
    serial = MuxI2C(SharedI2CBus(bus), address=0x3C, mux=MuxSpec(0x70, 3))
    device = ssd1306(serial)
    device.display(frames.menu(4))
    assert panel.image().tobytes() == frames.menu(4).tobytes()
    assert bus.collisions == 0


@pytest.fixture
def tiny_switch_interval():
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # make threads interleave between bus transactions
    yield
    sys.setswitchinterval(old)


def test_threads_updating_different_screens_do_not_cross_wires(bus, tiny_switch_interval):
    panels = [bus.attach(FakePanel(seed=ch), mux=(0x70, ch)) for ch in range(2)]
    screens = open_screens([muxed(f"s{ch}", ch) for ch in range(2)],
                           bus_factory=lambda port: bus)
    images = [[frames.menu(i % 5) if i % 3 else frames.big_number(i) for i in range(120)],
              [frames.card_marks(frozenset({i % 8})) if i % 4 else frames.status(i)
               for i in range(120)]]

    def run(index: int) -> None:
        for image in images[index]:
            screens[index].show(image)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for panel, sequence in zip(panels, images, strict=True):
        assert panel.image().tobytes() == sequence[-1].tobytes()
    assert all(s.online for s in screens)


class LockCheckingBus:
    """Passes writes on, noting any made while another thread could take the bus lock."""

    def __init__(self, bus: FakeI2CBus, buses: I2CBuses) -> None:
        self.bus, self.buses = bus, buses
        self.unlocked_writes = 0

    def _check(self) -> None:
        lock = self.buses.get(1).lock
        taken: list[bool] = []

        def try_lock() -> None:
            got = lock.acquire(blocking=False)
            taken.append(got)
            if got:
                lock.release()

        other = threading.Thread(target=try_lock)
        other.start()
        other.join()
        self.unlocked_writes += taken[0]

    def write_byte(self, i2c_addr: int, value: int) -> None:
        self._check()
        self.bus.write_byte(i2c_addr, value)

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: list[int]) -> None:
        self._check()
        self.bus.write_i2c_block_data(i2c_addr, register, data)

    def i2c_rdwr(self, *msgs: object) -> None:
        self._check()
        self.bus.i2c_rdwr(*msgs)


def test_every_select_and_write_happens_under_the_bus_lock(bus):
    for ch in range(2):
        bus.attach(FakePanel(seed=ch), mux=(0x70, ch))
    buses = I2CBuses(lambda port: checking)
    checking = LockCheckingBus(bus, buses)
    a, b = open_screens([muxed("a", 0), muxed("b", 1)], buses=buses)
    a.show(frames.menu(1))
    b.show(frames.menu(2))
    a.sleep()
    b.set_brightness(3)
    assert bus.mux_writes() and len(bus.log) > 10
    assert checking.unlocked_writes == 0


@pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")  # inside luma
def test_stock_luma_device_writes_under_the_bus_lock_too(bus):
    bus.attach(FakePanel(), mux=(0x70, 2))
    buses = I2CBuses(lambda port: checking)
    checking = LockCheckingBus(bus, buses)
    device = ssd1306(MuxI2C(buses.get(1), mux=MuxSpec(0x70, 2)))
    device.display(frames.menu(1))
    assert checking.unlocked_writes == 0
