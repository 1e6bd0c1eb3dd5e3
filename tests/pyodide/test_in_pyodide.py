"""The built parlor wheel inside Pyodide (Node.js, node_modules/pyodide, local files only).

Runs pytest on tests/rules/ and tests/ai/ inside Pyodide through run_in_pyodide.mjs, with the pure-Python
wheels of pytest and hypothesis that scripts/setup.sh downloads to .cache/pyodide-wheels/, on the
standard library the site ships (compiled at build time: runtime/pyodide/python_stdlib.zip); and
the engine's hostile-input tests of tests/app/ on the engine worker's own modules
(wheels/engine.zip).

Each suite runs in parts, one Pyodide a part, so the test workers share the load; inside
Pyodide each Hypothesis test draws a quarter of its examples (tests/pyodide/fewer_examples.py).
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"
DEPS = Path(os.environ.get("PARLOR_PYODIDE_WHEELS", ROOT / ".cache" / "pyodide-wheels"))
FEWER_EXAMPLES = ROOT / "tests" / "pyodide" / "fewer_examples.py"


def crosschecks(name: str) -> bool:
    return name.endswith("_crosscheck.py")


def contract(name: str) -> bool:
    return name in ("test_contract.py", "test_golden.py")


# The pure-Python suites that must pass inside Pyodide too, in parts of similar length: a part is
# (directory, which of its test files).
PARTS = {
    "rules-contract": ("rules", contract),
    "rules-crosscheck": ("rules", crosschecks),
    "rules-games": ("rules", lambda name: not contract(name) and not crosschecks(name)),
    # The arena and the C stand-in engine are bench/ tools, CPython only.
    "ai": ("ai", lambda name: name not in ("test_arena.py", "test_ataxx_ref.py")),
}
# tests/app/ files run inside Pyodide on wheels/engine.zip: the engine against hostile JSON, where
# json.loads on deep nesting is a fatal error (a JavaScript stack overflow), not a RecursionError.
ENGINE_TESTS = ["test_json_guard.py", "test_hostile_json.py"]

pytestmark = pytest.mark.pyodide


def run_pytest_in_pyodide(site: Path, tests: Path, *pytest_args: str, timeout: float = 900,
                          zips: tuple[Path, ...] = (), only: tuple[str, ...] = (),
                          plugins: tuple[Path, ...] = ()):
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.skip("node_modules/pyodide missing (npm ci)")
    if not any(DEPS.glob("pytest-*.whl")):
        pytest.fail(f"no pytest wheel in {DEPS}: run scripts/setup.sh")
    cmd = ["node", str(RUNNER), "--wheel", str(site / "wheels" / "parlor.whl"),
           "--stdlib", str(site / "runtime" / "pyodide" / "python_stdlib.zip"),
           "--deps", str(DEPS), "--tests", str(tests),
           *[arg for zip_ in zips for arg in ("--zip", str(zip_))],
           *[arg for name in only for arg in ("--only", name)],
           *[arg for plugin in plugins for arg in ("--plugin", str(plugin))],
           "--", "-q", "-rfEs", *pytest_args]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    print(done.stdout)   # pytest's own summary from inside Pyodide (shown with -s or on failure)
    print(done.stderr)
    return done


@pytest.mark.parametrize("part", PARTS)
def test_suite_in_pyodide(site_dir, part):
    suite, wanted = PARTS[part]
    tests = ROOT / "tests" / suite
    files = sorted(path.name for path in tests.glob("test_*.py") if wanted(path.name))
    if not files:
        pytest.skip(f"tests/{suite}/ holds no tests of part {part} yet")
    done = run_pytest_in_pyodide(site_dir, tests, only=tuple(files), plugins=(FEWER_EXAMPLES,))
    if done.returncode == 5:
        pytest.skip(f"pytest collected no tests of part {part} inside Pyodide")
    assert "refused network" not in done.stderr, "Pyodide tried to reach the network"
    assert done.returncode == 0, f"pytest inside Pyodide exited {done.returncode}"
    assert " passed" in done.stdout


def test_the_engine_against_hostile_json_in_pyodide(site_dir):
    """The host's engine as the worker runs it (wheels/engine.zip, Pyodide's own json): every
    hostile message refused, the engine alive (tests/app/test_hostile_json.py), and the guard's
    cases as under CPython (tests/app/test_json_guard.py)."""
    done = run_pytest_in_pyodide(site_dir, ROOT / "tests" / "app", timeout=300,
                                 zips=(site_dir / "wheels" / "engine.zip",), only=tuple(ENGINE_TESTS))
    assert "fatal" not in done.stdout + done.stderr, "Pyodide suffered a fatal error"
    assert done.returncode == 0, f"pytest inside Pyodide exited {done.returncode}"
    assert " passed" in done.stdout
