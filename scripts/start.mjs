#!/usr/bin/env node
// `npm start`: build the site when the build is missing or older than the sources, then serve it.
// One command for a newcomer; `npm run dev` is the live-reloading alternative for development.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = process.cwd();
const inputs = [
  "src",
  "locales",
  "public",
  "scripts/build-islands.mjs",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const stampFile = join(root, "build", ".source-stamp");
const stamp = String(Math.max(...inputs.map((p) => newest(join(root, p)))));
const built =
  existsSync(join(root, "build/server/index.js")) &&
  existsSync(join(root, "build/client/islands.json")) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, "utf8") === stamp;
if (!built) {
  console.log("Building the site (first start or sources changed)…");
  // `npm run build`: React Router's build, then the islands script (scripts/build-islands.mjs).
  const result = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, stamp);
}
const server = spawnSync("npx", ["tsx", "src/server/main.ts"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
process.exit(server.status ?? 0);
