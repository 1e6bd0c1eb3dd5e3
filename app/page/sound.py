"""Small synthesised sound effects (WebAudio, nothing downloaded), with an on/off preference
saved on this device.

The audio context is made ahead of the first effect (`prepare`), when the page is idle after a
person's first gesture: making one stalls the page's thread for up to ~100 ms (measured in
Chromium: both the host's and a guest's first move waited for it), and before any gesture a
context could not play anyway (autoplay rules).
"""

from pyscript import window
from pyscript.ffi import create_proxy, to_js

KEY = "parlor.sound"
TONES = {  # kind -> [(frequency Hz, start s, length s)]
    "draw": [(660, 0, 0.06)],
    "move": [(440, 0, 0.08)],
    "capture": [(330, 0, 0.09), (220, 0.09, 0.14)],
    "win": [(523, 0, 0.12), (659, 0.12, 0.12), (784, 0.24, 0.2)],
}
IDLE_TIMEOUT_MS = 2000  # prepare: at the latest this long after the gesture, idle or not
_context = None  # the AudioContext once made; False: none can be made here
_planned = False


def activated():
    """Whether a person has acted on the page, so that a context may play (True where the
    browser cannot say)."""
    navigator = window.navigator
    return not window.Reflect.has(navigator, "userActivation") or navigator.userActivation.hasBeenActive


def prepare():
    """Make the audio context when the page is next idle after a gesture (after this call if
    there was one already), not in the middle of a move's drawing. Once per page."""
    global _planned
    if _context is not None or _planned:
        return
    _planned = True
    make = create_proxy(lambda *_: _context is None and enabled() and _make())

    def soon(*_):
        if window.Reflect.has(window, "requestIdleCallback"):  # not in Safari
            window.requestIdleCallback(make, to_js({"timeout": IDLE_TIMEOUT_MS}))
        else:
            window.setTimeout(make, 0)

    if activated():
        soon()
    else:
        options = to_js({"capture": True, "once": True})
        gesture = create_proxy(soon)
        window.addEventListener("pointerup", gesture, options)
        window.addEventListener("keydown", gesture, options)


def _make():
    global _context
    try:
        _context = window.AudioContext.new()
    except Exception:  # no audio device
        _context = False


def enabled():
    return window.localStorage.getItem(KEY) != "off"


def set_enabled(on):
    window.localStorage.setItem(KEY, "on" if on else "off")


def play(kind):
    """Play a short effect, if sound is on and the browser allows audio."""
    if not enabled() or kind not in TONES or _context is False:
        return
    if _context is None:
        if not activated():
            return  # a context made now could not play
        _make()
    ctx = _context
    try:
        now = ctx.currentTime
        for frequency, start, length in TONES[kind]:
            osc = ctx.createOscillator()
            gain = ctx.createGain()
            osc.frequency.value = frequency
            gain.gain.value = 0.08
            gain.gain.setTargetAtTime(0, now + start + length * 0.6, length / 4)
            osc.connect(gain)
            gain.connect(ctx.destination)
            osc.start(now + start)
            osc.stop(now + start + length)
    except Exception:  # no audio device or not allowed yet: stay silent
        pass
