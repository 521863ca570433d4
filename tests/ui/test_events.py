"""Event fields read by the page's handlers: a field an event lacks is a default, not an error."""

from triad.ui.page.dom import event_field


class KeyCodeOnly:
    """A key event made by script (`document.createEvent("Events")`): a keyCode, no `key`,
    no `repeat`, no modifier flags. A JsProxy raises AttributeError for those."""

    keyCode = 65
    shiftKey = None  # a field set to null reads as missing too


def test_a_missing_or_null_field_is_the_default() -> None:
    event = KeyCodeOnly()
    assert event_field(event, "repeat", False) is False
    assert event_field(event, "key", "") == ""
    assert event_field(event, "shiftKey", False) is False
    assert event_field(event, "keyCode", 0) == 65
