// The engine worker's Pyodide (its PyScript "interpreter" in index.html): Pyodide's own
// loadPyodide, restoring the interpreter booted at build time (runtime/pyodide/snapshot.bin.gz,
// made by scripts/make_snapshot.mjs) instead of initialising Python again, which is most of a
// boot. docs/architecture.md, "Pyodide restored from a memory snapshot".
//
// A snapshot the browser holds (the service worker precaches it) is always used. On a first
// visit it is downloaded first and used if it has all arrived within FIRST_VISIT_WAIT_MS of the
// moment Pyodide is asked to start, i.e. on a fast link (4.9 MB in 0.4 s is 100 Mbit/s), where
// restoring saves more than the wait; otherwise its download is dropped and Pyodide boots as
// usual, having waited that long at most. If the snapshot cannot be unzipped or restored,
// Pyodide boots as usual too. docs/architecture.md weighs the wait.
//
// Before PyScript's own bootstrap runs, its Python package, compiled at build time
// (runtime/pyscript/pyscript.zip, scripts/compile_pyc.mjs), is put first on sys.path: PyScript
// still writes its sources, but Python imports the compiled copy of them instead of compiling.
import { loadPyodide as bootPyodide, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("./runtime/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("snapshot.bin.gz", indexURL);
const PYSCRIPT_ZIP = new URL("./runtime/pyscript/pyscript.zip", import.meta.url);
const PYSCRIPT_PATH = "/lib/pyscript_compiled.zip";
const FIRST_VISIT_WAIT_MS = 400;

// Asked for as soon as the worker imports this module, while PyScript prepares the interpreter.
const cached = fetch(SNAPSHOT, { cache: "only-if-cached", mode: "same-origin" })
  .then((response) => (response.ok ? response : null), () => null);
const download = new AbortController();
const downloaded = cached.then((response) => (response ? null
  : fetch(SNAPSHOT, { mode: "same-origin", signal: download.signal })
    .then((fetched) => (fetched.ok ? fetched.blob() : null))))
  .catch(() => null);
const pyscriptZip = fetch(PYSCRIPT_ZIP).then((response) => (response.ok ? response.arrayBuffer() : null))
  .catch(() => null);

// The snapshot's gzipped bytes as a stream: the browser's copy, or a first visit's download if it
// completes in time (else the download is dropped); null to boot without.
async function snapshotStream() {
  if (typeof DecompressionStream !== "function") {
    download.abort();
    return null;
  }
  const response = await cached;
  if (response) return response.body;
  const blob = await Promise.race([
    downloaded, new Promise((resolve) => setTimeout(resolve, FIRST_VISIT_WAIT_MS, null))]);
  if (blob) return blob.stream();
  download.abort();
  return null;
}

async function restoreOrBoot(options) {
  const gzipped = await snapshotStream();
  if (!gzipped) return [await bootPyodide(options), false];
  const memory = new Response(gzipped.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  memory.catch(() => {});  // a bad file fails the boot below, which then boots without it
  try {
    return [await bootPyodide({ ...options, _loadSnapshot: memory }), true];
  } catch (error) {
    console.warn("Pyodide boots without its snapshot:", error);
    return [await bootPyodide(options), false];
  }
}

export async function loadPyodide(options = {}) {
  const [pyodide, restored] = await restoreOrBoot({ ...options, indexURL });
  if (restored) {
    // Every restore starts from the same `random` state: seed it afresh from the OS. The flag
    // lets the engine's `hello` say the snapshot was used.
    pyodide.runPython("import os, random; random.seed(); os.environ['PARLOR_PYODIDE_SNAPSHOT'] = '1'");
  }
  const compiled = await pyscriptZip;
  if (compiled) {
    pyodide.FS.writeFile(PYSCRIPT_PATH, new Uint8Array(compiled));
    pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(PYSCRIPT_PATH)})`);
  }
  return pyodide;
}
