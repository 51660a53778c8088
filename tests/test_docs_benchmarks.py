"""Every benchmark command the docs show runs as written: the script exists and its
arguments parse (each ``main`` is given the documented arguments and ``--help``, so argparse
checks every value's type and choices before it and stops there, nothing measured; an option
the help does not list is unknown, which argparse would only report after all arguments)."""

from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [*sorted(ROOT.glob("docs/**/*.md")), ROOT / "README.md"]
COMMAND = re.compile(r"(?:-m benchmarks\.(\w+)|benchmarks/(\w+)\.py)(.*)")
PLACEHOLDERS = {"N": "3"}  # "--players N": the docs' player count


def documented() -> list[tuple[str, str, list[str]]]:
    """(where, module, arguments) of each benchmark command in a fenced block of the docs,
    a backslash continuation joined, a trailing comment dropped."""
    found = []
    for doc in DOCS:
        for block in re.findall(r"```[a-z]*\n(.*?)```", doc.read_text(encoding="utf-8"), re.S):
            for line in re.sub(r"\\\n\s*", " ", block).splitlines():
                match = COMMAND.search(line)
                if match:
                    words = shlex.split(match.group(3).split(" #")[0])
                    found.append((doc.relative_to(ROOT).as_posix(),
                                  match.group(1) or match.group(2),
                                  [PLACEHOLDERS.get(word, word) for word in words]))
    return found


COMMANDS = documented()


def test_the_docs_show_the_benchmarks() -> None:
    modules = {module for _, module, _ in COMMANDS}
    assert len(COMMANDS) > 60 and {"bots", "bots_asylum_victims", "box_latency"} <= modules


@pytest.mark.parametrize(("where", "module", "arguments"), COMMANDS,
                         ids=[f"{w}:{m}:{i}" for i, (w, m, _) in enumerate(COMMANDS)])
def test_a_documented_benchmark_command_parses(where: str, module: str,
                                               arguments: list[str]) -> None:
    assert (ROOT / "benchmarks" / f"{module}.py").is_file(), f"{where}: no benchmarks/{module}.py"
    main = getattr(importlib.import_module(f"benchmarks.{module}"), "main", None)
    if main is None or not inspect.signature(main).parameters:
        assert arguments == [], f"{where}: benchmarks/{module}.py takes no arguments"
        return
    shown, errors = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(shown), contextlib.redirect_stderr(errors), \
            pytest.raises(SystemExit) as stop:
        main([*arguments, "--help"])
    assert stop.value.code == 0, f"{where}: {module} {' '.join(arguments)}: {errors.getvalue()}"
    known = set(re.findall(r"--[\w-]+", shown.getvalue()))
    unknown = [word for word in arguments if word.startswith("--")
               and word.split("=")[0] not in known]
    assert unknown == [], f"{where}: {module} has no option {', '.join(unknown)}"
