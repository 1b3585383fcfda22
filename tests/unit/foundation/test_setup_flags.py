"""The llama.cpp build flags follow the CPU's flags; AMX is always off (it crashes on VMs that
report it without supporting it)."""
import importlib.util
from pathlib import Path

spec = importlib.util.spec_from_file_location(
    "llama_cmake_args", Path(__file__).resolve().parents[3] / "scripts" / "llama_cmake_args.py")
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)

AMX_BOX = "flags\t\t: fpu sse sse2 avx avx2 fma f16c bmi2 avx512f avx512_vnni avx512_bf16 avx512vbmi amx_tile amx_int8 amx_bf16\n"
AVX2_BOX = "flags\t\t: fpu sse sse2 avx avx2 fma f16c bmi2\n"


def test_amx_machine_gets_avx512_but_never_amx():
    args = mod.cmake_args("x86_64", AMX_BOX)
    assert "-DGGML_NATIVE=OFF" in args
    for on in ("AVX", "AVX2", "FMA", "F16C", "AVX512", "AVX512_VNNI", "AVX512_BF16", "AVX512_VBMI"):
        assert f"-DGGML_{on}=ON" in args
    for off in ("AMX_TILE", "AMX_INT8", "AMX_BF16"):
        assert f"-DGGML_{off}=OFF" in args


def test_avx2_machine_gets_no_avx512():
    args = mod.cmake_args("x86_64", AVX2_BOX)
    assert "-DGGML_AVX2=ON" in args and "-DGGML_AVX512=OFF" in args and "-DGGML_AVX512_VNNI=OFF" in args


def test_arm_uses_the_native_build():
    assert "-DGGML_NATIVE=OFF" not in mod.cmake_args("aarch64", None)
