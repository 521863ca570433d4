"""Card names show whole on every card: board, hands and album, on a desktop and a phone.

The longest built-in names are dealt face up by deal codes (Open rule), the
album lists every card of the Houses, and cards with long custom names (up
to 40 characters, one word or many, other scripts) are drawn by
`render_card` into the page's own hand and board.  No name may overflow its
box, end in an ellipsis, cover the values or the owner mark, or leave its
card.  Screenshots are kept under test-artifacts/ to be looked at.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.conftest import Server, Watch, open_album, wait_ready, wait_settled
from tests.browser.resizing import at_each_size
from tests.conftest import ARTIFACTS, ROOT
from triad.collection import dealcode
from triad.pageview import card_view, load_set
from triad.ui.look.render import render_card

pytestmark = pytest.mark.browser

SIZES = {
    "desktop": {"viewport": {"width": 1200, "height": 760}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
VIEWPORTS = {size: options["viewport"] for size, options in SIZES.items()}

# Seeds whose Open deals hold the longest names of each set.
DEALS = {
    "houses": dealcode.encode(220, ["open", "level_range"], "houses", [8, 10]),
    "elements": dealcode.encode(25, ["open"], "elements"),
}

CUSTOM = [
    "The Green Huntress of Wood",
    "Whisperwood Titan Rex",
    "Supercalifragilisticexpialidocious",
    "WWWWWWWWWWWWWWWWWWWW",
    "Mmmmmmmm Wwwwwwww Mmmmmmm",
    "A Very Long Custom Card Name Of Forty Ch",
    "Iiiiiiiiiiiiiiiiiiiiiiiiiiiiii",
    "漢字の名前のカードです",
    "Ölgir Þórsdóttir-Ærendal",
    "X",
]

# Every card's name box against its card, values and owner mark; the faults found.
FAULTS = """() => {
  const out = [];
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5
    && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  for (const name of document.querySelectorAll('.card .c-name')) {
    const card = name.closest('.card');
    const text = name.querySelector('.c-words').textContent;
    const box = name.getBoundingClientRect();
    const style = getComputedStyle(name);
    if (name.scrollWidth > name.clientWidth) out.push([text, 'too wide', name.scrollWidth, name.clientWidth]);
    if (name.scrollHeight > name.clientHeight) out.push([text, 'too tall', name.scrollHeight, name.clientHeight]);
    if (style.textOverflow === 'ellipsis') out.push([text, 'ellipsis']);
    if (!inside(box, card.getBoundingClientRect())) out.push([text, 'leaves its card']);
    const words = name.querySelector('.c-words').getBoundingClientRect();
    if (!inside(words, box)) out.push([text, 'text outside its box']);
    for (const b of card.querySelectorAll('.c-vals b')) {
      if (meets(b.getBoundingClientRect(), words)) out.push([text, 'covers a value']);
    }
    const mark = card.querySelector('.c-mark');
    if (mark && meets(mark.getBoundingClientRect(), box)) out.push([text, 'covers the owner mark']);
    if (parseFloat(style.fontSize) < 3) out.push([text, 'font below 3px', style.fontSize]);
  }
  return out;
}"""


def names(page: Any) -> list[str]:
    texts: list[str] = page.locator(".card .c-words").all_inner_texts()
    return texts


def sized_page(new_context: Callable[..., tuple[Any, Watch]], size: str) -> Any:
    """A page of the window size `size` (in its device's context), without motion;
    test-artifacts/ made for its screenshots."""
    ARTIFACTS.mkdir(exist_ok=True)
    context, _ = new_context(reduced_motion="reduce", **SIZES[size])
    return context.new_page()


def check_at_each_size(page: Any, where: str, shot: str) -> None:
    """No name's fault at either size (the window resized), a screenshot at each."""
    for size in at_each_size(page, VIEWPORTS):
        check(page, f"{where} ({size})")
        page.screenshot(path=str(ARTIFACTS / shot.format(size=size)))


def set_names(set_id: str) -> list[str]:
    data = json.loads((ROOT / "triad" / "data" / (set_id + ".json")).read_text(encoding="utf-8"))
    return [c["name"] for c in data["cards"]]


def builtin_cards() -> list[dict[str, Any]]:
    return [card_view(c) for s in DEALS for c in load_set(s)["cards"]]


def draw(page: Any, hand: list[str], board: list[str]) -> None:
    """Put cards drawn by `render_card` into the blue hand and on every cell of the board."""
    page.evaluate(
        """([hand, board]) => {
          const cards = document.querySelectorAll('[data-hand="blue"] [data-card]');
          // (each keeps its data-card: the next drawing finds it to replace)
          cards.forEach((card, i) => { if (hand[i]) card.outerHTML = hand[i].replace(
            '<div class="card', '<div data-card="' + i + '" style="--i:' + i + ';--n:5" class="card'); });
          document.querySelectorAll('[data-cell]').forEach((cell, i) => {
            cell.innerHTML = board[i % board.length];
          });
        }""",
        [hand, board],
    )


def check(page: Any, where: str) -> None:
    faults = page.evaluate(FAULTS)
    assert faults == [], (where, faults)


def custom_card(name: str, level: int) -> dict[str, Any]:
    return {
        "id": "custom-" + str(level),
        "name": name,
        "level": level,
        "top": 10,
        "right": 1,
        "bottom": 7,
        "left": 4,
        "affinity": None,
    }


def test_long_names_fit_their_cards_at_each_size(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """One page, first a phone's (in its context), each deal and drawing looked at at both
    sizes."""
    page = sized_page(new_context, "phone")
    for set_id, code in DEALS.items():
        page.goto(server.url + "?deal=" + code)
        wait_ready(page)
        shown = names(page)
        assert len(shown) == 10, shown  # both hands face up, or on the board
        assert max(set_names(set_id), key=len) in shown
        check_at_each_size(page, set_id + " deal", f"names-{{size}}-{set_id}.jpg")

    # The nine longest built-in names on the board, then custom names in hand and on the board.
    longest = sorted(builtin_cards(), key=lambda c: -len(c["name"]))[:9]
    board = [render_card(c, ("red", "blue")[i % 2], {}) for i, c in enumerate(longest)]
    draw(page, [], board)
    assert set(names(page)) >= {c["name"] for c in longest}
    check_at_each_size(page, "the longest built-in names on the board", "names-{size}-board.jpg")
    hand = [render_card(custom_card(n, 1 + i % 10), "blue", {}) for i, n in enumerate(CUSTOM)]
    board = [render_card(custom_card(n, 10 - i % 10), "red", {}) for i, n in enumerate(CUSTOM)]
    for first in range(0, len(CUSTOM), 5):
        draw(page, hand[first : first + 5], board[first : first + 5])
        hand_names = page.locator('[data-hand="blue"] .c-words').all_inner_texts()
        assert hand_names == CUSTOM[first : first + 5], hand_names
        assert set(names(page)) >= set(CUSTOM[first : first + 5])
        check_at_each_size(page, "custom names", f"names-{{size}}-custom-{first // 5}.jpg")


def test_every_name_fits_in_the_album_at_each_size(
    new_context: Callable[..., tuple[Any, Watch]], server: Server
) -> None:
    """One album, first on a desktop (in its context), then at a phone's size."""
    page = sized_page(new_context, "desktop")
    open_album(page, server.url)
    page.locator("[data-album]").first.wait_for()
    assert set(names(page)) >= set(set_names("houses"))
    wait_settled(page)  # the dialog's entrance has ended
    check_at_each_size(page, "album", "names-{size}-album.jpg")
