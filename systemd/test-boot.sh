#!/usr/bin/env bash
# The boot test: refbox installed and started by a real systemd in a Debian Bookworm root.
#
#   sudo systemd/test-boot.sh [--arch amd64|arm64] [--cache DIR] [--keep]
#
#   --arch     amd64 (default: this machine) boots the root and checks the service's life
#              cycle; arm64 builds the root for arm64 and runs it through qemu-user (binfmt):
#              install.sh, `refbox doctor --board sim` and a scripted game to its end
#   --cache    where the debootstrapped roots are kept as tarballs, keyed by architecture
#              and package list (default /var/cache/refbox-boot)
#   --keep     leave the booted root's folder behind (its path is printed)
#
# Needs root, Debian's debootstrap and systemd-container (installed if missing) and, for
# arm64, qemu-user-static and binfmt-support. The root is installed with
# `systemd/install.sh --test-system --board sim` (plain Debian lacks python3-lgpio and a Pi's
# wiring), booted with `systemd-nspawn --boot --register=no --keep-unit` and driven with
# nsenter. Every check prints "ok:" or "FAIL:"; the script exits 1 on any failure.
# What it checks and its last run: docs/install.md, "The boot test".
set -euo pipefail

SRC=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
readonly SRC
ARCH=$(dpkg --print-architecture 2>/dev/null || echo amd64)
CACHE=/var/cache/refbox-boot
KEEP=0
FAILURES=0
STARTED=$SECONDS

say() { printf 'test-boot: %s\n' "$*"; }
die() { say "$*" >&2; exit 1; }
ok() { say "ok: $*"; }
fail() { say "FAIL: $*"; FAILURES=$((FAILURES + 1)); }
# The roots (debootstrap, the cache, binfmt for arm64): shared with benchmarks/arm64_proxy.py.
# shellcheck source=systemd/roots.sh
. "$SRC/systemd/roots.sh"
check() {  # check "what" command...: ok when the command succeeds
    local what=$1
    shift
    if "$@"; then ok "$what"; else fail "$what"; fi
}

while (($#)); do
    case $1 in
        --arch) ARCH=${2:?--arch needs amd64 or arm64}; shift 2 ;;
        --cache) CACHE=${2:?--cache needs a folder}; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h | --help) sed -n '4,12s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) die "unknown argument: $1 (see --help)" ;;
    esac
done
[[ $ARCH == amd64 || $ARCH == arm64 ]] || die "--arch $ARCH: amd64 or arm64"
((EUID == 0)) || die "must run as root (debootstrap and systemd-nspawn): sudo $0"

# --- Tools and the root (cached) ----------------------------------------------------------
roots_tools "$ARCH"
WORK=$(mktemp -d /var/tmp/refbox-boot.XXXXXX)
ROOT=$WORK/root
roots_make "$ARCH" "$CACHE" "$ROOT" "$WORK/debootstrap.log"

# The checkout as a maker would copy it onto the Pi; DNS and pip's certificates for pip.
mkdir -p "$ROOT/root/refbox"
tar -C "$SRC" --exclude=.git --exclude=.venv --exclude='__pycache__' -cf - . |
    tar -C "$ROOT/root/refbox" -xf -
roots_network "$ROOT"
echo refbox-test >"$ROOT/etc/hostname"

# --- Boot ----------------------------------------------------------------------------------
NSPAWN=
CPID=
cleanup() {
    if [[ -n $CPID ]] && kill -0 "$CPID" 2>/dev/null; then
        nsenter -t "$CPID" -a systemctl poweroff >/dev/null 2>&1 || true
        for _ in $(seq 60); do kill -0 "$NSPAWN" 2>/dev/null || break; sleep 1; done
    fi
    if [[ -n $NSPAWN ]] && kill -0 "$NSPAWN" 2>/dev/null; then
        kill "$NSPAWN" 2>/dev/null || true
        for _ in $(seq 20); do kill -0 "$NSPAWN" 2>/dev/null || break; sleep 1; done
        kill -KILL "$NSPAWN" 2>/dev/null || true
        wait "$NSPAWN" 2>/dev/null || true
    fi
    if ((KEEP)); then say "kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

systemd-nspawn -D "$ROOT" --boot --register=no --keep-unit \
    >"$WORK/console.log" 2>&1 </dev/null &
NSPAWN=$!
for _ in $(seq 120); do
    CPID=$(pgrep -P "$NSPAWN" | head -1 || true)
    [[ -n $CPID ]] && break
    sleep 1
done
[[ -n $CPID ]] || die "the container did not start: $(tail -5 "$WORK/console.log")"
# Commands inside get a clean environment, as in a maker's login shell (this shell's PIP_* and
# the like would otherwise leak in).
inside() {
    nsenter -t "$CPID" -a env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        LANG=C.UTF-8 HOME=/root "$@"
}
# Under qemu-user an arm64 boot takes minutes; a loaded machine slows both.
boot_wait=$([[ $ARCH == arm64 ]] && echo 1800 || echo 300)
t0=$SECONDS
state=
while ((SECONDS - t0 < boot_wait)); do  # the bus is not there at once: ask until it answers
    # The container's PID 1 again: the first child seen may have been nspawn's short-lived
    # set-up child (the container's init is forked from it and then reparented to nspawn).
    CPID=$(pgrep -P "$NSPAWN" | head -1 || true)
    state=$(timeout 60 nsenter -t "$CPID" -a systemctl is-system-running 2>/dev/null || true)
    [[ $state == running || $state == degraded ]] && break
    sleep 5
done
if [[ $state == running || $state == degraded ]]; then
    ok "systemd booted the root ($ARCH) in $((SECONDS - t0)) s: $state"
else
    nsenter -t "$CPID" -a systemctl list-jobs --no-pager 2>&1 | tail -10 || true
    KEEP=1
    die "systemd did not finish booting within $boot_wait s: '$state'; console: $WORK/console.log"
fi

# --- Install exactly as on a Pi -----------------------------------------------------------
# Plain Debian has no python3-lgpio: the installer says so before it changes anything, and
# lgpio comes from the package index (docs/install.md, "lgpio without Raspberry Pi OS").
LGPIO_SAID='python3-lgpio is not in this system.s apt archive'
inside /root/refbox/systemd/install.sh --dry-run --test-system --board sim \
    >"$WORK/dry-run.plan" 2>"$WORK/dry-run.log" || die "install.sh --dry-run failed: $(tail -3 "$WORK/dry-run.log")"
check "the dry run plans no python3-lgpio and says lgpio would come from the package index" \
    sh -c "! grep -q python3-lgpio '$WORK/dry-run.plan' && grep -q \"$LGPIO_SAID.*would come from the Python package index\" '$WORK/dry-run.log'"
said_first() {  # the lgpio line comes before the output of any command the installer ran
    local said other
    said=$(grep -n "$LGPIO_SAID" "$1" | head -1 | cut -d: -f1)
    other=$(grep -n -v '^install.sh: ' "$1" | head -1 | cut -d: -f1)
    [[ -n $said && (-z $other || $said -lt $other) ]]
}
t0=$SECONDS
if inside /root/refbox/systemd/install.sh --test-system --board sim --no-start \
        >"$WORK/install.log" 2>&1; then
    ok "install.sh completed in $((SECONDS - t0)) s"
else
    tail -20 "$WORK/install.log"
    die "install.sh failed: see $WORK/install.log"
fi
check "install.sh said python3-lgpio is missing before it changed anything (line $(grep -n "$LGPIO_SAID" "$WORK/install.log" | head -1 | cut -d: -f1) of its log)" \
    said_first "$WORK/install.log"
check "lgpio in the service's venv is the package index's ($(inside /opt/refbox/venv/bin/python -c 'import lgpio; print(lgpio.__file__)' 2>&1))" \
    inside /opt/refbox/venv/bin/python -c 'import lgpio, sys; sys.exit(not lgpio.__file__.startswith("/opt/refbox/venv/lib/"))'
run_as_refbox() { inside runuser -u refbox -- env REFBOX_SCREENS=memory "$@"; }
prop() { inside systemctl show -P "$1" refbox; }

if [[ $ARCH == arm64 ]]; then
    check "refbox doctor --board sim passes" inside /usr/local/bin/refbox doctor --board sim
    # No GPIO hardware here (no Pi, no /dev/gpiochip*). gpiozero asks for the Pi's revision
    # first: with a Pi 4's (a stand-in /proc/cpuinfo, bound in a private mount namespace) the
    # daemon's lgpio factory goes as far as opening /dev/gpiochip0, through the wheel's C
    # library; only the missing GPIO chip stops it.
    printf 'Hardware\t: BCM2835\nRevision\t: c03111\nModel\t\t: Raspberry Pi 4 Model B (stand-in)\n' \
        >"$ROOT/var/tmp/pi4-cpuinfo"
    cp "$SRC/tests/systemd/pin_factory_probe.py" "$ROOT/var/tmp/pin_factory_probe.py"
    factory=$(inside unshare -m sh -c 'mount --bind /var/tmp/pi4-cpuinfo /proc/cpuinfo && cd /var/tmp && exec runuser -u refbox -- /opt/refbox/venv/bin/python pin_factory_probe.py' \
        2>&1 || true)
    check "a real board's pin factory: lgpio first, stopped only by the missing GPIO chip: $factory" \
        grep -q "^lgpio C library: 'can not open gpiochip'; pin factory: .*(lgpio: 'can not open gpiochip'; RPi.GPIO: " <<<"$factory"
    # qemu-user cannot give the service its user namespace ("Failed to set up user
    # namespacing: Invalid argument", status 217/USER): PrivateUsers=no for this emulated
    # start only; the amd64 boot runs the unit as shipped.
    inside mkdir -p /etc/systemd/system/refbox.service.d
    printf '[Service]\nEnvironment=REFBOX_SCREENS=capture\nPrivateUsers=no\n' \
        >"$ROOT/etc/systemd/system/refbox.service.d/test-boot.conf"
    inside systemctl daemon-reload
    t0=$SECONDS
    inside systemctl start refbox || true
    check "the service started on the installed venv in $((SECONDS - t0)) s (status: $(prop StatusText))" \
        test "$(prop ActiveState)/$(prop SubState)" = active/running
    inside systemctl stop refbox || true
    t0=$SECONDS
    inside install -d -o refbox -g refbox -m 0700 /var/tmp/refbox-game
    cp "$SRC/tests/box/golden/asylum/victims-script.txt" "$ROOT/var/tmp/victims-script.txt"
    if run_as_refbox /usr/local/bin/refbox sim --seed 5 --data /var/tmp/refbox-game \
            --script /var/tmp/victims-script.txt \
            >"$WORK/game.log" 2>&1; then
        listing=$(run_as_refbox /usr/local/bin/refbox journal list --data /var/tmp/refbox-game)
        if grep -q finished <<<"$listing"; then
            ok "a scripted Asylum Escape game played to its end in $((SECONDS - t0)) s: ${listing//  / }"
        else
            fail "the scripted game did not finish: $listing"
        fi
    else
        fail "the scripted game failed: $(tail -3 "$WORK/game.log")"
    fi
    say "arm64 under qemu-user: $(((SECONDS - STARTED) / 60)) min in all (emulated: not Pi timings)"
    ((FAILURES == 0)) || die "$FAILURES check(s) failed"
    say "all checks passed"
    exit 0
fi

# The test's drop-in: screens captured as PNGs (the working directory /run/refbox), and the
# hang hook (SIGUSR1 stops the event loop for good, docs/install.md).
inside mkdir -p /etc/systemd/system/refbox.service.d
cat >"$ROOT/etc/systemd/system/refbox.service.d/test-boot.conf" <<'EOF'
[Service]
Environment=REFBOX_SCREENS=capture
Environment=REFBOX_TEST_HANG_SIGNAL=USR1
EOF
inside systemctl daemon-reload

# A game in progress at the table: the first steps of a scripted Intruder Escape game, played
# by the simulator into the service's own journal, as the service user.
awk 'NF && n++ < 40' "$SRC/tests/box/golden/intruder/script.txt" >"$ROOT/var/tmp/boot.script"
inside install -d -o refbox -g refbox -m 0700 /var/lib/refbox
run_as_refbox /usr/local/bin/refbox sim --seed 5 --data /var/lib/refbox \
    --script /var/tmp/boot.script >"$WORK/sim.log" 2>&1 || die "the simulator could not start a game: $(tail -3 "$WORK/sim.log")"
listing=$(run_as_refbox /usr/local/bin/refbox journal list --data /var/lib/refbox)
grep -q ' running ' <<<"$listing" || die "no game in progress after the script: $listing"
ok "a game in progress in /var/lib/refbox: ${listing//  / }"

wait_active() {  # wait_active SECONDS OLD_PID: until active with a new main PID
    local _
    for _ in $(seq "$1"); do
        if [[ $(prop ActiveState) == active && $(prop MainPID) != "$2" && $(prop MainPID) != 0 ]]; then
            return 0
        fi
        sleep 1
    done
    return 1
}
last_public() {  # the newest captured frame of the public screen
    inside sh -c 'ls -t /run/refbox/captures/*public* 2>/dev/null | head -1'
}
public_digest() {
    local frame
    frame=$(last_public)
    [[ -n $frame ]] && inside sha256sum "$frame" | cut -c1-16
}

t0=$SECONDS
inside systemctl start refbox
check "the unit is active through its READY notification ($((SECONDS - t0)) s; status: $(prop StatusText))" \
    test "$(prop ActiveState)/$(prop SubState)" = active/running
sleep 3
before=$(public_digest || true)
check "the public screen shows the game ($before)" test -n "$before"
# The sim profile enables the phone companion (on 127.0.0.1): the installer added the network
# drop-in, and the daemon serves the join page under the unit's sandbox.
check "the phone companion's drop-in is installed" \
    inside test -f /etc/systemd/system/refbox.service.d/companion.conf
check "the phone companion answers on 127.0.0.1:8032 (the join page)" \
    inside python3 -c 'import urllib.request as u; page = u.urlopen("http://127.0.0.1:8032/", timeout=10).read(); assert b"Join the table" in page'

pid=$(prop MainPID)
restarts=$(prop NRestarts)
inside systemctl kill -s KILL refbox
if wait_active 30 "$pid"; then
    sleep 3
    after=$(public_digest || true)
    ok "SIGKILL: restarted (restarts $restarts -> $(prop NRestarts))"
    check "after the restart the public screen shows the same game ($after)" test "$before" = "$after"
else
    fail "SIGKILL: the unit did not come back within 30 s"
fi

pid=$(prop MainPID)
t0=$SECONDS
inside systemctl kill -s USR1 --kill-whom=main refbox
watchdog=$(prop WatchdogUSec)
if wait_active 60 "$pid"; then
    ok "a hung event loop was restarted by the watchdog ($watchdog) after $((SECONDS - t0)) s"
    check "systemd logged the watchdog timeout" \
        sh -c "nsenter -t $CPID -a journalctl -u refbox --no-pager | grep -qi 'watchdog timeout'"
else
    fail "a hung event loop was not restarted within 60 s (WatchdogSec $watchdog)"
fi

sleep 3
t0=$(date +%s%N)
inside systemctl stop refbox
took=$((($(date +%s%N) - t0) / 1000000))
result=$(prop Result)
check "systemctl stop: exited in $took ms (timeout $(prop TimeoutStopUSec)), result $result" \
    test "$result" = success
check "the stop paused the game (the log says so)" \
    sh -c "nsenter -t $CPID -a journalctl -u refbox --no-pager | grep -q 'finishing the current step and pausing'"

owner=$(inside stat -c '%U %a' /var/lib/refbox)
check "/var/lib/refbox is the service user's with mode 0700 ($owner)" test "$owner" = "refbox 700"
journal_files=$(inside sh -c 'stat -c "%n %U %a" /var/lib/refbox/refbox.sqlite*')
all_private() { ! grep -v ' refbox 600$' <<<"$journal_files"; }
check "the journal is the service user's with mode 0600 ($(tr '\n' ';' <<<"$journal_files"))" \
    all_private

exposure=$(inside systemd-analyze security refbox.service --no-pager 2>/dev/null | tail -1)
score=$(grep -o '[0-9][0-9.]*' <<<"$exposure" | head -1)
check "systemd-analyze security on the installed unit: $exposure" \
    awk -v s="${score:-99}" 'BEGIN { exit !(s <= 2.5) }'

say "amd64 boot test: $(((SECONDS - STARTED))) s in all"
((FAILURES == 0)) || die "$FAILURES check(s) failed"
say "all checks passed"
