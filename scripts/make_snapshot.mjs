// Boot the site's Pyodide once at build time and save its memory, so the engine worker restores a
// booted interpreter instead of initialising Python at every start (docs/architecture.md,
// "Pyodide restored from a memory snapshot").
//
//   node scripts/make_snapshot.mjs SITE_DIR
//
// Run after scripts/compile_pyc.mjs: the snapshot holds zipimport's index of the site's
// python_stdlib.zip, so it must be made from that very file. Writes
// SITE_DIR/runtime/pyodide/snapshot.bin.gz (gzip; public/pyodide-snapshot.mjs restores it).
//
// Nothing of ours is imported: the snapshot is Pyodide's own state after loadPyodide, plus the
// standard library's `html` (STDLIB_PRELOADED), which PyScript's package imports in the worker at
// every start (html.entities alone is a ~2,000-entry dict: 20-50 ms there). The boot
// runs on a fixed clock and fixed entropy, so the same files give the same bytes (and the same
// precache version); the page reseeds `random` after restoring (Python's str hash secret stays
// the one fixed here).
import nodeCrypto from "node:crypto";
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import zlib from "node:zlib";

const site = process.argv[2];
if (!site) throw new Error("usage: node scripts/make_snapshot.mjs SITE_DIR");
const runtime = path.resolve(site, "runtime", "pyodide");

let entropy = 0x9e3779b9;
function fixedRandomFill(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    entropy = (Math.imul(entropy, 1664525) + 1013904223) >>> 0;
    bytes[i] = entropy >>> 24;
  }
  return view;
}
nodeCrypto.randomFillSync = fixedRandomFill;
syncBuiltinESMExports();
let ticks = 0;
Date.now = () => Date.UTC(2026, 0, 1) + ++ticks;
performance.now = () => ++ticks;

const { loadPyodide } = await import(path.join(runtime, "pyodide.mjs"));
// The browser's program name (sys.executable, $_), not this script's path.
const pyodide = await loadPyodide({ indexURL: runtime + path.sep, _makeSnapshot: true,
                                    _sysExecutable: "./this.program" });
const STDLIB_PRELOADED = ["html"];
pyodide.runPython(STDLIB_PRELOADED.map((name) => `import ${name}`).join("\n"));
const snapshot = pyodide.makeMemorySnapshot();
const out = path.join(runtime, "snapshot.bin.gz");
fs.writeFileSync(out, zlib.gzipSync(snapshot, { level: 9 }));
console.log(`snapshot ${out}: ${snapshot.length} bytes, ${fs.statSync(out).size} gzipped`);
