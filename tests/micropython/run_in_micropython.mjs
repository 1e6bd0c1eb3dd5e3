// Run Python code in the page's MicroPython (the PyScript build the site ships, from
// node_modules/@micropython/micropython-webassembly-pyscript) under Node.js, local files only.
//
//   node tests/micropython/run_in_micropython.mjs [--module FILE]... --code "PYTHON"
//
// Every --module is written into MicroPython's file system under its own name, in a folder on
// sys.path (as PyScript's `files` put the page's modules beside each other); --code runs after.
// What the code prints comes out on stdout; an uncaught Python exception exits 1.

import { readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const modules = [];
let code = null;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--module") modules.push(resolve(argv[++i]));
  else if (argv[i] === "--code") code = argv[++i];
  else throw new Error(`unknown argument ${argv[i]}`);
}
if (code === null) throw new Error("--code is required");

const { loadMicroPython } = await import(join(ROOT, "node_modules", "@micropython",
                                              "micropython-webassembly-pyscript", "micropython.mjs"));
let failed = false;
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => { failed = true; process.stderr.write(line + "\n"); },
});
mp.FS.mkdirTree("/page");
for (const file of modules) mp.FS.writeFile(`/page/${basename(file)}`, readFileSync(file));
try {
  mp.runPython("import sys\nsys.path.insert(0, '/page')\n" + code);
} catch (err) {
  console.error(String(err));
  process.exit(1);
}
process.exit(failed ? 1 : 0);
