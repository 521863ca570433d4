"""The built bundle as files: relative paths, only the runtime files used, the itch.io zip."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import tomllib
import zipfile
from pathlib import Path

import pytest

import build


def test_every_path_in_the_pages_is_relative(dist: Path) -> None:
    for page in dist.glob("*.html"):
        html = page.read_text()
        for url in re.findall(r'(?:src|href)="([^"]*)"', html):
            assert url.startswith(("./", "data:", "#")), f"{page.name} refers to {url!r}"
        assert "{{" not in html, f"{page.name} kept a placeholder"
        assert '<script src="./boot.js"></script>' in html
    boot = (dist / "boot.js").read_text()
    assert "http://" not in boot.replace("http://127.0.0.1:8000/", "")
    assert "https://" not in boot


def test_pyscript_runs_the_vendored_interpreter_and_lists_existing_files(dist: Path) -> None:
    config = tomllib.loads((dist / "pyscript.toml").read_text())
    interpreter = config["interpreter"]
    assert interpreter.startswith("./runtime/")
    assert (dist / interpreter).is_file()
    # The page's Python files come in one zip, unpacked where the page reads them.
    assert config["files"] == {"./page.zip": "./*"}
    names = page_files(dist, "pyscript.toml")
    assert "triad/deal.py" in names
    with zipfile.ZipFile(dist / "page.zip") as zf:
        for name in names:
            assert zf.read(name) == (dist / name).read_bytes(), name


def page_files(dist: Path, config: str) -> set[str]:
    """The files in the zip(s) a page's PyScript config unpacks."""
    names: set[str] = set()
    for source in tomllib.loads((dist / config).read_text())["files"]:
        with zipfile.ZipFile(dist / source) as zf:
            names |= {n for n in zf.namelist() if not n.endswith("/")}
    return names


def test_only_runtime_files_the_page_loads_are_shipped(dist: Path) -> None:
    names = {p.name for p in (dist / "runtime" / "pyscript").iterdir()}
    assert "core.js" in names and "core.css" not in names  # (written into the pages)
    assert not [n for n in names if n.startswith(("codemirror", "xterm", "pyodide_graph"))]
    assert not list(dist.rglob("*.map"))
    pyodide = {p.name for p in (dist / "runtime" / "pyodide").iterdir()}
    shipped = {f"{n}.gz" if n in build.GZIPPED else n for n in build.PYODIDE_FILES}
    assert pyodide == {*shipped, Path(build.SNAPSHOT).name, Path(build.ENGINE_STDLIB).name}
    # the test tools among the npm packages (gremlins.js, puppeteer-core) stay out
    package = json.loads((build.ROOT / "package.json").read_text())
    for tool in package["devDependencies"]:
        name = tool.split("/")[-1].removesuffix(".js")
        assert not [p for p in dist.rglob("*") if name in p.name], f"{tool} is shipped"


def test_pyodide_s_large_files_ship_gzipped_and_the_worker_knows_them(dist: Path) -> None:
    """The engine worker unpacks the gzipped files itself (any host), and shows the progress
    of the bytes its boot downloads."""
    folder = dist / "runtime" / "pyodide"
    for name in build.GZIPPED:
        original = build.NODE_MODULES / "pyodide" / name
        assert gzip.decompress((folder / f"{name}.gz").read_bytes()) == original.read_bytes()
    worker = (dist / "engine-worker.js").read_text()
    assert "const GZIPPED = " + json.dumps(list(build.GZIPPED)) in worker
    sizes = json.loads(
        worker[
            worker.index("const SIZES = ") + 14 : worker.index(";\n", worker.index("const SIZES"))
        ]
    )
    assert sizes["pyodide.asm.wasm.gz"] == (folder / "pyodide.asm.wasm.gz").stat().st_size
    assert sizes["engine.zip"] == (dist / "engine.zip").stat().st_size
    own = dist / build.ENGINE_STDLIB
    assert sizes[own.name] == own.stat().st_size


def test_micropython_s_wasm_ships_gzipped_and_the_page_preloads_it(dist: Path) -> None:
    """boot.js's fetch unpacks it (any host); the pages ask for it at once, and for their
    PyScript config and Python zip too."""
    for name in build.GZIPPED_PAGE:
        original = build.NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"
        packed = (dist / f"{name}.gz").read_bytes()
        assert gzip.decompress(packed) == (original / Path(name).name).read_bytes()
        assert not (dist / name).exists()
    assert "async function gunzipped(body)" in (dist / "boot.js").read_text()
    for page, config in (("index.html", "pyscript.toml"), ("catch.html", "catch.toml")):
        html = (dist / page).read_text()
        archive = tomllib.loads((dist / config).read_text())["files"]
        for url in [f"./{build.GZIPPED_PAGE[0]}.gz", f"./{config}", *archive]:
            assert f'<link rel="preload" href="{url}" as="fetch" crossorigin>' in html, url


def test_the_engine_snapshot_restores_to_a_working_engine(dist: Path) -> None:
    """The snapshot the worker boots from, restored in Node, answers like the engine."""
    snapshot = dist / build.SNAPSHOT
    assert snapshot.stat().st_size > 1_000_000
    script = """
import {{ loadPyodide }} from "{pyodide}/pyodide.mjs";
import {{ readFileSync }} from "node:fs";
import {{ gunzipSync }} from "node:zlib";
const py = await loadPyodide({{ indexURL: "{pyodide}/", packages: [],
  _loadSnapshot: new Uint8Array(gunzipSync(readFileSync("{snapshot}"))) }});
py.unpackArchive(new Uint8Array(readFileSync("{zip}")), "zip", {{ extractDir: "/home/pyodide" }});
const known = py.runPython("import sys; 'triad.worker.engine' in sys.modules");
const reply = py.pyimport("triad.worker.engine").new_match(JSON.stringify({{ rules: ["same"], seed: 7 }}));
console.log(JSON.stringify({{ known, ok: JSON.parse(reply).ok }}));
""".format(
        pyodide=build.NODE_MODULES / "pyodide",  # (dist/ holds its large files gzipped)
        snapshot=snapshot,
        zip=dist / "engine.zip",
    )
    assert run_node(dist, "restore-check.mjs", script) == {"known": True, "ok": True}


def test_the_engine_starts_and_answers_on_its_own_standard_library(dist: Path) -> None:
    """What a first visit boots: Pyodide with the engine's own compiled library (a module
    outside it would fetch the whole, which Node cannot: none is needed)."""
    script = """
import {{ loadPyodide }} from "{pyodide}/pyodide.mjs";
import {{ readFileSync }} from "node:fs";
const py = await loadPyodide({{ indexURL: "{pyodide}/", packages: [], stdLibURL: "{own}" }});
py.unpackArchive(new Uint8Array(readFileSync("{zip}")), "zip", {{ extractDir: "/home/pyodide" }});
py.pyimport("triad.worker.stdlib").install("{pyodide}/python_stdlib.zip", ["nothing"]);
py.pyimport("triad.worker.referee");
const engine = py.pyimport("triad.worker.engine");
const reply = JSON.parse(engine.new_match(JSON.stringify({{ rules: ["same"], seed: 7 }})));
const compiled = py.runPython("import json; json.__spec__.origin.endswith('.pyc')");
console.log(JSON.stringify({{ ok: reply.ok, compiled }}));
""".format(
        pyodide=build.NODE_MODULES / "pyodide",
        own=dist / build.ENGINE_STDLIB,
        zip=dist / "engine.zip",
    )
    assert run_node(dist, "own-stdlib-check.mjs", script) == {"ok": True, "compiled": True}


def run_node(dist: Path, name: str, script: str) -> object:
    """Run a Node script (written as build/NAME) and read the JSON of its last line."""
    runner = dist.parent / "build" / name
    runner.parent.mkdir(exist_ok=True)
    runner.write_text(script)
    done = subprocess.run(["node", str(runner)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_service_worker_precaches_every_file_of_this_build(dist: Path) -> None:
    sw = (dist / "sw.js").read_text()
    build_id = json.loads((dist / "version.json").read_text())["build"]
    assert f'const BUILD = "{build_id}";' in sw
    files = json.loads(
        sw[sw.index("const FILES = ") + 14 : sw.index("];", sw.index("const FILES")) + 1]
    )
    on_disk = {"./" + p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    lazy = {f"./{f}" for f in build.LAZY_FILES}
    assert lazy <= on_disk
    assert set(files) == (on_disk - {"./sw.js"} - lazy) | {"./"}
    assert "const LAZY = " + json.dumps(sorted(lazy)) in sw


def test_engine_zip_holds_the_package_but_the_page_s_own_code(dist: Path) -> None:
    with zipfile.ZipFile(dist / "engine.zip") as zf:
        names = set(zf.namelist())
    assert "triad/__init__.py" in names
    assert set(build.WORKER_UI_MODULES) <= names
    assert not {n for n in names if n.startswith("triad/ui/")} - set(build.WORKER_UI_MODULES)
    assert "triad/worker/engine.py" in names or not (build.ROOT / "triad/worker/engine.py").exists()
    assert any(n.startswith("triad/data/") and n.endswith(".json") for n in names)
    assert not [n for n in names if "__pycache__" in n]


def test_build_is_reproducible_and_versioned(tmp_path: Path) -> None:
    build.ensure_node_modules()
    a = build.bundle(tmp_path / "a")
    b = build.bundle(tmp_path / "b")
    c = build.bundle(tmp_path / "c", label="next")
    assert a["build"] == b["build"]
    assert c["build"] != a["build"]


def test_zip_for_itch_io(dist: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = build.make_zip(dist, tmp_path)
    with zipfile.ZipFile(target) as zf:
        infos = zf.infolist()
    names = [i.filename for i in infos]
    # It says what it made: the zip's size and how many files it holds.
    said = capsys.readouterr().out
    assert f"{target.stat().st_size / 1e6:.1f} MB, {len(names)} files" in said
    assert "index.html" in names, "index.html is at the root of the zip"
    assert len(names) <= build.ZIP_MAX_FILES
    assert all(i.file_size < build.ZIP_MAX_FILE_BYTES for i in infos)
    assert sorted(names) == sorted(
        p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()
    )


def test_each_mode_page_has_its_own_file_list(dist: Path) -> None:
    card_game = {f"./{n}" for n in page_files(dist, "pyscript.toml")}
    for page in dist.glob("*.html"):
        mode = page.stem
        if not (build.ROOT / "triad" / "ui" / mode).is_dir():
            continue
        mode_files = {f"./{n}" for n in page_files(dist, f"{mode}.toml")}
        assert any(f.startswith(f"./triad/ui/{mode}/") for f in mode_files)
        assert not any(f.startswith(f"./triad/ui/{mode}/") for f in card_game)
        # The mode's words in each language, for its page only; the card game's for both.
        for code in ("en", "fr"):
            assert f"./triad/ui/lang/{code}/{mode}.json" in mode_files
            assert f"./triad/ui/lang/{code}/{mode}.json" not in card_game
            assert f"./triad/ui/lang/{code}/text.json" in mode_files
        assert f'config="./{mode}.toml"' in page.read_text()
    # The workers' modules (triad/worker/) are in engine.zip, never the main thread's list.
    assert not [f for f in card_game if f.startswith("./triad/worker/")]


def test_card_art_is_vendored_with_its_licence(dist: Path) -> None:
    """index.html gets every icon the page draws for the built-in sets (symbols `art-NAME`),
    gzipped beside it (boot.js puts them in its empty sprite), and no sprite file `<use>`
    points at; the whole set is there for a player's own set; the licence names
    game-icons.net and CC BY 3.0."""
    art = dist / "assets" / "art"
    page = (dist / "index.html").read_text()
    sprite = gzip.decompress((dist / build.ART_SPRITE).read_bytes()).decode()
    assert sprite.startswith('<svg class="sprite"')
    small = set(re.findall(r'<symbol id="art-([^"]+)"', sprite))
    assert small == set(build.art_used())
    assert build.ART_SPRITE_SLOT in page and "<symbol" not in page
    assert f'<link rel="preload" href="./{build.ART_SPRITE}" as="fetch" crossorigin>' in page
    assert not (art / "cards.svg").exists()
    for set_id in ("houses", "elements"):
        data = json.loads((build.ROOT / "triad" / "data" / f"{set_id}.json").read_text())
        assert {c["art"] for c in data["cards"]} <= small
    from triad.ui.icons import UI_ART

    assert set(UI_ART.values()) <= small
    whole = set(re.findall(r'<symbol id="([^"]+)"', (art / "game-icons.svg").read_text()))
    names = (build.ROOT / "triad" / "data" / "art_names.txt").read_text().split()
    assert whole == set(names)
    licence = (art / "LICENSE.txt").read_text()
    assert "game-icons.net" in licence and "CC BY 3.0" in licence and "Lorc" in licence


def test_the_loading_screens_draw_game_icons_inline(dist: Path, tmp_path: Path) -> None:
    """Each page's {{ICON name}} becomes that icon's SVG; a name outside the set stops the build."""
    icons = json.loads((build.GAME_ICONS / "icons.json").read_text())["icons"]
    index = (dist / "index.html").read_text()
    for name in ("moebius-triangle", "mounted-knight", "spiked-dragon-head", "crystal-ball"):
        assert icons[name]["body"] in index
    assert icons["house"]["body"] in (dist / "catch.html").read_text()
    page = tmp_path / "odd.html"
    page.write_text("<!-- {{BOOT_HEAD}} -->\n<svg>{{ICON no-such-icon}}</svg>")
    with pytest.raises(SystemExit, match=r"odd\.html names the icon 'no-such-icon'"):
        build._page_text(page)


def test_bench_names_pick_benches() -> None:
    names = [s.stem for s in build.bench_scripts([])]
    assert names == sorted(p.stem for p in (build.ROOT / "bench").glob("bench_*.py"))
    assert [s.stem for s in build.bench_scripts(["cpu"])] == ["bench_cpu"]  # its own name first
    assert [s.stem for s in build.bench_scripts(["bench_load"])] == ["bench_load"]
    assert [s.stem for s in build.bench_scripts(["catc"])] == ["bench_catch", "bench_catch_page"]


def test_bench_write_keeps_the_other_benches_sections(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PERFORMANCE.md lists every bench: its output as printed, or that it was never run."""
    monkeypatch.setattr(build, "PERFORMANCE", tmp_path / "PERFORMANCE.md")
    first, second, *_ = build.bench_scripts([])
    output = "| rules | s |\n| --- | --- |\n```\na fence in the output\n```\n"
    run = build.BenchRun(first, output, 12.3, 0, False)
    build.write_performance({first.stem: build.performance_section(run)})
    sections = build.performance_sections(build.PERFORMANCE.read_text())
    assert set(sections) == {s.stem for s in build.bench_scripts([])}
    assert output.rstrip("\n") in sections[first.stem]
    assert "in 12 s" in sections[first.stem] and "````text\n" in sections[first.stem]
    assert sections[second.stem] == build.NOT_RUN
    later = build.BenchRun(second, "figures\n", 1.0, 0, False)
    build.write_performance({second.stem: build.performance_section(later)})
    again = build.performance_sections(build.PERFORMANCE.read_text())
    assert again[first.stem] == sections[first.stem]
    assert "figures" in again[second.stem]
    assert build.PERFORMANCE.read_text().count(f"## {first.stem}") == 1


def test_the_build_id_covers_what_is_made_after_it(tmp_path: Path) -> None:
    """The snapshot counts by its presence and what it is made from (`more`), not its bytes,
    which differ from one run to the next; anything else by its content."""
    (tmp_path / "a.js").write_text("one")
    (tmp_path / "snap.bin").write_bytes(b"x")
    first = build._content_version(tmp_path, skip="snap.bin", more=b"tool 1")
    (tmp_path / "snap.bin").write_bytes(b"y")
    assert build._content_version(tmp_path, skip="snap.bin", more=b"tool 1") == first
    assert build._content_version(tmp_path, skip="snap.bin", more=b"tool 2") != first
    (tmp_path / "snap.bin").unlink()
    assert build._content_version(tmp_path, skip="snap.bin", more=b"tool 1") != first
    (tmp_path / "snap.bin").write_bytes(b"y")
    (tmp_path / "a.js").write_text("two")
    assert build._content_version(tmp_path, skip="snap.bin", more=b"tool 1") != first
