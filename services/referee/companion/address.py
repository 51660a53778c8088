"""Where the phone server listens: the profile's ``host``, with "lan" found on this machine."""

from __future__ import annotations

import socket

from services.referee.companion.hub import CompanionError

PROBE = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737): never routed; a UDP connect sends nothing


def lan_address() -> str:
    """This machine's address on the network of its default route (the Wi-Fi the phones are
    on): the source address the kernel would use, found without sending a packet."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(PROBE)
        except OSError as error:
            raise CompanionError(503, "this machine is on no network (no default route: is "
                                 f"the Wi-Fi connected?): {error.strerror}") from None
        address = probe.getsockname()[0]
    if not isinstance(address, str) or address.startswith("0."):
        raise CompanionError(503, "this machine has no LAN address yet: is the Wi-Fi connected?")
    return address


def listen_address(host: str) -> str:
    """The profile's ``companion.host``: "lan" is :func:`lan_address`, anything else as is
    (the profile has checked it is an address)."""
    return lan_address() if host == "lan" else host
