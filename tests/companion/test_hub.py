"""The hub between the daemon thread and the web server: bindings, versions, stale input."""

from __future__ import annotations

import pytest

from services.referee.companion.hub import CompanionError, Hub, PhoneInput, PhoneSeat
from services.referee.companion.lockout import CodeLimits


def hub_with(received: list[PhoneInput]) -> Hub:
    return Hub([PhoneSeat("phone1", "Seat 5"), PhoneSeat("phone2", "Seat 6")], received.append)


def test_a_phone_joins_a_free_seat_and_its_secret_finds_it() -> None:
    hub = hub_with([])
    token = hub.join("phone1", hub.code)
    assert len(token) >= 22  # 16 random bytes, url-safe base64
    assert hub.seat_of(token) == "phone1"
    assert [(s.name, taken) for s, taken in hub.seats()] == [("phone1", True),
                                                             ("phone2", False)]


def test_a_taken_seat_refuses_a_second_phone_until_it_is_freed() -> None:
    hub = hub_with([])
    first = hub.join("phone1", hub.code)
    with pytest.raises(CompanionError) as refused:
        hub.join("phone1", hub.code)
    assert (refused.value.status, refused.value.message) == (
        409, "Seat 5 is taken by another phone; choose a free seat, or free it from the table "
        "menu")
    assert hub.seat_of(first) == "phone1"
    hub.free("phone1")
    with pytest.raises(CompanionError) as gone:
        hub.seat_of(first)
    assert gone.value.status == 403
    assert hub.seat_of(hub.join("phone1", hub.code)) == "phone1"


@pytest.mark.parametrize("token,status", [(None, 401), ("", 401), ("forged", 403)])
def test_no_secret_or_a_forged_one_finds_no_seat(token: str | None, status: int) -> None:
    hub = hub_with([])
    hub.join("phone1", hub.code)
    with pytest.raises(CompanionError) as refused:
        hub.seat_of(token)
    assert refused.value.status == status


def test_an_unknown_seat_is_refused_by_name() -> None:
    hub = hub_with([])
    with pytest.raises(CompanionError) as refused:
        hub.join("seat9", hub.code)
    assert (refused.value.status, refused.value.message) == (404,
                                                             "there is no phone seat 'seat9'")


def test_a_model_gets_a_new_version_only_when_it_changes_and_listeners_hear_it() -> None:
    hub = hub_with([])
    heard: list[tuple[str, int]] = []
    stop = hub.listen(lambda seat, version: heard.append((seat, version)))
    hub.publish("phone1", {"screen": "a"})
    hub.publish("phone1", {"screen": "a"})
    hub.publish("phone1", {"screen": "b"})
    hub.publish_public({"title": "lobby"})
    stop()
    hub.publish("phone1", {"screen": "c"})
    assert heard == [("phone1", 1), ("phone1", 2), ("public", 1)]
    assert hub.model("phone1") == (3, {"screen": "c"})
    assert hub.public() == (1, {"title": "lobby"})


def test_input_made_on_an_old_screen_is_refused_and_not_handed_on() -> None:
    received: list[PhoneInput] = []
    hub = hub_with(received)
    hub.publish("phone1", {"screen": "a"})
    hub.publish("phone1", {"screen": "b"})
    with pytest.raises(CompanionError) as stale:
        hub.submit(PhoneInput("phone1", 1, "press", "ok"))
    assert stale.value.status == 409
    assert received == []
    hub.submit(PhoneInput("phone1", 2, "press", "ok"))
    assert received == [PhoneInput("phone1", 2, "press", "ok")]


def test_bindings_survive_a_restart_through_restore() -> None:
    hub = hub_with([])
    token = hub.join("phone2", hub.code)
    again = hub_with([])
    again.restore({**hub.bindings(), "gone": "x"})
    assert again.seat_of(token) == "phone2"


def test_a_wrong_join_code_takes_no_seat_and_any_case_of_the_right_one_does() -> None:
    hub = hub_with([])
    first = hub.code
    assert len(first) == 4 and set(first) <= set("ACDEFHJKMNPRTUVWXY")
    wrong = "AAAA" if first != "AAAA" else "CCCC"
    with pytest.raises(CompanionError) as refused:
        hub.join("phone1", wrong)
    assert (refused.value.status, refused.value.message) == (
        403, f"wrong join code '{wrong}': the code is on the table's screen, beside PHONES")
    assert [taken for _seat, taken in hub.seats()] == [False, False]
    assert hub.seat_of(hub.join("phone1", first.lower())) == "phone1"  # any case


def test_wrong_codes_lock_out_their_client_only_and_for_longer_each_time() -> None:
    now = [0.0]
    hub = Hub([PhoneSeat("phone1", "Seat 5"), PhoneSeat("phone2", "Seat 6")], list().append,
              codes=CodeLimits(clock=lambda: now[0]))
    first = hub.code
    wrong = "AAAA" if first != "AAAA" else "CCCC"
    for wait in (30, 60, 120):
        statuses = []
        for _ in range(5):
            with pytest.raises(CompanionError) as refused:
                hub.join("phone1", wrong, "10.0.0.9")
            statuses.append(refused.value.status)
        assert statuses == [403] * 5
        now[0] += 1.0
        with pytest.raises(CompanionError) as locked:
            hub.join("phone1", first, "10.0.0.9")  # even the right code, while locked out
        assert (locked.value.status, locked.value.message, locked.value.retry_after) == (
            429, f"too many wrong join codes from this phone: try again in {wait - 1} seconds "
            "(the code is on the table's screen, beside PHONES)", wait - 1)
        assert hub.seats()[0][1] is False
        now[0] += wait - 1
    assert hub.code == first  # fifteen wrong codes from one phone: nobody else notices
    assert hub.seat_of(hub.join("phone2", first, "10.0.0.2")) == "phone2"  # another phone
    assert hub.seat_of(hub.join("phone1", first, "10.0.0.9")) == "phone1"  # after its wait


def test_many_wrong_codes_from_many_clients_within_an_hour_change_the_code() -> None:
    now = [0.0]
    hub = Hub([PhoneSeat("phone1", "Seat 5")], list().append,
              codes=CodeLimits(per_hour=100, clock=lambda: now[0]))
    first = hub.code
    wrong = "AAAA" if first != "AAAA" else "CCCC"
    for n in range(99):
        with pytest.raises(CompanionError):
            hub.join("phone1", wrong, f"10.0.{n // 4}.{n % 4}")  # four each: none locked
        now[0] += 30.0
    assert hub.code == first  # 99 wrong codes within the hour
    now[0] += 900.0  # the first ones are now more than an hour old
    with pytest.raises(CompanionError):
        hub.join("phone1", wrong, "10.1.0.1")
    assert hub.code == first
    for n in range(30):
        with pytest.raises(CompanionError):
            hub.join("phone1", wrong, f"10.2.0.{n}")
    assert hub.code != first  # 100 within the hour: a new code for everyone
    with pytest.raises(CompanionError) as old:
        hub.join("phone1", first, "10.3.0.1")
    assert old.value.status == 403


def test_a_token_that_is_not_ascii_is_a_forged_one() -> None:
    hub = hub_with([])
    hub.join("phone1", hub.code)
    with pytest.raises(CompanionError) as refused:
        hub.seat_of("é" * 22)
    assert refused.value.status == 403
