#!/usr/bin/env node
// The islands script for pages React Router does not hydrate (docs/adr/0003-islands.md): our own
// components from src/app/islands/main.tsx, bundled with Preact standing in for React. Writes
// build/client/assets/islands-<hash>.js and build/client/islands.json, which the server reads.
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { analyzeMetafile, build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const islands = join(root, "src/app/islands");
const assets = join(root, "build/client/assets");

/** What our components import from React, and what stands in for it. */
const STAND_INS = {
  react: join(islands, "react-shim.js"),
  "react-dom": "preact/compat",
  "react-dom/client": join(islands, "preact-client.ts"),
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-runtime",
  // react-i18next reads useSyncExternalStore through this shim; Preact has its own.
  "use-sync-external-store/shim": "preact/compat",
};

const preactForReact = {
  name: "preact-for-react",
  setup(b) {
    const names = Object.keys(STAND_INS).map((n) => n.replace(/[/-]/g, "\\$&"));
    b.onResolve({ filter: new RegExp(`^(${names.join("|")})$`) }, (args) =>
      b.resolve(STAND_INS[args.path], { kind: args.kind, resolveDir: root }),
    );
  },
};

// react-i18next declares itself free of side effects, but in a package.json its dist/es folder's
// own package.json hides from esbuild: without this, all of <Trans>/<IcuTrans> ships unused.
const SKIP = Symbol("resolving");
const treeShakeReactI18next = {
  name: "tree-shake-react-i18next",
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === SKIP) return undefined;
      const inside = args.path === "react-i18next" || args.importer.includes("/node_modules/react-i18next/");
      if (!inside) return undefined;
      const { resolveDir, importer, kind } = args;
      const resolved = await b.resolve(args.path, { resolveDir, importer, kind, pluginData: SKIP });
      return resolved.errors.length > 0 ? undefined : { ...resolved, sideEffects: false };
    });
  },
};

for (const file of readdirSync(assets, { withFileTypes: true })) {
  if (/^islands-.*\.js$/.test(file.name)) rmSync(join(assets, file.name));
}

const result = await build({
  absWorkingDir: root,
  entryPoints: [join(islands, "main.tsx")],
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2020",
  minify: true,
  legalComments: "none",
  jsx: "automatic",
  outdir: assets,
  entryNames: "islands-[hash]",
  // Component styles reach the page through React Router's CSS; the script needs none.
  loader: { ".css": "empty" },
  define: { "process.env.NODE_ENV": '"production"' },
  plugins: [preactForReact, treeShakeReactI18next],
  metafile: true,
  logLevel: "warning",
});

const [output] = Object.keys(result.metafile.outputs).filter((f) => f.endsWith(".js"));
if (!output) throw new Error("esbuild wrote no islands script");
const script = `/assets/${basename(output)}`;
writeFileSync(join(root, "build/client/islands.json"), `${JSON.stringify({ script }, null, 2)}\n`);
console.log(`islands: ${script} (${result.metafile.outputs[output].bytes} bytes)`);
// `node scripts/build-islands.mjs --analyze`: what the bytes are made of.
if (process.argv.includes("--analyze")) console.log(await analyzeMetafile(result.metafile));
