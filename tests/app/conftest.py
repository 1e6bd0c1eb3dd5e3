"""The page's pure-Python modules (app/) are importable by their own names, as in the worker."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "app"))
