"""The engine's and the shared modules of app/ are importable by their own names, as in the
worker (app/engine/, app/shared/: see docs/architecture.md, "Layout")."""

import sys
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"
sys.path[0:0] = [str(APP / "engine"), str(APP / "shared")]
