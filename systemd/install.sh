#!/usr/bin/env bash
# Install (or update) refbox as a systemd service on Raspberry Pi OS (Bookworm or later).
#
#   sudo systemd/install.sh [--board NAME|FILE] [--no-start] [--dry-run] [--test-system]
#
#   --board NAME|FILE  board profile copied to /etc/refbox/board.toml: a profile shipped in
#                      hw/ (two-seat, six-seat-mux) or the path of your own .toml
#                      (default: two-seat). An existing /etc/refbox/board.toml is never
#                      overwritten.
#   --no-start         enable the service for the next boot but do not (re)start it now
#   --dry-run          print every command that would change the system, one per line, and
#                      run none of them (no root needed). Read-only probes still run: the
#                      board check, getent, apt-cache policy, uname -m,
#                      `raspi-config nonint get_*`, file tests.
#   --test-system      for systemd/test-boot.sh only, on plain Debian: accept the simulated
#                      profile (sim) and add the `sim` extra. Never use it on a box.
#   -h, --help         print this help
#
# What it does, in order: apt packages (python3-venv, python3-lgpio, python3-spidev,
# python3-smbus2, i2c-tools); missing device groups; the system user `refbox` (no login, no
# home) in groups gpio i2c spi dialout; I2C, SPI and the serial port through
# `raspi-config nonint`; the virtual environment /opt/refbox/venv (system site packages, so
# Raspberry Pi OS's lgpio is used); refbox with its `pi` and `phones` extras from a root-owned
# copy of this checkout in /opt/refbox/src; bytecode (.pyc) for everything in the venv;
# /usr/local/bin/refbox; /etc/refbox/board.toml; the unit in /etc/systemd/system, with the
# drop-in companion.conf (the local network, for the phone companion) only when the board
# profile enables the companion; daemon-reload, enable, restart. Running it again updates
# refbox. Where the archive has no python3-lgpio (plain Debian), it says so first and pip
# brings lgpio instead (systemd/lgpio-source.sh).
# Details: docs/install.md.
set -euo pipefail

readonly SERVICE=refbox.service
readonly SERVICE_USER=refbox
readonly DEVICE_GROUPS=(gpio i2c spi dialout)
APT_PACKAGES=(python3-venv python3-lgpio python3-spidev python3-smbus2 i2c-tools)
PIP_ENV=()  # a command prefix for pip's install (lgpio-source.sh: `env PYPI=1` for a build)
APT_UPDATED=0
readonly SYSTEM_PYTHON=/usr/bin/python3
readonly PREFIX=/opt/refbox
readonly VENV=$PREFIX/venv
readonly STAGE=$PREFIX/src
readonly CONF_DIR=/etc/refbox
readonly BOARD_FILE=$CONF_DIR/board.toml
readonly UNIT_FILE=/etc/systemd/system/$SERVICE
# The phone companion's network (docs/phones.md): only when the board profile enables it.
readonly DROP_IN=/etc/systemd/system/$SERVICE.d/companion.conf
readonly COMMAND_LINK=/usr/local/bin/refbox
# What pip needs to build refbox (pyproject.toml: readme, packages services*, firmware_py*, hw*).
readonly SOURCE_PARTS=(pyproject.toml README.md services firmware_py hw)

SRC=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
readonly SRC
readonly ARGS=("$@")
# The venv, the source copy and the unit must be readable by the refbox user whatever root's
# umask is.
umask 0022

# shellcheck source=systemd/common.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/common.sh"
# shellcheck source=systemd/lgpio-source.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/lgpio-source.sh"

usage() { usage_of "${BASH_SOURCE[0]}" 4 17 "${1:-0}"; }

BOARD=two-seat
BOARD_GIVEN=0
START=1
DRY_RUN=0
TEST_SYSTEM=0
while (($#)); do
    case $1 in
        --board)
            (($# >= 2)) || die "--board needs a profile name or a .toml file"
            BOARD=$2
            BOARD_GIVEN=1
            shift 2
            ;;
        --board=*) BOARD=${1#--board=}; BOARD_GIVEN=1; shift ;;
        --no-start) START=0; shift ;;
        --dry-run) DRY_RUN=1; shift ;;
        --test-system) TEST_SYSTEM=1; shift ;;
        -h | --help) usage 0 ;;
        *) say "unknown argument: $1"; usage 2 ;;
    esac
done

EXTRAS=pi,phones
if ((TEST_SYSTEM)); then
    # Plain Debian stands in for Raspberry Pi OS in systemd/test-boot.sh: the simulated
    # board's screens (python3-lgpio's absence is handled as on any such system).
    EXTRAS=pi,phones,sim
    say "--test-system: a test install on plain Debian (simulated board allowed, sim extra)"
fi
readonly EXTRAS

if ((!DRY_RUN)); then
    ((EUID == 0)) || die "must be run as root: sudo $0 ${ARGS[*]} (--dry-run shows the plan without root)"
    command -v apt-get >/dev/null || die "apt-get not found: this installer is for Raspberry Pi OS"
    trap 'say "failed (status $?) at: $BASH_COMMAND"' ERR
fi

# check_board PROFILE: validate with refbox's own loader (firmware_py.profile, standard
# library only) from this checkout. Prints the absolute path of the profile's file, or the
# reason it is refused (status 1).
check_board() {
    [[ -x $SYSTEM_PYTHON ]] || { echo "$SYSTEM_PYTHON not found: install python3"; return 1; }
    PYTHONPATH=$SRC "$SYSTEM_PYTHON" -B - "$1" "$TEST_SYSTEM" <<'PY'
import sys


def refuse(reason):
    print(reason)
    sys.exit(1)


if sys.version_info < (3, 11):
    refuse("refbox needs Python 3.11 or later (Raspberry Pi OS Bookworm or later); "
           "this system has %d.%d" % sys.version_info[:2])
import importlib.resources
import os

from firmware_py.errors import HardwareError
from firmware_py.profile import load_profile, shipped_profiles

given, test_system = sys.argv[1], sys.argv[2] == "1"
# The shipped profiles this installer accepts: the simulated one only with --test-system.
accepted = [name for name in shipped_profiles()
            if test_system or not load_profile(name).simulated]
choices = ", ".join(accepted) + " or the path of your own .toml file"
is_path = "/" in given or given.endswith(".toml")
if not is_path and given not in shipped_profiles():
    refuse(f"no board profile named {given!r}; the installer accepts {choices}")
try:
    profile = load_profile(given)
except HardwareError as exc:
    refuse(str(exc))
if profile.simulated and not test_system:
    refuse(f"board profile {given!r} is simulated (simulated = true): the service drives "
           f"real hardware; choose {choices}")
if is_path:
    print(os.path.abspath(given))
else:
    print(importlib.resources.files("hw").joinpath(f"{given}.toml"))
PY
}

# companion_enabled PROFILE: prints 1 when the profile's [companion] is enabled, else 0.
companion_enabled() {
    PYTHONPATH=$SRC "$SYSTEM_PYTHON" -B -c '
import sys
from firmware_py.profile import load_profile
print(1 if load_profile(sys.argv[1]).companion.enabled else 0)' "$1"
}

board_source=$(check_board "$BOARD") || die "--board $BOARD refused: $board_source"
if [[ -e $BOARD_FILE ]]; then
    problem=$(check_board "$BOARD_FILE") ||
        die "the existing $BOARD_FILE is not valid: $problem (fix it, or remove it to install --board $BOARD)"
    COMPANION=$(companion_enabled "$BOARD_FILE")
else
    COMPANION=$(companion_enabled "$board_source")
fi
readonly COMPANION

# --- Packages ----------------------------------------------------------------------------
# Where lgpio comes from is decided and said before anything is changed (lgpio-source.sh).
choose_lgpio
readonly APT_PACKAGES PIP_ENV
((APT_UPDATED)) || run apt-get update
run apt-get install -y --no-install-recommends "${APT_PACKAGES[@]}"

# --- Groups and the service user -----------------------------------------------------------
for group in "${DEVICE_GROUPS[@]}"; do
    if ! getent group "$group" >/dev/null; then
        # Raspberry Pi OS has all four (its udev rules give the device nodes to them). Elsewhere
        # the group is created so that the unit's SupplementaryGroups= resolves, but the device
        # nodes stay root's until a udev rule hands them over (docs/install.md).
        tell "group $group is missing: creating it; without a udev rule giving the matching /dev nodes to group $group, refbox cannot open them" \
            "group $group is missing: would create it; without a udev rule giving the matching /dev nodes to group $group, refbox could not open them"
        run groupadd --system "$group"
    fi
done
member_of=$(IFS=,; printf '%s' "${DEVICE_GROUPS[*]}")
if getent passwd "$SERVICE_USER" >/dev/null; then
    run usermod --append --groups "$member_of" "$SERVICE_USER"
else
    run useradd --system --user-group --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin --comment "refbox referee box" \
        --groups "$member_of" "$SERVICE_USER"
fi

# --- I2C, SPI and the serial port ----------------------------------------------------------
# raspi-config answers 0 for "enabled"; the console must be off the serial port (1).
REBOOT=0
if command -v raspi-config >/dev/null; then
    for setting in i2c:0 spi:0 serial_hw:0 serial_cons:1; do
        name=${setting%%:*}
        want=${setting#*:}
        if [[ $(raspi-config nonint "get_$name") != "$want" ]]; then
            run raspi-config nonint "do_$name" "$want"
            REBOOT=1
        fi
    done
else
    say "raspi-config not found: enable I2C, SPI and the serial port yourself (docs/hardware.md)"
fi

# --- refbox in its virtual environment -------------------------------------------------------
run "$SYSTEM_PYTHON" -m venv --system-site-packages "$VENV"
# pip builds in the source tree: build from a root-owned copy, not from this checkout.
run rm -rf "$STAGE"
run mkdir -p "$STAGE"
run cp -R "${SOURCE_PARTS[@]/#/$SRC/}" "$STAGE/"
run "${PIP_ENV[@]}" "$VENV/bin/pip" install --no-cache-dir "${STAGE}[$EXTRAS]"
# Bytecode: the unit's ProtectSystem=strict keeps the daemon from writing a .pyc later, and a
# module without one is compiled again at every start (docs/performance.md, "Start-up"). pip
# writes them for what it installs (refbox and its dependencies, not installed editable);
# compileall makes sure of the whole venv and skips what is up to date. A file that does not
# compile (a stray one of some dependency) is named, and the install goes on.
run "$VENV/bin/python" -m compileall -q "$VENV/lib" ||
    say "some files above did not compile: they are compiled at each start instead"
run ln -sfn "$VENV/bin/refbox" "$COMMAND_LINK"

# --- Board profile (never overwritten) -------------------------------------------------------
run install -d -m 0755 "$CONF_DIR"
if [[ -e $BOARD_FILE ]]; then
    if ((BOARD_GIVEN)) && ! cmp -s "$board_source" "$BOARD_FILE"; then
        tell "keeping the existing $BOARD_FILE (--board $BOARD not applied); to switch: sudo install -m 0644 $board_source $BOARD_FILE" \
            "would keep the existing $BOARD_FILE (--board $BOARD not applied); to switch: sudo install -m 0644 $board_source $BOARD_FILE"
    fi
else
    run install -m 0644 "$board_source" "$BOARD_FILE"
fi

# --- The service ---------------------------------------------------------------------------
run install -m 0644 "$SRC/systemd/$SERVICE" "$UNIT_FILE"
if ((COMPANION)); then
    tell "the board enables the phone companion: the service may use the local network" \
        "the board enables the phone companion: the service would be allowed the local network"
    run install -d -m 0755 "$(dirname -- "$DROP_IN")"
    run install -m 0644 "$SRC/systemd/companion.conf" "$DROP_IN"
elif [[ -e $DROP_IN ]]; then
    run rm -f "$DROP_IN"
fi
run systemctl daemon-reload
run systemctl enable "$SERVICE"
if ((REBOOT)); then
    tell "I2C/SPI/serial settings changed: reboot to apply them (sudo reboot); refbox starts at boot" \
        "I2C/SPI/serial settings would change: the install would ask for a reboot to apply them, and refbox would start at boot"
elif ((START)); then
    run systemctl restart "$SERVICE"
else
    tell "not started (--no-start): sudo systemctl restart $SERVICE" \
        "would not start the service (--no-start)"
fi

if ((DRY_RUN)); then
    say "dry run: nothing was changed; a real run (sudo, without --dry-run) would run the commands above"
else
    say "done: board $BOARD_FILE, state /var/lib/refbox, logs: journalctl -u refbox -f"
fi
