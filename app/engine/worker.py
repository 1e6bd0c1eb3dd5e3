"""The engine worker's script: PyScript runs it from source in the named worker "engine"
(public/index.html), compiling it at every start, so it only puts the worker's zips on sys.path
and exports app/engine/engine.py's functions, which come compiled from wheels/engine.zip."""

import os
import sys

# The worker's `files` are zips written beside this script, not unpacked: Python imports the
# parlor wheel's modules, the engine's and the shared ones (with their build-time bytecode) and segno
# straight from them.
sys.path[0:0] = [os.path.abspath(zip_name) for zip_name in ("engine.zip", "segno.whl")
                 if os.path.isfile(zip_name)]

from engine import *  # noqa: E402,F403
from engine import __export__  # noqa: E402,F401
