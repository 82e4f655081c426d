import { readFile } from "node:fs/promises";
import { basename, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { MAP_ALL_COMMAND, MAPS_DIR, mapFiles, serviceMaps } from "./map-files";

/**
 * docs/services/<name>.svg is the map of workflows/<name>.json as `map` draws it now: a changed
 * service whose map was not drawn again fails here, with the command that fixes it.
 */
const { maps, refused } = await serviceMaps();
const fix = `run \`${MAP_ALL_COMMAND}\` and commit docs/services/`;

describe("the service maps in docs/services/", () => {
  it.each(maps.map((m) => [relative(process.cwd(), m.file), m] as const))(
    "%s is current",
    async (file, map) => {
      const onDisk = await readFile(map.file, "utf8").catch(() => undefined);
      expect(onDisk, `${file} is missing: ${fix}`).toBeDefined();
      // Not toBe(map.svg): a 20 KB diff of SVG helps nobody; the message says what to do.
      expect(
        onDisk === map.svg,
        `${file} is not the map of workflows/${map.name}.json any more: ${fix}`,
      ).toBe(true);
    },
  );

  it("has no map of a service that is gone", async () => {
    const services = new Set([...maps, ...refused].map((m) => m.name));
    const stale = (await mapFiles()).filter((f) => !services.has(basename(f, ".svg")));
    expect(stale, `${relative(process.cwd(), MAPS_DIR)} has maps of services that are gone: ${fix}`).toEqual(
      [],
    );
  });
});
