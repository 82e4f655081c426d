import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { SERVER_EXTERNALS } from "./scripts/server-externals.mjs";
import { brandColors } from "./src/app/styles/brand-colors";

const src = fileURLToPath(new URL("./src", import.meta.url));

/**
 * What stands in for some packages in the production browser build: Preact for React
 * (docs/adr/0004-preact-in-the-browser.md: the same components, about 60 KB gzip less on every
 * hydrated page), a small URI resolver for RJSF's, and RJSF's default registry without the
 * components no workflow screen can draw. The server renders with React, and
 * development keeps React in the browser too (Vite's aliases apply to both sides there).
 */
const BROWSER_STAND_INS = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
  // react-i18next reads useSyncExternalStore through this shim; Preact has its own.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: "preact/compat" },
  // See the file: RJSF's URI resolving, with the browser's URL class.
  { find: /^fast-uri$/, replacement: `${src}/forms/theme/uri-resolver.ts` },
  // See the file: the registry ScreenForm passes, for RJSF's default one (which imports every
  // component RJSF has). Only @rjsf/core's Form imports a module by this name.
  { find: /^\.\.\/getDefaultRegistry\.js$/, replacement: `${src}/forms/theme/registry.ts` },
];

export default defineConfig(({ command, isSsrBuild }) => {
  const preact = command === "build" && !isSsrBuild && !process.env.VITEST;
  return {
    plugins: process.env.VITEST ? [] : [reactRouter()],
    resolve: {
      alias: [
        { find: /^~\//, replacement: `${src}/` },
        // See src/forms/theme/plain-markdown.tsx: no Markdown in form descriptions, no parser shipped.
        { find: "markdown-to-jsx/react", replacement: `${src}/forms/theme/plain-markdown.tsx` },
        ...(preact ? BROWSER_STAND_INS : []),
        // In tests, the graphql that Node loads (its CommonJS main), as on the server (tsx) and
        // for graphql-yoga: Vite would take the package's ES module, a second copy whose schema
        // and GraphQLError yoga does not recognise ("Cannot use GraphQLSchema from another realm").
        ...(process.env.VITEST
          ? [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") }]
          : []),
      ],
    },
    // Unset (falsy) in development and tests: vitest would hand it over as the string "false".
    define: command === "build" ? { "import.meta.env.PREACT": JSON.stringify(preact) } : {},
    // The server's pages, as the rest of the server (scripts/build-server.mjs): whitespace and
    // syntax minified, names kept, so the source text V8 keeps in memory is smaller and a stack
    // trace still reads.
    ...(isSsrBuild ? { esbuild: { minifyIdentifiers: false } } : {}),
    build: {
      target: isSsrBuild ? "node20" : "es2020",
      ...(isSsrBuild ? { minify: "esbuild" as const } : {}),
      // One stylesheet for the whole site (16 KB gzip with USWDS, cached once): a page waits on one
      // request before it can paint, not one per component (Lighthouse on a workflow page: 93 -> 95).
      // Its parts keep their order by cascade layer, not by file (docs/adr/0010-uswds.md).
      cssCodeSplit: false,
    },
    css: {
      preprocessorOptions: {
        // src/app/styles/uswds.scss: USWDS's packages by name, its own warnings about its own Sass off.
        scss: { loadPaths: ["node_modules/@uswds/uswds/packages"], quietDeps: true },
      },
      postcss: { plugins: [brandColors((file) => file.endsWith("/uswds.scss"))] },
    },
    // The server build bundles its packages, as the rest of the server (scripts/build-server.mjs)
    // does, but for those scripts/server-externals.mjs keeps in node_modules. Development and tests
    // load packages from node_modules.
    ssr: command === "build" && isSsrBuild ? { noExternal: true, external: SERVER_EXTERNALS } : {},
    test: {
      environment: "node",
      // Two files at a time on the two-core machine (Vitest's default leaves one core idle): the
      // integration tests spend much of their time waiting on servers, databases and timers.
      maxWorkers: 2,
      testTimeout: 20_000,
      hookTimeout: 60_000,
      projects: [
        {
          extends: true,
          test: {
            name: "unit",
            include: ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}", "workflows/**/*.test.ts"],
            // Unit test files share a worker's loaded modules instead of importing React, the
            // engine and the forms again for each of ~170 files: the imports were more than half
            // of this project's time. They keep no state between files (the whole suite passes
            // this way in any order); the integration tests, which set environment variables and
            // start servers, keep a fresh module graph per file.
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: "integration",
            include: ["tests/integration/**/*.test.ts", "tests/search/**/*.test.ts"],
            // In CI, as Playwright does: a few of these measure time (a lock's wait, a dead
            // database's bound) on a machine that runs the browser tests at the same time.
            retry: process.env.CI ? 1 : 0,
          },
        },
      ],
    },
  };
});
