"""The Innsmouth 32 player guide (docs/games/innsmouth-32.md) matches the game.

Every option of ``INFO.options`` has a row in the guide's options table with its default,
every ambiguity of the spec has a row in the decisions table, every decision id is defined
once, every rule id the guide cites exists in the spec, and every picture the guide shows
exists on disk. Ids are built here from numbers on purpose: ``test_i32_rule_ids`` counts the
ids a test module names as cited by a test, and this module tests the guide, not the rules.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from services.games.core import OptionValue
from services.games.innsmouth_32 import INFO

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "games" / "innsmouth-32.md"
SPEC = ROOT.parent / "shared" / "rules" / "innsmouth-32.md"
GAME = "I32"
AMBIGUITIES = [f"A-{GAME}-{n:02d}" for n in range(1, 28)]
ROW = re.compile(r"^\| `([a-z_]+)` \| ([^|]+) \|", re.MULTILINE)
PICTURE = re.compile(r"!\[[^\]]*\]\((innsmouth-32/pictures/[^)\s]+)\)")
DECISION_ROW = re.compile(rf"^\| (D-{GAME}-\d\d) \|", re.MULTILINE)
DECISION = re.compile(rf"\bD-{GAME}-[0-9A-Za-z]+\b")
CITED = re.compile(rf"\b([RA]-{GAME}-\d\d)\b")


def guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text of the guide's ``## title`` section, up to the next ``## `` heading."""
    text = guide()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def shown(value: OptionValue) -> str:
    """An option value as the guide's table writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def test_the_draft_notes_are_gone() -> None:
    text = guide()
    assert "Status: draft" not in text and "## Not yet built" not in text
    assert "(draft)" not in text.splitlines()[0]


def test_every_option_has_a_row_with_its_default() -> None:
    rows = {key: default.strip().strip("`") for key, default in ROW.findall(section("Options"))}
    keys = [option.key for option in INFO.options]
    assert sorted(rows) == sorted(keys), "the options table and INFO.options differ"
    for option in INFO.options:
        assert rows[option.key] == shown(option.default), option.key


def test_every_option_row_cites_the_options_rule() -> None:
    table = section("Options")
    for option in INFO.options:
        row = next(line for line in table.splitlines()
                   if line.startswith(f"| `{option.key}` |"))
        assert f"| {option.rule} |" in row, option.key


def test_every_ambiguity_is_decided_in_the_table() -> None:
    text = guide()
    table = section("Decisions on the ambiguities")
    for ambiguity in AMBIGUITIES:
        assert ambiguity in text, ambiguity
        assert f"\n| {ambiguity} |" in table, f"{ambiguity} has no row in the decisions table"


def test_every_decision_is_defined_once_and_every_cited_one_is_defined() -> None:
    defined = DECISION_ROW.findall(section("Decisions on the ambiguities"))
    assert len(defined) == len(set(defined)), "a decision id is defined twice"
    cited = set(DECISION.findall(guide()))
    assert cited <= set(defined), f"cited but not defined: {sorted(cited - set(defined))}"
    in_options = {o.rule for o in INFO.options if o.rule.startswith(f"D-{GAME}-")}
    assert in_options <= set(defined)


def test_every_rule_id_the_guide_cites_exists_in_the_spec() -> None:
    if not SPEC.exists():
        pytest.skip(f"the rules spec is not at {SPEC}")
    spec = SPEC.read_text(encoding="utf-8")
    known = set(re.findall(rf"^\* (R-{GAME}-\d\d)\b", spec, re.MULTILINE))
    known |= set(re.findall(rf"^\| (A-{GAME}-\d\d) \|", spec, re.MULTILINE))
    assert set(CITED.findall(guide())) <= known


def test_every_picture_the_guide_shows_exists() -> None:
    pictures = PICTURE.findall(guide())
    assert pictures, "the guide shows no picture"
    missing = [p for p in pictures if not (GUIDE.parent / p).is_file()]
    assert not missing, f"the guide shows pictures that are not on disk: {missing}"
