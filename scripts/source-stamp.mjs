// Whether the build is older than its sources: `npm run build` writes the sources' stamp
// (build/.source-stamp) and `npm start` compares it, rebuilding only when they differ.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const INPUTS = [
  "src",
  "locales",
  "public",
  "scripts/build-islands.mjs",
  "scripts/build-server.mjs",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];
const OUTPUTS = ["build/server/index.js", "build/server/main.js", "build/client/islands.json"];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/** The newest modification time among the build's inputs, as a string. */
export function sourceStamp(root) {
  return String(Math.max(...INPUTS.map((p) => newest(join(root, p)))));
}

export function writeSourceStamp(root, stamp = sourceStamp(root)) {
  writeFileSync(join(root, "build/.source-stamp"), stamp);
}

export function builtFromCurrentSources(root) {
  const stampFile = join(root, "build/.source-stamp");
  return (
    OUTPUTS.every((p) => existsSync(join(root, p))) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === sourceStamp(root)
  );
}
