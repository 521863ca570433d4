"""Sound effects measured: each effect rendered offline in Chromium and analysed.

    python3 bench/bench_sound.py

`triad.ui.page.sound.WebAudio.play` runs here in CPython against a stand-in for
the browser's `js` module that records every Web Audio call it makes (nodes
created, properties set, parameter automation, connections, start and stop).
Headless Chromium replays that very node graph in an OfflineAudioContext,
and the samples come back to be measured. Per effect it prints:

* duration: until the sound has died away (below -80 dBFS);
* peak level in dBFS, and whether it clips (above 0 dBFS);
* RMS of its loudest 50 ms, in dBFS;
* loudness: K-weighted (ITU-R BS.1770, as LUFS) over its loudest 400 ms, the
  measure to keep even across effects (the ear hears highs louder than lows);
* attack: 10% to 90% of the first note's level, in ms (under ~2 ms clicks);
  the level is the highest sample of the 5 ms before, so tones under 200 Hz
  read a little slow;
* steepest rise or fall of the level within 1 ms, in % of the peak;
* end: the level in the last 2 ms before the sound stops, in dBFS (a sound
  cut off above about -50 dBFS clicks);
* the dominant frequency, in Hz.

Figures only: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import cmath
import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS  # noqa: E402
from tests.ui.audio_recorder import Recorder  # noqa: E402
from triad.ui.page import sound  # noqa: E402

RATE = 48000  # the K-weighting filters below are for this rate
SILENCE = 1e-4  # -80 dBFS
TAIL = 0.3  # seconds rendered after an effect's last note

# Replays a recorded call log in an OfflineAudioContext; returns the samples.
REPLAY = """async ([ops, seconds, rate]) => {
  const ctx = new OfflineAudioContext(1, Math.ceil(seconds * rate), rate);
  const nodes = {dest: ctx.destination};
  const value = (a) => (typeof a === 'string' && a in nodes) ? nodes[a] : a;
  for (const [op, id, name, ...rest] of ops) {
    if (op === 'create') nodes[id] = ctx['create' + name](...rest[0]);
    else if (op === 'set') nodes[id][name] = rest[0];
    else if (op === 'param' && rest[0] === '=') nodes[id][name].value = rest[1][0];
    else if (op === 'param') nodes[id][name][rest[0]](...rest[1]);
    else if (op === 'call') nodes[id][name](...rest[0].map(value));
  }
  const buffer = await ctx.startRendering();
  return Array.from(buffer.getChannelData(0));
}"""


def record(name: str) -> list[list[Any]]:
    """The Web Audio calls `WebAudio.play(name)` makes, as a JSON-able log."""
    js = Recorder()
    player = sound.WebAudio(js)
    player.unlock()
    player.play(name)
    if player.broken:
        raise RuntimeError(f"playing {name!r} failed against the recorder")
    return js.ops


def db(value: float) -> float:
    return 20 * math.log10(value) if value > 0 else -math.inf


def envelope(samples: list[float], block: int, hold: int) -> list[float]:
    """The level every `block` samples: the highest in the `hold` samples up to there."""
    return [
        max(abs(x) for x in samples[max(0, i + block - hold) : i + block])
        for i in range(0, len(samples), block)
    ]


def attack_ms(env: list[float], block_ms: float) -> float:
    """10% to 90% of the first note's level (its highest in the 80 ms after it starts)."""
    top = max(env)
    start = next(i for i, e in enumerate(env) if e > top * 0.01)
    window = env[start : start + int(80 / block_ms) + 1]
    local = max(window)
    t10 = next(i for i, e in enumerate(window) if e >= local * 0.1)
    t90 = next(i for i, e in enumerate(window) if e >= local * 0.9)
    return (t90 - t10) * block_ms


def dominant(samples: list[float], rate: int) -> float:
    """The frequency of the strongest bin of a Hann-windowed FFT of the whole sound."""
    size = 1
    while size < len(samples):
        size *= 2
    count = len(samples)
    data = [
        complex(samples[i] * (0.5 - 0.5 * math.cos(2 * math.pi * i / max(1, count - 1))))
        if i < count
        else 0j
        for i in range(size)
    ]
    spectrum = _fft(data)
    best = max(range(1, size // 2), key=lambda k: abs(spectrum[k]))
    return best * rate / size


def analyse(samples: list[float], rate: int) -> dict[str, float]:
    loud = [i for i, x in enumerate(samples) if abs(x) > SILENCE]
    if not loud:
        return {"duration": 0.0, "peak": -math.inf}
    first, last = loud[0], loud[-1]
    sound_part = samples[first : last + 1]
    peak = max(abs(x) for x in sound_part)
    window = rate // 20
    rms = math.sqrt(_loudest_mean_square(sound_part, window))
    weighted = _k_weighted(samples[first:])
    loudness = -0.691 + 10 * math.log10(_loudest_mean_square(weighted, rate * 2 // 5) or 1e-12)
    block = max(1, rate // 2000)  # 0.5 ms
    block_ms = 1000 * block / rate
    env = envelope(sound_part, block, rate // 200)  # a 5 ms hold follows tones down to 200 Hz
    steepest = max(abs(env[i] - env[i - 2]) for i in range(2, len(env))) if len(env) > 2 else 0
    return {
        "duration": (last + 1) / rate,
        "peak": db(peak),
        "clips": float(peak > 1.0),
        "rms": db(rms),
        "lufs": loudness,
        "attack": attack_ms(env, block_ms),
        "step": 100 * steepest / peak,
        "end": db(_end_level(samples, last, rate)),
        "freq": dominant(sound_part, rate),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        page = browser.new_page()
        for name in sound.RECIPES:
            ops = record(name)
            seconds = sound.duration(name) + TAIL
            samples = page.evaluate(REPLAY, [ops, seconds, RATE])
            rows.append((name, analyse(samples, RATE)))
        browser.close()
    print(f"Sound effects rendered offline in Chromium at {RATE} Hz")
    print(
        f"{'effect':<10} {'dur s':>6} {'peak dBFS':>9} {'clip':>5} {'RMS dBFS':>9} {'LUFS':>6} "
        f"{'attack ms':>9} {'1ms step %':>10} {'end dBFS':>9} {'freq Hz':>8}"
    )
    for name, r in rows:
        print(
            f"{name:<10} {r['duration']:>6.2f} {r['peak']:>9.1f} {'YES' if r['clips'] else 'no':>5} "
            f"{r['rms']:>9.1f} {r['lufs']:>6.1f} {r['attack']:>9.1f} {r['step']:>10.0f} {r['end']:>9.1f} "
            f"{r['freq']:>8.0f}"
        )
    louds = [r["lufs"] for _, r in rows]
    peaks = [r["peak"] for _, r in rows]
    print(
        f"spread: peaks {min(peaks):.1f} .. {max(peaks):.1f} dBFS, "
        f"loudness {min(louds):.1f} .. {max(louds):.1f} LUFS ({max(louds) - min(louds):.1f} LU)"
    )
    return 0


def _end_level(samples: list[float], last: int, rate: int) -> float:
    """The loudest sample in the 2 ms before `last`, the last one above silence."""
    return max(abs(x) for x in samples[max(0, last - rate // 500) : last + 1])


def _loudest_mean_square(samples: list[float], window: int) -> float:
    """The mean square of the loudest `window` samples in a row (hop: a quarter window)."""
    best = 0.0
    for i in range(0, max(1, len(samples) - window + 1), max(1, window // 4)):
        part = samples[i : i + window]
        best = max(best, sum(x * x for x in part) / window)
    return best


def _biquad(samples: list[float], b: tuple[float, ...], a: tuple[float, ...]) -> list[float]:
    out = []
    x1 = x2 = y1 = y2 = 0.0
    for x in samples:
        y = b[0] * x + b[1] * x1 + b[2] * x2 - a[1] * y1 - a[2] * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def _k_weighted(samples: list[float]) -> list[float]:
    """BS.1770's K-weighting at 48 kHz: a high shelf (+4 dB above ~1.5 kHz), then a high-pass."""
    shelf = _biquad(
        samples,
        (1.53512485958697, -2.69169618940638, 1.19839281085285),
        (1.0, -1.69065929318241, 0.73248077421585),
    )
    return _biquad(shelf, (1.0, -2.0, 1.0), (1.0, -1.99004745483398, 0.99007225036621))


def _fft(data: list[complex]) -> list[complex]:
    size = len(data)
    if size == 1:
        return data
    even = _fft(data[0::2])
    odd = _fft(data[1::2])
    out = [0j] * size
    for k in range(size // 2):
        twiddle = cmath.exp(-2j * math.pi * k / size) * odd[k]
        out[k] = even[k] + twiddle
        out[k + size // 2] = even[k] - twiddle
    return out


if __name__ == "__main__":
    raise SystemExit(main())
