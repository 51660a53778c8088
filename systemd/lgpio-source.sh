# Where lgpio comes from (gpiozero's GPIO library, the daemon's first pin factory): sourced by
# install.sh, which calls choose_lgpio before it changes anything. Only read-only probes run
# here (apt-cache policy, uname -m, the system Python), except for one case below.
#
#   apt     the apt archive has python3-lgpio (Raspberry Pi OS): installed with apt, and the
#           virtual environment sees it (system site packages), so pip compiles nothing.
#   wheel   it has not (plain Debian, Ubuntu): the `pi` extra's lgpio comes from the Python
#           package index as a ready-made wheel with the lg C library built in. lgpio
#           0.2.2.0 has wheels for CPython 3.9 to 3.12 on aarch64 and x86_64 (glibc 2.34 or
#           later) and on armv7l.
#   build   no wheel fits (another Python or machine): pip compiles lgpio from its source
#           with the lg library built in (PYPI=1 in pip's environment; without it the build
#           wants the shared liblgpio, which Debian does not have). That needs swig, gcc,
#           libc6-dev and python3-dev, added to the apt packages.
#
# apt without package lists (never updated) cannot tell: a real run fetches them first
# (apt-get update, the one change made before the choice is said); a dry run says so and
# plans for an archive without python3-lgpio.
# Details: docs/install.md, "lgpio without Raspberry Pi OS".

readonly LGPIO_BUILD_PACKAGES=(swig gcc libc6-dev python3-dev)
readonly LGPIO_DOC='docs/install.md, "lgpio without Raspberry Pi OS"'

# apt_candidate PACKAGE: the version apt would install, empty when it has none.
apt_candidate() {
    local version
    version=$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p') || true
    version=${version%%$'\n'*}
    [[ $version == "(none)" ]] || printf '%s' "$version"
}

# apt_has_lists: true when apt knows an archive (its package lists were fetched).
apt_has_lists() {
    local files
    files=$(apt-cache policy 2>/dev/null) || true
    [[ $files == *' Packages'$'\n'* || $files == *' Packages' ]]
}

# python_and_machine: "Python X.Y on MACHINE", for the messages.
python_and_machine() {
    printf 'Python %s on %s' \
        "$("$SYSTEM_PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')" \
        "$(uname -m)"
}

# lgpio_wheel_fits: true when one of lgpio's wheels on the package index fits this system.
lgpio_wheel_fits() {
    "$SYSTEM_PYTHON" -B - "$(uname -m)" <<'PY'
import platform
import sys

machine = sys.argv[1]
libc, version = platform.libc_ver()
glibc = tuple(int(part) for part in version.split(".")[:2]) if libc == "glibc" else (0, 0)
python = (3, 9) <= sys.version_info[:2] <= (3, 12)
manylinux = machine in ("aarch64", "x86_64") and glibc >= (2, 34)
sys.exit(0 if python and (manylinux or machine == "armv7l") else 1)
PY
}

# choose_lgpio: decide (apt, wheel or build, above), say it when it is not apt, and adjust
# APT_PACKAGES and PIP_ENV (the command prefix of pip's install: `env PYPI=1` for a build).
# Sets APT_UPDATED=1 when it had to run apt-get update.
choose_lgpio() {
    local where kept=() package
    if [[ -n $(apt_candidate python3-lgpio) ]]; then
        return 0
    fi
    if ! apt_has_lists; then
        if ((DRY_RUN)); then
            say "apt has no package lists yet: a real run would fetch them (apt-get update) and take python3-lgpio from apt if the archive has it; the plan below is for an archive without it"
        else
            say "apt has no package lists yet: fetching them (apt-get update) to see whether the archive has python3-lgpio"
            apt-get update
            APT_UPDATED=1
            [[ -z $(apt_candidate python3-lgpio) ]] || return 0
        fi
    fi
    for package in "${APT_PACKAGES[@]}"; do
        [[ $package == python3-lgpio ]] || kept+=("$package")
    done
    APT_PACKAGES=("${kept[@]}")
    where=$(python_and_machine)
    if lgpio_wheel_fits; then
        tell "python3-lgpio is not in this system's apt archive (Raspberry Pi OS has it): lgpio comes from the Python package index instead, a ready-made wheel for $where ($LGPIO_DOC)" \
            "python3-lgpio is not in this system's apt archive (Raspberry Pi OS has it): lgpio would come from the Python package index instead, a ready-made wheel for $where ($LGPIO_DOC)"
    else
        APT_PACKAGES+=("${LGPIO_BUILD_PACKAGES[@]}")
        PIP_ENV=(env PYPI=1)
        tell "python3-lgpio is not in this system's apt archive (Raspberry Pi OS has it), and no ready-made lgpio wheel fits $where: pip compiles lgpio from its source, which needs ${LGPIO_BUILD_PACKAGES[*]} (installed with apt first; $LGPIO_DOC)" \
            "python3-lgpio is not in this system's apt archive (Raspberry Pi OS has it), and no ready-made lgpio wheel fits $where: pip would compile lgpio from its source, which needs ${LGPIO_BUILD_PACKAGES[*]} (would be installed with apt first; $LGPIO_DOC)"
    fi
}
