// bench/ataxx_hard.py's measure_nps() inside Pyodide under Node.js, from local files only.
//
//   node bench/ataxx_hard_pyodide.mjs --wheel dist/site/wheels/parlor.whl [--spec hard] [--budget 0.5] [--positions 20]
//
// Normally run through `python bench/ataxx_hard.py --nps --pyodide`. As bench/movegen_pyodide.mjs:
// Pyodide from node_modules/pyodide, the built wheel unpacked into site-packages, the bench's
// Python files copied into Pyodide's memory file system. Progress goes to stderr; the last
// stdout line is measure_nps()'s result as JSON. Any http(s) fetch is refused.

import { join, resolve } from "node:path";
import { ROOT, localPyodide, unpackWheel } from "./_pyodide.mjs";

const args = { wheel: join(ROOT, "dist", "site", "wheels", "parlor.whl"), spec: "hard", budget: 0.5, positions: 20 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--wheel") args.wheel = resolve(argv[++i]);
  else if (argv[i] === "--spec") args.spec = argv[++i];
  else if (argv[i] === "--budget") args.budget = parseFloat(argv[++i]);
  else if (argv[i] === "--positions") args.positions = parseInt(argv[++i], 10);
  else throw new Error(`unknown argument ${argv[i]}`);
}
if (!["hard", "old"].includes(args.spec)) throw new Error(`--spec is hard or old, not ${args.spec}`);

const { pyodide, seconds } = await localPyodide(["ataxx_hard.py", "ataxx_old_hard.py", "_parlor.py"]);
unpackWheel(pyodide, args.wheel);
console.error(`ataxx_hard_pyodide: Pyodide ${pyodide.version} ready in ${seconds.toFixed(1)} s; ` +
              `${args.spec} on ${args.positions} positions at ${args.budget} s`);
const result = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/bench")
import ataxx_hard
json.dumps(ataxx_hard.measure_nps(${JSON.stringify(args.spec)}, ${args.budget}, ${args.positions}))
`);
console.log(result);
