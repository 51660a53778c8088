"""The arm64 proxy: the box benchmark on this machine and in a Debian arm64 root, side by side.

    sudo .venv/bin/python benchmarks/arm64_proxy.py [--rounds 2] [--runs 2] [--inputs 1000]
        [--latency-inputs 300] [--rev REV] [--cache DIR] [--host-python PY] [-- MORE FLAGS]

A Raspberry Pi is not at hand, so speed is judged on a proxy: a Debian Bookworm arm64 root run
through qemu-user (binfmt_misc), the root ``systemd/test-boot.sh --arch arm64`` uses. This
script

1. builds or reuses that root: the tarball cached by ``systemd/roots.sh`` (shared with the
   boot test: same folder, same key) is unpacked once into ``CACHE/arm64-proxy/root`` and kept
   there; qemu-aarch64 is registered with binfmt_misc on every run (again after a reboot);
2. installs the tree there as a user gets it: a copy of the checkout in ``/root/refbox``, a
   venv ``/root/venv`` with ``pip install -e '/root/refbox[sim]'`` (the versions of the host's
   venv as constraints where arm64 has them), then ``python -m compileall`` so that start-up is
   measured with bytecode. The same snapshot is copied for the host side
   (``CACHE/arm64-proxy/host/refbox``, compiled by the host's Python, run with the host's venv)
   so that both sides run the same code while the working tree changes. Both are keyed by a
   hash of the tree: a second run with the same tree installs nothing;
3. runs ``benchmarks/box_latency.py`` interleaved host, arm64, host, arm64 (``--rounds``), the
   same flags on both sides, the arm64 side with ``systemd-nspawn`` (no boot: the benchmark is
   the container's only program; /proc, /dev and ptys are nspawn's), journals on the same disk
   on both sides (``/var/tmp``), ``PYTHONDONTWRITEBYTECODE`` unset; the load average is printed
   before each run;
4. prints one table (markdown): host, arm64 proxy and their ratio for the key figures, each
   side's runs pooled, and the goals of issue 22 judged on the proxy column.

``--rev REV`` measures a git revision (``git archive``) instead of the working tree; the
benchmark itself (``benchmarks/box_latency.py``) is the working tree's either way. Each run's
full output and JSON are kept in ``CACHE/arm64-proxy/runs/<time>/``. Standard library only;
needs root.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import io
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
ROOTS = REPO / "systemd" / "roots.sh"
ARCH = "arm64"
BENCHMARK = "benchmarks/box_latency.py"
INSIDE_TREE = "/root/refbox"  # in the root
INSIDE_VENV = "/root/venv"
INSIDE_DIR = "/var/tmp/refbox-proxy"  # journals inside the root (on the host's disk)
HOST_DIR = "/var/tmp/refbox-proxy-host"  # journals of the host side (the same disk)
EXCLUDED = {".git", ".venv", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis",
            "build", "dist"}
RUN_TIMEOUT = 3 * 3600  # s, one benchmark run under qemu-user on a loaded machine
GOALS = {  # figure -> (limit, unit): issue 22's goals, judged on the arm64 proxy
    "committed action p99": (15.0, "ms"),
    "menu move p99": (6.0, "ms"),
    "first game chosen p99": (100.0, "ms"),
    "READY (resume) - bare interpreter": (1500.0, "ms"),
}


class Failure(Exception):
    """What went wrong, in words (printed, exit status 1)."""


def say(message: str) -> None:
    print(f"arm64-proxy: {message}", flush=True)


def run(command: list[str], what: str, log: Path | None = None, timeout: float | None = None,
        **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Runs ``command``; its output goes to ``log`` (or is captured). Raises Failure with the
    last lines of the output when it fails."""
    try:
        if log is not None:
            with open(log, "w") as out:
                done = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, text=True,
                                      timeout=timeout, check=False, **kwargs)
            output = log.read_text(errors="replace")
        else:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                                  check=False, **kwargs)
            output = done.stdout + done.stderr
    except FileNotFoundError as error:
        raise Failure(f"{what}: {error.filename} not found") from error
    except subprocess.TimeoutExpired as error:
        raise Failure(f"{what}: no end after {timeout:.0f} s"
                      + (f" (output: {log})" if log else "")) from error
    if done.returncode != 0:
        tail = "\n".join("    " + line for line in output.strip().splitlines()[-15:])
        raise Failure(f"{what} failed (exit status {done.returncode})"
                      + (f", whole output in {log}" if log else "") + f":\n{tail}")
    return done


def clean_env(**extra: str) -> dict[str, str]:
    """This environment without what would change the measurement (no bytecode writing, a
    PYTHONPATH of another tree)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "PYTHONSTARTUP")}
    env.update(extra)
    return env


# ---------------------------------------------------------------------- the tree


def tree_files(rev: str | None) -> dict[str, tuple[bytes, bool]]:
    """The snapshot to measure: path -> (content, executable). The working tree's files (git's
    tracked and untracked ones, not ignored), or those of ``rev`` with the working tree's
    ``benchmarks/box_latency.py`` (the benchmark this script reads)."""
    files: dict[str, tuple[bytes, bool]] = {}
    git = ["git", "-c", "safe.directory=*", "-C", str(REPO)]
    is_git = (REPO / ".git").exists() and shutil.which("git") is not None
    if rev is not None:
        if not is_git:
            raise Failure(f"--rev {rev}: {REPO} is not a git checkout (or git is missing)")
        archive = subprocess.run([*git, "archive", "--format=tar", rev], capture_output=True,
                                 check=False)
        if archive.returncode != 0:
            raise Failure(f"git archive {rev}: {archive.stderr.decode(errors='replace')}")
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            for member in tar.getmembers():
                extracted = tar.extractfile(member) if member.isfile() else None
                if extracted is not None:
                    files[member.name] = (extracted.read(), bool(member.mode & 0o100))
        names = [BENCHMARK]
    elif is_git:
        listed = run([*git, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                     "git ls-files")
        names = [n for n in listed.stdout.split("\0") if n]
    else:
        names = [p.relative_to(REPO).as_posix() for p in REPO.rglob("*")
                 if p.is_file() and not EXCLUDED.intersection(p.relative_to(REPO).parts)]
    for name in names:
        path = REPO / name
        if EXCLUDED.intersection(Path(name).parts) or not path.is_file():
            continue  # a tracked file deleted in the working tree, a submodule
        try:
            files[name] = (path.read_bytes(), os.access(path, os.X_OK))
        except OSError as error:
            raise Failure(f"cannot read {path}: {error}") from error
    if "pyproject.toml" not in files or BENCHMARK not in files:
        raise Failure(f"the snapshot has no pyproject.toml or {BENCHMARK}")
    return files


def digest(files: dict[str, tuple[bytes, bool]]) -> str:
    h = hashlib.sha256()
    for name in sorted(files):
        content, executable = files[name]
        h.update(f"{name}\0{int(executable)}\0{len(content)}\0".encode())
        h.update(content)
    return h.hexdigest()[:16]


def write_tree(files: dict[str, tuple[bytes, bool]], target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    for name, (content, executable) in files.items():
        path = target / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        if executable:
            path.chmod(0o755)


def stamp(path: Path) -> str:
    try:
        return path.read_text().strip()
    except OSError:
        return ""


# ---------------------------------------------------------------------- the two sides


class Root:
    """The arm64 root kept in ``CACHE/arm64-proxy/root``, entered with systemd-nspawn."""

    def __init__(self, state: Path, cache: Path) -> None:
        self.state = state
        self.cache = cache
        self.path = state / "root"

    def prepare(self) -> None:
        """Tools and binfmt (every run), the root from the shared cache (when new)."""
        run(["bash", str(ROOTS), "tools", "--arch", ARCH],
            "systemd/roots.sh tools (debootstrap, systemd-nspawn, qemu-user, binfmt_misc)")
        tarball = run(["bash", str(ROOTS), "tarball", "--arch", ARCH, "--cache",
                       str(self.cache)], "systemd/roots.sh tarball").stdout.strip()
        made_from = self.state / "root.from"
        if not (self.path / "usr" / "bin" / "python3").exists() or stamp(made_from) != tarball:
            if self.path.exists():
                say(f"{self.path} is not a finished root made from {tarball}: made again")
                shutil.rmtree(self.path)
            made_from.unlink(missing_ok=True)
            say(f"the arm64 root: {self.path} (from {tarball}; built by debootstrap first "
                "if it is not cached: about 3-5 minutes)")
            t0 = time.monotonic()
            run(["bash", str(ROOTS), "root", "--arch", ARCH, "--cache", str(self.cache),
                 str(self.path)], "systemd/roots.sh root (debootstrap or the cached root)",
                log=self.state / "root.log")
            made_from.write_text(tarball + "\n")
            say(f"root ready in {time.monotonic() - t0:.0f} s")
        else:
            say(f"the arm64 root: {self.path} (kept; made from {tarball})")
        run(["bash", str(ROOTS), "network", str(self.path)],
            "systemd/roots.sh network (DNS and pip settings into the root)")

    def command(self, argv: list[str], env: dict[str, str] | None = None,
                chdir: str = "/root") -> list[str]:
        """``argv`` run inside the root, as its only program (no boot)."""
        settings = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                    "LANG": "C.UTF-8", "HOME": "/root", **(env or {})}
        return ["systemd-nspawn", "--quiet", "--register=no", "--keep-unit", "--as-pid2",
                "--console=pipe", "-D", str(self.path), f"--chdir={chdir}",
                *(f"--setenv={k}={v}" for k, v in settings.items()), *argv]

    def install(self, files: dict[str, tuple[bytes, bool]], tree: str, constraints: str,
                logs: Path) -> None:
        """The tree in /root/refbox, the venv with it (editable) and bytecode; nothing when the
        tree and the venv's inputs are unchanged."""
        tree_stamp = self.path / "root" / "refbox.tree"
        venv_stamp = self.path / "root" / "venv.key"
        venv_key = hashlib.sha256(files["pyproject.toml"][0] + constraints.encode()
                                  ).hexdigest()[:16]
        if stamp(tree_stamp) == tree and stamp(venv_stamp) == venv_key:
            say(f"arm64 root: tree {tree} already installed in {INSIDE_VENV}")
            return
        tree_stamp.unlink(missing_ok=True)
        t0 = time.monotonic()
        write_tree(files, self.path / INSIDE_TREE.lstrip("/"))
        if stamp(venv_stamp) != venv_key or not (self.path / "root/venv/bin/python").exists():
            venv_stamp.unlink(missing_ok=True)
            shutil.rmtree(self.path / INSIDE_VENV.lstrip("/"), ignore_errors=True)
            say("arm64 root: python3 -m venv and pip install -e '.[sim]' (about 1-3 minutes "
                "under qemu-user)")
            run(self.command(["python3", "-m", "venv", INSIDE_VENV]), "python3 -m venv in the root",
                log=logs / "arm64-venv.log", timeout=1800)
            (self.path / "root" / "constraints.txt").write_text(constraints)
            pip = [f"{INSIDE_VENV}/bin/pip", "install", "--disable-pip-version-check",
                   "-e", f"{INSIDE_TREE}[sim]"]
            try:
                run(self.command([*pip, "-c", "/root/constraints.txt"]),
                    "pip install in the root, with the host venv's versions",
                    log=logs / "arm64-pip.log", timeout=3600)
            except Failure as error:
                say(f"{error}\narm64-proxy: installing again without the host's versions")
                run(self.command(pip), "pip install -e '.[sim]' in the root",
                    log=logs / "arm64-pip-unconstrained.log", timeout=3600)
            venv_stamp.write_text(venv_key + "\n")
        say("arm64 root: python -m compileall on the tree (bytecode, as pip writes it)")
        run(self.command([f"{INSIDE_VENV}/bin/python", "-m", "compileall", "-q", "-j", "0",
                          INSIDE_TREE]), "compileall in the root", log=logs / "arm64-compile.log",
            timeout=1800)
        tree_stamp.write_text(tree + "\n")
        say(f"arm64 root: tree {tree} installed in {time.monotonic() - t0:.0f} s")


def host_install(files: dict[str, tuple[bytes, bool]], tree: str, state: Path,
                 python: str) -> Path:
    """The same snapshot for the host side, compiled by the host's Python."""
    target = state / "host" / "refbox"
    tree_stamp = state / "host" / "refbox.tree"
    if stamp(tree_stamp) == tree and target.is_dir():
        return target
    tree_stamp.unlink(missing_ok=True)
    write_tree(files, target)
    run([python, "-m", "compileall", "-q", "-j", "0", str(target)], "compileall on the host",
        env=clean_env())
    tree_stamp.write_text(tree + "\n")
    return target


def host_constraints(python: str) -> str:
    """The host venv's versions (``pip freeze``), for the root's pip: the same libraries."""
    done = subprocess.run([python, "-m", "pip", "freeze", "--exclude-editable"],
                          capture_output=True, text=True, check=False, env=clean_env())
    if done.returncode != 0:
        say(f"pip freeze on the host failed ({done.stderr.strip()[-200:]}); "
            "the root's pip picks its own versions")
        return ""
    lines = [line for line in done.stdout.splitlines()
             if "==" in line and " " not in line and not line.startswith("-")]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- the runs


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def bench_run(side: str, number: int, flags: list[str], root: Root, host_tree: Path,
              python: str, logs: Path) -> dict[str, Any]:
    log = logs / f"{side}-{number}.txt"
    out = logs / f"{side}-{number}.json"
    say(f"run {number}, {side}: load average {load()} (1, 5, 15 min)")
    t0 = time.monotonic()
    if side == "host":
        shutil.rmtree(HOST_DIR, ignore_errors=True)
        os.makedirs(HOST_DIR)
        command = [python, "-m", "benchmarks.box_latency", *flags, "--dir", HOST_DIR,
                   "--json", str(out)]
        run(command, f"the host's run {number}", log=log, timeout=RUN_TIMEOUT,
            cwd=host_tree, env=clean_env(PYTHONPATH=str(host_tree)))
        expected = os.path.realpath(host_tree)
    else:
        inside = root.path / INSIDE_DIR.lstrip("/")
        shutil.rmtree(inside, ignore_errors=True)
        inside.mkdir(parents=True)
        name = f"/root/{side}-{number}.json"
        command = root.command([f"{INSIDE_VENV}/bin/python", "-m", "benchmarks.box_latency",
                                *flags, "--dir", INSIDE_DIR, "--json", name],
                               env={"PYTHONPATH": INSIDE_TREE, "PYTHONUNBUFFERED": "1"},
                               chdir=INSIDE_TREE)
        run(command, f"the arm64 run {number} (systemd-nspawn)", log=log, timeout=RUN_TIMEOUT)
        shutil.move(root.path / name.lstrip("/"), out)
        expected = INSIDE_TREE
    try:
        report: dict[str, Any] = json.loads(out.read_text())
    except (OSError, ValueError) as error:
        raise Failure(f"the {side} run {number} wrote no readable JSON ({out}): {error}") from error
    if report.get("source") != expected:
        raise Failure(f"the {side} run imported refbox from {report.get('source')}, not from "
                      f"the snapshot {expected} (see {log})")
    if report.get("dont_write_bytecode"):
        raise Failure(f"the {side} run had PYTHONDONTWRITEBYTECODE set (see {log})")
    report["wall_s"] = time.monotonic() - t0
    latency = report["latency"]["loop"]
    say(f"run {number}, {side}: {report['wall_s']:.0f} s; committed action p99 "
        f"{latency['committed action']['p99_ms']:.1f} ms, menu move p99 "
        f"{latency['menu move']['p99_ms']:.1f} ms, READY (resume) "
        f"{report['startup']['resume a game']['to READY']['median_ms']:.0f} ms; "
        f"load average after {load()}")
    return report


def pct(values: list[float], q: int) -> float:
    """The q-th percentile, as box_latency.py computes it."""
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def kind_totals(reports: list[dict[str, Any]], kind: str) -> list[float]:
    return [t for r in reports for t in r["latency"]["loop"].get(kind, {}).get("totals_ms", [])]


def figures(reports: list[dict[str, Any]], inputs: int) -> dict[str, Any]:
    """One side's key figures, its runs pooled (ms unless said otherwise)."""
    out: dict[str, Any] = {}
    for kind, label in (("committed action", "committed action"), ("menu move", "menu move"),
                        ("first game chosen", "first game chosen")):
        totals = kind_totals(reports, kind)
        out[f"{label} n"] = len(totals)
        for q in (50, 99):
            out[f"{label} p{q}"] = pct(totals, q) if totals else None

    def start(case: str) -> float:
        return statistics.median(v for r in reports
                                 for v in r["startup"][case]["to READY"]["values_ms"])

    out["READY (resume)"] = start("resume a game")
    out["READY (empty)"] = start("empty data dir")
    out["bare interpreter"] = statistics.median(v for r in reports
                                                for v in r["bare_interpreter"]["values_ms"])
    out["READY (resume) - bare interpreter"] = out["READY (resume)"] - out["bare interpreter"]
    rss = [row["rss"] for r in reports for row in r["memory"]["rows"] if row["inputs"] == inputs]
    out["RSS"] = statistics.mean(rss) / 1024 if rss else None
    canvases: dict[str, float | None] = {}
    for kind in reports[0]["latency"]["loop"]:
        rows = [r["latency"]["loop"][kind] for r in reports if kind in r["latency"]["loop"]]
        if any(row["canvases"] is None for row in rows):
            canvases[kind] = None
        else:
            canvases[kind] = (sum(row["canvases"] * row["n"] for row in rows)
                              / sum(row["n"] for row in rows))
    out["canvases"] = canvases
    return out


def cell(value: float | None, unit: str = "ms") -> str:
    if value is None:
        return "-"
    if unit == "MiB":
        return f"{value:.1f} MiB"
    return f"{value:,.2f} ms" if value < 100 else f"{value:,.0f} ms"


def ratio(host: float | None, proxy: float | None) -> str:
    return f"{proxy / host:.1f}x" if host and proxy is not None else "-"


def goal(name: str, value: float | None) -> str:
    if name not in GOALS:
        return ""
    limit, unit = GOALS[name]
    shown = f"{limit / 1000:g} s" if limit >= 1000 else f"{limit:g} {unit}"
    if value is None:
        return f"<= {shown}: not measured"
    return f"<= {shown}: {'met' if value <= limit else 'NOT met'}"


def table(host: dict[str, Any], proxy: dict[str, Any], inputs: int) -> list[str]:
    lines = ["| figure | host | arm64 proxy | proxy / host | goal (on the proxy) |",
             "| --- | ---: | ---: | ---: | --- |"]

    def row(label: str, key: str, n: bool = False) -> None:
        name = label
        if n:  # the inputs behind a percentile: "committed action p99" -> "committed action n"
            base = key.rsplit(" ", 1)[0]
            name += f" (n {host[base + ' n']} / {proxy[base + ' n']})"
        lines.append(f"| {name} | {cell(host[key])} | {cell(proxy[key])} | "
                     f"{ratio(host[key], proxy[key])} | {goal(key, proxy[key])} |")

    row("committed action p50", "committed action p50")
    row("committed action p99", "committed action p99", n=True)
    row("menu move p50", "menu move p50")
    row("menu move p99", "menu move p99", n=True)
    row("first game chosen (engine import) p99", "first game chosen p99", n=True)
    row("spawn -> READY, resuming a game (median)", "READY (resume)")
    row("spawn -> READY, empty data dir (median)", "READY (empty)")
    row("bare interpreter, `python3 -c pass` (median)", "bare interpreter")
    row("READY (resume) minus bare interpreter", "READY (resume) - bare interpreter")
    lines.append(f"| VmRSS after {inputs:,} inputs (quote the host's) | {cell(host['RSS'], 'MiB')} "
                 f"| ({cell(proxy['RSS'], 'MiB')}, qemu's own included) | - | |")
    counted = {**host["canvases"], **proxy["canvases"]}
    if all(drawn is None for drawn in counted.values()):
        lines.append("| canvases drawn per input | - | - | - | not counted by this tree "
                     "(Table.drawn) |")
        return lines
    for kind in counted:
        mine, other = host["canvases"].get(kind), proxy["canvases"].get(kind)
        lines.append(f"| canvases drawn per input: {kind} | "
                     + (f"{mine:.2f}" if mine is not None else "-") + " | "
                     + (f"{other:.2f}" if other is not None else "-") + " | - | |")
    return lines


# ---------------------------------------------------------------------- main


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    with open(path, "w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            raise Failure(f"another arm64_proxy.py is running ({path} is locked)") from error
        yield


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="Flags after -- go to benchmarks/box_latency.py as they are (both sides).")
    parser.add_argument("--rounds", type=int, default=2,
                        help="host/arm64 pairs of runs, interleaved (default 2)")
    parser.add_argument("--runs", type=int, default=2,
                        help="box_latency.py --runs: start-up runs per case (default 2)")
    parser.add_argument("--inputs", type=int, default=1000,
                        help="box_latency.py --inputs: the memory session (default 1000)")
    parser.add_argument("--latency-inputs", type=int, default=300,
                        help="box_latency.py --latency-inputs (default 300)")
    parser.add_argument("--rev", default=None,
                        help="measure this git revision's code instead of the working tree "
                             "(benchmarks/box_latency.py stays the working tree's)")
    parser.add_argument("--cache", default="/var/cache/refbox-boot",
                        help="the cached roots, shared with systemd/test-boot.sh (default "
                             "/var/cache/refbox-boot); the proxy keeps its root in "
                             "CACHE/arm64-proxy")
    default_python = REPO / ".venv" / "bin" / "python"
    parser.add_argument("--host-python", default=str(default_python) if default_python.exists()
                        else sys.executable,
                        help="the host side's Python, a venv with refbox's sim extra "
                             "(default: the checkout's .venv)")
    parser.add_argument("extra", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        raise Failure("must run as root (debootstrap, binfmt_misc, systemd-nspawn): "
                      f"sudo {sys.executable} {' '.join(sys.argv)}")
    if platform.system() != "Linux":
        raise Failure("needs Linux (binfmt_misc, systemd-nspawn)")
    if platform.machine() == "aarch64":
        say("note: this machine is arm64 itself: the 'proxy' runs natively, not under qemu")
    if min(args.rounds, args.runs, args.inputs, args.latency_inputs) < 1:
        raise Failure("--rounds, --runs, --inputs and --latency-inputs must be 1 or more")
    flags = ["--runs", str(args.runs), "--inputs", str(args.inputs),
             "--latency-inputs", str(args.latency_inputs), *args.extra]
    python = args.host_python
    if not shutil.which(python):
        raise Failure(f"--host-python {python}: not found")
    cache = Path(args.cache)
    state = cache / "arm64-proxy"
    state.mkdir(parents=True, exist_ok=True)
    began = time.monotonic()
    with locked(state / "lock"):
        logs = state / "runs" / time.strftime("%Y%m%d-%H%M%S")
        logs.mkdir(parents=True)
        files = tree_files(args.rev)
        tree = digest(files)
        say(f"tree {tree}: {len(files)} files of "
            + (f"revision {args.rev}" if args.rev else f"the working tree {REPO}")
            + (f" ({BENCHMARK} from the working tree)" if args.rev else ""))
        root = Root(state, cache)
        root.prepare()
        constraints = host_constraints(python)
        root.install(files, tree, constraints, logs)
        host_tree = host_install(files, tree, state, python)
        set_up = time.monotonic() - began
        say(f"set up in {set_up:.0f} s; box_latency.py {' '.join(flags)}; outputs in {logs}")
        reports: dict[str, list[dict[str, Any]]] = {"host": [], "arm64": []}
        loads: list[str] = []
        for number in range(1, args.rounds + 1):
            for side in ("host", "arm64"):
                loads.append(f"{side} {load().split()[0]}")
                reports[side].append(bench_run(side, number, flags, root, host_tree, python,
                                               logs))
    host, proxy = (figures(reports[side], args.inputs) for side in ("host", "arm64"))
    lines = table(host, proxy, args.inputs)
    first = {side: reports[side][0] for side in reports}
    header = (f"box_latency.py {' '.join(flags)}, {args.rounds} interleaved runs a side, pooled; "
              f"tree {tree}" + (f" ({args.rev})" if args.rev else "") + f"; host Python "
              f"{first['host']['python']} ({first['host']['machine']}), proxy Python "
              f"{first['arm64']['python']} ({first['arm64']['machine']}, qemu-user); "
              f"{os.cpu_count()} cpus; load average before each run: {', '.join(loads)}")
    print()
    print(header)
    print()
    print("\n".join(lines))
    print()
    print("latencies through Box.run on its own thread (table 1 of box_latency.py); start-up "
          "median of every run;\nfirst game chosen: the lobby input that imports the engine, "
          "once per run")
    (logs / "table.md").write_text(header + "\n\n" + "\n".join(lines) + "\n")
    say(f"whole run {time.monotonic() - began:.0f} s (set-up {set_up:.0f} s); outputs, JSON and "
        f"this table in {logs}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as failure:
        print(f"arm64-proxy: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        print("arm64-proxy: interrupted", file=sys.stderr)
        sys.exit(130)
