"""Make the table's sounds: assets/sounds/{card,dice,fall,end}.wav (CC0, see LICENSE there).

Synthesized here in pure Python (``wave`` and ``math``, no numpy), deterministic: the
same bytes on every run.  Run from the project root: ``python tools/make_sounds.py``.

- card: a short paper swish (filtered noise with a quick rise and fall)
- dice: a few wooden clicks rattling to a stop
- fall: a low thud sliding down
- end:  a rising three-note call (a game's end)
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


class Noise:
    """A small linear congruential generator: the same noise on every run."""

    def __init__(self, seed: int) -> None:
        self.x = seed

    def __call__(self) -> float:
        self.x = (1103515245 * self.x + 12345) % 2**31
        return self.x / 2**30 - 1.0


def card() -> list[float]:
    n = int(0.16 * RATE)
    noise = Noise(7)
    out, low = [], 0.0
    for i in range(n):
        t = i / n
        low += 0.35 * (noise() - low)  # a soft low-pass: paper, not hiss
        env = math.sin(math.pi * t) ** 2 * (1 - t)
        out.append(0.55 * env * low)
    return out


def dice() -> list[float]:
    n = int(0.42 * RATE)
    out = [0.0] * n
    noise = Noise(11)
    hits = [0.0, 0.07, 0.13, 0.2, 0.25, 0.31, 0.35]
    for k, start in enumerate(hits):
        s = int(start * RATE)
        freq = 1900 + 350 * (k % 3)
        loud = 0.55 * (1 - 0.1 * k)
        for i in range(int(0.035 * RATE)):
            if s + i >= n:
                break
            t = i / RATE
            env = math.exp(-t * 160)
            out[s + i] += loud * env * (0.6 * math.sin(2 * math.pi * freq * t) + 0.4 * noise())
    return out


def fall() -> list[float]:
    n = int(0.38 * RATE)
    noise = Noise(23)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        freq = 140 - 80 * (i / n)
        phase += 2 * math.pi * freq / RATE
        env = math.exp(-t * 9) * min(1.0, t * 400)
        thump = math.sin(phase) + 0.3 * math.sin(2 * phase)
        out.append(0.7 * env * (thump + 0.25 * noise() * math.exp(-t * 40)))
    return out


def end() -> list[float]:
    notes = [(523.25, 0.0, 0.18), (659.25, 0.16, 0.18), (783.99, 0.32, 0.5)]
    n = int(0.85 * RATE)
    out = [0.0] * n
    for freq, start, length in notes:
        s = int(start * RATE)
        for i in range(int(length * RATE)):
            if s + i >= n:
                break
            t = i / RATE
            env = min(1.0, t * 80) * math.exp(-t * (3 if length > 0.3 else 8))
            tone = sum(math.sin(2 * math.pi * freq * h * t) / h for h in (1, 2, 3))
            out[s + i] += 0.3 * env * tone
    return out


SOUNDS = {"card": card, "dice": dice, "fall": fall, "end": end}


def write(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    gain = min(1.0, 0.9 / peak)
    frames = b"".join(
        struct.pack("<h", round(max(-1.0, min(1.0, s * gain)) * 32767)) for s in samples
    )
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(frames)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write(OUT / f"{name}.wav", make())
        print(OUT / f"{name}.wav")


if __name__ == "__main__":
    main()
