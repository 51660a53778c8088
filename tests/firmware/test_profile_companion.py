"""The board profile's ``[companion]`` table (phones as seat screens): defaults, the shipped
profiles, and a precise message for every mistake."""

from __future__ import annotations

import pytest

from firmware_py.profile import load_profile, profile_from_dict
from firmware_py.specs import CompanionSpec
from services.referee.box.phones import phone_seats
from tests.firmware.test_profile import FILE, base, expect


def with_companion(**values: object) -> dict:
    data = base()
    data["companion"] = dict(values)
    return data


def test_off_by_default_and_in_the_real_profiles() -> None:
    assert profile_from_dict(base(), FILE).companion == CompanionSpec(
        enabled=False, host="lan", port=8032, phone_seats=0, phones_for=())
    for name in ("two-seat", "six-seat-mux"):
        assert not load_profile(name).companion.enabled
        assert phone_seats(load_profile(name)) == []


def test_the_simulator_has_two_phone_seats_after_its_six_seats() -> None:
    profile = load_profile("sim")
    assert (profile.companion.enabled, profile.companion.host) == (True, "127.0.0.1")
    assert [(s.name, s.label) for s in phone_seats(profile)] == [("phone1", "Seat 7"),
                                                                 ("phone2", "Seat 8")]


def test_phone_seats_and_hardware_seats_played_from_a_phone() -> None:
    profile = profile_from_dict(with_companion(enabled=True, host="192.168.1.20", port=9000,
                                               phone_seats=2, phones_for=["seat2"]), FILE)
    assert profile.companion == CompanionSpec(True, "192.168.1.20", 9000, 2, ("seat2",))
    assert [(s.name, s.label) for s in phone_seats(profile)] == [
        ("seat2", "seat2"), ("phone1", "Seat 3"), ("phone2", "Seat 4")]


@pytest.mark.parametrize("values,field,message", [
    ({"enable": True}, "companion.enable", 'unknown key (did you mean "enabled"?); allowed '
     "keys here: enabled, host, port, phone_seats, phones_for"),
    ({"enabled": "yes"}, "companion.enabled", "expected true or false, got 'yes'"),
    ({"host": "my box"}, "companion.host", "'my box' is not an address; allowed: \"lan\" "
     "(this machine's LAN address) or an IP address such as 192.168.1.20 or 127.0.0.1"),
    ({"host": "0.0.0.0"}, "companion.host", "0.0.0.0 would let every network reach the "
     "phones' pages; allowed: \"lan\" or one address of this machine"),
    ({"port": 80}, "companion.port", "80 is out of range; allowed: 1024..65535"),
    ({"port": "8032"}, "companion.port", "expected an integer, got '8032'; allowed: "
     "1024..65535"),
    ({"phone_seats": 13}, "companion.phone_seats", "13 is out of range; allowed: 0..12"),
    ({"phones_for": "seat1"}, "companion.phones_for", "expected a list of seat names such "
     "as [\"seat1\"], got 'seat1'"),
    ({"phones_for": ["seat9"]}, "companion.phones_for[0]", "there is no seat 'seat9'; "
     "allowed: the seats of this profile (seat1, seat2)"),
    ({"phones_for": ["seat1", "seat1"]}, "companion.phones_for[1]", "seat 'seat1' is listed "
     "twice; list each seat once"),
])
def test_each_mistake_names_the_field(values: dict, field: str, message: str) -> None:
    expect(with_companion(**values), field, message)


def test_a_phone_seat_name_taken_by_a_hardware_seat() -> None:
    data = with_companion(phone_seats=1)
    data["seats"][1]["name"] = "phone1"
    expect(data, "companion.phone_seats", 'phone seat 1 is named "phone1", the name of '
           "seats[1]; rename that seat")
