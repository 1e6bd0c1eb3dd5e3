"""The built parlor wheel inside Pyodide (Node.js, node_modules/pyodide, local files only).

Runs pytest on tests/rules/ and tests/ai/ inside Pyodide through run_in_pyodide.mjs, with the pure-Python
wheels of pytest and hypothesis that scripts/setup.sh downloads to .cache/pyodide-wheels/, on the
standard library the site ships (compiled at build time: runtime/pyodide/python_stdlib.zip).
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"
DEPS = Path(os.environ.get("PARLOR_PYODIDE_WHEELS", ROOT / ".cache" / "pyodide-wheels"))
SUITES = ["rules", "ai"]  # pure-Python suites that must pass inside Pyodide too

pytestmark = pytest.mark.pyodide


def has_tests(directory: Path) -> bool:
    return directory.is_dir() and any(directory.rglob("test_*.py"))


def run_pytest_in_pyodide(site: Path, tests: Path, *pytest_args: str, timeout: float = 900):
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.skip("node_modules/pyodide missing (npm ci)")
    if not any(DEPS.glob("pytest-*.whl")):
        pytest.fail(f"no pytest wheel in {DEPS}: run scripts/setup.sh")
    cmd = ["node", str(RUNNER), "--wheel", str(site / "wheels" / "parlor.whl"),
           "--stdlib", str(site / "runtime" / "pyodide" / "python_stdlib.zip"),
           "--deps", str(DEPS), "--tests", str(tests), "--", "-q", "-rfEs", *pytest_args]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    print(done.stdout)   # pytest's own summary from inside Pyodide (shown with -s or on failure)
    print(done.stderr)
    return done


@pytest.mark.parametrize("suite", SUITES)
def test_suite_in_pyodide(site_dir, suite):
    tests = ROOT / "tests" / suite
    if not has_tests(tests):
        pytest.skip(f"tests/{suite}/ holds no tests yet")
    done = run_pytest_in_pyodide(site_dir, tests)
    if done.returncode == 5:
        pytest.skip(f"pytest collected no tests in tests/{suite}/ inside Pyodide")
    assert "refused network" not in done.stderr, "Pyodide tried to reach the network"
    assert done.returncode == 0, f"pytest inside Pyodide exited {done.returncode}"
