"""Make `import parlor` work from a checkout without building or installing the package.

If `parlor` is importable (installed, or PYTHONPATH set), nothing happens. Otherwise a symlink
named `parlor` pointing at this checkout's `py/` is made in a temporary directory that is then
put on sys.path.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def ensure_parlor() -> None:
    if importlib.util.find_spec("parlor") is not None:
        return
    tag = hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]
    shim = Path(tempfile.gettempdir()) / f"parlor-shim-{tag}"
    shim.mkdir(exist_ok=True)
    link = shim / "parlor"
    if not link.exists():
        link.symlink_to(ROOT / "py", target_is_directory=True)
    sys.path.insert(0, str(shim))


ensure_parlor()
