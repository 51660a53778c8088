"""Run a command under a seccomp filter equivalent to systemd's MemoryDenyWriteExecute=yes.

    python mdwe_exec.py PROGRAM [ARG...]

systemd 252 implements MemoryDenyWriteExecute= with seccomp: mmap() asking for memory both
writable and executable, mprotect()/pkey_mprotect() adding PROT_EXEC, and shmat(SHM_EXEC)
fail with EPERM. This installs the same rules (a classic BPF program, x86-64 or arm64) with
no_new_privs set, then execs PROGRAM, which keeps the filter for good.
"""

from __future__ import annotations

import ctypes
import os
import platform
import struct
import sys

# audit architecture, then syscall numbers of mmap, mprotect, pkey_mprotect, shmat.
ARCHES = {
    "x86_64": (0xC000003E, 9, 10, 329, 30),
    "aarch64": (0xC00000B7, 222, 226, 288, 196),
}
PROT_WRITE, PROT_EXEC, SHM_EXEC = 0x2, 0x4, 0x8000
PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
LD_W_ABS, JEQ_K, JSET_K, AND_K, RET_K = 0x20, 0x15, 0x45, 0x54, 0x06
ALLOW, EPERM = 0x7FFF0000, 0x00050000 | 1
ARCH_OFFSET, NR_OFFSET, ARG2_OFFSET = 4, 0, 32  # struct seccomp_data, little endian


def insn(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("HBBI", code, jt, jf, k)


def program(machine: str) -> list[bytes]:
    audit, mmap, mprotect, pkey_mprotect, shmat = ARCHES[machine]
    return [
        insn(LD_W_ABS, 0, 0, ARCH_OFFSET),  # 0
        insn(JEQ_K, 1, 0, audit),  # 1: another ABI: allow (SystemCallArchitectures= is apart)
        insn(RET_K, 0, 0, ALLOW),  # 2
        insn(LD_W_ABS, 0, 0, NR_OFFSET),  # 3
        insn(JEQ_K, 4, 0, mmap),  # 4 -> 9
        insn(JEQ_K, 6, 0, mprotect),  # 5 -> 12
        insn(JEQ_K, 5, 0, pkey_mprotect),  # 6 -> 12
        insn(JEQ_K, 6, 0, shmat),  # 7 -> 14
        insn(RET_K, 0, 0, ALLOW),  # 8
        insn(LD_W_ABS, 0, 0, ARG2_OFFSET),  # 9: mmap's prot
        insn(AND_K, 0, 0, PROT_WRITE | PROT_EXEC),  # 10
        insn(JEQ_K, 5, 4, PROT_WRITE | PROT_EXEC),  # 11 -> 17 deny, 16 allow
        insn(LD_W_ABS, 0, 0, ARG2_OFFSET),  # 12: mprotect's prot
        insn(JSET_K, 3, 2, PROT_EXEC),  # 13 -> 17 deny, 16 allow
        insn(LD_W_ABS, 0, 0, ARG2_OFFSET),  # 14: shmat's flags
        insn(JSET_K, 1, 0, SHM_EXEC),  # 15 -> 17 deny, 16 allow
        insn(RET_K, 0, 0, ALLOW),  # 16
        insn(RET_K, 0, 0, EPERM),  # 17
    ]


class SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_char_p)]


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    code = program(platform.machine())
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS)")
    fprog = SockFprog(len(code), b"".join(code))
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP)")
    os.execv(argv[1], argv[1:])
    return 127  # not reached: execv replaces this process


if __name__ == "__main__":
    sys.exit(main(sys.argv))
