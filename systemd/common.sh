# Shared by install.sh and uninstall.sh (sourced, not run): messages, and running a command
# or, with --dry-run (DRY_RUN=1), printing it instead.

say() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }
die() { say "$*"; exit 1; }

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
