#!/usr/bin/env bash
# Run the test suite: start the virtual audio devices (PulseAudio: a FIFO microphone and a null
# speaker) when this machine can, then pytest. Exit code 5 (no tests collected) counts as failure
# of the set-up, never as success.
set -uo pipefail
cd "$(dirname "$0")/.."
# the linter first (config in pyproject.toml): a finding fails the run like a failing test
if ! .venv/bin/ruff check jarvis_tui commands providers scripts tests; then
  echo "[tests] ruff found problems (run: .venv/bin/ruff check --fix ...)" >&2
  exit 1
fi
if [ -x scripts/virtual_audio.sh ]; then
  # shellcheck disable=SC1091
  source scripts/virtual_audio.sh start || echo "[tests] virtual audio unavailable: audio tests will skip"
fi
.venv/bin/python -m pytest -q -p no:cacheprovider "$@"
rc=$?
if [ $rc -eq 5 ]; then
  echo "[tests] pytest collected no tests" >&2
fi
exit $rc
