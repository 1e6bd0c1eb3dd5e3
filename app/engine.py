"""The engine worker (Pyodide, named PyScript worker "engine").

The only page code that imports ``parlor``. Every exported function takes and returns JSON
strings, so the boundary stays plain data. The page calls it from MicroPython with
``engine = await workers["engine"]`` then ``await engine.hello()``.
"""

import json
import sys

import parlor


def hello():
    """Say which engine this is: parlor's version and the Python running it."""
    return json.dumps({
        "parlor": parlor.__version__,
        "python": sys.version.split()[0],
        "platform": sys.platform,
    })


__export__ = ["hello"]
