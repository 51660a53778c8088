"""The doctor's report: a pass/fail table, then what to check, each thing said once."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from services.referee.doctor import Check

NOTE_OVER = 40  # characters: a longer detail shared by several checks becomes a note


def format_report(results: list[Check]) -> str:
    """A pass/fail table, then what to check for the failures.

    A detail shared by several checks (one missing GPIO library fails every button) is said
    once, as a note the table's rows point to; hints are grouped the same way, each list of
    hints said once under the parts it is for."""
    notes: dict[str, int] = {}
    for check in results:
        shared = sum(c.detail == check.detail for c in results) > 1
        if shared and len(check.detail) > NOTE_OVER and check.detail not in notes:
            notes[check.detail] = len(notes) + 1
    widths = [
        max([len(h)] + [len(getattr(c, f)) for c in results])
        for h, f in (("PART", "part"), ("WHERE", "where"))
    ]
    lines = [f"{'PART':<{widths[0]}}  {'WHERE':<{widths[1]}}  RESULT  DETAIL"]
    for c in results:
        detail = f"see note {notes[c.detail]}" if c.detail in notes else c.detail
        lines.append(f"{c.part:<{widths[0]}}  {c.where:<{widths[1]}}  {c.status:<6}  {detail}")
    for detail, number in notes.items():
        count = sum(c.detail == detail for c in results)
        lines += ["", f"note {number} ({count} parts): {detail}"]
    for checks, hints in _hint_groups([c for c in results if c.status == "FAIL"]):
        where = (f"{checks[0].part} ({checks[0].where})" if len(checks) == 1
                 else ", ".join(c.part for c in checks))
        lines += ["", f"{where} - check:"]
        lines += [f"  - {hint}" for hint in hints]
    counts = {s: sum(c.status == s for c in results) for s in ("pass", "FAIL", "skip")}
    lines += ["", f"{counts['pass']} passed, {counts['FAIL']} failed, {counts['skip']} skipped"]
    return "\n".join(lines)


def _hint_groups(failed: list[Check]) -> list[tuple[list[Check], list[str]]]:
    """Each hint once, under every failed part it is for: hints shared by the same parts
    form one group, in the order they first appear."""
    owners: dict[str, list[Check]] = {}
    for check in failed:
        for hint in check.hints:
            owners.setdefault(hint, []).append(check)
    groups: dict[tuple[int, ...], tuple[list[Check], list[str]]] = {}
    for hint, checks in owners.items():
        key = tuple(id(c) for c in checks)
        groups.setdefault(key, (checks, []))[1].append(hint)
    return list(groups.values())
