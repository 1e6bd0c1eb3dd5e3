"""The page (MicroPython on the main thread): renders at once, then talks to the engine worker.

Placeholder home screen for the infrastructure; the game UI replaces ``render_home``.
Timing marks for bench/startup.py: ``parlor-home`` (home rendered) and
``parlor-engine-ready`` (the engine worker answered).
"""

import json

from pyscript import document, window, workers


def set_status(text, state):
    status = document.getElementById("status")
    status.textContent = text
    status.dataset.state = state


def render_home():
    home = document.getElementById("home")
    home.innerHTML = ""
    card = document.createElement("div")
    card.className = "card"
    card.textContent = "Games arrive here soon."
    home.appendChild(card)
    set_status("Engine starting…", "loading")
    window.performance.mark("parlor-home")


async def start_engine():
    try:
        engine = await workers["engine"]
        info = json.loads(await engine.hello())
    except Exception as err:  # the page stays usable; say what failed
        set_status("Engine failed: " + str(err), "error")
        return None
    window.performance.mark("parlor-engine-ready")
    window.dispatchEvent(window.CustomEvent.new("parlor:engine-ready"))
    set_status("Engine ready · parlor " + info["parlor"] + " · Python " + info["python"], "ready")
    document.body.dataset.engine = "ready"
    return info


render_home()
await start_engine()
