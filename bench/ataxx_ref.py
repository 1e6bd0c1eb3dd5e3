"""A stand-in for "a dedicated Ataxx engine searching at fixed depth D": bench/ataxx_ref.c,
driven through a pipe.

The engine is C (plain alpha-beta to exactly D plies, iterative deepening, a transposition
table, captures first; leaves scored by material, optionally plus SAFE per piece that no empty
square touches; see its header). It is compiled here with `gcc -O2` the first time it is needed,
into the system's temporary folder (`parlor-ataxx-ref-<hash of the source>/`, outside the
checkout); without gcc, `available()` is False and `choose` raises SystemExit. Each process
keeps one engine running and sends it a line per move (`move DEPTH SAFE FEN`).

Player spec (bench/arena.py, bench/ataxx_hard.py): `ref:D` (material only) or `ref:D,SAFE`.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

SOURCE = Path(__file__).resolve().with_suffix(".c")
_ENGINES: dict[int, subprocess.Popen] = {}


def binary() -> Path | None:
    """The compiled engine (built on first use), or None without gcc."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    code = SOURCE.read_bytes()
    home = Path(tempfile.gettempdir()) / f"parlor-ataxx-ref-{hashlib.sha1(code).hexdigest()[:10]}"
    path = home / "ataxx_ref"
    if not path.is_file():
        home.mkdir(exist_ok=True)
        scratch = home / f"build-{os.getpid()}"
        subprocess.run([gcc, "-O2", "-std=c99", "-o", str(scratch), str(SOURCE)], check=True)
        scratch.replace(path)  # atomic: parallel workers may race here
    return path


def available() -> bool:
    return binary() is not None


def parse(text: str) -> tuple[int, int]:
    """(depth, safe) of a spec's argument `D` or `D,SAFE`."""
    depth, _, safe = text.partition(",")
    try:
        result = int(depth), int(safe or 0)
    except ValueError:
        raise SystemExit(f"ref:D or ref:D,SAFE takes whole numbers, not {text!r}") from None
    if not 1 <= result[0] <= 60:
        raise SystemExit(f"the reference engine's depth is 1-60, not {result[0]}")
    return result


def ask(line: str) -> str:
    """Send one request to this process's engine; its one-line answer."""
    engine = _ENGINES.get(os.getpid())
    if engine is None:
        path = binary()
        if path is None:
            raise SystemExit("the reference engine needs gcc to compile bench/ataxx_ref.c")
        engine = _ENGINES[os.getpid()] = subprocess.Popen(
            [str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    engine.stdin.write(line + "\n")
    engine.stdin.flush()
    answer = engine.stdout.readline().strip()
    if not answer or answer == "error":
        raise RuntimeError(f"the reference engine refused {line!r}")
    return answer


def choose(state, depth: int, safe: int = 0) -> str:
    """The engine's move in `state` (an AtaxxState, not over) at fixed `depth`."""
    if state.legal_moves() == ["pass"]:
        return "pass"
    return ask(f"move {depth} {safe} {state.fen()}")


def perft(fen: str, depth: int) -> int:
    """The engine's perft (as parlor.rules.ataxx.perft) of a FEN."""
    return int(ask(f"perft {depth} {fen}"))
