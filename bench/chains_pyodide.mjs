// bench/chains.py's speed() inside Pyodide under Node.js, from local files only.
//
//   node bench/chains_pyodide.mjs [--games 15] [--builds 5]
//
// Normally run through `python bench/chains.py speed --pyodide`, which prints these figures beside
// CPython's. Pyodide comes from node_modules/pyodide; the checkout's py/ is copied into Pyodide's
// memory file system as the package `parlor` (so the figures are for the code as it is, not for
// a previously built wheel), with bench/chains.py and bench/_parlor.py. Progress goes to stderr;
// the last stdout line is speed()'s result as JSON. Any http(s) fetch is refused.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT, localPyodide } from "./_pyodide.mjs";

const args = { games: 15, builds: 5 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--games") args.games = parseInt(argv[++i], 10);
  else if (argv[i] === "--builds") args.builds = parseInt(argv[++i], 10);
  else throw new Error(`unknown argument ${argv[i]}`);
}

function copyPackage(FS, hostDir, fsDir) {
  FS.mkdirTree(fsDir);
  for (const name of readdirSync(hostDir)) {
    const host = join(hostDir, name);
    if (statSync(host).isDirectory()) {
      if (name !== "__pycache__") copyPackage(FS, host, `${fsDir}/${name}`);
    } else if (name.endsWith(".py")) {
      FS.writeFile(`${fsDir}/${name}`, readFileSync(host));
    }
  }
}

const { pyodide, seconds } = await localPyodide(["chains.py", "_parlor.py"]);
copyPackage(pyodide.FS, join(ROOT, "py"), "/lib/parlor");
console.error(`chains_pyodide: Pyodide ${pyodide.version} ready in ${seconds.toFixed(1)} s; ` +
              `building tables x ${args.builds} and playing ${args.games} random games`);
const result = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/lib")
sys.path.insert(0, "/bench")
import chains
json.dumps(chains.speed(${args.games}, ${args.builds}))
`);
console.log(result);
