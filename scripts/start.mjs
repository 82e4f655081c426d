#!/usr/bin/env node
// `npm start`: build the site when the build is missing or older than the sources, then serve it
// from this same process with plain `node` (build/server/main.js: compiled, no TypeScript loader,
// no wrapper process left running). `npm run dev` is the live-reloading alternative.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { builtFromCurrentSources } from "./source-stamp.mjs";

const root = process.cwd();
if (!builtFromCurrentSources(root)) {
  console.log("Building the site (first start or sources changed)…");
  // `npm run build`: React Router's build, the islands and the server (it writes the stamp).
  const result = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import(pathToFileURL(join(root, "build/server/main.js")).href);
