"""Every form field a mode of the Catch page draws goes somewhere: a map's seed to the page
(`SEED_FIELDS`), any other to the mode that drew it (`MODE_FIELDS`), and only a mode with
fields of its own answers `field`: Play's only field is its map's seed."""

from __future__ import annotations

import asyncio
import re

from tests.ui.catch.test_app import Engine, make_app
from triad.ui.catch.app import MODE_FIELDS, MODES, SEED_FIELDS


def test_each_field_drawn_has_its_owner_and_no_mode_answers_fields_it_lacks() -> None:
    async def test() -> None:
        for mode in MODES:
            app, screen = make_app()
            app.start(mode)
            await app.engine_ready(Engine())
            drawn = set(re.findall(r'data-field="([^"]+)"', "".join(screen.regions.values())))
            own = {name for name, owner in MODE_FIELDS.items() if owner == mode}
            assert drawn <= set(SEED_FIELDS) | own, (mode, drawn)
        answering = {mode for mode in MODES if hasattr(app.modes[mode], "field")}
        assert answering == set(MODE_FIELDS.values())

    asyncio.run(test())
