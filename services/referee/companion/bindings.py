"""Which phone holds which seat, kept beside the journal so that after a restart (a power
cut, an update) every phone still has its seat: its cookie's secret is still good.

``phones.json`` in the box's data folder (mode 0600, like the journal: the secrets are as
good as the seat): ``{"seat name": "secret", ...}``. It is written whole to a temporary file
and renamed over the old one, so a power cut leaves the old or the new file, never half of
one. A file that cannot be read as such is set aside by name in the log and not used: the
phones then join again (nothing of a game depends on it).
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path

log = logging.getLogger(__name__)

FILE = "phones.json"
SECRET = re.compile(r"[A-Za-z0-9_-]{22,64}")  # what Hub.join hands out (url-safe base64)


def load(folder: Path, seats: set[str]) -> dict[str, str]:
    """The saved bindings of seats this box still has; {} when there are none."""
    path = folder / FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        log.error("%s not used (phones join again): %s", path, error)
        return {}
    if not isinstance(data, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and SECRET.fullmatch(v)
            for k, v in data.items()):
        log.error("%s not used (phones join again): not a map of seat names to secrets", path)
        return {}
    gone = sorted(set(data) - seats)
    if gone:
        log.info("%s: seats %s are no longer on this board: their phones are forgotten",
                 path, ", ".join(gone))
    return {k: v for k, v in data.items() if k in seats}


def save(folder: Path, bindings: dict[str, str]) -> None:
    """Write the bindings (atomically, 0600, synced)."""
    path = folder / FILE
    temporary = path.with_name(FILE + ".new")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump(bindings, out, sort_keys=True)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)
