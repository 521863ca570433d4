"""Sound effects synthesised with Web Audio at run time: no sound files.

`RECIPES` describes each effect as notes (pure data, tested in CPython);
`WebAudio` plays them in the browser.  Nothing sounds before the player's
first click or key press (browsers refuse audio before a gesture), and any
failure of the audio system silences the game instead of breaking it.
"""

# A note rises linearly from silence for ATTACK seconds (at most a quarter of
# the note), decays exponentially to SILENT over the note, then fades to zero
# in RELEASE seconds: no step in the level anywhere, so nothing clicks.
ATTACK = 0.006
RELEASE = 0.012
SILENT = 0.0001


def arpeggio(freqs: list, step: float, length: float, last: float, wave: str, gain: float, glide=0):
    """Notes `freqs` one after another every `step` s, each `length` s long.

    The last note is held `last` s and slides to `glide` Hz if that is given.
    """
    notes = []
    for i in range(len(freqs)):
        if i == len(freqs) - 1:
            notes.append((freqs[i], i * step, last, wave, gain, glide))
        else:
            notes.append((freqs[i], i * step, length, wave, gain, 0))
    return notes


# (frequency Hz, start s, duration s, wave, peak gain, frequency at the end or 0).
# Gains are set so that each effect peaks between -6 and -3 dBFS and the
# effects sound about as loud as each other, -22 LUFS or so over their loudest
# 400 ms (see bench/bench_sound.py); the short select tick stays softer.
_WIN = arpeggio([523, 659, 784, 1047], 0.12, 0.12, 0.5, "triangle", 0.357)
_WIN.append((784, 0.36, 0.5, "sine", 0.171, 0))  # the chord's fifth, softly, under the last note

RECIPES = {
    "select": [(880, 0, 0.05, "triangle", 0.54, 0)],
    "place": [(180, 0, 0.14, "sine", 0.67, 70), (1800, 0, 0.02, "square", 0.054, 0)],
    "flip": [(480, 0, 0.13, "triangle", 0.75, 1150)],
    "shift": [(160, 0, 0.3, "sawtooth", 0.7, 420)],
    "break": [
        (330, 0, 0.22, "square", 0.156, 220),
        (415, 0, 0.22, "square", 0.13, 277),
        (90, 0, 0.25, "sine", 0.65, 45),
    ],
    "critical": arpeggio([523, 659, 784, 1047], 0.08, 0.1, 0.28, "triangle", 0.52),
    "bonus": arpeggio([659, 784, 988, 1319], 0.07, 0.08, 0.3, "triangle", 0.51),
    # three long bells: held notes sound louder, so they peak lower than the rest
    "teatime": [
        (784, 0, 0.9, "sine", 0.266, 0),
        (988, 0.12, 0.9, "sine", 0.222, 0),
        (1175, 0.24, 1.0, "sine", 0.192, 0),
    ],
    "win": _WIN,
    "lose": arpeggio([392, 330, 262], 0.22, 0.25, 0.6, "triangle", 0.5, 196),
    "draw": [(440, 0, 0.2, "sine", 0.5, 0), (440, 0.25, 0.35, "sine", 0.5, 0)],
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
                level = gain.gain
                level.setValueAtTime(0, t0)
                level.linearRampToValueAtTime(peak, t0 + min(ATTACK, length / 4))
                level.exponentialRampToValueAtTime(SILENT, t0 + length)
                level.linearRampToValueAtTime(0, t0 + length + RELEASE)
                osc.connect(gain)
                gain.connect(ctx.destination)
                osc.start(t0)
                osc.stop(t0 + length + RELEASE + 0.01)
        except Exception:  # no audio device or API: play on in silence
            self.broken = True

    def context(self):
        if self.ctx is None:
            cls = getattr(self.js, "AudioContext", None) or getattr(
                self.js, "webkitAudioContext", None
            )
            self.ctx = cls.new()
        return self.ctx
