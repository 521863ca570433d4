"""Prints an analysis and daily puzzles; the runtimes test compares CPython and Pyodide.

python tests/study/study_digest.py
node bench/pyodide_runner.mjs tests/study/study_digest.py
"""

from __future__ import annotations

import datetime
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.study.helpers import random_record  # noqa: E402
from triad.study.analysis import analyse  # noqa: E402
from triad.study.puzzle import daily_json  # noqa: E402


def digest(data: object) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def main() -> None:
    for names, seed in ((["three_open", "same"], 4), (["open", "plus", "combo"], 8)):
        record, played = random_record(names, seed)
        data = analyse(record, played).to_json()
        marks = [m["mark"] for m in data["games"][0]["moves"]]
        print(",".join(names), seed, "analysis", digest(data), marks)
    for iso in ("2026-11-23", "2026-11-25", "2027-02-13"):
        data = daily_json(datetime.date.fromisoformat(iso))
        print(iso, "puzzle", digest(data), data["solution"], data["grade"])


if __name__ == "__main__":
    main()
