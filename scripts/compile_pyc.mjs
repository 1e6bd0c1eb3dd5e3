// Byte-compile the engine worker's Python ahead of time, with the very Pyodide the site ships.
//
//   node scripts/compile_pyc.mjs SITE_DIR
//
// Reads SITE_DIR/wheels/parlor.whl and the worker's modules from SITE_DIR/app/app.zip (not segno:
// it is imported only for a room's QR code), compiles them inside Pyodide (so the bytecode
// matches its Python exactly) as unchecked-hash .pyc files, and writes
// SITE_DIR/wheels/pycache.zip: only the __pycache__/ entries, laid out like the wheel, so the
// worker unpacks it next to it and imports without compiling (scripts/build_site.py).
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const site = process.argv[2];
if (!site) throw new Error("usage: node scripts/compile_pyc.mjs SITE_DIR");
const WORKER_MODULES = ["table.py", "room.py"];  // engine.py itself is run from source by PyScript

const py = await loadPyodide();
py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(site, "wheels", "parlor.whl"))), "zip",
                 { extractDir: "/src" });
py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(site, "app", "app.zip"))), "zip",
                 { extractDir: "/app" });
py.globals.set("WORKER_MODULES", py.toPy(WORKER_MODULES));
const bytes = py.runPython(`
import compileall, io, os, py_compile, shutil, zipfile

for name in WORKER_MODULES:
    shutil.copy(os.path.join("/app", name), os.path.join("/src", name))
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
if not compileall.compile_dir("/src", quiet=1, invalidation_mode=mode):
    raise SystemExit("compileall failed")
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
    for root, dirs, files in sorted(os.walk("/src")):
        for file in sorted(files):
            if file.endswith(".pyc"):
                full = os.path.join(root, file)
                archive.write(full, os.path.relpath(full, "/src"))
buffer.getvalue()
`).toJs();
fs.writeFileSync(path.join(site, "wheels", "pycache.zip"), bytes);
console.log(`compiled ${site}/wheels/pycache.zip (${bytes.length} bytes)`);
