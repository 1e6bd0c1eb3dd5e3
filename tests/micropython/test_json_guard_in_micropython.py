"""app/shared/json_guard.py in the page's MicroPython (the site's build, under Node.js): the same
outcome for every case of tests/app/json_guard_cases.py as under CPython (and Pyodide), though
MicroPython's json module differs (no NaN, no joined surrogate pairs, a parser that does not
recurse, lenient syntax)."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "micropython" / "run_in_micropython.mjs"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"

sys.path.insert(0, str(ROOT / "app"))
sys.path.insert(0, str(ROOT / "tests" / "app"))
import json_guard_cases  # noqa: E402


def run(code):
    if shutil.which("node") is None or not MICROPYTHON.is_file():
        pytest.skip("node or node_modules/@micropython missing (npm ci)")
    done = subprocess.run(["node", str(RUNNER), "--module", str(ROOT / "app" / "shared" / "json_guard.py"),
                           "--module", str(ROOT / "tests" / "app" / "json_guard_cases.py"),
                           "--code", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_every_case_comes_out_as_under_cpython():
    outcomes = json.loads(run("import json_guard_cases\nprint(json_guard_cases.report())"))
    assert len(outcomes) == len(json_guard_cases.CASES)
    for index, (text, _) in enumerate(json_guard_cases.CASES):
        want = json_guard_cases.expected(index)
        assert outcomes[index] == want, (repr(text)[:80], outcomes[index], want)
        assert json_guard_cases.outcome(text) == want  # CPython: the same


def test_micropythons_own_json_is_what_the_guard_makes_up_for():
    """Why the guard reads numbers and surrogates itself: MicroPython's json.loads turns 1e400
    into inf and keeps the halves of a surrogate pair apart, and its json.dumps writes `nan`."""
    out = run("import json\n"
              "print(json.loads('1e400'), [hex(ord(c)) for c in json.loads('\"\\\\ud83d\\\\ude00\"')])\n"
              "print(json.dumps(float('nan')))\n"
              "import json_guard\n"
              "print([hex(ord(c)) for c in json_guard.loads('\"\\\\ud83d\\\\ude00\"')])")
    assert out.split("\n")[:3] == ["inf ['0xd83d', '0xde00']", "nan", "['0x1f600']"]
