"""Innsmouth 32: every rule and ambiguity the spec defines is cited by a test.

The spec (../shared/rules/innsmouth-32.md) defines its rules as list items (``* R-I32-13 ...``,
numbered with gaps) and its ambiguities as rows of the ambiguity table (``| A-I32-26 | ...``).
A test cites an id in its name, docstring, comments or asserts, anywhere in the test modules
``tests/games/test_i32_*.py`` (this module aside); a range such as ``R-I32-01..84`` cites none.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT.parent / "shared" / "rules" / "innsmouth-32.md"
DEFINED = re.compile(r"^(?:\* (R-I32-\d\d)\b|\| (A-I32-\d\d) \|)", re.MULTILINE)
CITED = re.compile(r"\b([RA]-I32-\d\d)\b(?!\.\.)")


def spec_text() -> str:
    """The spec, next to the repository (``../shared/rules/``, as DESIGN.md says)."""
    if not SPEC.exists():
        pytest.skip(f"the rules spec is not at {SPEC}")
    return SPEC.read_text(encoding="utf-8")


def defined_ids() -> list[str]:
    """The ids the spec defines, in its order."""
    return [rule or ambiguity for rule, ambiguity in DEFINED.findall(spec_text())]


def cited_ids() -> dict[str, list[str]]:
    """Each id cited by the test modules, with the modules citing it."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests" / "games").glob("test_i32_*.py")):
        if path.name == Path(__file__).name:
            continue
        for rule in set(CITED.findall(path.read_text(encoding="utf-8"))):
            found.setdefault(rule, []).append(path.name)
    return found


def test_the_spec_defines_its_rules_and_ambiguities() -> None:
    ids = defined_ids()
    assert len(ids) == len(set(ids)), "an id is defined twice"
    rules = [i for i in ids if i.startswith("R-")]
    ambiguities = [i for i in ids if i.startswith("A-")]
    assert rules[0] == "R-I32-01" and rules[-1] == "R-I32-84"
    assert ambiguities == [f"A-I32-{n:02d}" for n in range(1, 28)]


def test_every_rule_and_ambiguity_is_cited_by_a_test() -> None:
    """R-I32-01..84 and A-I32-01..27, as far as the spec defines them."""
    cited = cited_ids()
    missing = [i for i in defined_ids() if i not in cited]
    if missing:
        print(f"\n{len(missing)} ids of the spec cited by no test in tests/games/test_i32_*.py:")
        for line in range(0, len(missing), 8):
            print("  " + " ".join(missing[line:line + 8]))
    assert not missing, f"{len(missing)} ids cited by no test: {' '.join(missing)}"


def test_no_test_cites_an_id_the_spec_does_not_define() -> None:
    unknown = {i: where for i, where in cited_ids().items() if i not in defined_ids()}
    assert not unknown, f"ids the spec does not define: {unknown}"
