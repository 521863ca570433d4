"""Fixtures of the page tests on CPython."""

import pytest

from triad.ui.cpu import split as split_module


@pytest.fixture
def quick_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    """A short CPU move and one slice of pondering, for a test about the page, not about how
    well the CPU thinks: each settle of the page waits until the CPU's thinking has ended
    (by default, master's 900 ms move and up to 2000 slices of pondering the human's turn)."""
    monkeypatch.setattr(split_module, "CPU_BUDGET_MS", 40)
    monkeypatch.setattr(split_module, "PONDER_SLICES", 1)
