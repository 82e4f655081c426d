import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { createRequestPriority } from "./request-priority";

/** A request arriving: the returned response ends it ("finish") or drops it ("close"). */
function arrive(priority: ReturnType<typeof createRequestPriority>): EventEmitter {
  const res = new EventEmitter();
  priority.middleware({} as Request, res as unknown as Response, () => {});
  return res;
}

const settled = async (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

describe("request priority", () => {
  it("counts a request until its response is sent or its connection closes, once", () => {
    const priority = createRequestPriority();
    const a = arrive(priority);
    const b = arrive(priority);
    expect(priority.inFlight()).toBe(2);
    a.emit("finish");
    a.emit("close");
    expect(priority.inFlight()).toBe(1);
    b.emit("close");
    expect(priority.inFlight()).toBe(0);
  });

  it("lets warm-up go on at once when no request is being answered", async () => {
    expect(await settled(createRequestPriority(1_000).pause(), 50)).toBe(true);
  });

  it("holds warm-up while a request is answered, and resumes when it is sent", async () => {
    const priority = createRequestPriority(5_000);
    const request = arrive(priority);
    const paused = priority.pause();
    expect(await settled(paused, 30)).toBe(false);
    request.emit("finish");
    expect(await settled(paused, 30)).toBe(true);
  });

  it("never holds warm-up longer than its bound, so steady traffic cannot starve it", async () => {
    const priority = createRequestPriority(20);
    arrive(priority);
    expect(await settled(priority.pause(), 200)).toBe(true);
  });

  it("starts warm-up only once no request has been in flight for the quiet time", async () => {
    const priority = createRequestPriority();
    const started = performance.now();
    const request = arrive(priority);
    const quiet = priority.quiet(40, 5_000);
    expect(await settled(quiet, 60)).toBe(false);
    request.emit("finish");
    const ended = performance.now();
    await quiet;
    expect(performance.now() - ended).toBeGreaterThanOrEqual(39);
    expect(performance.now() - started).toBeGreaterThanOrEqual(60);
  });

  it("starts warm-up within its bound even if requests never stop", async () => {
    const priority = createRequestPriority();
    arrive(priority);
    expect(await settled(priority.quiet(10, 30), 300)).toBe(true);
  });
});
