"""The browser pages: the card game's and Triangle Catch's, in folders by feature.

`page` (the shell: entry point, `App`, DOM glue, the workers' client, scopes,
services, settings, keys and clicks, panels, sound), `look` (what the page shows
and says: HTML, render functions, icons, words, animation plans, speech), `table`
(the table, the match, its board and transports), `study` (replays, analysis, the
daily puzzle), `collection` (collection mode and the grand tournament), `friend`,
`menu` (the rule menu, the deal's choices, the rulebook, the title screen), `cpu`
(the CPU coordinator), `catch` (Triangle Catch's page), and the words per
language in `lang/`. Modules here run on the page's main thread under MicroPython
and, for tests, under CPython; only `page.dom`, `page.main` and `page.sound`'s
player touch the browser.
"""
