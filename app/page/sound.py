"""Small synthesised sound effects (WebAudio, nothing downloaded), with an on/off preference
saved on this device."""

from pyscript import window

KEY = "parlor.sound"
TONES = {  # kind -> [(frequency Hz, start s, length s)]
    "draw": [(660, 0, 0.06)],
    "move": [(440, 0, 0.08)],
    "capture": [(330, 0, 0.09), (220, 0.09, 0.14)],
    "win": [(523, 0, 0.12), (659, 0.12, 0.12), (784, 0.24, 0.2)],
}
_context = []


def enabled():
    return window.localStorage.getItem(KEY) != "off"


def set_enabled(on):
    window.localStorage.setItem(KEY, "on" if on else "off")


def play(kind):
    """Play a short effect, if sound is on and the browser allows audio."""
    if not enabled() or kind not in TONES:
        return
    try:
        if not _context:
            _context.append(window.AudioContext.new())
        ctx = _context[0]
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
