"""Sound effects: silent until the first gesture, every note faded in and out, no clipping."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.audio_recorder import Recorder
from triad.ui.page import sound


def played(name: str) -> tuple[Recorder, sound.WebAudio]:
    js = Recorder()
    player = sound.WebAudio(js)
    player.unlock()
    player.play(name)
    return js, player


def test_nothing_sounds_before_the_first_gesture() -> None:
    js = Recorder()
    player = sound.WebAudio(js)
    player.play("place")
    assert js.ops == [] and js.contexts == []
    player.unlock()
    player.play("place")
    player.play("flip")
    assert len(js.contexts) == 1  # one context, made at the first sound
    assert len(js.nodes("Oscillator")) == 3


def test_unknown_effects_and_a_broken_audio_system_stay_silent() -> None:
    js, player = played("no-such-effect")
    assert js.ops == [] and not player.broken

    class Broken:
        AudioContext = None
        webkitAudioContext = None

    player = sound.WebAudio(Broken())
    player.unlock()
    player.play("place")  # no audio API at all: no error, the game plays on
    assert player.broken
    player.play("flip")


@pytest.mark.parametrize("name", list(sound.RECIPES))
def test_every_note_rises_from_zero_and_falls_back_to_zero(name: str) -> None:
    js, player = played(name)
    assert not player.broken
    oscillators = js.nodes("Oscillator")
    gains = js.nodes("Gain")
    notes = sound.RECIPES[name]
    assert len(oscillators) == len(gains) == len(notes)
    for osc, gain, note in zip(oscillators, gains, notes, strict=True):
        _, start, length, wave, peak, _ = note
        steps = js.calls(gain, "gain")
        t0 = steps[0][1][1]
        assert t0 == pytest.approx(0.01 + start)  # the effect starts just after now (0 here)
        assert steps[0] == ["setValueAtTime", [0, t0]]
        rise = steps[1]
        assert rise[0] == "linearRampToValueAtTime" and rise[1][0] == peak
        assert rise[1][1] - t0 == pytest.approx(min(sound.ATTACK, length / 4))
        assert steps[2] == ["exponentialRampToValueAtTime", [sound.SILENT, t0 + length]]
        assert steps[-1][0] == "linearRampToValueAtTime" and steps[-1][1][0] == 0
        silent_at = steps[-1][1][1]
        assert silent_at > t0 + length
        stop = js.calls(osc)[-1]
        assert stop[0] == "stop" and stop[1][0] >= silent_at  # stops only once silent
        assert next(op[3] for op in js.ops if op[:3] == ["set", osc, "type"]) == wave


def level(note: tuple, t: float) -> float:
    """A note's gain at `t` as `WebAudio.play` schedules it (linear rise, exponential fall)."""
    _, start, length, _, peak, _ = note
    rise = min(sound.ATTACK, length / 4)
    if t < start or t > start + length:
        return 0.0
    if t < start + rise:
        return peak * (t - start) / rise
    return float(peak * (sound.SILENT / peak) ** ((t - start - rise) / (length - rise)))


@pytest.mark.parametrize("name", list(sound.RECIPES))
def test_no_effect_can_clip(name: str) -> None:
    notes = sound.RECIPES[name]
    assert all(0 < note[4] <= 1 for note in notes)
    # The sum of the notes' gains bounds the output; band-limited square and
    # sawtooth waves overshoot their nominal level by under 10%.
    for ms in range(int(sound.duration(name) * 1000) + 1):
        worst = sum(
            level(n, ms / 1000) * (1.0 if n[3] in ("sine", "triangle") else 1.1) for n in notes
        )
        assert worst <= 1.0, (name, ms, worst)


def test_an_arpeggio_plays_its_notes_in_turn_and_holds_the_last() -> None:
    notes = sound.arpeggio([440, 550, 660], 0.1, 0.12, 0.5, "sine", 0.3, 330)
    assert [n[0] for n in notes] == [440, 550, 660]
    assert [round(n[1], 6) for n in notes] == [0, 0.1, 0.2]
    assert [n[2] for n in notes] == [0.12, 0.12, 0.5]
    assert [n[5] for n in notes] == [0, 0, 330]
    assert sound.duration("critical") == pytest.approx(0.24 + 0.28)


class Clock(Recorder):
    """A recorder with the page's timers: each `setTimeout` is kept, to be fired by hand."""

    def __init__(self) -> None:
        super().__init__()
        self.timers: list[tuple[Any, int]] = []
        self.cleared: list[int] = []

    def setTimeout(self, fn: Any, ms: int) -> int:
        self.timers.append((fn, ms))
        return len(self.timers)

    def clearTimeout(self, timer: int) -> None:
        self.cleared.append(timer)


def test_music_waits_for_a_gesture_then_loops_bar_by_bar_until_turned_off() -> None:
    js = Clock()
    player = sound.WebAudio(js)
    player.set_music(True)
    assert js.ops == []  # the setting alone never starts it
    player.unlock()
    bar0 = len(sound.music_bar(0))
    assert len(js.nodes("Oscillator")) == bar0
    wake, ms = js.timers[-1]
    assert 0 < ms < sound.bar_length() * 1000  # wakes up before the bar ends
    wake()
    assert len(js.nodes("Oscillator")) == bar0 + len(sound.music_bar(1))
    player.unlock()  # later gestures start nothing more
    assert len(js.nodes("Oscillator")) == bar0 + len(sound.music_bar(1))
    pending = len(js.timers)
    player.set_music(False)
    assert js.cleared == [pending]
    wake()  # a wake-up already on its way schedules nothing once the music is off
    assert len(js.nodes("Oscillator")) == bar0 + len(sound.music_bar(1))
    player.set_music(True)  # on again: a new bus, from the first bar
    assert len(js.nodes("Oscillator")) == bar0 + len(sound.music_bar(1)) + len(sound.music_bar(2))


def test_the_music_is_quiet_and_every_bar_ends_in_time() -> None:
    softest_effect = min(max(n[4] for n in notes) for notes in sound.RECIPES.values())
    for i in range(sound.LOOP_BARS):
        notes = sound.music_bar(i)
        assert notes
        for _, start, length, wave, peak, _ in notes:
            assert start >= 0 and start + length <= sound.bar_length() + 1e-9
            assert wave in ("sine", "triangle")
            assert peak > 0
        # every note of a bar sounding at once still peaks under the softest effect
        assert sum(n[4] for n in notes) < softest_effect
