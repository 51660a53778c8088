"""The hub between the daemon thread and the web server: bindings, versions, stale input."""

from __future__ import annotations

import pytest

from services.referee.companion.hub import CompanionError, Hub, PhoneInput, PhoneSeat


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


def test_a_wrong_join_code_takes_no_seat_and_ten_in_a_row_change_the_code() -> None:
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
    for _ in range(9):
        with pytest.raises(CompanionError):
            hub.join("phone2", wrong)
    assert hub.code == first  # nine wrong: still the same code
    with pytest.raises(CompanionError):
        hub.join("phone2", wrong)
    assert hub.code != first  # the tenth: a new code
    with pytest.raises(CompanionError):
        hub.join("phone2", first)


def test_a_token_that_is_not_ascii_is_a_forged_one() -> None:
    hub = hub_with([])
    hub.join("phone1", hub.code)
    with pytest.raises(CompanionError) as refused:
        hub.seat_of("é" * 22)
    assert refused.value.status == 403
