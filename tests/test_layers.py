"""Dependencies point one way (DESIGN.md, "Layout"): every import of the code base, read
from the source, obeys the rooms' order.

- ``services.games`` imports nothing of refbox outside itself;
- ``services.bots`` imports only the engine contract's package ``services.games``;
- ``firmware_py`` knows nothing about games or the referee;
- inside ``services.referee``, the box does not import the tables (its composition root
  hands it the table flows) and the phone companion does not import the box or the tables
  (the box hands it what it shows).

Function-level imports count: a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FORBIDDEN = {
    "services/games": ("services.referee", "services.bots", "firmware_py"),
    "services/bots": ("services.referee", "firmware_py"),
    "firmware_py": ("services",),
    "services/referee/box": ("services.referee.tables",),
    "services/referee/companion": ("services.referee.box", "services.referee.tables"),
}


def imports(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports (absolute names), with its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
    return found


def breaches(room: str, banned: tuple[str, ...]) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line} imports {name}"
            for path in sorted((ROOT / room).rglob("*.py"))
            for line, name in imports(path)
            if any(name == b or name.startswith(b + ".") for b in banned)]


@pytest.mark.parametrize("room", sorted(FORBIDDEN))
def test_a_room_imports_only_what_lies_below_it(room: str) -> None:
    assert breaches(room, FORBIDDEN[room]) == []


def test_the_check_finds_an_import_that_runs_back_up(tmp_path: Path) -> None:
    """The reader finds absolute imports at any depth, lazy ones too."""
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from services.referee.box.table import Table\n"
                      "import firmware_py.events\nfrom . import sibling\n")
    assert imports(module) == [(3, "firmware_py.events"), (2, "services.referee.box.table")]
