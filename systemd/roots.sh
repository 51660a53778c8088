#!/usr/bin/env bash
# Debian Bookworm roots for the real-system tests, cached as tarballs: shared by
# systemd/test-boot.sh (the boot test) and benchmarks/arm64_proxy.py (the arm64 proxy), so
# that both use the same cached roots.
#
# Sourced (`. systemd/roots.sh`), it defines the roots_* functions below; they call the
# caller's `say MESSAGE` and `die MESSAGE` (defaults are defined here when the caller has
# none). Run directly, as root:
#
#   systemd/roots.sh tools --arch amd64|arm64
#       install the tools and, for a foreign architecture, register qemu with binfmt_misc
#   systemd/roots.sh tarball --arch amd64|arm64 [--cache DIR]
#       print the path of the cached root (which may not exist yet)
#   systemd/roots.sh root --arch amd64|arm64 [--cache DIR] ROOT
#       make ROOT (a folder that does not exist yet or is empty) from the cached root,
#       debootstrapping and caching it first when needed; prints the tarball's path
#   systemd/roots.sh network ROOT
#       copy this machine's DNS and pip settings into ROOT (pip runs in it afterwards)
#
# Needs root, Debian's debootstrap and systemd-container (installed if missing) and, for
# arm64 on another machine, qemu-user-static and binfmt-support (binfmt_misc is mounted and
# qemu-aarch64 enabled, again after a reboot).

# Every root has these; a change of the list (or of the suite) makes a new tarball.
readonly ROOTS_PACKAGES=systemd,systemd-sysv,dbus,python3,python3-venv,ca-certificates,procps
readonly ROOTS_SUITE=bookworm
ROOTS_CACHE=${ROOTS_CACHE:-/var/cache/refbox-boot}

declare -F say >/dev/null || say() { printf 'roots: %s\n' "$*" >&2; }
declare -F die >/dev/null || die() { say "$*"; exit 1; }

# roots_foreign ARCH: true when ARCH's programs need qemu-user on this machine.
roots_foreign() {
    [[ $1 == arm64 && $(uname -m) != aarch64 ]]
}

# roots_tools ARCH: install what building and entering an ARCH root needs, and for a foreign
# ARCH register qemu with binfmt_misc.
roots_tools() {
    local arch=$1 need=()
    command -v debootstrap >/dev/null || need+=(debootstrap)
    command -v systemd-nspawn >/dev/null || need+=(systemd-container)
    if roots_foreign "$arch"; then
        [[ -e /usr/bin/qemu-aarch64-static ]] || need+=(qemu-user-static)
        command -v update-binfmts >/dev/null || need+=(binfmt-support)
    fi
    if ((${#need[@]})); then
        say "installing ${need[*]}"
        apt-get update -q >/dev/null || die "apt-get update failed"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null ||
            die "apt-get install ${need[*]} failed"
    fi
    if roots_foreign "$arch"; then
        mountpoint -q /proc/sys/fs/binfmt_misc ||
            mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc ||
            die "cannot mount binfmt_misc on /proc/sys/fs/binfmt_misc"
        update-binfmts --enable qemu-aarch64 2>/dev/null || true  # "already enabled" is fine
        [[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]] ||
            die "qemu-aarch64 is not registered with binfmt_misc"
    fi
}

# roots_tarball ARCH [CACHE]: the path of the cached root of ARCH (it may not exist yet). The
# name is keyed by the suite, the architecture and the package list.
roots_tarball() {
    local arch=$1 cache=${2:-$ROOTS_CACHE} key
    key=$(printf '%s %s %s' "$ROOTS_SUITE" "$arch" "$ROOTS_PACKAGES" | sha256sum | cut -c1-12)
    printf '%s\n' "$cache/$ROOTS_SUITE-$arch-$key.tar"
}

# roots_make ARCH CACHE ROOT LOG: ROOT (absent or empty) becomes a Debian root of ARCH, from
# the cached tarball, or debootstrapped (its log in LOG) and then cached.
roots_make() {
    local arch=$1 cache=$2 root=$3 log=$4 tarball t0=$SECONDS
    tarball=$(roots_tarball "$arch" "$cache")
    mkdir -p "$cache" "$root"
    if [[ ! -e $tarball ]]; then
        say "debootstrap $ROOTS_SUITE for $arch (cached afterwards in $tarball)"
        debootstrap --variant=minbase --arch="$arch" --include="$ROOTS_PACKAGES" \
            "$ROOTS_SUITE" "$root" >"$log" 2>&1 || die "debootstrap failed: see $log"
        tar -C "$root" -cf "$tarball.part" . && mv "$tarball.part" "$tarball" ||
            die "cannot write the cached root $tarball"
        say "root built in $((SECONDS - t0)) s"
    else
        tar -C "$root" -xf "$tarball" || die "cannot unpack the cached root $tarball"
        say "root from the cache: $tarball"
    fi
}

# roots_network ROOT: DNS and pip's settings of this machine inside ROOT, before pip runs in
# it: a certificate authority of its network or a mirror apply in the root too, as they would
# on the maker's network.
roots_network() {
    local root=$1 host_ca index
    cp /etc/resolv.conf "$root/etc/resolv.conf" || die "cannot copy /etc/resolv.conf into $root"
    host_ca=${PIP_CERT:-$(pip3 config get global.cert 2>/dev/null || true)}
    index=${PIP_INDEX_URL:-$(pip3 config get global.index-url 2>/dev/null || true)}
    {
        echo "[global]"
        if [[ -n $host_ca && -r $host_ca ]]; then
            cp "$host_ca" "$root/etc/refbox-test-ca.crt"
            echo "cert = /etc/refbox-test-ca.crt"
        fi
        if [[ -n $index ]]; then echo "index-url = $index"; fi
    } >"$root/etc/pip.conf"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then  # run, not sourced
    set -euo pipefail
    usage() { sed -n '10,18s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }
    ((EUID == 0)) || die "must run as root (debootstrap, binfmt_misc): sudo $0 $*"
    command=${1:-}
    shift || true
    arch=$(dpkg --print-architecture 2>/dev/null || echo amd64)
    cache=$ROOTS_CACHE
    root=
    if [[ $command == tools || $command == tarball || $command == root ]]; then
        while (($#)); do
            case $1 in
                --arch) arch=${2:?--arch needs amd64 or arm64}; shift 2 ;;
                --cache) cache=${2:?--cache needs a folder}; shift 2 ;;
                -*) die "unknown argument: $1 (see --help)" ;;
                *) root=$1; shift ;;
            esac
        done
        [[ $arch == amd64 || $arch == arm64 ]] || die "--arch $arch: amd64 or arm64"
    fi
    case $command in
        tools) roots_tools "$arch" ;;
        tarball) roots_tarball "$arch" "$cache" ;;
        root)
            [[ -n $root ]] || die "root: which folder? (see --help)"
            if [[ -d $root && -n $(ls -A "$root") ]]; then die "$root is not empty"; fi
            roots_tools "$arch"
            roots_make "$arch" "$cache" "$root" "${root%/}.debootstrap.log"
            roots_tarball "$arch" "$cache"
            ;;
        network)
            [[ -d ${1:-} ]] || die "network: ROOT must be a folder (see --help)"
            roots_network "$1"
            ;;
        -h | --help) usage ;;
        *) usage >&2; die "unknown command: '$command'" ;;
    esac
fi
