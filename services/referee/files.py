"""Reading the files a person hands to refbox (scripts, registries, folders) through one path
that names the file, the line where there is one, and what is wrong.

Everything here raises :class:`~services.referee.errors.FileDamaged` (a RefereeError), never a
raw ``OSError`` or ``UnicodeDecodeError``.
"""

from __future__ import annotations

from pathlib import Path

from services.referee.errors import FileDamaged

MAX_FILE = 4 * 1024 * 1024  # bytes: far above any script, registry or list a person writes


def read_text(path: Path, what: str) -> str:
    """The UTF-8 text of ``path``; ``what`` says what the file should be ("a sim script").
    At most MAX_FILE bytes are read: a device such as /dev/zero is refused, not read whole."""
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE + 1)
    except IsADirectoryError:
        raise FileDamaged(str(path), f"this is a folder; give {what}") from None
    except FileNotFoundError:
        raise FileDamaged(str(path), f"there is no such file; give {what}") from None
    except OSError as error:
        raise FileDamaged(str(path), f"cannot read it: {error.strerror or error}") from None
    if len(data) > MAX_FILE:
        raise FileDamaged(str(path), f"this file is larger than {MAX_FILE:,} bytes, the most "
                          f"refbox reads; give {what}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileDamaged(str(path), not_text(data, error, what),
                          line=data.count(b"\n", 0, error.start) + 1) from None


def not_text(data: bytes, error: UnicodeDecodeError, what: str) -> str:
    """Why undecodable bytes are refused, in words (shared by every layer's readers)."""
    return (f"this is not a text file (byte 0x{data[error.start]:02X} is not UTF-8 text); "
            f"give {what}")


def folder(path: Path, what: str) -> Path:
    """``path`` as a folder, created if missing; FileDamaged if it cannot be one."""
    try:
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
    except FileExistsError:
        raise FileDamaged(str(path), f"this is a file, not a folder; give a folder for {what}"
                          ) from None
    except OSError as error:
        raise FileDamaged(str(path), f"cannot use it as a folder for {what}: "
                          f"{error.strerror or error}") from None
    return path
