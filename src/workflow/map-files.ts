/**
 * The maps of the services as files: `npm run workflow -- map <name> [--out file]` draws one,
 * `map --all` keeps docs/services/<name>.svg in step with workflows/, and maps-current.test.ts
 * checks that nobody forgot to (both use `serviceMaps`, so they cannot disagree).
 */

import { existsSync } from "node:fs";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { basename, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { workflowMap } from "./map";
import { loadWorkflowFile, workflowFiles } from "./registry";
import type { Problem } from "./types";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const WORKFLOWS_DIR = join(ROOT, "workflows");
export const MAPS_DIR = join(ROOT, "docs/services");
/** What staff run when a map is missing or out of date. */
export const MAP_ALL_COMMAND = "npm run workflow -- map --all";

export interface ServiceMap {
  name: string;
  /** docs/services/<name>.svg */
  file: string;
  svg: string;
}

/**
 * The map of every service in `workflowsDir`, and the files that do not load (they have no map:
 * `workflow check` explains why), by the name their file gives them.
 */
export async function serviceMaps(
  workflowsDir = WORKFLOWS_DIR,
  mapsDir = MAPS_DIR,
): Promise<{ maps: ServiceMap[]; refused: Array<{ name: string; problem: Problem }> }> {
  const maps: ServiceMap[] = [];
  const refused: Array<{ name: string; problem: Problem }> = [];
  for (const file of await workflowFiles(workflowsDir)) {
    const loaded = await loadWorkflowFile(file);
    const name = basename(file, ".json");
    if (loaded.workflow)
      maps.push({ name, file: join(mapsDir, `${name}.svg`), svg: workflowMap(loaded.workflow) });
    else refused.push({ name, problem: loaded.problem });
  }
  return { maps, refused };
}

/** The .svg files in the maps folder (none when it does not exist yet). */
export async function mapFiles(mapsDir = MAPS_DIR): Promise<string[]> {
  if (!existsSync(mapsDir)) return [];
  return (await readdir(mapsDir)).filter((f) => f.endsWith(".svg")).sort();
}

const shown = (file: string) => relative(process.cwd(), file) || file;

/** `map --all`: writes every map, and removes the maps of services that are gone. */
async function writeAll(): Promise<number> {
  const { maps, refused } = await serviceMaps();
  await mkdir(MAPS_DIR, { recursive: true });
  for (const map of maps) {
    await writeFile(map.file, map.svg);
    console.log(`wrote ${shown(map.file)}`);
  }
  const names = new Set([...maps, ...refused].map((m) => m.name));
  for (const file of await mapFiles()) {
    if (names.has(basename(file, ".svg"))) continue;
    await rm(join(MAPS_DIR, file));
    console.log(`removed ${shown(join(MAPS_DIR, file))} (no such service)`);
  }
  for (const { problem } of refused)
    console.log(`${shown(problem.file)}: not drawn: ${problem.message} (npm run workflow -- check)`);
  return refused.length > 0 ? 1 : 0;
}

/** `map <name or file> [--out file]`: one map, to the file or to standard output. */
async function writeOne(nameOrFile: string, out: string | undefined): Promise<number> {
  const file =
    nameOrFile.endsWith(".json") || existsSync(nameOrFile)
      ? resolve(nameOrFile)
      : join(WORKFLOWS_DIR, `${nameOrFile}.json`);
  const loaded = await loadWorkflowFile(file);
  if (!loaded.workflow) {
    console.error(`${shown(loaded.problem.file)}: ${loaded.problem.message}`);
    return 1;
  }
  const svg = workflowMap(loaded.workflow);
  if (out) {
    await writeFile(resolve(out), svg);
    console.log(`wrote ${shown(resolve(out))}`);
  } else process.stdout.write(svg);
  return 0;
}

export const MAP_USAGE = `  npm run workflow -- map <workflow name or file> [--out file.svg]
  npm run workflow -- map --all`;

/** The `map` command's arguments (after "map"); 2 for a usage error, as the other commands. */
export async function mapCommand(args: string[]): Promise<number> {
  if (args.length === 1 && args[0] === "--all") return writeAll();
  const [target, flag, out, ...extra] = args;
  const usable =
    target !== undefined &&
    !target.startsWith("--") &&
    extra.length === 0 &&
    (flag === undefined || (flag === "--out" && out !== undefined));
  if (!usable) {
    console.error(`Usage:\n${MAP_USAGE}`);
    return 2;
  }
  return writeOne(target, out);
}
