// Build the engine worker's import zip, with its bytecode compiled by the very Pyodide the site ships.
//
//   node scripts/compile_pyc.mjs SITE_DIR
//
// Reads SITE_DIR/wheels/parlor.whl and the worker's own modules SITE_DIR/app/{table,room}.py (not
// segno: it is imported only for a room's QR code, straight from its wheel), compiles them inside
// Pyodide (so the bytecode matches its Python exactly) as unchecked-hash .pyc files, and writes
// SITE_DIR/wheels/engine.zip: each source with its .pyc beside it (the layout zipimport reads).
// The worker puts the zip on sys.path and imports from it without unpacking or compiling
// (scripts/build_site.py, docs/architecture.md).
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const site = process.argv[2];
if (!site) throw new Error("usage: node scripts/compile_pyc.mjs SITE_DIR");
const WORKER_MODULES = ["table.py", "room.py"];  // engine.py itself is run from source by PyScript

const py = await loadPyodide();
py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(site, "wheels", "parlor.whl"))), "zip",
                 { extractDir: "/src" });
for (const name of WORKER_MODULES) {
  py.FS.writeFile(`/src/${name}`, fs.readFileSync(path.join(site, "app", name)));
}
const bytes = py.runPython(`
import compileall, io, os, py_compile, zipfile

mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
if not compileall.compile_dir("/src", quiet=1, legacy=True, invalidation_mode=mode):
    raise SystemExit("compileall failed")
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
    for root, dirs, files in sorted(os.walk("/src")):
        for file in sorted(files):
            if file.endswith((".py", ".pyc")):
                full = os.path.join(root, file)
                archive.write(full, os.path.relpath(full, "/src"))
buffer.getvalue()
`).toJs();
fs.writeFileSync(path.join(site, "wheels", "engine.zip"), bytes);
console.log(`compiled ${site}/wheels/engine.zip (${bytes.length} bytes)`);
