"""A short run of the /signal fuzzer (bench/signal_fuzz.py) against a ``python -m peer`` process:
random and hostile frames, binary, oversized and over-the-cap frames, floods, real rooms,
half-open sockets and connections dropped without a close frame. The process ends alive and
serving, with no connection, no room and no file descriptor left over, and its memory near where
it was after a warm-up round (a leak check; the figures of a long run are bench/signal_fuzz.py's).
"""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path

from concurrent.futures import ThreadPoolExecutor

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("signal_fuzz", ROOT / "bench" / "signal_fuzz.py")
signal_fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(signal_fuzz)


def run(coro):
    """On its own loop in a worker thread (a browser test's Playwright may hold this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coro, 90)).result()


def test_fuzzed_signal_process_survives_and_releases_everything():
    proc, port = signal_fuzz.start_server()
    try:
        async def main():
            await signal_fuzz.fuzz(port, 1, 20, seed=101)  # warm-up
            await signal_fuzz.settle(port)
            warm_rss, warm_fds = signal_fuzz.rss_mib(proc.pid), signal_fuzz.open_fds(proc.pid)
            stats = await signal_fuzz.fuzz(port, 3, 25, seed=7)
            assert proc.poll() is None, "the server died"
            info = await signal_fuzz.settle(port)
            assert (info["connections"], info["rooms"]) == (0, 0), info
            await signal_fuzz.still_serves(port)
            info = await signal_fuzz.settle(port)
            assert info["ok"] and (info["connections"], info["rooms"]) == (0, 0), info
            assert signal_fuzz.open_fds(proc.pid) <= warm_fds + 1  # every socket was released
            growth = signal_fuzz.rss_mib(proc.pid) - warm_rss
            assert growth < 16, f"RSS grew {growth:.1f} MiB"
            return stats

        stats = run(main())
        assert {"garbage", "flood", "room", "half-headers", "half-frame"} <= set(stats), stats
    finally:
        proc.terminate()
        proc.wait(10)
