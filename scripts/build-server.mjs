#!/usr/bin/env node
// The production server compiled (build/server/main.js), so `npm start` runs it with plain `node`:
// no TypeScript loader at start-up (docs/adr/0009-speed.md). Our modules are bundled with the
// packages they import, but for those scripts/server-externals.mjs keeps in node_modules: a
// restart reads a few large files instead of about a thousand small ones. What main.js imports
// only when it serves (the site, ./serve) is a chunk of its own beside it, so the process that
// keeps WEB_CONCURRENCY's web processes running (src/server/cluster.ts) loads none of it.
import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { isServerExternal } from "./server-externals.mjs";
import { sourceStamp, writeSourceStamp } from "./source-stamp.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${root}build/server`;
const outfile = `${outdir}/main.js`;
// The build's last step, so the stamp is taken here, before this file is written (a source saved
// during the earlier steps is missed: build again after editing).
const stamp = sourceStamp(root);

// Some modules find files beside them (migrations, the GraphQL schema, the validators' runtime,
// locales) through import.meta.url. In the bundle that would be build/server/main.js, so each such
// module keeps its own address, relative to the bundle: the build can move with the checkout.
const ownAddress = {
  name: "own-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /[/\\]src[/\\].*\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const fromBundle = relative(`${root}build/server`, args.path).split("\\").join("/");
      return {
        contents: source.replaceAll(
          "import.meta.url",
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: args.path.endsWith("x") ? "tsx" : "ts",
      };
    });
  },
};

// Packages are bundled, but for those scripts/server-externals.mjs keeps in node_modules.
const externals = {
  name: "externals",
  setup(b) {
    // Bare names only: not our relative imports, nor a package's own "#imports".
    b.onResolve({ filter: /^[^./#]/ }, (args) =>
      isServerExternal(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
};

await build({
  entryPoints: [`${root}src/server/main.ts`],
  outdir,
  // The chunks sit beside main.js: the addresses the plugin above writes are relative to it.
  splitting: true,
  chunkNames: "server-[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // CommonJS packages bundled into these ES modules still call require() for Node's own modules.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  // Whitespace and syntax only: the source text V8 keeps in memory (for lazy compilation) is ~40 %
  // smaller; names stay, so a stack trace still reads. The source map gives lines and files.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: "linked",
  plugins: [ownAddress, externals],
  logLevel: "warning",
});
writeSourceStamp(root, stamp);
console.log(`server: ${relative(root, outfile)}`);
