// What the bench's Pyodide runners share (movegen, ataxx_hard, chains *_pyodide.mjs): Pyodide
// from node_modules/pyodide under Node.js, any http(s) or ws(s) fetch refused, Python's output on
// stderr (the runner's last stdout line is its JSON result), and the bench's own Python files
// copied into Pyodide's memory file system at /bench.

import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Pyodide, loaded from local files only; `seconds` is how long it took. */
export async function localPyodide(benchFiles) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (/^(https?|wss?):/i.test(url)) throw new TypeError(`network access refused: ${url}`);
    return realFetch(input, init);
  };
  const { loadPyodide } = await import(join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
  const t0 = performance.now();
  const pyodide = await loadPyodide({ indexURL: join(ROOT, "node_modules", "pyodide") + "/" });
  pyodide.setStdout({ batched: (line) => console.error(line) });
  pyodide.FS.mkdirTree("/bench");
  for (const name of benchFiles) {
    pyodide.FS.writeFile(`/bench/${name}`, readFileSync(join(ROOT, "bench", name)));
  }
  return { pyodide, seconds: (performance.now() - t0) / 1000 };
}

/** Unpack a built wheel into Pyodide's site-packages. */
export function unpackWheel(pyodide, wheel) {
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  // A Node Buffer is refused by unpackArchive: pass a plain Uint8Array.
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "whl", { extractDir: sitePackages });
}
