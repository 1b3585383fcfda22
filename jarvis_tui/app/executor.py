"""The executor behind the app's thread workers: one daemon thread per job.

Textual runs thread workers on the event loop's default executor. A ThreadPoolExecutor's threads
are joined when the loop closes and again at interpreter exit, so quitting while the LLM loads or
generates would wait for it (a minute on a busy two-core machine). Daemon threads let the app quit
at once; the audio threads are stopped explicitly before that (VoiceLoop.stop)."""
from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable


class DaemonThreadExecutor(ThreadPoolExecutor):
    def __init__(self) -> None:
        super().__init__(max_workers=1, thread_name_prefix="jarvis-worker")
        self._jobs = 0
        self._count_lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        future: Future = Future()
        with self._count_lock:
            self._jobs += 1
            name = f"jarvis-worker-{self._jobs}"

        def run() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                future.set_result(fn(*args, **kwargs))
            except BaseException as exc:  # noqa: BLE001 - handed to the awaiting worker
                future.set_exception(exc)

        threading.Thread(target=run, name=name, daemon=True).start()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Nothing to join: the jobs run on daemon threads that end with the process."""
        super().shutdown(wait=False, cancel_futures=cancel_futures)
