"""open_screen: the right luma device, interface and wrapper for each kind of spec."""

from __future__ import annotations

import pytest
from luma.core.interface.serial import spi as luma_spi
from PIL import Image, ImageDraw

from firmware_py.errors import DeviceOffline
from firmware_py.screens import PartialDisplay, Screen, ScreenError, open_screen
from firmware_py.specs import ScreenSpec

from . import frames
from .fake_panel import FakeGPIO, FakePanel, FakeSpiDev


def test_spi_screen_gets_partial_updates_through_luma_spi():
    panel = FakePanel("ssd1306")
    gpio = FakeGPIO()
    spidev = FakeSpiDev(panel, gpio, dc_pin=23)
    spec = ScreenSpec("public screen", "ssd1306", "spi", spi_port=0, spi_device=1,
                      gpio_dc=23, gpio_rst=22)

    def factory(s: ScreenSpec):
        return luma_spi(spi=spidev, gpio=gpio, port=s.spi_port, device=s.spi_device,
                        gpio_DC=s.gpio_dc, gpio_RST=s.gpio_rst)

    screen = open_screen(spec, spi_factory=factory)
    assert spidev.opened == (0, 1) and spidev.max_speed_hz == 8_000_000
    assert gpio.levels[22] == 1  # reset released
    screen.show(frames.menu(1))
    before = sum(spidev.transfers)
    screen.show(frames.menu(2))
    assert 0 < sum(spidev.transfers) - before <= 40
    assert panel.image().tobytes() == frames.menu(2).tobytes()
    assert screen.path == "spi0.1"


def test_spi_without_spidev_names_the_screen():
    spec = ScreenSpec("public screen", "sh1106", "spi", gpio_dc=24)

    def missing(s: ScreenSpec):
        raise ImportError("No module named 'spidev'")

    with pytest.raises(DeviceOffline) as caught:
        open_screen(spec, spi_factory=missing)
    assert caught.value.device == "public screen" and caught.value.path == "spi0.0"


def test_i2c_bus_that_cannot_be_opened_names_the_screen():
    def no_bus(port: int):
        raise FileNotFoundError(2, "No such file or directory", f"/dev/i2c-{port}")

    with pytest.raises(DeviceOffline, match="dtparam=i2c_arm=on") as caught:
        open_screen(ScreenSpec("seat1 screen", "ssd1306", "i2c", i2c_port=3),
                    bus_factory=no_bus)
    assert caught.value.path == "i2c-3@0x3C"


@pytest.mark.parametrize(("driver", "width", "height"), [
    ("ssd1306", 128, 32), ("ssd1306", 96, 16), ("ssd1306", 64, 48), ("ssd1306", 64, 32),
    ("sh1106", 128, 32),
])
def test_other_panel_sizes(bus, driver, width, height):
    panel = bus.attach(FakePanel(driver, width=width, height=height))
    screen = open_screen(ScreenSpec("s", driver, "i2c", width=width, height=height),
                         bus_factory=lambda port: bus)
    image = Image.new("1", (width, height))
    ImageDraw.Draw(image).text((3, 3), "Hi", font=frames.FONT, fill=1)
    screen.show(image)
    assert panel.image().tobytes() == image.tobytes()
    image.putpixel((width - 1, height - 1), 1)
    screen.show(image)
    assert panel.image().tobytes() == image.tobytes()


def test_rotated_screen_takes_portrait_images(bus):
    bus.attach(FakePanel())
    screen = open_screen(ScreenSpec("s", "sh1106", "i2c", rotate=1), bus_factory=lambda port: bus)
    assert screen.size == (64, 128)
    assert isinstance(screen, Screen) and isinstance(screen, PartialDisplay)


def test_unsupported_geometry_is_a_screen_error(bus):
    with pytest.raises(ScreenError, match="sh1106 does not support 96x16"):
        open_screen(ScreenSpec("s", "sh1106", "i2c", width=96, height=16),
                    bus_factory=lambda port: bus)
    with pytest.raises(ScreenError, match="rotate"):
        open_screen(ScreenSpec("s", "ssd1306", "i2c", rotate=4), bus_factory=lambda port: bus)
