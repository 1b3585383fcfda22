#!/usr/bin/env python3
"""Print the CMAKE_ARGS that build llama.cpp for the CPU this runs on.

A native build (-DGGML_NATIVE=ON) trusts what the CPU reports; on some virtual machines the CPU
reports AMX, the hypervisor does not support it, and the first decode dies with SIGSEGV in
ggml_backend_amx_mul_mat. So native detection is switched off and each instruction set the kernel
lists in /proc/cpuinfo is switched on explicitly; AMX is always off.
"""
from __future__ import annotations

import platform
import sys

# /proc/cpuinfo flag -> ggml CMake option
X86_FLAGS = [
    ("avx", "GGML_AVX"),
    ("avx2", "GGML_AVX2"),
    ("avx_vnni", "GGML_AVX_VNNI"),
    ("fma", "GGML_FMA"),
    ("f16c", "GGML_F16C"),
    ("bmi2", "GGML_BMI2"),
    ("avx512f", "GGML_AVX512"),
    ("avx512_vnni", "GGML_AVX512_VNNI"),
    ("avx512_bf16", "GGML_AVX512_BF16"),
    ("avx512vbmi", "GGML_AVX512_VBMI"),
]
ALWAYS_OFF = ["GGML_AMX_TILE", "GGML_AMX_INT8", "GGML_AMX_BF16", "GGML_CUDA", "GGML_VULKAN"]


def cpu_flags(cpuinfo: str) -> set[str]:
    for line in cpuinfo.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def cmake_args(machine: str, cpuinfo: str | None) -> list[str]:
    common = ["-DLLAMA_BUILD_TESTS=OFF", "-DLLAMA_BUILD_EXAMPLES=OFF", "-DLLAMA_CURL=OFF"]
    if machine not in ("x86_64", "amd64", "AMD64") or cpuinfo is None:
        # ARM (Apple silicon, aarch64) has no AMX trap: the native build is right there.
        return common
    flags = cpu_flags(cpuinfo)
    args = ["-DGGML_NATIVE=OFF", *common]
    for flag, option in X86_FLAGS:
        args.append(f"-D{option}={'ON' if flag in flags else 'OFF'}")
    args += [f"-D{opt}=OFF" for opt in ALWAYS_OFF]
    return args


def main() -> int:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            cpuinfo: str | None = fh.read()
    except OSError:
        cpuinfo = None
    print(" ".join(cmake_args(platform.machine(), cpuinfo)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
