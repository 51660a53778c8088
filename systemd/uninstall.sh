#!/usr/bin/env bash
# Remove the refbox service installed by systemd/install.sh.
#
#   sudo systemd/uninstall.sh [--purge] [--dry-run]
#
#   --purge    also delete /var/lib/refbox (the journal of every game and the tag registry),
#              /etc/refbox (the board profile) and the user and group `refbox`
#   --dry-run  print every command that would change the system, one per line, and run none
#              of them (no root needed). Read-only probes still run: getent, file tests.
#
# Without --purge the games, the tags and the board stay, so installing again picks up where
# the box was. Never removed: the apt packages, the gpio/i2c/spi/dialout groups and the
# raspi-config settings (other software may use them). Running it twice is harmless.
set -euo pipefail

readonly SERVICE=refbox.service
readonly SERVICE_USER=refbox
readonly PREFIX=/opt/refbox
readonly STATE_DIR=/var/lib/refbox
readonly CONF_DIR=/etc/refbox
readonly UNIT_FILE=/etc/systemd/system/$SERVICE
readonly COMMAND_LINK=/usr/local/bin/refbox
readonly ARGS=("$@")

# shellcheck source=systemd/common.sh
source "$(dirname -- "${BASH_SOURCE[0]}")/common.sh"

usage() { usage_of "${BASH_SOURCE[0]}" 4 9 "${1:-0}"; }


PURGE=0
DRY_RUN=0
while (($#)); do
    case $1 in
        --purge) PURGE=1; shift ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h | --help) usage 0 ;;
        *) say "unknown argument: $1"; usage 2 ;;
    esac
done

if ((!DRY_RUN)); then
    ((EUID == 0)) || die "must be run as root: sudo $0 ${ARGS[*]} (--dry-run shows the plan without root)"
    trap 'say "failed (status $?) at: $BASH_COMMAND"' ERR
fi

if [[ -e $UNIT_FILE ]]; then
    run systemctl disable --now "$SERVICE"
    run rm -f "$UNIT_FILE"
    run systemctl daemon-reload
else
    say "$UNIT_FILE is not there: nothing to stop"
fi

if [[ -L $COMMAND_LINK && $(readlink -- "$COMMAND_LINK") == "$PREFIX/"* ]]; then
    run rm -f "$COMMAND_LINK"
fi
run rm -rf "$PREFIX"

if ((PURGE)); then
    run rm -rf "$STATE_DIR" "$CONF_DIR"
    if getent passwd "$SERVICE_USER" >/dev/null; then
        # userdel also removes the user's own group (USERGROUPS_ENAB, Debian's default).
        run userdel "$SERVICE_USER"
        if ((!DRY_RUN)) && getent group "$SERVICE_USER" >/dev/null; then
            run groupdel "$SERVICE_USER"
        fi
    elif getent group "$SERVICE_USER" >/dev/null; then
        run groupdel "$SERVICE_USER"
    fi
    say "removed refbox, its games, tags, board profile and user"
else
    say "removed refbox; kept $STATE_DIR (games, tags) and $CONF_DIR (board): --purge deletes them and the user"
fi
