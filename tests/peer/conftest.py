"""In-process tests of the server import the ``peer`` package from the checkout.

The root is appended (not prepended) to sys.path: the checkout's py/ must not shadow pytest's
``py``, and a regular package (peer/) wins over the namespace package this tests/peer/ would be.
"""

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.append(ROOT)
