// The engine worker's Pyodide (its PyScript "interpreter" in index.html): Pyodide's own
// loadPyodide, restoring the interpreter booted at build time (runtime/pyodide/snapshot.bin.gz,
// made by scripts/make_snapshot.mjs) instead of initialising Python again, which is most of a
// boot. docs/architecture.md, "Pyodide restored from a memory snapshot".
//
// Only a snapshot the browser already holds is used (the service worker precaches it once the
// engine is ready, so from the second visit on): on a first visit its 4.9 MB would be fetched
// together with Pyodide's own files, which costs more than it saves on all but the fastest links.
// If the snapshot cannot be unzipped or restored, Pyodide boots as usual.
import { loadPyodide as bootPyodide, version } from "./runtime/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("./runtime/pyodide/", import.meta.url).href;

// Asked for as soon as the worker imports this module, while PyScript prepares the interpreter.
const cached = fetch(new URL("snapshot.bin.gz", indexURL), { cache: "only-if-cached", mode: "same-origin" })
  .then((response) => (response.ok ? response : null), () => null);

export async function loadPyodide(options = {}) {
  const response = await cached;
  if (!response || typeof DecompressionStream !== "function") {
    return bootPyodide({ ...options, indexURL });
  }
  const snapshot = new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  snapshot.catch(() => {});  // a bad file fails the boot below, which then boots without it
  let pyodide;
  try {
    pyodide = await bootPyodide({ ...options, indexURL, _loadSnapshot: snapshot });
  } catch (error) {
    console.warn("Pyodide boots without its snapshot:", error);
    return bootPyodide({ ...options, indexURL });
  }
  // Every restore starts from the same `random` state: seed it afresh from the OS. The flag lets
  // the engine's `hello` say the snapshot was used.
  pyodide.runPython("import os, random; random.seed(); os.environ['PARLOR_PYODIDE_SNAPSHOT'] = '1'");
  return pyodide;
}
