import cluster, { type Worker } from "node:cluster";

/**
 * WEB_CONCURRENCY > 1: this process starts that many web processes (node:cluster) sharing one
 * port, and stays beside them, small (it loads none of the site), only to keep them running:
 *
 * - the first starts alone and the others once it listens, so the first start of a data folder
 *   (migrations, content) is done once, as when processes are started one after the other;
 * - one that cannot start (a database that does not answer) stops the whole site with its
 *   message, as a single process would, rather than being started again and again;
 * - one that dies after it served is replaced, one replacement a second at most (a process that
 *   keeps dying does not keep the machine busy starting it);
 * - SIGTERM or SIGINT is passed on: each finishes what it is answering, and this process exits
 *   when they all have (or kills them after `graceMs`).
 */
export function runProcesses(
  count: number,
  graceMs: number,
  log: Pick<Console, "log" | "error"> = console,
): void {
  const listening = new WeakSet<Worker>();
  let first = true;
  let stopping = false;
  let exitCode = 0;
  let nextReplacement = 0;
  const start = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      listening.add(worker);
      if (!first) return;
      // The first is up, its data folder ready: the others start now.
      first = false;
      for (let i = 1; i < count; i++) start();
    });
  };
  const alive = () =>
    Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (alive().length === 0) process.exit(exitCode);
      return;
    }
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (!listening.has(worker)) {
      log.error(`Cedarport site not started: a web process stopped before it listened (${how}).`);
      stop("SIGTERM", 1);
      return;
    }
    log.error(`A web process (pid ${worker.process.pid}) stopped (${how}); starting another.`);
    const at = Math.max(Date.now(), nextReplacement);
    nextReplacement = at + 1_000;
    setTimeout(start, at - Date.now());
  });

  const stop = (signal: NodeJS.Signals, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = alive();
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill(signal);
    setTimeout(() => {
      for (const worker of alive()) worker.process.kill("SIGKILL");
      process.exit(exitCode);
    }, graceMs).unref();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  // The processes take connections from the shared socket themselves (the operating system shares
  // them out), rather than Node's default, where this process accepts each one and hands it on: a
  // connection handed to a process as it died was never answered, nor closed (seen in
  // tests/integration/web-concurrency.test.ts). NODE_CLUSTER_SCHED_POLICY=rr chooses Node's way.
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  log.log(`Cedarport site: starting ${count} web processes`);
  start();
}
