"""The tag registry: which RFID tag is which game component.

A TOML file of ``[[tags]]`` entries::

    [[tags]]
    tag = "0A00B1C2D3"          # as the reader reports it (upper-case hex)
    game = "intruder-escape"    # game id
    kind = "character"          # kind of component, as the game names it
    id = "scout"                # component id within (game, kind)
    label = "Scout"             # what people call it

Tag ids are hex: 10 digits from an RDM6300 (125 kHz: version byte + 4 data bytes), 8 or 14
digits from a PN532 (4- or 7-byte UIDs). They are stored upper-case; lookups accept any case.
Each tag appears once, and each (game, kind, id) once. :meth:`TagRegistry.save` writes a
temporary file next to the target and renames it over the target, so a power cut leaves the
old file or the new one, never half of one.
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from services.referee.errors import FileDamaged
from services.referee.files import read_text

log = logging.getLogger(__name__)

TAG_LENGTHS = (8, 10, 14)
_HEX = re.compile(r"[0-9A-F]+\Z")
_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]*\Z")
_FIELDS = ("tag", "game", "kind", "id", "label")


class TagRegistryError(ValueError):
    """A problem with the registry, naming the file and the entry (``tags[3]``)."""

    def __init__(self, file: str, entry: str, message: str) -> None:
        self.file = file
        self.entry = entry
        self.message = message
        super().__init__(f"{file}: {entry}: {message}")


class DuplicateTag(ValueError):
    """The tag, or the component, is already enrolled."""


@dataclass(frozen=True)
class TagEntry:
    tag: str
    game: str
    kind: str
    id: str
    label: str

    def describe(self) -> str:
        return f'{self.game} {self.kind} {self.id} ("{self.label}")'


def normalize_tag(tag: str) -> str:
    """Upper-case hex without spaces or colons; raises ``ValueError`` if it is not a tag id."""
    clean = tag.strip().replace(":", "").replace(" ", "").upper()
    if not _HEX.match(clean) or len(clean) not in TAG_LENGTHS:
        raise ValueError(
            f"{tag!r} is not a tag id; allowed: hex digits, 10 from an RDM6300 or 8 or 14 "
            "from a PN532"
        )
    return clean


def check_name(field: str, value: object) -> str:
    """``value`` if it is a usable game, kind or component id, else ``ValueError``."""
    if not isinstance(value, str) or not _NAME.match(value):
        raise ValueError(
            f"{field} {value!r} is not allowed; use lower-case letters, digits, '-', '_' and "
            "'.', starting with a letter or digit"
        )
    return value


def check_label(label: object) -> str:
    """``label`` if it is one line of printable text, else ``ValueError``."""
    if not isinstance(label, str) or not label.strip() or not label.isprintable():
        raise ValueError(f"label {label!r} is not allowed; give a name on one line")
    return label


def check_entry(entry: TagEntry) -> TagEntry:
    """The entry with its tag normalised; raises ``ValueError`` naming the bad field."""
    for field in ("game", "kind", "id"):
        check_name(field, getattr(entry, field))
    check_label(entry.label)
    if not isinstance(entry.tag, str):
        raise ValueError(f"tag {entry.tag!r} is not a tag id; expected a string of hex digits")
    return TagEntry(normalize_tag(entry.tag), entry.game, entry.kind, entry.id, entry.label)


class TagRegistry:
    """The entries of one registry file, in file order."""

    def __init__(self, path: str | os.PathLike[str], entries: tuple[TagEntry, ...] = ()) -> None:
        self.path = Path(path)
        self._entries: list[TagEntry] = []
        # Indexes of the entries, so that loading n entries (each checked against the others)
        # costs n lookups, not n * n comparisons (the box loads the file at every start).
        self._by_tag: dict[str, TagEntry] = {}
        self._by_piece: dict[tuple[str, str, str], TagEntry] = {}
        for entry in entries:
            self.add(entry)

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, missing_ok: bool = False) -> TagRegistry:
        """Read and check ``path``; a missing file is an empty registry if ``missing_ok``."""
        path = Path(path)
        if missing_ok and not path.exists() and not path.is_symlink():
            return cls(path)
        try:
            text = read_text(path, "a tag registry (TOML) written by `refbox enroll`")
        except FileDamaged as exc:
            raise TagRegistryError(str(path), "file" if exc.line is None else f"line {exc.line}",
                                   exc.reason) from None
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise TagRegistryError(str(path), "toml", f"not valid TOML ({exc})") from exc
        unknown = sorted(set(data) - {"tags"})
        if unknown:
            raise TagRegistryError(str(path), unknown[0], "unknown key; allowed: [[tags]] tables")
        raw = data.get("tags", [])
        if not isinstance(raw, list):
            raise TagRegistryError(str(path), "tags", "expected [[tags]] tables")
        registry = cls(path)
        for index, item in enumerate(raw):
            registry._load_entry(index, item)
        log.debug("loaded %d tags from %s", len(registry), path)
        return registry

    def _load_entry(self, index: int, item: object) -> None:
        where = f"tags[{index}]"
        if not isinstance(item, dict):
            raise TagRegistryError(str(self.path), where, "expected a table")
        extra = sorted(set(item) - set(_FIELDS))
        missing = [f for f in _FIELDS if f not in item]
        if extra or missing:
            problem = f"unknown key {extra[0]!r}" if extra else f"missing {', '.join(missing)}"
            raise TagRegistryError(
                str(self.path), where, f"{problem}; every entry has {', '.join(_FIELDS)}"
            )
        try:
            self.add(TagEntry(**item))
        except ValueError as exc:
            tag = item.get("tag")
            raise TagRegistryError(str(self.path), f"{where} (tag {tag})", str(exc)) from exc

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[TagEntry]:
        return iter(tuple(self._entries))

    def lookup(self, tag: str) -> TagEntry | None:
        """The component for ``tag`` (any case), or None if unknown or not a tag id."""
        try:
            clean = normalize_tag(tag)
        except ValueError:
            return None
        return self._by_tag.get(clean)

    def find(self, game: str, kind: str, id: str) -> TagEntry | None:
        return self._by_piece.get((game, kind, id))

    def add(self, entry: TagEntry) -> TagEntry:
        """Check and append ``entry``; ``ValueError`` for a bad field or a duplicate."""
        entry = check_entry(entry)
        known = self.lookup(entry.tag)
        if known is not None:
            raise DuplicateTag(
                f"tag {entry.tag} is already enrolled as {known.describe()}; each tag may be "
                "enrolled once"
            )
        same = self.find(entry.game, entry.kind, entry.id)
        if same is not None:
            raise DuplicateTag(
                f"{entry.game} {entry.kind} {entry.id} already has tag {same.tag}; each "
                "component may be enrolled once"
            )
        self._entries.append(entry)
        self._by_tag[entry.tag] = entry
        self._by_piece[entry.game, entry.kind, entry.id] = entry
        return entry

    def save(self) -> None:
        """Write the registry atomically (temporary file, then rename over the target)."""
        text = render(self._entries)
        directory = self.path.parent
        try:
            fd, temp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=directory)
        except OSError as exc:
            raise TagRegistryError(str(self.path), "file", f"cannot write: {exc.strerror}") from exc
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(temp, _mode_of(self.path))
            os.replace(temp, self.path)
        except OSError as exc:
            Path(temp).unlink(missing_ok=True)
            raise TagRegistryError(str(self.path), "file", f"cannot write: {exc.strerror}") from exc
        _sync_directory(directory)


def render(entries: list[TagEntry] | tuple[TagEntry, ...]) -> str:
    """The TOML text of ``entries``."""
    parts = ["# refbox tag registry: which RFID tag is which game component.\n"]
    for entry in entries:
        parts.append("\n[[tags]]\n")
        parts += [f"{field} = {_toml_string(getattr(entry, field))}\n" for field in _FIELDS]
    return "".join(parts)


def _toml_string(value: str) -> str:
    out = ['"']
    for char in value:
        if char in '"\\':
            out.append("\\" + char)
        elif char in "\b\t\n\f\r":
            out.append({"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def _mode_of(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        return 0o644


def _sync_directory(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        log.debug("cannot fsync directory %s", directory)
    finally:
        os.close(fd)
