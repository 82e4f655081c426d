import cluster from "node:cluster";
import { runProcesses } from "./cluster";
import { ConfigError, readConfig, type ServerConfig } from "./config";
import { limitHeapGrowth } from "./heap-growth";
import { SHUTDOWN_GRACE_MS } from "./listen";

/**
 * `npm start` (production build) and `npm run dev` (Vite, live reload of content). With
 * WEB_CONCURRENCY above 1 this process only keeps that many web processes running
 * (src/server/cluster.ts); the site itself (./serve) is loaded by each of them, not here.
 */
// Everything this process creates (database, secrets, e-mails) is readable by its own user only.
process.umask(0o077);
// Garbage is collected before it piles up to several times the live data (a web process and the
// one that keeps web processes alike: each runs this file).
limitHeapGrowth();
let config: ServerConfig;
try {
  // Here, before any web process starts: a wrong setting is said once, and the secrets an
  // embedded site makes for itself (src/server/secrets.ts) are made once, shared by them all.
  config = readConfig();
} catch (error) {
  // A missing or wrong setting is the operator's to fix: say which, without a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Cedarport site not started: ${error.message}`);
  process.exit(1);
}
if (config.processes > 1 && cluster.isPrimary) runProcesses(config.processes, SHUTDOWN_GRACE_MS + 2_000);
else await (await import("./serve")).serve(config);
