"""Tiny HTML building helpers: escaping and attribute strings.

Every piece of text that reaches the page goes through `esc`, so a card name
from a player's own card set is shown as text, never read as markup.
"""


def esc(value) -> str:
    """Return `value` as text safe inside HTML elements and quoted attributes."""
    text = str(value)
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    if '"' in text:
        text = text.replace('"', "&quot;")
    if "'" in text:
        text = text.replace("'", "&#39;")
    return text


def attrs(pairs: list) -> str:
    """Render `[(name, value), ...]` as ` name="value"` pairs.

    A value of None or False drops the attribute; True writes it bare.
    """
    out = []
    for name, value in pairs:
        if value is None or value is False:
            continue
        if value is True:
            out.append(" " + name)
        else:
            out.append(" " + name + '="' + esc(value) + '"')
    return "".join(out)


def tag(name: str, pairs: list, inner: str = "") -> str:
    """Return `<name attrs>inner</name>`; `inner` must already be safe HTML."""
    return "<" + name + attrs(pairs) + ">" + inner + "</" + name + ">"


def hidden(html: str) -> str:
    """An element's HTML with `aria-hidden` on its outer tag (it is shown, not read)."""
    end = html.find(">")
    if not html.startswith("<") or end < 0 or "aria-hidden" in html[:end]:
        return html
    cut = end - 1 if html[end - 1] == "/" else end
    return html[:cut] + ' aria-hidden="true"' + html[cut:]


def classes(names: list) -> str:
    """Join the truthy class names of `names` with spaces."""
    return " ".join([n for n in names if n])


def file_button(kind: str, label: str) -> str:
    """A file picker that looks like a button (`data-import` says what it reads).

    The input sits inside its label, so the label names it and Tab reaches it.
    """
    return (
        '<label class="file-button">'
        + esc(label)
        + '<input type="file" accept=".json,application/json" data-import="'
        + esc(kind)
        + '"></label>'
    )


def error_html(text: str, opened: bool = False) -> str:
    """A player's error text, the engine's detail behind a "details" toggle (`opened`: shown)."""
    from triad.ui.look.text import split_detail, t

    plain, detail = split_detail(text)
    if not detail:
        return esc(plain)
    return (
        esc(plain)
        + '<details class="err-detail"'
        + (" open" if opened else "")
        + "><summary>"
        + esc(t("error_details"))
        + "</summary><code>"
        + esc(detail)
        + "</code></details>"
    )
