"""Strict JSON for the line protocol: what comes in is bounded, what goes out is standard.

The protocol reads lines from whoever drives ``refbox play --json``; nothing in a line may
end the process. :func:`parse` refuses, with a :class:`ProtocolError` that quotes at most a
short prefix of the input:

* a line longer than :data:`MAX_LINE` characters;
* arrays and objects nested deeper than :data:`MAX_DEPTH` (checked before parsing, so the
  parser never recurses that deep);
* ``NaN``, ``Infinity`` and ``-Infinity`` (not JSON), and numbers with a fraction or an
  exponent (no command takes one);
* whole numbers outside -2**53..2**53 (the range every JSON reader keeps exactly);
* an object that names the same field twice, and text that is not valid Unicode (a lone
  surrogate such as ``"\\ud800"``).

:func:`dump` writes standard JSON only (``allow_nan=False``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from services.referee.errors import ProtocolError

MAX_LINE = 1_048_576  # characters in one command line (a snapshot is a few dozen KB)
MAX_DEPTH = 32  # arrays and objects inside one another (a snapshot needs 6)
MAX_INT = 2**53  # whole numbers from -MAX_INT to MAX_INT
QUOTE = 40  # characters of the input quoted in a refusal

_SPECIAL = re.compile(r'[\\"\[\]{}]')  # what the depth scan looks at


def short(value: object, limit: int = QUOTE) -> str:
    """A short quote of an input value for a refusal: ``'abc'``, or its first ``limit``
    characters and "…" when longer."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[:limit]) + "…"
    return cut(json.dumps(value) if isinstance(value, list | dict) else repr(value), limit)


def cut(text: str, limit: int = QUOTE) -> str:
    """``text``, or its first ``limit`` characters and "…" when longer."""
    return text if len(text) <= limit else text[:limit] + "…"


def parse(line: str) -> Any:
    """Parse one command line, or raise ProtocolError saying what is wrong."""
    if len(line) > MAX_LINE:
        raise ProtocolError(
            f"the line has {len(line):,} characters; a command has at most {MAX_LINE:,}")
    check_depth(line)
    try:
        value = json.loads(line, parse_constant=_constant, parse_int=_int,
                           parse_float=_fraction, object_pairs_hook=_object)
    except json.JSONDecodeError as error:
        raise ProtocolError(f"not valid JSON ({error.msg} at column {error.colno})") from None
    _check_text(value)
    return value


def dump(value: Any) -> str:
    """One line of standard JSON (raises ValueError on NaN or Infinity, never writes them)."""
    return json.dumps(value, allow_nan=False, separators=(",", ":"))


def check_depth(line: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH, counting brackets outside strings (one pass over
    the quotes, backslashes and brackets of the line)."""
    depth, in_string, escaped_until = 0, False, -1
    for match in _SPECIAL.finditer(line):
        at, char = match.start(), match.group()
        if at < escaped_until:
            continue
        if in_string:
            if char == "\\":
                escaped_until = at + 2
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ProtocolError(f"arrays and objects are nested deeper than {MAX_DEPTH} "
                                    f"levels (at column {at + 1})")
        elif char in "]}":
            depth -= 1


def _constant(name: str) -> Any:
    raise ProtocolError(f"{name} is not standard JSON; numbers must be whole numbers")


def _int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > len(str(MAX_INT)) or abs(int(text)) > MAX_INT:
        raise ProtocolError(
            f"the number {cut(text)} is too large: whole numbers go from "
            f"-2**53 to 2**53")
    return int(text)


def _fraction(text: str) -> Any:
    raise ProtocolError(
        f"the number {cut(text)} is not a whole number: commands take "
        "whole numbers only")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ProtocolError(f"the field {short(key)} appears twice in one object")
        result[key] = value
    return result


def _check_text(value: Any) -> None:
    """Every string (keys included) must be valid Unicode, so it can be journaled."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise ProtocolError(
                    f"the text {short(item)} is not valid Unicode (a lone surrogate)") from None
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
