"""A reader for systemd unit files that keeps repeated keys (DeviceAllow=, SystemCallFilter=).

configparser cannot be used: it keeps only the last of repeated keys.
"""

from __future__ import annotations

from pathlib import Path


def read_unit(path: Path) -> dict[str, list[tuple[str, str]]]:
    """Sections to their (key, value) pairs in file order; comments and blank lines dropped."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] | None = None
    pending = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = pending + raw.strip()
        pending = ""
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
            continue
        if current is None or "=" not in line:
            raise ValueError(f"{path}: not a unit file line: {raw!r}")
        key, value = line.split("=", 1)
        current.append((key.strip(), value.strip()))
    return sections


def values(section: list[tuple[str, str]], key: str) -> list[str]:
    return [value for name, value in section if name == key]


def single(section: list[tuple[str, str]], key: str) -> str:
    found = values(section, key)
    if len(found) != 1:
        raise KeyError(f"{key}= is set {len(found)} times, expected once")
    return found[0]
