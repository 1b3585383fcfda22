#!/usr/bin/env bash
# Virtual audio devices for tests and demos, no sound card needed: a PulseAudio daemon with
#   - a microphone: module-pipe-source reading s16le 16 kHz mono from a FIFO
#     (writing a WAV's samples into the FIFO = someone speaking into the microphone;
#      the source only advances while something writes, so keep writing silence between words:
#      `scripts/virtual_audio.sh speak F.wav` or jarvis_tui.audio.wavsource.FifoMicFeeder do that)
#   - a speaker: module-null-sink; record its monitor source to hear what the assistant said.
# PortAudio (sounddevice) sees them through ALSA's `pulse` / `default` devices.
#
# Usage (executed or sourced; sourcing exports the variables into your shell):
#   scripts/virtual_audio.sh start     idempotent, quick; prints the exports
#   scripts/virtual_audio.sh status
#   scripts/virtual_audio.sh stop
#   scripts/virtual_audio.sh speak F.wav   play a WAV into the microphone (real time, with silence around)
# Exports: PULSE_SERVER, JARVIS_TEST_PULSE_DIR, JARVIS_TEST_MIC_FIFO, JARVIS_TEST_MIC_SOURCE,
#          JARVIS_TEST_SPEAKER_SINK, JARVIS_TEST_SPEAKER_MONITOR, JARVIS_VIRTUAL_AUDIO=1.
# When the devices cannot start (no pulseaudio), it says why, exports JARVIS_VIRTUAL_AUDIO_ERROR
# and returns 1; the audio tests skip with that reason.

_jva_dir="${JARVIS_TEST_PULSE_DIR:-${TMPDIR:-/tmp}/jarvis-pulse-$(id -u)}"
_jva_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

_jva_export() {
  export JARVIS_TEST_PULSE_DIR="$_jva_dir"
  export PULSE_SERVER="unix:$_jva_dir/native"
  export JARVIS_TEST_MIC_FIFO="$_jva_dir/mic.fifo"
  export JARVIS_TEST_MIC_SOURCE="jarvis_mic"
  export JARVIS_TEST_SPEAKER_SINK="jarvis_speaker"
  export JARVIS_TEST_SPEAKER_MONITOR="jarvis_speaker.monitor"
}

_jva_running() {
  PULSE_SERVER="unix:$_jva_dir/native" timeout 3 pactl list short sources 2>/dev/null | grep -q "jarvis_mic"
}

_jva_fail() {
  export JARVIS_VIRTUAL_AUDIO_ERROR="$1"
  unset JARVIS_VIRTUAL_AUDIO
  echo "[virtual-audio] cannot start: $1" >&2
  return 1
}

_jva_start() {
  if _jva_running; then
    _jva_export
    export JARVIS_VIRTUAL_AUDIO=1
    unset JARVIS_VIRTUAL_AUDIO_ERROR
    echo "[virtual-audio] already running ($PULSE_SERVER)"
    return 0
  fi
  command -v pulseaudio >/dev/null 2>&1 || { _jva_fail "pulseaudio is not installed (apt-get install pulseaudio pulseaudio-utils libasound2-plugins libportaudio2)"; return 1; }
  command -v pactl >/dev/null 2>&1 || { _jva_fail "pactl is not installed (apt-get install pulseaudio-utils)"; return 1; }
  mkdir -p "$_jva_dir" && chmod 700 "$_jva_dir"
  # a stale daemon of ours (socket gone, process left) would hold the pid file
  if [ -f "$_jva_dir/pid" ]; then
    kill "$(cat "$_jva_dir/pid")" 2>/dev/null || true
    rm -f "$_jva_dir/pid"
  fi
  rm -f "$_jva_dir/native"
  rm -f "$_jva_dir/mic.fifo"   # module-pipe-source creates the FIFO itself
  # -n: no default.pa (no hardware probing); root needs no --system with its own runtime dir;
  # --exit-idle-time=-1: stays up between test runs; anonymous auth on a private (0700) socket.
  PULSE_RUNTIME_PATH="$_jva_dir" PULSE_STATE_PATH="$_jva_dir" HOME="${HOME:-$_jva_dir}" \
    timeout 15 pulseaudio --daemonize=yes -n --exit-idle-time=-1 --use-pid-file=yes \
      --disable-shm=yes --log-target="file:$_jva_dir/pulseaudio.log" \
      --load="module-native-protocol-unix auth-anonymous=1 socket=$_jva_dir/native" \
      --load="module-null-sink sink_name=jarvis_speaker rate=16000 channels=1 sink_properties=device.description=Jarvis_virtual_speaker" \
      --load="module-pipe-source source_name=jarvis_mic file=$_jva_dir/mic.fifo format=s16le rate=16000 channels=1 source_properties=device.description=Jarvis_virtual_microphone" \
      >>"$_jva_dir/start.log" 2>&1
  local rc=$? i
  if [ $rc -ne 0 ]; then
    _jva_fail "pulseaudio exited with $rc (see $_jva_dir/pulseaudio.log)"; return 1
  fi
  for i in 1 2 3 4 5 6 7 8 9 10; do
    _jva_running && break
    sleep 0.2
  done
  _jva_running || { [ -f "$_jva_dir/pid" ] && kill "$(cat "$_jva_dir/pid")" 2>/dev/null
    _jva_fail "pulseaudio started but the virtual devices are not there (see $_jva_dir/pulseaudio.log)"; return 1; }
  PULSE_SERVER="unix:$_jva_dir/native" pactl set-default-source jarvis_mic >/dev/null 2>&1
  PULSE_SERVER="unix:$_jva_dir/native" pactl set-default-sink jarvis_speaker >/dev/null 2>&1
  _jva_export
  export JARVIS_VIRTUAL_AUDIO=1
  unset JARVIS_VIRTUAL_AUDIO_ERROR
  echo "[virtual-audio] started: PULSE_SERVER=$PULSE_SERVER mic FIFO=$JARVIS_TEST_MIC_FIFO monitor=$JARVIS_TEST_SPEAKER_MONITOR"
}

_jva_stop() {
  if [ -f "$_jva_dir/pid" ]; then
    kill "$(cat "$_jva_dir/pid")" 2>/dev/null || true
    rm -f "$_jva_dir/pid"
    echo "[virtual-audio] stopped"
  else
    echo "[virtual-audio] not running"
  fi
  unset JARVIS_VIRTUAL_AUDIO
}

_jva_main() {
  case "${1:-start}" in
    start) _jva_start ;;
    stop) _jva_stop ;;
    status)
      if _jva_running; then
        _jva_export
        echo "[virtual-audio] running: PULSE_SERVER=$PULSE_SERVER"
        PULSE_SERVER="unix:$_jva_dir/native" pactl list short sources
        PULSE_SERVER="unix:$_jva_dir/native" pactl list short sinks
      else
        echo "[virtual-audio] not running"; return 1
      fi ;;
    speak)
      [ -n "${2:-}" ] || { echo "usage: $0 speak F.wav" >&2; return 2; }
      _jva_running || { echo "[virtual-audio] not running: $0 start" >&2; return 1; }
      "$_jva_root/.venv/bin/python" -m jarvis_tui.audio.wavsource speak "$2" --fifo "$_jva_dir/mic.fifo" ;;
    *) echo "usage: $0 start|stop|status|speak F.wav" >&2; return 2 ;;
  esac
}

_jva_main "$@"
_jva_rc=$?
# shellcheck disable=SC2317
return $_jva_rc 2>/dev/null || exit $_jva_rc
