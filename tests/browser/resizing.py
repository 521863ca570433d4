"""One page looked at in several window sizes: the viewport resized, its layout settled.

A page boot costs the browser seconds of CPU; a resize and the layout it asks cost a
fraction of one. Nothing the card game or Triangle Catch shows depends on the context's
touch or mobile settings (their styles ask only the viewport's size, aspect and
orientation; the card game says Tap only after a finger's tap), so a test that looks at
what the page shows once it is up looks at each size in one page, resized, instead of
booting one page a size. What a first load shows (a loading screen, say) is looked at
the same way: those screens are drawn by styles alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tests.browser.conftest import wait_settled


def resize(page: Any, viewport: dict[str, int]) -> None:
    """The page at `viewport`'s size, its layout settled."""
    if page.viewport_size == viewport:
        return
    page.set_viewport_size(viewport)
    page.wait_for_function(
        "([w, h]) => innerWidth === w && innerHeight === h",
        arg=[viewport["width"], viewport["height"]],
    )
    wait_settled(page)


def at_each_size(page: Any, viewports: dict[str, dict[str, int]]) -> Iterator[str]:
    """Each of `viewports`' names in turn, the page resized to it and settled: the size the
    page is at first (the others in their order), for the fewest resizes; the page stays at
    the last."""
    for name in sorted(viewports, key=lambda name: viewports[name] != page.viewport_size):
        resize(page, viewports[name])
        yield name
