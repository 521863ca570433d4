"""The built bundle as files: relative paths, only the runtime files used, the itch.io zip."""

from __future__ import annotations

import base64
import gzip
import json
import lzma
import os
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


def test_pyscript_runs_the_vendored_interpreter_and_the_page_names_its_files(dist: Path) -> None:
    config = tomllib.loads((dist / "pyscript.toml").read_text())
    interpreter = config["interpreter"]
    assert interpreter.startswith("./runtime/")
    assert (dist / interpreter).is_file()
    # The page's Python files come in one gzipped JSON that boot.js writes where the page
    # reads them; PyScript's config lists none.
    assert "files" not in config
    assert (
        'config="./pyscript.toml" data-files="./page.json.gz"' in (dist / "index.html").read_text()
    )
    texts = page_bundle(dist, "pyscript.toml")
    assert "triad/deal.mpy" in texts and "triad/ui/page/main.mpy" in texts
    for name, text in texts.items():
        if name.endswith(".mpy"):
            # (compiled, with mpy-cross of the vendored MicroPython's version: that
            # MicroPython runs them, tests/ui/test_micropython.py)
            code = base64.b64decode(text)
            assert code[:2] == b"M\x06", name  # MicroPython's bytecode, format 6
            assert name.removesuffix(".mpy").encode() + b".py" in code, name  # its source
            assert (build.ROOT / name.replace(".mpy", ".py")).is_file(), name
        else:
            assert not name.endswith(".py"), f"{name} ships as source"
            assert text == (build.ROOT / name).read_text(encoding="utf-8"), name


def page_bundle(dist: Path, config: str) -> dict[str, str]:
    """The files {path: text} of the page whose PyScript config is `config`."""
    html = next(p for p in dist.glob("*.html") if f'config="./{config}"' in p.read_text())
    found = re.search(r'config="\./[\w.-]+" data-files="\./([\w.-]+)"', html.read_text())
    assert found, html.name
    texts: dict[str, str] = json.loads(gzip.decompress((dist / found[1]).read_bytes()))
    return texts


def page_files(dist: Path, config: str) -> set[str]:
    """The paths of the files of the page whose PyScript config is `config`."""
    return set(page_bundle(dist, config))


def test_only_runtime_files_the_page_loads_are_shipped(dist: Path) -> None:
    # PyScript is one bundle (core.css is written into the pages)
    assert [p.name for p in (dist / "runtime" / "pyscript").iterdir()] == ["pyscript.js.gz"]
    assert not list(dist.rglob("*.map"))
    # the page's Python files are in its bundle only
    assert not (dist / "triad").exists()
    pyodide = {p.name for p in (dist / "runtime" / "pyodide").iterdir()}
    shipped = {f"{n}.xz" if n in build.PACKED else n for n in build.PYODIDE_FILES}
    own = Path(build.ENGINE_STDLIB).name + ".xz"
    assert pyodide == {*shipped, Path(build.SNAPSHOT).name, own}
    # the test tools among the npm packages (gremlins.js, puppeteer-core) stay out
    package = json.loads((build.ROOT / "package.json").read_text())
    for tool in package["devDependencies"]:
        name = tool.split("/")[-1].removesuffix(".js")
        assert not [p for p in dist.rglob("*") if name in p.name], f"{tool} is shipped"


def unpacked(dist: Path, name: str) -> bytes:
    """What dist/NAME.xz (build.py's PACKED, PACKED_ZIPS) unpacks to."""
    return lzma.decompress((dist / f"{name}.xz").read_bytes())


def unpacked_file(dist: Path, name: str) -> Path:
    """dist/NAME.xz unpacked into build/ (for Node)."""
    target = dist.parent / "build" / "unpacked" / name
    target.parent.mkdir(parents=True, exist_ok=True)
    # written beside, then moved in place: another pytest-xdist worker may be reading it
    partial = target.with_name(f"{target.name}.{os.getpid()}")
    partial.write_bytes(unpacked(dist, name))
    partial.replace(target)
    return target


def test_what_the_engine_downloads_ships_xz_and_the_worker_knows_it(dist: Path) -> None:
    """The engine worker unpacks the xz files itself (any host), and shows the progress of
    the bytes its boot downloads. Zips are stored, so that xz packs across their files."""
    folder = dist / "runtime" / "pyodide"
    for name in build.PACKED:
        original = build.NODE_MODULES / "pyodide" / name
        assert unpacked(folder, name) == original.read_bytes()
        assert not (folder / name).exists()
    for name in build.PACKED_ZIPS:
        with zipfile.ZipFile(unpacked_file(dist, name)) as zf:
            assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}
            assert zf.testzip() is None
        assert not (dist / name).exists()
    worker = (dist / "engine-worker.js").read_text()
    listed = [*build.PACKED, *(Path(n).name for n in build.PACKED_ZIPS)]
    assert "const PACKED = " + json.dumps(listed, separators=(", ", ": ")) in worker
    assert "XzReadableStream" in worker and "{{XZ}}" not in worker
    sizes = json.loads(
        worker[
            worker.index("const SIZES = ") + 14 : worker.index(";\n", worker.index("const SIZES"))
        ]
    )
    assert sizes["pyodide.asm.wasm.xz"] == (folder / "pyodide.asm.wasm.xz").stat().st_size
    assert sizes["engine.zip.xz"] == (dist / "engine.zip.xz").stat().st_size
    own = dist / (build.ENGINE_STDLIB + ".xz")
    assert sizes[own.name] == own.stat().st_size
    # 1.3 MB less than gzip, file by file
    assert sum(sizes[f"{n}.xz"] for n in listed) < 4_000_000


def test_the_page_s_files_ship_gzipped_and_the_page_preloads_them(dist: Path) -> None:
    """boot.js unpacks MicroPython's wasm (its fetch), PyScript's bundle and the page's
    files (any host); the pages ask for them at once, and for their PyScript config too."""
    for name in build.GZIPPED_PAGE:
        original = build.NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"
        packed = (dist / f"{name}.gz").read_bytes()
        assert gzip.decompress(packed) == (original / Path(name).name).read_bytes()
        assert not (dist / name).exists()
    assert "async function gunzipped(body)" in (dist / "boot.js").read_text()
    bundle = gzip.decompress((dist / build.PYSCRIPT_BUNDLE).read_bytes()).decode()
    assert "triadOnReady" in bundle  # (assets/boot/pyscript.js's hook)
    assert "import(" in bundle and 'from"./' not in bundle  # one module
    for page, config in (("index.html", "pyscript.toml"), ("catch.html", "catch.toml")):
        html = (dist / page).read_text()
        files = re.search(r'data-files="\./([\w.-]+)"', html)
        assert files is not None
        for url in [f"./{build.GZIPPED_PAGE[0]}.gz", f"./{config}", f"./{files[1]}"]:
            assert f'<link rel="preload" href="{url}" as="fetch" crossorigin>' in html, url
        assert (
            f'<link rel="preload" href="./{build.PYSCRIPT_BUNDLE}" as="fetch" crossorigin>' in html
        )
        assert '<link rel="modulepreload" href="./runtime/micropython/micropython.mjs">' in html


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
        zip=unpacked_file(dist, "engine.zip"),
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
        own=unpacked_file(dist, build.ENGINE_STDLIB),
        zip=unpacked_file(dist, "engine.zip"),
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
    with zipfile.ZipFile(unpacked_file(dist, "engine.zip")) as zf:
        names = set(zf.namelist())
    assert "triad/__init__.py" in names
    assert "triad/pageview.py" in names
    assert not {n for n in names if n.startswith("triad/ui/")}
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
    from triad.ui.look.icons import UI_ART

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
