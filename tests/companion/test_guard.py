"""The phone server's checks on their own: host names, origins, the rate limiter."""

from __future__ import annotations

import pytest

from services.referee.companion.guard import (
    RateLimiter,
    check_host,
    check_origin,
    host_names,
    is_any_address,
)
from services.referee.companion.hub import CompanionError


@pytest.mark.parametrize("host,header,port,ok", [
    ("192.168.1.20", "192.168.1.20:8080", 8080, True),
    ("192.168.1.20", "192.168.1.20", 80, True),  # browsers leave out port 80
    ("192.168.1.20", "192.168.1.20:8081", 8080, False),
    ("192.168.1.20", "localhost:8080", 8080, False),  # only a loopback server is localhost
    ("127.0.0.1", "localhost:8080", 8080, True),
    ("127.0.0.1", "[::1]:8080", 8080, True),
    ("192.168.1.20", "refbox.local:8080", 8080, True),  # a name given to the server
    ("192.168.1.20", "REFBOX.local:8080", 8080, True),
    ("192.168.1.20", "attacker.example:8080", 8080, False),
    ("fd00::20", "[fd00::20]:8080", 8080, True),
    ("192.168.1.20", "", 8080, False),
])
def test_a_request_must_name_this_server(host: str, header: str, port: int, ok: bool) -> None:
    allowed = host_names(host, ("refbox.local",))
    if ok:
        check_host(header, allowed, port, any_address=False)
    else:
        with pytest.raises(CompanionError) as refused:
            check_host(header, allowed, port, any_address=False)
        assert refused.value.status == 400


def test_a_server_on_every_address_takes_any_address_but_not_any_name() -> None:
    allowed = host_names("0.0.0.0", ())
    check_host("10.1.2.3:8080", allowed, 8080, any_address=True)
    with pytest.raises(CompanionError):
        check_host("attacker.example:8080", allowed, 8080, any_address=True)
    assert is_any_address("0.0.0.0") and is_any_address("::") and is_any_address("")
    assert not is_any_address("127.0.0.1") and not is_any_address("refbox.local")


@pytest.mark.parametrize("origin,fetch_site,ok", [
    (None, None, True),  # an old browser, or not a browser
    ("http://192.168.1.20:8080", "same-origin", True),
    ("null", "same-origin", True),  # our own form under Referrer-Policy: no-referrer
    ("null", None, True),
    ("http://attacker.example", None, False),
    ("http://192.168.1.20:8080", "cross-site", False),
    (None, "same-site", False),  # another port or name on the same site
    ("file://", None, False),
])
def test_a_post_from_another_site_is_refused(origin: str | None, fetch_site: str | None,
                                             ok: bool) -> None:
    if ok:
        check_origin(origin, "192.168.1.20:8080", fetch_site)
    else:
        with pytest.raises(CompanionError) as refused:
            check_origin(origin, "192.168.1.20:8080", fetch_site)
        assert refused.value.status == 403


def test_the_rate_limiter_refills_per_client_and_forgets_idle_ones() -> None:
    now = [0.0]
    limiter = RateLimiter(rate=2.0, burst=3, clock=lambda: now[0])
    assert [limiter.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limiter.allow("b")  # another phone has its own bucket
    now[0] = 0.5  # one token back
    assert [limiter.allow("a") for _ in range(2)] == [True, False]
    now[0] = 100.0
    for n in range(RateLimiter.MAX_CLIENTS + 1):
        limiter.allow(f"client{n}")
    assert len(limiter._buckets) <= RateLimiter.MAX_CLIENTS + 1
    assert "a" not in limiter._buckets  # idle long enough to be full again: forgotten
