"""Innsmouth 32's pool and sanctuary actions said in full in ``refbox play``.

The engine's sentence names the kind of action only ("Professor Armitage: mythos"), which
reads like an attack as well as a test. Here each says what it does and what is rolled
(R-I32-13 pool actions, R-I32-63 sanctuary actions): "Professor Armitage: mythos test
(BRAINS 7; a success gains 2 mythos)". Other actions keep the engine's sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

COVERED = 4  # a stat under an insanity token has target number 4 (R-I32-60)
DOES = {"rest": "rest (+2 rest spoints, at most 7)",
        "sanctuary_rest": "rest in the sanctuary (+3 rest spoints, at most 7)",
        "search": "search (draw 2 discards, keep items, power plays and popcorn)",
        "sanctuary_search": "search the sanctuary (draw 4 discards, keep items, power plays "
                            "and popcorn)",
        "investigate": "investigate (take 1d6 mythos from the sanctuary)"}


def act_sentence(view: Mapping[str, Any], form: Mapping[str, Any]) -> str | None:
    """The sentence of an action of the kinds above (or the mythos test), else None."""
    if form.get("type") != "act":
        return None
    kind = str(form.get("kind", ""))
    me = view.get("survivors", {}).get(form.get("survivor", ""), {})
    name = str(me.get("name", form.get("survivor", "")))
    if kind == "mythos":
        brains = COVERED if "brains" in me.get("insane", []) else me.get("stats", {}).get(
            "brains", "?")
        return (f"{name}: mythos test (a BRAINS {brains} test, not an attack; a success "
                f"gains {view.get('reel', 1)} mythos)")
    if kind in DOES:
        return f"{name}: {DOES[kind]}"
    return None
