"""The join code: only a phone that can read the table's screen takes a seat."""

from __future__ import annotations

from tests.companion.phones import running


def test_a_wrong_code_takes_no_seat_and_the_page_says_why() -> None:
    with running() as table:
        phone = table.phone()
        wrong = "AAAA" if table.hub.code != "AAAA" else "CCCC"
        refused = phone.join("phone1", code=wrong)
        assert (refused.status, refused.json()) == (403, {
            "error": f"wrong join code '{wrong}': the code is on the table's screen, beside "
                     "PHONES"})
        assert table.hub.bindings() == {}
        shown = phone.join("phone1", accept="text/html", code=wrong)
        assert shown.status == 403
        assert b"wrong join code" in shown.body
        assert f'name="code" value="{wrong}"'.encode() in shown.body  # not typed twice
        assert phone.join("phone1").status == 303


def test_the_qr_codes_address_fills_in_the_code() -> None:
    with running() as table:
        page = table.phone().send("GET", f"/J/{table.hub.code}")
        assert page.status == 200
        assert f'name="code" value="{table.hub.code}"'.encode() in page.body
        plain = table.phone().send("GET", "/")
        assert b'name="code" value=""' in plain.body


def test_a_join_without_the_code_is_refused() -> None:
    with running() as table:
        answer = table.phone().send("POST", "/join", "seat=phone1",
                                    {"Content-Type": "application/x-www-form-urlencoded"})
        assert (answer.status, answer.json()) == (
            400, {"error": "choose exactly one seat, with the join code"})
        assert table.hub.bindings() == {}
