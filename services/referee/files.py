"""Reading the files a person hands to refbox (scripts, registries, folders) through one path
that names the file, the line where there is one, and what is wrong.

Everything here raises :class:`~services.referee.errors.FileDamaged` (a RefereeError), never a
raw ``OSError`` or ``UnicodeDecodeError``.
"""

from __future__ import annotations

from pathlib import Path

from services.referee.errors import FileDamaged


def read_text(path: Path, what: str) -> str:
    """The UTF-8 text of ``path``; ``what`` says what the file should be ("a sim script")."""
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        raise FileDamaged(str(path), f"this is a folder; give {what}") from None
    except FileNotFoundError:
        raise FileDamaged(str(path), f"there is no such file; give {what}") from None
    except OSError as error:
        raise FileDamaged(str(path), f"cannot read it: {error.strerror or error}") from None
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
