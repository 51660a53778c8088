"""What the bot tournaments (benchmarks/bots_*.py) share: 95% Wilson intervals, the
two-proportion z statistic, percentiles, and the markdown tables they print."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def z_score(wins_a: int, games_a: int, wins_b: int, games_b: int) -> float:
    """The two-proportion z statistic of A's rate over B's (pooled; z > 1.96: A is
    significantly stronger at 5%)."""
    if not games_a or not games_b:
        return 0.0
    pooled = (wins_a + wins_b) / (games_a + games_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / games_a + 1 / games_b))
    return (wins_a / games_a - wins_b / games_b) / spread if spread else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values``, nearest rank; 0 when there are none."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def pair_row(role: str, a: str, b: str, players: str | int, wins_a: int, games_a: int,
             wins_b: int, games_b: int) -> dict[str, Any]:
    """The row of level A against level B in ``role``: wins, rates with their 95% Wilson
    intervals, the difference and the two-proportion z."""
    return {"role": role, "level_a": a, "level_b": b, "players": players, "games": games_a,
            "wins_a": wins_a, "rate_a": wins_a / games_a, "ci_a": wilson(wins_a, games_a),
            "wins_b": wins_b, "rate_b": wins_b / games_b, "ci_b": wilson(wins_b, games_b),
            "difference": wins_a / games_a - wins_b / games_b,
            "z": z_score(wins_a, games_a, wins_b, games_b)}


def level_row(role: str, level: str, players: str | int, wins: int,
              games: int) -> dict[str, Any]:
    """One level's own win rate in ``role`` at ``players``, with its 95% Wilson interval:
    printed for every level run, so a run of a single level still gives its figure."""
    return {"role": role, "level": level, "players": players, "played": games, "wins": wins,
            "rate": wins / games if games else 0.0, "ci": wilson(wins, games)}


def times_row(role: str, level: str, times: Sequence[float]) -> dict[str, Any]:
    """A level's decision times in ``role``: how many, p50, p99 and max (ms)."""
    return {"role": role, "level": level, "decisions": len(times),
            "p50_ms": percentile(times, 0.5), "p99_ms": percentile(times, 0.99),
            "max_ms": max(times, default=0.0)}


def _levels(r: dict[str, Any]) -> str:
    lo, hi = r["ci"]
    return (f"| {r['players']} | {r['level']} | {r['played']} | {r['wins']} | "
            f"{r['rate']:.1%} ({lo:.1%}-{hi:.1%}) |")


def _pairs(r: dict[str, Any]) -> str:
    (lo_a, hi_a), (lo_b, hi_b) = r["ci_a"], r["ci_b"]
    return (f"| {r['players']} | {r['level_a']} | {r['level_b']} | {r['games']} | "
            f"{r['wins_a']} | {r['rate_a']:.1%} ({lo_a:.1%}-{hi_a:.1%}) | "
            f"{r['wins_b']} | {r['rate_b']:.1%} ({lo_b:.1%}-{hi_b:.1%}) | "
            f"{r['difference'] * 100:+.1f} pp | {r['z']:.2f} |")


def _times(r: dict[str, Any]) -> str:
    return (f"| {r.get('level', r.get('level_a'))} | {r['decisions']} | {r['p50_ms']:.1f} | "
            f"{r['p99_ms']:.1f} | {r['max_ms']:.1f} |")


SECTIONS = (
    (lambda r: "played" in r, "| players | level | games | wins | rate (95% CI) |", _levels),
    (lambda r: "games" in r, "| players | A | B | games | A wins | A rate (95% CI) | B wins | "
     "B rate (95% CI) | A - B | z |", _pairs),
    (lambda r: "decisions" in r, "| level | decisions | p50 ms | p99 ms | max ms |", _times),
)


def table(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as markdown tables, each only when it has rows: each level's own win rate
    (rows with ``played``, :func:`level_row`), the pairings (rows with ``games``), then the
    decision times (rows with ``decisions``)."""
    blocks = []
    for wanted, header, line in SECTIONS:
        chosen = [line(r) for r in rows if wanted(r)]
        if chosen:
            rule = "|" + " --- |" * header.count(" |")
            blocks.append("\n".join([header, rule, *chosen]))
    return "\n\n".join(blocks)
