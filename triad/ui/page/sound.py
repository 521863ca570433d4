"""Sound effects and music synthesised with Web Audio at run time: no sound files.

`RECIPES` describes each effect as notes, `music_bar()` the background loop
(pure data, tested in CPython); `WebAudio` plays them in the browser.  Nothing sounds before the player's
first click or key press (browsers refuse audio before a gesture), and any
failure of the audio system silences the game instead of breaking it.
"""

#: False where the page runs (MicroPython has no typing); a type checker reads what it guards.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

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


# The background music: a gentle loop of LOOP_BARS bars in A minor, a soft pad of
# the chords, a plucked bass and a music-box melody over them, well under the
# effects (MUSIC_GAIN scales the whole tune).
TEMPO = 84  # beats a minute
BEAT = 60 / TEMPO
LOOP_BARS = 8
MUSIC_GAIN = 0.1
# One chord a bar (root of the bass, then the pad's three notes), Am F C G Am Dm E Am.
_CHORDS = [
    (110.0, (220.0, 261.63, 329.63)),
    (87.31, (174.61, 220.0, 261.63)),
    (130.81, (196.0, 261.63, 329.63)),
    (98.0, (196.0, 246.94, 293.66)),
    (110.0, (220.0, 261.63, 329.63)),
    (73.42, (174.61, 220.0, 293.66)),
    (82.41, (207.65, 246.94, 329.63)),
    (110.0, (220.0, 261.63, 329.63)),
]
# The melody, bar by bar: (beat in the bar, beats held, frequency).
_MELODY: list[list[tuple[float, float, float]]] = [
    [(0, 1, 659.25), (1, 1, 587.33), (2, 2, 523.25)],
    [(0, 1.5, 440.0), (1.5, 0.5, 523.25), (2, 2, 698.46)],
    [(0, 1, 659.25), (1, 1, 783.99), (2, 1, 659.25), (3, 1, 523.25)],
    [(0, 3, 587.33), (3, 1, 493.88)],
    [(0, 1, 523.25), (1, 1, 659.25), (2, 2, 880.0)],
    [(0, 1, 698.46), (1, 1, 659.25), (2, 2, 587.33)],
    [(0, 1.5, 659.25), (1.5, 0.5, 622.25), (2, 2, 493.88)],
    [(0, 4, 440.0)],
]


def music_bar(i: int) -> list:
    """Bar `i` of the loop as notes, like `RECIPES`' (start s from the bar's start)."""
    bar = bar_length()
    root, pad = _CHORDS[i % LOOP_BARS]
    notes: list[tuple[float, float, float, str, float, int]] = []
    for freq in pad:
        notes.append((freq, 0, bar * 0.98, "sine", 0.11 * MUSIC_GAIN, 0))
    for beat in (0.0, 2.0):
        notes.append((root, beat * BEAT, BEAT * 1.6, "triangle", 0.5 * MUSIC_GAIN, 0))
    for beat, held, freq in _MELODY[i % LOOP_BARS]:
        notes.append((freq, beat * BEAT, held * BEAT, "triangle", 0.3 * MUSIC_GAIN, 0))
    return notes


def bar_length() -> float:
    """Seconds one bar of the music lasts."""
    return 4 * BEAT


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
        self.ctx: Any = None  # the page's AudioContext, made at the first sound
        self.unlocked = False
        self.broken = False
        self.music_wanted = False
        self.music_bus = None  # the music's gain node while it plays
        self.music_next = 0.0  # audio time the next bar starts
        self.music_bar = 0  # which bar of the loop comes next
        self.music_timer = None

    def unlock(self) -> None:
        """Called on the player's gestures: audio may start from the first one on."""
        first = not self.unlocked
        self.unlocked = True
        if self.ctx is not None:
            try:
                if str(self.ctx.state) == "suspended":
                    self.ctx.resume()
            except Exception:  # some browsers refuse; the game stays silent
                self.broken = True
        if first and self.music_wanted:
            self.start_music()

    def set_music(self, on: bool) -> None:
        """Turn the background loop on or off (it waits for the first gesture)."""
        self.music_wanted = on
        if on and self.unlocked:
            self.start_music()
        elif not on:
            self.stop_music()

    def start_music(self) -> None:
        if self.broken or self.music_bus is not None:
            return
        try:
            ctx = self.context()
            bus = ctx.createGain()
            bus.gain.setValueAtTime(0, ctx.currentTime)
            bus.gain.linearRampToValueAtTime(1, ctx.currentTime + 1.5)  # fade in
            bus.connect(ctx.destination)
            self.music_bus = bus
            self.music_next = ctx.currentTime + 0.1
            self.queue_music()
        except Exception:  # no audio: play on in silence
            self.broken = True

    def queue_music(self, *args) -> None:
        """Schedule the next bar (a few notes: a short task), and wake up before it ends."""
        bus = self.music_bus
        if bus is None or self.broken:
            return
        try:
            now = self.ctx.currentTime
            if self.music_next < now:  # the tab slept: carry on from now
                self.music_next = now + 0.05
            self.notes(music_bar(self.music_bar), self.music_next, bus)
            self.music_bar = (self.music_bar + 1) % LOOP_BARS
            self.music_next += bar_length()
            wait_ms = max(50, (self.music_next - now - 1) * 1000)
            self.music_timer = self.js.setTimeout(self.queue_music_proxy(), int(wait_ms))
        except Exception:  # audio failed: silence, never a crash
            self.broken = True

    def queue_music_proxy(self):
        proxy = getattr(self, "_proxy", None)
        if proxy is None:
            try:
                from pyscript.ffi import create_proxy

                proxy = create_proxy(self.queue_music)
            except ImportError:  # outside the browser (tests)
                proxy = self.queue_music
            self._proxy = proxy
        return proxy

    def stop_music(self) -> None:
        bus = self.music_bus
        self.music_bus = None
        if self.music_timer is not None:
            timer = self.music_timer
            self.music_timer = None
            try:
                self.js.clearTimeout(timer)
            except Exception:  # already fired: nothing to clear
                timer = None
        if bus is not None:
            try:
                now = self.ctx.currentTime
                bus.gain.cancelScheduledValues(now)
                bus.gain.setValueAtTime(bus.gain.value, now)
                bus.gain.linearRampToValueAtTime(0, now + 0.3)
                self.js.setTimeout(self.disconnect_proxy(bus), 400)
            except Exception:  # audio gone: nothing left to stop
                pass

    def disconnect_proxy(self, bus):
        def done(*args):
            try:
                bus.disconnect()
            except Exception:  # already disconnected
                return

        try:
            from pyscript.ffi import create_proxy

            return create_proxy(done)
        except ImportError:
            return done

    def play(self, name: str) -> None:
        if not self.unlocked or self.broken:
            return
        notes = RECIPES.get(name)
        if not notes:
            return
        try:
            ctx = self.context()
            self.notes(notes, ctx.currentTime + 0.01, ctx.destination)
        except Exception:  # no audio device or API: play on in silence
            self.broken = True

    def notes(self, notes: list, now: float, out) -> None:
        """Schedule `notes` from audio time `now` into node `out`."""
        ctx = self.ctx
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
            gain.connect(out)
            osc.start(t0)
            osc.stop(t0 + length + RELEASE + 0.01)

    def context(self):
        if self.ctx is None:
            cls = getattr(self.js, "AudioContext", None) or getattr(
                self.js, "webkitAudioContext", None
            )
            if cls is None:
                raise RuntimeError("this browser has no Web Audio")  # (played in silence)
            self.ctx = cls.new()
        return self.ctx
