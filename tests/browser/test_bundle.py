"""The bundle in a browser: local requests only, offline, sub-folder, iframe, file://, updates."""

from __future__ import annotations

import functools
import http.server
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import build
from bench.pacing import PacedServer
from tests.browser.conftest import (
    BOOT_TIMEOUT_MS,
    KEPT_SNAPSHOT,
    Server,
    play_one_move,
    precache_size,
    wait_async,
    wait_engine,
    wait_offline_ready,
    wait_ready,
)

# The bundle as a first visit finds it: each context starts with nothing cached.
# First visits, as a player makes them: cold, motion kept (tests/browser/conftest.py).
pytestmark = [pytest.mark.browser, pytest.mark.cold, pytest.mark.motion]


@pytest.fixture
def own_server(dist: Path, tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Servers of the test's own (they can be stopped), each on a copy of the bundle."""
    servers: list[Server] = []

    def make(directory: Path | None = None, host: str = "127.0.0.1") -> Server:
        srv = Server(directory or dist, host)
        servers.append(srv)
        return srv

    yield make
    for srv in servers:
        srv.stop()


def test_loads_from_its_own_host_only(new_context: Any, server: Server, dist: Path) -> None:
    context, watch = new_context()
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    wait_engine(page)
    assert page.locator("#loading").is_hidden()
    # Every request was for a file of the bundle (nothing missing, nothing from elsewhere).
    files = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    for url in watch.requests:
        if url.startswith(server.origin):
            path = url[len(server.url) :].split("?")[0] or "index.html"
            assert path in files, f"the page asked for {path!r}, which is not in the bundle"
    assert not watch.outside_requests()


# The engine's wasm as the engine worker keeps it unpacked (engine-worker.js): one entry in
# a cache named after the game's address; whether it holds a good wasm.
KEPT_WASM = """async (name) => {
    const cache = await caches.open(name);
    const keys = await cache.keys();
    if (keys.length !== 1 || !keys[0].url.includes("pyodide.asm.wasm?")) return false;
    return WebAssembly.validate(await (await cache.match(keys[0])).arrayBuffer());
}"""

# The service worker keeps one cache, that of `build`.
ONE_CACHE = """async (build) => {
    const keys = (await caches.keys()).filter((key) => key.startsWith("triad:"));
    return keys.length === 1 && keys[0].endsWith(build);
}"""

# Spoil the kept copy of the cache `name` (the wasm, the snapshot), as a disk or an
# interrupted write might.
SPOIL_KEPT = """async (name) => {
    const cache = await caches.open(name);
    const [key] = await cache.keys();
    await cache.put(key, new Response("spoilt", {headers: {"Content-Type": "application/wasm"}}));
}"""


def test_plays_offline_after_the_first_visit(new_context: Any, own_server: Any, dist: Path) -> None:
    """...and a visit after the first compiles the engine's wasm from the copy the first
    unpacked, not from its xz, as the service worker answers it (so that Chromium keeps
    the code it compiles), and restores Python from the snapshot the visit before unpacked;
    a spoilt copy of either is unpacked again, and the game still plays."""
    srv = own_server()
    context, watch = new_context(origins=(srv.origin,))
    page = context.new_page()
    page.goto(srv.url)
    wait_ready(page)
    wait_engine(page)
    wait_offline_ready(page, precache_size(dist))
    kept = "triad-wasm:" + srv.url
    wait_async(page, KEPT_WASM, kept)
    srv.stop()
    asked = len(watch.requests)
    page.reload()
    wait_ready(page)
    wait_engine(page)
    assert page.evaluate("window.triadEngine.started") == "snapshot"  # (unpacked, then kept)
    play_one_move(page)
    wasm = [url for url in watch.requests[asked:] if "pyodide.asm.wasm" in url]
    assert wasm and all("pyodide.asm.wasm?" in url for url in wasm), wasm  # the kept copy
    snapshot = "triad-snapshot:" + srv.url
    wait_async(page, KEPT_SNAPSHOT, snapshot)
    page.reload()
    wait_ready(page)
    wait_engine(page)
    assert page.evaluate("window.triadEngine.started") == "kept"
    page.evaluate(SPOIL_KEPT, kept)
    page.evaluate(SPOIL_KEPT, snapshot)
    page.reload()
    wait_ready(page)
    wait_engine(page)
    wait_async(page, KEPT_WASM, kept)  # (unpacked from the cache again, and kept)
    assert page.evaluate("window.triadEngine.started") == "snapshot"
    wait_async(page, KEPT_SNAPSHOT, snapshot)
    play_one_move(page)
    # Other Python workers start from the cache too, each with the module it was asked for.
    tier = page.evaluate(
        """async () => {
            const worker = window.triadStartWorker("triad.cards");
            const tier = await worker.call("tier_for_level", 9);
            worker.terminate();
            return tier;
        }"""
    )
    assert tier == "ornate"


def test_a_first_visit_downloads_no_file_twice_and_then_plays_offline(
    new_context: Any, dist: Path
) -> None:
    """Every byte the server sends is counted, the workers' and the service worker's too."""
    srv = PacedServer(dist)
    try:
        context, _ = new_context(origins=(srv.origin,))
        page = context.new_page()
        page.goto(srv.url)
        wait_ready(page)
        wait_engine(page)
        wait_offline_ready(page, precache_size(dist))
        sent: dict[str, int] = {}
        for path, times in srv.full_downloads().items():
            path = "/index.html" if path == "/" else path  # one file, two addresses
            sent[path] = sent.get(path, 0) + times
        assert {path: n for path, n in sent.items() if n > 1} == {}
        build_bytes = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
        assert srv.link.total <= 1.1 * build_bytes
        srv.stop()
        page.reload()
        wait_ready(page)
        wait_engine(page)
        play_one_move(page)
    finally:
        srv.stop()


class _EncodingHost(build._Handler):
    """A host that serves NAME.gz with "Content-Encoding: gzip": the browser unpacks it."""

    def end_headers(self) -> None:
        if self.path.split("?")[0].endswith(".gz"):
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()


def test_plays_where_the_host_unpacks_the_gzipped_files(new_context: Any, dist: Path) -> None:
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_EncodingHost, directory=str(dist))
    )
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        context, _ = new_context(origins=(origin,))
        page = context.new_page()
        page.goto(origin + "/")
        wait_ready(page)
        wait_engine(page)
        play_one_move(page)
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_works_from_a_sub_folder(
    new_context: Any, own_server: Any, dist: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    (site / "games").mkdir(parents=True)
    build.shutil.copytree(dist, site / "games" / "triad")
    srv = own_server(site)
    context, watch = new_context(origins=(srv.origin,))
    page = context.new_page()
    page.goto(srv.url + "games/triad/")
    play_one_move(page)
    assert all("/games/triad/" in url for url in watch.requests if url.startswith(srv.origin)), (
        "a file was asked for outside the game's folder"
    )


@pytest.mark.full_chromium  # (which refuses a cross-site frame storage)
def test_plays_in_a_cross_site_iframe_without_storage(
    new_context: Any, own_server: Any, server: Server, tmp_path: Path
) -> None:
    parent_dir = tmp_path / "parent"
    parent_dir.mkdir()
    (parent_dir / "index.html").write_text(
        '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">'
        f'<iframe id="game" src="{server.url}" width="960" height="640"'
        ' allow="autoplay; fullscreen"></iframe>'
    )
    parent = own_server(parent_dir, host="localhost")
    context, _ = new_context(origins=(parent.origin,))
    page = context.new_page()
    page.goto(parent.url)
    frame = page.frame_locator("#game")
    # Without storage the tab cannot remember leaving the title screen: the player meets it.
    frame.locator('.title-screen [data-do="title_play"]').click()
    wait_ready(frame)
    assert frame.locator("html").get_attribute("data-storage") == "denied"
    notice = frame.locator("#boot-notice")
    assert notice.is_visible()
    assert "for this visit only" in notice.inner_text()
    play_one_move(frame)


def test_explains_itself_when_opened_from_disk(browser: Any, dist: Path) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto((dist / "index.html").as_uri())
    box = page.locator('#loading[data-error="file-protocol"]')
    box.wait_for(timeout=BOOT_TIMEOUT_MS)
    text = box.inner_text()
    assert "opened straight from a file" in text
    assert "python3 -m http.server" in text
    assert "http://127.0.0.1:8000/" in text
    assert not errors
    context.close()


def publish(site: Path, label: str) -> dict[str, object]:
    """Build a version beside the served one, then switch to it at once (as a host's deploy does)."""
    folder = site.with_name(f"{site.name}-{label}")
    info = build.bundle(folder, label=label)
    link = site.with_name(f"{site.name}.next")
    link.symlink_to(folder.name)
    os.replace(link, site)
    return info


def test_a_new_version_replaces_the_cache(
    new_context: Any, own_server: Any, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    first = publish(site, "first")
    srv = own_server(site)
    context, _ = new_context(origins=(srv.origin,))
    page = context.new_page()
    page.goto(srv.url)
    wait_ready(page)
    wait_offline_ready(page, precache_size(site))
    assert page.locator("html").get_attribute("data-build") == first["build"]

    second = publish(site, "second")
    assert second["build"] != first["build"]
    page.reload()
    # The new version installs beside the old one, then takes over with a reload of its own
    # (at once, as no move has been made yet).
    page.wait_for_function(
        f"() => document.documentElement.dataset.build === {second['build']!r}",
        timeout=BOOT_TIMEOUT_MS,
    )
    wait_ready(page)
    wait_async(page, ONE_CACHE, second["build"])
    label = page.evaluate("fetch('./label.txt').then(r => r.text())")
    assert label.strip() == "second"

    # Once the player has moved, an update waits for the player's word instead.
    play_one_move(page)
    assert page.locator("html").get_attribute("data-fresh") == "0"
    third = publish(site, "third")
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    update = page.locator('#boot-notice [data-action="update"]')
    update.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert page.locator("html").get_attribute("data-build") == second["build"]
    update.click()
    page.wait_for_function(
        f"() => document.documentElement.dataset.build === {third['build']!r}",
        timeout=BOOT_TIMEOUT_MS,
    )
    wait_ready(page)
