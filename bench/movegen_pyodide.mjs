// bench/movegen.py's measure() inside Pyodide under Node.js, from local files only.
//
//   node bench/movegen_pyodide.mjs --wheel dist/site/wheels/parlor.whl [--runs 7] [--depth 4]
//
// Normally run through `python bench/movegen.py --pyodide`, which prints these figures beside
// CPython's. Pyodide comes from node_modules/pyodide; the built wheel is unpacked into
// site-packages (as tests/pyodide/run_in_pyodide.mjs does); bench/movegen.py and bench/_parlor.py
// are copied into Pyodide's memory file system and measure() runs there. Progress goes to
// stderr; the last stdout line is measure()'s result as JSON. Any http(s) fetch is refused.

import { join, resolve } from "node:path";
import { ROOT, localPyodide, unpackWheel } from "./_pyodide.mjs";

const args = { wheel: join(ROOT, "dist", "site", "wheels", "parlor.whl"), runs: 7, depth: 4 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--wheel") args.wheel = resolve(argv[++i]);
  else if (argv[i] === "--runs") args.runs = parseInt(argv[++i], 10);
  else if (argv[i] === "--depth") args.depth = parseInt(argv[++i], 10);
  else throw new Error(`unknown argument ${argv[i]}`);
}

const { pyodide, seconds } = await localPyodide(["movegen.py", "_parlor.py"]);
unpackWheel(pyodide, args.wheel);
console.error(`movegen_pyodide: Pyodide ${pyodide.version} ready in ${seconds.toFixed(1)} s; ` +
              `measuring perft(${args.depth}) x ${args.runs} and playouts`);
const result = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/bench")
import movegen
json.dumps(movegen.measure(${args.runs}, ${args.depth}))
`);
console.log(result);
