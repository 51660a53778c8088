"""The table screen's page on the public screen: a QR code of its address, and the address.

Shown in the lobby's turn with the phones' join page (:mod:`.joinpage`): a TV, tablet or
laptop opens ``http://<box>/T/<code>`` (the QR code's address) to follow the game.
"""

from __future__ import annotations

from services.referee.box.joinpage import qr_page
from services.referee.box.render import Canvas

TITLE = "TV SCREEN"


def screen_address(url: str, code: str) -> str:
    """The table screen's address in capitals (QR's alphanumeric mode, as the join code's)."""
    return f"{url.rstrip('/')}/T/{code}".upper()


def screen_page(url: str, code: str) -> Canvas:
    """The QR code on the left; "TV SCREEN", the address and the path on the right."""
    return qr_page(screen_address(url, code), TITLE, url, f"/T/{code}")
