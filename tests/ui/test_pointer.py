"""A click, and a mouse press released on what was drawn anew meanwhile (`triad.ui.pointer`)."""

from __future__ import annotations

from typing import Any

from triad.ui.page.pointer import Pointer


class Element:
    """An element of the page, as far as a click reads it."""

    def __init__(self, tag: str = "BUTTON", parent: Element | None = None, **data: str) -> None:
        self.tagName = tag
        self.parent = parent
        self.data = data
        self.isConnected = True
        self.blurred = 0

    def getAttribute(self, name: str) -> str | None:
        return self.data.get(name[5:]) if name.startswith("data-") else None

    def closest(self, selector: str) -> Element | None:
        el: Element | None = self
        while el is not None and el.getAttribute(selector[1:-1]) is None:
            el = el.parent
        return el

    def blur(self) -> None:
        self.blurred += 1


def pointer() -> tuple[Pointer, list[Any], list[Any]]:
    acted: list[Any] = []
    clicked: list[Any] = []
    return (
        Pointer(lambda kind, value: acted.append((kind, value)), clicked.append, lambda: None),
        acted,
        clicked,
    )


def test_a_mouse_click_on_a_bar_button_lets_go_of_the_focus_and_a_key_keeps_it() -> None:
    mouse, acted, clicked = pointer()
    button = Element(action="legend")
    mouse.click(button, True)
    assert acted == [("action", "legend")] and clicked == [button] and button.blurred == 1
    mouse.click(button, False)  # Enter or Space pressed it
    assert acted[-1] == ("action", "legend") and button.blurred == 1


def test_a_press_released_on_the_same_button_drawn_anew_acts_as_a_mouse_click() -> None:
    mouse, acted, clicked = pointer()
    old = Element(action="pause")
    mouse.press(old)
    old.isConnected = False  # the bar was drawn anew while the button was held down
    new = Element(action="pause")
    mouse.release(new)
    # (the pointer's release has no click count: it is by the mouse all the same)
    assert acted == [("action", "pause")] and clicked == [new] and new.blurred == 1


def test_a_release_acts_only_when_the_browser_fires_no_click_and_on_the_same_target() -> None:
    mouse, acted, _ = pointer()
    hand = Element("DIV", hand="blue")
    card = Element("DIV", hand, card="2")
    mouse.press(card)
    mouse.release(card)  # still there: the browser's own click follows
    assert acted == []
    mouse.press(card)
    card.isConnected = False
    mouse.release(Element("DIV", hand, card="1"))  # another card
    assert acted == []
    mouse.press(Element("DIV", cell="4"))
    mouse.release(None)  # over nothing
    gone = Element("DIV", cell="4")
    mouse.press(gone)
    gone.isConnected = False
    mouse.release(Element("DIV", cell="4"))
    assert acted == [("cell", "4")]
    mouse.release(Element("DIV", cell="4"))  # a press is released once
    assert acted == [("cell", "4")]


def test_a_click_on_the_page_itself_does_nothing() -> None:
    mouse, acted, _ = pointer()
    mouse.click(Element("HTML", replay="3"), True)
    mouse.press(Element("HTML", replay="3"))
    assert acted == [] and mouse.pressed is None
