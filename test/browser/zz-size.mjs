// test/browser/zz-size.ts
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";

// test/browser/bundle-for-browser.ts
import { join } from "node:path";
import { build } from "esbuild";
var root = join(import.meta.dirname, "..", "..");
async function bundleForBrowser(program, options = {}) {
  const result = await build({
    stdin: { contents: program, resolveDir: root, sourcefile: "app.ts", loader: "ts" },
    alias: { "redzone/worker": "./src/worker/index.ts", "redzone/sim": "./src/sim.ts", redzone: "./src/index.ts" },
    absWorkingDir: root,
    bundle: true,
    minify: options.minify ?? true,
    format: options.format ?? "esm",
    platform: "browser",
    target: "es2022",
    metafile: true,
    write: false,
    logLevel: "silent"
  });
  return { code: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs), metafile: result.metafile };
}

// test/browser/zz-size.ts
var src = readFileSync(new URL("../package/core-bundle-size.test.ts", import.meta.url), "utf8");
var PROGRAM = src.split("const PROGRAM = `")[1].split("`\n")[0];
var b = await bundleForBrowser(PROGRAM);
var gz = gzipSync(b.code, { level: 9 }).length;
console.log("total min", b.code.length, "gz", gz, "left", 30720 - gz);
var out = Object.values(b.metafile.outputs)[0];
var rows = Object.entries(out.inputs).map(([k, v]) => [k, v.bytesInOutput]).sort((a, b2) => b2[1] - a[1]);
if (process.argv.includes("--list")) for (const [k, v] of rows) console.log(String(v).padStart(7), k);
if (process.argv.includes("--write")) (await import("node:fs")).writeFileSync("/tmp/core-bundle.js", b.code);
