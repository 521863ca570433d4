"""Sound effects synthesised with Web Audio at run time: no sound files.

`RECIPES` describes each effect as notes (pure data, tested in CPython);
`WebAudio` plays them in the browser.  Nothing sounds before the player's
first click or key press (browsers refuse audio before a gesture), and any
failure of the audio system silences the game instead of breaking it.
"""

# (frequency Hz, start s, duration s, wave, peak gain, frequency at the end or 0)
RECIPES = {
    "select": [(880, 0, 0.05, "triangle", 0.12, 0)],
    "place": [(180, 0, 0.14, "sine", 0.5, 70), (1800, 0, 0.02, "square", 0.04, 0)],
    "flip": [(480, 0, 0.13, "triangle", 0.22, 1150)],
    "shift": [(160, 0, 0.3, "sawtooth", 0.08, 420)],
    "break": [
        (330, 0, 0.22, "square", 0.12, 220),
        (415, 0, 0.22, "square", 0.1, 277),
        (90, 0, 0.25, "sine", 0.5, 45),
    ],
    "critical": [
        (523, 0, 0.1, "triangle", 0.22, 0),
        (659, 0.08, 0.1, "triangle", 0.22, 0),
        (784, 0.16, 0.1, "triangle", 0.22, 0),
        (1047, 0.24, 0.28, "triangle", 0.22, 0),
    ],
    "bonus": [
        (659, 0, 0.08, "square", 0.08, 0),
        (784, 0.07, 0.08, "square", 0.08, 0),
        (988, 0.14, 0.08, "square", 0.08, 0),
        (1319, 0.21, 0.3, "square", 0.08, 0),
    ],
    "teatime": [
        (784, 0, 0.9, "sine", 0.18, 0),
        (988, 0.12, 0.9, "sine", 0.15, 0),
        (1175, 0.24, 1.0, "sine", 0.13, 0),
    ],
    "win": [
        (523, 0, 0.12, "triangle", 0.25, 0),
        (659, 0.12, 0.12, "triangle", 0.25, 0),
        (784, 0.24, 0.12, "triangle", 0.25, 0),
        (1047, 0.36, 0.5, "triangle", 0.25, 0),
        (784, 0.36, 0.5, "sine", 0.12, 0),
    ],
    "lose": [
        (392, 0, 0.25, "triangle", 0.22, 0),
        (330, 0.22, 0.25, "triangle", 0.22, 0),
        (262, 0.44, 0.6, "triangle", 0.22, 196),
    ],
    "draw": [(440, 0, 0.2, "sine", 0.2, 0), (440, 0.25, 0.35, "sine", 0.2, 0)],
}


def duration(name: str) -> float:
    """Seconds until the last note of an effect has ended."""
    end = 0.0
    for note in RECIPES.get(name, []):
        end = max(end, note[1] + note[2])
    return end


class WebAudio:
    """Plays `RECIPES` through one lazily created AudioContext."""

    def __init__(self, js) -> None:
        self.js = js
        self.ctx = None
        self.unlocked = False
        self.broken = False

    def unlock(self) -> None:
        """Called on the player's first gesture: audio may start from now on."""
        self.unlocked = True
        if self.ctx is not None:
            try:
                if str(self.ctx.state) == "suspended":
                    self.ctx.resume()
            except Exception:  # some browsers refuse; the game stays silent
                self.broken = True

    def play(self, name: str) -> None:
        if not self.unlocked or self.broken:
            return
        notes = RECIPES.get(name)
        if not notes:
            return
        try:
            ctx = self.context()
            now = ctx.currentTime + 0.01
            for freq, start, length, wave, peak, slide in notes:
                osc = ctx.createOscillator()
                gain = ctx.createGain()
                osc.type = wave
                t0 = now + start
                osc.frequency.setValueAtTime(freq, t0)
                if slide:
                    osc.frequency.exponentialRampToValueAtTime(slide, t0 + length)
                gain.gain.setValueAtTime(0.0001, t0)
                gain.gain.exponentialRampToValueAtTime(peak, t0 + 0.01)
                gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(t0)
                osc.stop(t0 + length + 0.02)
        except Exception:  # no audio device or API: play on in silence
            self.broken = True

    def context(self):
        if self.ctx is None:
            cls = getattr(self.js, "AudioContext", None) or getattr(
                self.js, "webkitAudioContext", None
            )
            self.ctx = cls.new()
        return self.ctx
