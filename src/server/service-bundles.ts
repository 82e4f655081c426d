import { createHash } from "node:crypto";
import { dirname } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { compileStandalone, RUNTIME_FILE } from "../forms/validation/compile";
import { localizeSchema } from "../workflow/localize";
import { isQuestionType } from "../workflow/screens";
import type { Workflow } from "../workflow/types";

/**
 * What the browser needs to run a service itself (src/app/lib/browser-journey.ts): the parsed
 * workflow, from which it builds the same XState machine as the server, and the screen
 * validators, the validation catalogue compiled by Ajv into plain functions
 * (src/forms/validation/compile.ts) and bundled with their small runtime, so the browser checks a
 * screen exactly as the server will without downloading the Ajv compiler. Built once per service
 * at start-up (a new workflow file needs no build step), served with a content hash in the
 * address so browsers may keep it forever.
 */
export interface ServiceBundle {
  /** /assets/services/<service>-<hash>.js */
  url: string;
  code: string;
}

export async function bundleService(workflow: Workflow): Promise<ServiceBundle | undefined> {
  const schemas = Object.fromEntries(
    workflow.screens
      .filter((s) => (isQuestionType(s.type) || s.type === "check-answers") && s.schema)
      .map((s) => [s.name, localizeSchema(s.schema!, "en")]),
  );
  if (Object.keys(schemas).length === 0) return undefined;
  // Loaded when the first bundle is built, after start-up (esbuild is not needed for a first page).
  const { build } = await import("esbuild");
  const result = await build({
    stdin: {
      // The file's path on the server is of no use to the browser.
      contents: `${compileStandalone(schemas)}\nexport const workflow = ${JSON.stringify({ ...workflow, file: "", delivery: undefined, statuses: undefined })};`,
      resolveDir: dirname(RUNTIME_FILE),
      loader: "js",
    },
    bundle: true,
    format: "esm",
    minify: true,
    write: false,
    platform: "browser",
    target: "es2020",
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.text ?? "";
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 10);
  return { url: `/assets/services/${workflow.name}-${hash}.js`, code };
}

export interface BundleSchedule {
  /** Building starts when this resolves: after the server listens, for a quick first page. */
  from: Promise<void>;
  /**
   * Stop esbuild's own process once built, so it does not stay resident beside the server (it
   * starts again for a reload). Not under Vite, which uses the same esbuild.
   */
  releaseEsbuild: boolean;
  /** Between services (default: a turn of the event loop); see src/server/request-priority.ts. */
  pause?: () => Promise<void>;
}

/** All services' bundles, built in the background; a service whose bundle fails is logged and skipped. */
export function serviceBundles(
  workflows: Workflow[],
  schedule: BundleSchedule = { from: Promise.resolve(), releaseEsbuild: false },
) {
  const byUrl = new Map<string, string>();
  const byName = new Map<string, string>();
  const ready = schedule.from.then(async () => {
    // One service at a time, letting requests in between: compiling a service's validators holds
    // the event loop for up to a tenth of a second, and all at once held it for seconds.
    for (const w of workflows) {
      await (schedule.pause ?? nextTurn)();
      try {
        const bundle = await bundleService(w);
        if (!bundle) continue;
        byUrl.set(bundle.url, bundle.code);
        byName.set(w.name, bundle.url);
      } catch (error) {
        console.error(`validators for ${w.name}: ${(error as Error).message}`);
      }
    }
    if (schedule.releaseEsbuild) await (await import("esbuild")).stop();
  });
  return {
    ready,
    /** The bundle's address, once built (until then the browser leaves checking to the server). */
    urlOf: (name: string) => byName.get(name),
    codeAt: (url: string) => byUrl.get(url),
  };
}
