# Shared by install.sh and uninstall.sh (sourced, not run): messages, the usage, and running
# a command or, with --dry-run (DRY_RUN=1), printing it instead.

say() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }
die() { say "$*"; exit 1; }

# tell NOW WOULD: say NOW, or WOULD with --dry-run (what a real run would do: nothing the dry
# run says may read as done).
tell() {
    if ((DRY_RUN)); then say "$2"; else say "$1"; fi
}

# usage_of SCRIPT FIRST LAST [STATUS]: the comment lines FIRST..LAST of SCRIPT without their
# "# ". Status 0 (--help): on standard output, and exit 0; any other status (a wrong
# argument): on standard error, and exit with it.
usage_of() {
    local script=$1 first=$2 last=$3 status=${4:-0}
    if ((status == 0)); then
        sed -n "${first},${last}s/^# \{0,1\}//p" "$script"
    else
        sed -n "${first},${last}s/^# \{0,1\}//p" "$script" >&2
    fi
    exit "$status"
}

# One command per line, quoted so that it can be pasted into a shell.
show() {
    local arg out=()
    for arg in "$@"; do
        if [[ $arg =~ ^[A-Za-z0-9_./:=@%+,-]+$ ]]; then
            out+=("$arg")
        else
            out+=("'${arg//\'/\'\\\'\'}'")
        fi
    done
    printf '%s\n' "${out[*]}"
}

run() {
    if ((DRY_RUN)); then
        show "$@"
    else
        "$@"
    fi
}
