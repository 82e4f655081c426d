/**
 * npm run index -- --target embedded|algolia [--index <name>] [--root <dir>] [--host <url>]
 *
 *   embedded (default): builds the embedded index from content/ and workflows/ and prints counts.
 *   algolia: pushes the same records, settings and synonyms to Algolia; needs ALGOLIA_APP_ID and
 *            ALGOLIA_ADMIN_KEY. The index is --index, else SEARCH_INDEX, else content_production.
 *            --host sends to another Algolia-compatible host instead (a proxy, or a site's embedded
 *            backend at https://<site>/search-api with its SEARCH_ADMIN_KEY as ALGOLIA_ADMIN_KEY).
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createSearchClient } from "../search/client";
import { SearchEngine } from "./engine";
import { PRODUCTION_INDEX } from "./index-name";
import { type IndexCounts, indexContent, pushRecords } from "./indexer";
import { buildRecords } from "./records";
import { loadSynonyms, synonymsFilePath } from "./synonyms";
import { loadContentSource } from "./yaml-source";

export interface CliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
}

function summarizeCounts(counts: IndexCounts): string {
  const parts = (table: Record<string, number>) =>
    Object.entries(table)
      .map(([key, count]) => `${key} ${count}`)
      .join(", ");
  return `${counts.records} records (${parts(counts.byType)}; ${parts(counts.byLocale)})`;
}

/** Runs the CLI; returns the exit code. */
export async function runIndexCli(argv: string[], io: CliIo): Promise<number> {
  let values: { target?: string; index?: string; root?: string; host?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        target: { type: "string", default: "embedded" },
        index: { type: "string" },
        root: { type: "string" },
        host: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    io.err(`index: ${(error as Error).message}`);
    return 2;
  }
  if (values.help) {
    io.out(
      "Usage: npm run index -- --target embedded|algolia [--index <name>] [--root <dir>] [--host <url>]",
    );
    return 0;
  }
  const root = values.root ?? process.cwd();
  const indexName = values.index ?? io.env.SEARCH_INDEX ?? PRODUCTION_INDEX;

  try {
    const source = loadContentSource(root);
    const synonyms = loadSynonyms(synonymsFilePath(io.env, root));
    if (values.target === "embedded") {
      const engine = new SearchEngine({ synonyms });
      const started = performance.now();
      const counts = await indexContent(engine, source, indexName);
      io.out(
        `embedded index ${indexName}: ${summarizeCounts(counts)} in ${Math.round(performance.now() - started)} ms`,
      );
      io.out(`synonym groups: ${synonyms.length}`);
      return 0;
    }
    if (values.target === "algolia") {
      const appId = io.env.ALGOLIA_APP_ID?.trim();
      const adminKey = io.env.ALGOLIA_ADMIN_KEY?.trim();
      if (!appId || !adminKey) {
        io.err(
          "index: pushing to Algolia needs ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY in the environment " +
            "(the admin key, not the search-only key). Nothing was pushed.",
        );
        return 1;
      }
      const client = createSearchClient({
        backend: "algolia",
        appId,
        apiKey: adminKey,
        indexName,
        ...(values.host ? { host: values.host } : {}),
        // A push of thousands of records is not a resident waiting on a search: be patient.
        timeouts: { connect: 5_000, read: 30_000, write: 60_000 },
      });
      const counts = await pushRecords(client.algolia, indexName, buildRecords(source), synonyms);
      io.out(`algolia index ${indexName} (app ${appId}): pushed ${summarizeCounts(counts)}`);
      return 0;
    }
    io.err(`index: unknown --target "${values.target}" (use embedded or algolia)`);
    return 2;
  } catch (error) {
    io.err(`index: ${(error as Error).message}`);
    return 1;
  }
}

const isMain = !!process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  runIndexCli(process.argv.slice(2), {
    env: process.env,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then((code) => {
    process.exitCode = code;
  });
}
