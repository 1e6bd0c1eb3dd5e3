// Byte-compile the engine worker's Python ahead of time, with the very Pyodide the site ships.
//
//   node scripts/compile_pyc.mjs SITE_DIR MODULES_JSON
//
// 1. SITE_DIR/wheels/engine.zip: the parlor wheel's modules and the worker's own modules
//    (MODULES_JSON: {path in the repository: path in the zip}, every module of app/engine/ and
//    app/shared/ as scripts/build_site.py lists them, read from the repository (the site ships
//    app/shared/ as the page's MicroPython bytecode); not segno: it is imported only for a room's
//    QR code, straight from its wheel), each source with its .pyc beside it (the layout zipimport
//    reads). The worker puts the zip on sys.path and imports from it without unpacking or
//    compiling.
// 2. SITE_DIR/runtime/pyodide/python_stdlib.zip: Pyodide ships the standard library as sources,
//    so every start compiles the ~190 modules Python imports while it boots (most of Pyodide's
//    start-up time). The copy in the site is replaced by the same library compiled: each module's
//    .pyc in place of its source (a file that does not compile keeps its source).
// 3. SITE_DIR/runtime/pyscript/pyscript.zip: PyScript's own Python package, which its worker
//    writes out as sources and imports at every start; the engine worker's interpreter
//    (public/pyodide-snapshot.mjs) puts this compiled copy of the same sources first on sys.path.
// Unchecked-hash .pyc (no source timestamps to check) for the shipped Pyodide's own Python, built
// from the same sources in the same build, so they cannot go stale (docs/architecture.md).
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [site, modulesJson] = process.argv.slice(2);
if (!site || !modulesJson) throw new Error("usage: node scripts/compile_pyc.mjs SITE_DIR MODULES_JSON");
const WORKER_MODULES = JSON.parse(modulesJson);  // the worker's entry script runs from source
const STDLIB = path.join(site, "runtime", "pyodide", "python_stdlib.zip");
const PYSCRIPT_ZIP = path.join(site, "runtime", "pyscript", "pyscript.zip");
// The package's sources as @pyscript/core bundles them for its worker (its build artifact).
const ROOT = path.resolve(import.meta.dirname, "..");
const PYSCRIPT_SOURCES = path.resolve(ROOT, "node_modules", "@pyscript", "core",
                                      "src", "stdlib", "pyscript.js");

const py = await loadPyodide();
py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(site, "wheels", "parlor.whl"))), "zip",
                 { extractDir: "/engine" });
for (const [from, to] of Object.entries(WORKER_MODULES)) {
  py.FS.mkdirTree(path.posix.dirname(`/engine/${to}`));
  py.FS.writeFile(`/engine/${to}`, fs.readFileSync(path.join(ROOT, from)));
}
py.unpackArchive(new Uint8Array(fs.readFileSync(STDLIB)), "zip", { extractDir: "/stdlib" });
const writeTree = (dir, tree) => {
  py.FS.mkdirTree(dir);
  for (const [name, entry] of Object.entries(tree)) {
    if (typeof entry === "string") py.FS.writeFile(`${dir}/${name}`, entry);
    else writeTree(`${dir}/${name}`, entry);
  }
};
writeTree("/pyscript", (await import(pathToFileURL(PYSCRIPT_SOURCES))).default);
const zipCompiled = py.runPython(`
import compileall, io, os, py_compile, zipfile

def zip_compiled(top, keep_sources):
    """Compile every .py under top (a .pyc beside it); zip the tree: .py files only where
    keep_sources or where no .pyc could be made, and everything else as it is. Entries carry a
    fixed date, so the same sources give the same bytes (and the same precache version)."""
    compileall.compile_dir(top, quiet=2, legacy=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for root, dirs, files in sorted(os.walk(top)):
            for file in sorted(files):
                full = os.path.join(root, file)
                if file.endswith(".py") and not keep_sources and os.path.exists(full + "c"):
                    continue
                entry = zipfile.ZipInfo(os.path.relpath(full, top), date_time=(1980, 1, 1, 0, 0, 0))
                with open(full, "rb") as data:
                    archive.writestr(entry, data.read(), zipfile.ZIP_DEFLATED)
    return buffer.getvalue()

zip_compiled
`);
const engine = zipCompiled("/engine", true).toJs();
const engineZip = path.join(site, "wheels", "engine.zip");
fs.writeFileSync(engineZip, engine);
const stdlib = zipCompiled("/stdlib", false).toJs();
fs.writeFileSync(STDLIB, stdlib);
const pyscript = zipCompiled("/pyscript", true).toJs();
fs.writeFileSync(PYSCRIPT_ZIP, pyscript);
console.log(`compiled ${engineZip} (${engine.length} bytes), ${STDLIB} (${stdlib.length} bytes), ` +
            `${PYSCRIPT_ZIP} (${pyscript.length} bytes)`);
