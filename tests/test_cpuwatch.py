"""The full lane's CPU by kind of process (tools/cpuwatch.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tools.cpuwatch import KINDS, Watch, kind_of

CHROMIUM = "/usr/lib/chromium/chromium\0--type=renderer\0--enable-features=X\0"


@pytest.mark.parametrize(
    ("command", "name", "kind"),
    [
        (CHROMIUM, "chromium", "chromium renderers"),
        ("/usr/lib/chromium/chromium --type=gpu-process --no-sandbox", "chromium", "chromium gpu"),
        (
            "/usr/lib/chromium/chromium --type=utility --utility-sub-type=x",
            "chromium",
            "chromium browser and utilities",
        ),
        ("/usr/bin/chromium --headless --no-sandbox", "chromium", "chromium browser and utilities"),
        ("/usr/lib/firefox-esr/firefox-esr -contentproc 3 tab", "Web Content", "firefox"),
        ("/usr/bin/firefox-esr --marionette", "firefox-esr", "firefox"),
        (
            "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/WebKitWebProcess 12",
            "WebKitWebProces",
            "webkit",
        ),
        ("/work/main/.venv/bin/python -m pytest -n 2", "python", "python"),
        ("/usr/bin/node tests/browser/firefox_bridge.mjs", "node", "node"),
        ("", "kworker/0:1", "other"),
    ],
)
def test_each_process_has_its_kind(command: str, name: str, kind: str) -> None:
    assert kind_of(command, name) == kind
    assert kind in KINDS


def test_a_busy_child_is_counted_by_its_kind() -> None:
    watch = Watch(every=0.1).start()
    burn = "import time\nend = time.process_time() + 1.0\nwhile time.process_time() < end: pass"
    subprocess.run([sys.executable, "-c", burn], check=True)
    watch.stop()
    seconds = watch.seconds()
    assert list(seconds) == list(KINDS)
    assert seconds["python"] >= 0.7, seconds  # (its last tenth of a second may be missed)
    assert "python" in watch.report() and "of the busy time" in watch.report()
