"""The built site: complete precache list, PWA manifest and icons, nothing from another origin."""

import gzip
import hashlib
import json
import re
import shutil
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SITE_TEXT = (".html", ".css", ".webmanifest", ".py")
APP = ROOT / "app"


def modules_of(program: str, entry: str) -> dict[str, Path]:
    """{import path: file} of every module a program of app/ ships, found by walking the tree
    here (not by the build's code): its folder's and app/shared/'s, but its entry script."""
    found = {}
    for folder in (APP / program, APP / "shared"):
        for path in folder.rglob("*.py"):
            rel = path.relative_to(folder).as_posix()
            if "__pycache__" not in path.parts and not (folder.name == program and rel == entry):
                found[rel] = path
    return found


def mpy(rel: str) -> str:
    return rel.removesuffix(".py") + ".mpy"


def test_the_page_ships_every_module_of_its_folders_and_no_other(site_dir):
    """The page's MicroPython file system is exactly app/page/ and app/shared/: the modules its
    home screen imports in PyScript's `files` of the mpy script, the others in #page-later (fetched
    after the home screen); a module added to a folder ships with no list to edit, a stray or
    missing one fails here. Each is shipped as MicroPython bytecode (.mpy, format 6: the shipped
    MicroPython 1.27's, made by the same release's mpy-cross) in place of its source, and the
    bytecode names its module's source path (a traceback reads as from the source)."""
    html = (site_dir / "index.html").read_text()
    config = json.loads(re.search(r"""<script type="mpy" src="\./app/page/main\.py"\s+config='([^']+)'""", html)[1])
    files = config["files"]
    later = json.loads(re.search(r'<script type="application/json" id="page-later">([^<]+)</script>', html)[1])
    expected = modules_of("page", "main.py")
    assert files.pop("./app/games.json") == "./games.json"  # the games' facts (catalog.py)
    assert not set(files) & set(later)
    assert sorted([*files.values(), *later.values()]) == sorted(f"./{mpy(rel)}" for rel in expected)
    sources = {mpy(rel): rel for rel in expected}
    for url, rel in [*files.items(), *later.items()]:
        source = sources[rel.removeprefix("./")]
        assert url == "./" + mpy(expected[source].relative_to(ROOT).as_posix())
        data = (site_dir / url.removeprefix("./")).read_bytes()
        assert data[:2] == b"M\x06" and source.encode() in data, url
        assert not (site_dir / url.removeprefix("./")).with_suffix(".py").exists(), url
    # What main.py imports before it shows the home screen comes with it; a board or the table
    # screen does not (the home screen does not wait for them).
    for rel in ("./screens/home.mpy", "./catalog.mpy", "./home_form.mpy", "./cards/__init__.mpy", "./page_modules.mpy"):
        assert rel in files.values(), rel
    for rel in ("./screens/table.mpy", "./boards/base.mpy", "./net/room_link.mpy"):
        assert rel in later.values(), rel


def test_only_the_home_screens_styles_come_before_the_first_paint(site_dir):
    """The shared styles (the shell's and the home screen's) are in index.html's head (no request
    before the first paint; style.css is not shipped as a file); the table's, the rooms' and each
    board's own sheets are listed in #page-styles (screens first, so a board wins ties), shipped
    as they are, added by the page with its later modules, and none of their rules is in the head."""
    html = (site_dir / "index.html").read_text()
    styles = json.loads(re.search(r'<script type="application/json" id="page-styles">([^<]+)</script>', html)[1])
    sheets = [*sorted((ROOT / "app/page/screens").glob("*.css")), *sorted((ROOT / "app/page/boards").glob("*.css"))]
    assert {"table.css", "room.css", "ataxx.css"} <= {path.name for path in sheets}
    assert styles == [f"./{path.relative_to(ROOT).as_posix()}" for path in sheets]
    head = html[:html.index("</head>")]
    assert '<link rel="stylesheet"' not in head and not (site_dir / "style.css").exists()
    shared = (ROOT / "public/style.css").read_text()
    assert shared.strip() in head
    for path in sheets:
        assert (site_dir / path.relative_to(ROOT)).read_bytes() == path.read_bytes()
        rules = [line for line in path.read_text().splitlines() if line.endswith("}") and "{" in line]
        assert rules and not any(rule in shared for rule in rules), path.name


def test_the_header_logo_is_drawn_with_the_page(site_dir):
    """The logo is public/icons/icon.svg written inline (an <img> of it built an SVG document on
    the main thread before the first paint), at 40 px and hidden from screen readers."""
    html = (site_dir / "index.html").read_text()
    logo = re.search(r'<a class="home-link" href="\./">(<svg [^>]*>.*?</svg>)<h1>Parlor</h1>', html, re.S)[1]
    assert 'class="logo" width="40" height="40" aria-hidden="true"' in logo and "<title>" not in logo
    icon = (ROOT / "public/icons/icon.svg").read_text()
    assert re.findall(r"<(?:rect|circle) [^>]*>", logo) == re.findall(r"<(?:rect|circle) [^>]*>", icon)
    assert "<img" not in html[:html.index("</main>")]


def test_precache_lists_every_file(site_dir):
    manifest = json.loads((site_dir / "precache.json").read_text())
    files = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*")
             if p.is_file() and not (p.suffix in (".gz", ".br") and p.with_suffix("").is_file())}
    assert set(manifest["files"]) == {"./"} | {f"./{f}" for f in files - {"sw.js", "precache.json"}}
    assert re.fullmatch(r"[0-9a-f]{16}", manifest["version"])
    # Each file's content hash, by which an update copies what did not change (sw.js).
    assert list(manifest["hashes"]) == manifest["files"]
    for name in ("./index.html", "./app/page/boards/ataxx.css", "./runtime/pyodide/pyodide.asm.wasm"):
        digest = hashlib.sha256((site_dir / name).read_bytes()).hexdigest()
        assert digest.startswith(manifest["hashes"][name]) and len(manifest["hashes"][name]) == 32
    assert manifest["hashes"]["./"] == manifest["hashes"]["./index.html"]
    assert manifest["version"] in (site_dir / "sw.js").read_text()


def png_size(path):
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_manifest_and_icons(site_dir):
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Parlor" and manifest["display"] == "standalone"
    purposes = set()
    for icon in manifest["icons"]:
        path = site_dir / icon["src"]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            w, h = png_size(path)
            assert f"{w}x{h}" == icon["sizes"]
        purposes.add(icon.get("purpose", "any"))
    assert "maskable" in purposes
    assert any(i["type"] == "image/svg+xml" for i in manifest["icons"])


def test_our_files_name_no_other_origin(site_dir):
    for path in site_dir.rglob("*"):
        if path.suffix in SITE_TEXT or path.name == "sw.js":
            text = path.read_text()
            for url in re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)""", text):
                assert not re.match(r"^(https?:)?//", url), f"{path}: {url}"


def test_the_worker_imports_one_zip_with_bytecode_beside_each_source(site_dir):
    """wheels/engine.zip holds every module of the parlor wheel and the worker's own modules, each
    source with an unchecked-hash .pyc beside it (the layout zipimport reads), and no other Python.
    That the shipped Pyodide accepts the bytecode is checked in the browser (test_boot: `hello`
    reports `bytecode`)."""

    with zipfile.ZipFile(site_dir / "wheels" / "parlor.whl") as wheel:
        sources = {n: wheel.read(n) for n in wheel.namelist() if n.endswith(".py")}
    for rel, path in modules_of("engine", "worker.py").items():
        sources[rel] = path.read_bytes()
    with zipfile.ZipFile(site_dir / "wheels" / "engine.zip") as archive:
        python = {n for n in archive.namelist() if n.endswith((".py", ".pyc"))}
        assert python == set(sources) | {name + "c" for name in sources}
        magics = set()
        for name, source in sources.items():
            assert archive.read(name) == source, name
            head = archive.read(name + "c")[:8]
            magics.add(head[:4])
            assert struct.unpack("<I", head[4:8])[0] == 0b01, name  # hash-based, source unchecked
        assert len(magics) == 1 and next(iter(magics)).endswith(b"\r\n")
        assert_reproducible(archive)
    # The zip is the worker's only copy of its modules: the site holds its script alone.
    assert sorted(p.name for p in (site_dir / "app" / "engine").iterdir() if p.suffix == ".py") == ["worker.py"]


def test_the_ataxx_opening_book_ships_in_the_wheel_and_the_engine_zip(site_dir):
    """Hard's opening book is a data file of the parlor package (not a module): it is in the
    wheel and in wheels/engine.zip as in py/, and readable when parlor is imported from the zip,
    as the worker imports it."""
    name = "parlor/ai/ataxx_book.json"
    book = (ROOT / "py" / "ai" / "ataxx_book.json").read_bytes()
    with zipfile.ZipFile(site_dir / "wheels" / "parlor.whl") as wheel:
        assert wheel.read(name) == book
    engine = site_dir / "wheels" / "engine.zip"
    with zipfile.ZipFile(engine) as archive:
        assert archive.read(name) == book
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from parlor.ai import ataxx; "
            "assert ataxx.__file__.startswith(sys.argv[1]), ataxx.__file__; print(len(ataxx.book()))")
    out = subprocess.run([sys.executable, "-I", "-c", code, str(engine)], capture_output=True,
                         text=True, check=True)
    assert int(out.stdout) == len(json.loads(book)["books"])


def test_the_worker_imports_pyscripts_own_package_compiled(site_dir):
    """runtime/pyscript/pyscript.zip is PyScript's Python package as its worker writes it out
    (each source is in the core chunk word for word, and every one is there), each source with
    an unchecked-hash .pyc beside it; public/pyodide-snapshot.mjs puts it first on sys.path."""

    core = "".join(p.read_text() for p in (site_dir / "runtime" / "pyscript").glob("core-*.js"))
    with zipfile.ZipFile(site_dir / "runtime" / "pyscript" / "pyscript.zip") as archive:
        sources = {n: archive.read(n).decode() for n in archive.namelist() if n.endswith(".py")}
        assert set(archive.namelist()) == set(sources) | {n + "c" for n in sources}
        for name in sources:
            assert struct.unpack("<I", archive.read(name + "c")[4:8])[0] == 0b01, name
        assert_reproducible(archive)
    assert "pyscript/__init__.py" in sources and "pyscript/web.py" in sources
    for name, source in sources.items():
        assert json.dumps(source, ensure_ascii=False) in core, name
    # ...and the core chunk writes no module that the zip lacks
    written = set(re.findall(r'"(\w+\.py)":"', core))
    assert written == {n.rpartition("/")[2] for n in sources}


def assert_reproducible(archive):
    """Fixed entry dates: the same sources give the same bytes, so the site's precache version
    only changes when something in it does."""
    assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_the_site_ships_pyodides_standard_library_compiled(site_dir):
    """runtime/pyodide/python_stdlib.zip is the npm package's library with each module as an
    unchecked-hash .pyc in place of its source (a source that does not compile stays); every
    other file is unchanged."""

    with zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as stock:
        published = {n: stock.read(n) for n in stock.namelist() if not n.endswith("/")}
    with zipfile.ZipFile(site_dir / "runtime" / "pyodide" / "python_stdlib.zip") as shipped:
        files = {n: shipped.read(n) for n in shipped.namelist() if not n.endswith("/")}
        assert_reproducible(shipped)
    modules = [n for n in published if n.endswith(".py")]
    compiled = [n for n in modules if n + "c" in files]
    assert len(compiled) > 0.95 * len(modules) and "json/__init__.pyc" in files
    assert not [n for n in compiled if n in files]  # no source beside its bytecode
    assert all(files[n] == published[n] for n in modules if n not in compiled)
    assert all(files[n] == data for n, data in published.items() if not n.endswith(".py"))
    assert set(files) == set(published) - set(compiled) | {n + "c" for n in compiled}
    for name in compiled:
        assert struct.unpack("<I", files[name + "c"][4:8])[0] == 0b01, name


def test_index_preloads_files_the_site_ships(site_dir):
    """index.html preloads PyScript's core chunk and error plugin (hashed names written at build),
    MicroPython and the two entry .py files; each names a file of the site, fetched with the mode
    the page later uses (module preloads for modules, CORS fetches for the rest)."""
    html = (site_dir / "index.html").read_text()
    assert "PARLOR_RUNTIME_PRELOADS" not in html
    links = re.findall(r'<link rel="(modulepreload|preload)" href="\./([^"]+)"([^>]*)>', html)
    hrefs = {href for _, href, _ in links}
    assert {"runtime/micropython/micropython.mjs", "runtime/micropython/micropython.wasm",
            "app/page/main.py", "app/engine/worker.py"} <= hrefs
    chunks = [h for h in hrefs if h.startswith("runtime/pyscript/")]
    assert sorted(re.sub(r"-[\w-]+\.js$", "", h) for h in chunks) == [
        "runtime/pyscript/core", "runtime/pyscript/error"]
    core_js = (site_dir / "runtime" / "pyscript" / "core.js").read_text()
    assert any(h.rpartition("/")[2] in core_js for h in chunks)  # the chunk core.js loads
    for rel, href, rest in links:
        assert (site_dir / href).is_file(), href
        assert (rel == "modulepreload") == href.endswith((".js", ".mjs")), href
        assert rel == "modulepreload" or 'as="fetch" crossorigin' in rest, href


def test_the_pyodide_snapshot_is_made_again_byte_for_byte(site_dir, tmp_path):
    """The snapshot of the booted Pyodide (scripts/make_snapshot.mjs) depends only on the site's
    Pyodide files: made again from them it has the same bytes, so a rebuild keeps the precache
    version and returning players download nothing new."""
    runtime = tmp_path / "runtime" / "pyodide"
    shutil.copytree(site_dir / "runtime" / "pyodide", runtime)
    (runtime / "snapshot.bin.gz").unlink()
    subprocess.run(["node", str(ROOT / "scripts" / "make_snapshot.mjs"), str(tmp_path)], check=True,
                   capture_output=True)
    made = (runtime / "snapshot.bin.gz").read_bytes()
    assert made == (site_dir / "runtime" / "pyodide" / "snapshot.bin.gz").read_bytes()
    assert len(gzip.decompress(made)) > 16 * 2**20  # a whole interpreter's memory
