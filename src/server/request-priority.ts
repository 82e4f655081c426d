import type { NextFunction, Request, Response } from "express";

/**
 * Residents' requests before warm-up work. What a process does once it listens (the search
 * index, the services' browser bundles) begins once no request has been answered for a moment
 * (`quiet`), then runs in slices; between slices, `pause` waits while any request is being
 * answered, up to `maxWaitMs`. The first pages after a start are not held behind the warm-up
 * (docs/adr/0009-speed.md), and the warm-up still advances under steady traffic, which matters to
 * a request that waits for it (a search before the index is built builds it at once).
 */
export function createRequestPriority(maxWaitMs = 50) {
  let inFlight = 0;
  let lastChange = 0;
  let waiting: (() => void)[] = [];
  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const resume of woken) resume();
  };
  return {
    /** Counts each request from its arrival until its response is sent or its connection closes. */
    middleware(_req: Request, res: Response, next: NextFunction) {
      inFlight++;
      lastChange = performance.now();
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        inFlight--;
        lastChange = performance.now();
        if (inFlight === 0) wake();
      };
      res.once("finish", leave);
      res.once("close", leave);
      next();
    },
    pause(): Promise<void> {
      return new Promise((resolve) => {
        setImmediate(() => {
          if (inFlight === 0) return resolve();
          const timer = setTimeout(resolve, maxWaitMs);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      });
    },
    /**
     * Resolves once no request has been in flight for `ms` milliseconds since it was called, or
     * after `atMostMs` whatever the traffic (a poller of /readyz must not keep it from starting).
     */
    quiet(ms: number, atMostMs: number): Promise<void> {
      const called = performance.now();
      return new Promise((resolve) => {
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          clearTimeout(limit);
          resolve();
        };
        const limit = setTimeout(finish, atMostMs);
        const check = () => {
          if (done) return;
          if (inFlight > 0) return void waiting.push(check);
          const idleFor = performance.now() - Math.max(lastChange, called);
          if (idleFor >= ms) finish();
          else setTimeout(check, Math.max(1, ms - idleFor));
        };
        check();
      });
    },
    /** Requests being answered now (for tests). */
    inFlight: () => inFlight,
  };
}
