import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import {
  clientKey,
  createRateLimits,
  isApiPath,
  LIMITS,
  limitClassOf,
  type RateLimits,
  readRateLimitSettings,
} from "./rate-limits";

describe("clientKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.8")).toBe("203.0.113.8");
  });

  it("counts an IPv4 address seen through IPv6 as that IPv4 address", () => {
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("groups IPv6 addresses by /64, however they are written", () => {
    const key = clientKey("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002:ffff:ffff:ffff:fffe")).toBe(key);
    expect(clientKey("2001:DB8:1:2:0:0:0:99")).toBe(key);
    expect(clientKey("2001:db8:1:3::1")).not.toBe(key);
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });

  it("puts requests without a readable address in one bucket", () => {
    expect(clientKey(undefined)).toBe("unknown");
    expect(clientKey("")).toBe("unknown");
    expect(clientKey("not-an-address")).toBe("unknown");
  });
});

describe("clientKey behind express's trust proxy", () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
    server = undefined;
  });

  async function keyVia(trust: boolean | string, forwardedFor: string): Promise<string> {
    const app = express();
    app.set("trust proxy", trust);
    app.get("/", (req, res) => {
      res.send(clientKey(req.ip));
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server!.once("listening", r));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const r = await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": forwardedFor } });
    return r.text();
  }

  it("believes X-Forwarded-For from a trusted proxy (loopback by default)", async () => {
    expect(await keyVia("loopback", "203.0.113.7")).toBe("203.0.113.7");
  });

  it("groups a forwarded IPv6 client by /64", async () => {
    expect(await keyVia("loopback", "2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
  });

  it("ignores X-Forwarded-For when no proxy is trusted: a client cannot pick its own key", async () => {
    expect(await keyVia(false, "203.0.113.7")).toBe("127.0.0.1");
  });
});

describe("limitClassOf", () => {
  it.each([
    ["POST", "/workflow/demo-dog-licence/residency", "workflow"],
    ["POST", "/workflow/demo-dog-licence", "workflow"],
    ["GET", "/workflow/demo-dog-licence", "workflow"],
    ["GET", "/workflow/demo-dog-licence/residency", undefined],
    ["GET", "/workflow/demo-dog-licence/resume/abc123", "resume"],
    ["POST", "/Workflow//demo-dog-licence/residency/", "workflow"],
    ["GET", "/search", "search"],
    ["HEAD", "/search/", "search"],
    ["GET", "/%73earch", "search"],
    ["GET", "/searching", undefined],
    ["GET", "/api/v1/search", "typeahead"],
    ["GET", "/api/v1/addresses", "addresses"],
    ["GET", "/API/v1/Addresses/", "addresses"],
    ["GET", "/api/v1/search-other", undefined],
    ["POST", "/search-api/1/indexes/content_production/query", "search-api"],
    ["POST", "/graphql", "graphql"],
    ["GET", "/graphql", "graphql"],
    ["OPTIONS", "/graphql", undefined],
    ["GET", "/preview", "preview"],
    ["POST", "/api/v1/payments/intent", "payments"],
    ["GET", "/", undefined],
    ["GET", "/activity/pay-property-taxes", undefined],
    ["GET", "/healthz", undefined],
    ["GET", "/activity/%", undefined],
  ])("%s %s → %s", (method, path, expected) => {
    expect(limitClassOf(method, path)).toBe(expected);
  });

  it("answers APIs in JSON and pages in HTML", () => {
    expect(isApiPath("/api/v1/search")).toBe(true);
    expect(isApiPath("/search-api/1/indexes/x/query")).toBe(true);
    expect(isApiPath("/graphql")).toBe(true);
    expect(isApiPath("/search")).toBe(false);
    expect(isApiPath("/workflow/x/y")).toBe(false);
    expect(isApiPath("/preview")).toBe(false);
  });
});

describe("readRateLimitSettings", () => {
  it("defaults to the limits as written", () => {
    expect(readRateLimitSettings({})).toEqual({ scale: 1, keyPrefix: "cedarport:rate" });
  });

  it("reads a scale and a key prefix", () => {
    expect(readRateLimitSettings({ RATE_LIMIT_SCALE: "0.5", RATE_LIMIT_PREFIX: "t:1" })).toEqual({
      scale: 0.5,
      keyPrefix: "t:1",
    });
  });

  it.each(["0", "-1", "lots"])("refuses RATE_LIMIT_SCALE=%s", (value) => {
    expect(() => readRateLimitSettings({ RATE_LIMIT_SCALE: value })).toThrow(/RATE_LIMIT_SCALE/);
  });
});

describe("createRateLimits (memory)", () => {
  let limits: RateLimits;
  afterEach(async () => limits?.close());

  it("allows a class's points in its window, then refuses with the seconds to wait", async () => {
    limits = await createRateLimits();
    for (let i = 0; i < LIMITS.graphql.points; i++)
      expect((await limits.consume("graphql", "198.51.100.1")).allowed).toBe(true);
    const refused = await limits.consume("graphql", "198.51.100.1");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(LIMITS.graphql.seconds);
    // another client, and another class, are counted apart
    expect((await limits.consume("graphql", "198.51.100.2")).allowed).toBe(true);
    expect((await limits.consume("typeahead", "198.51.100.1")).allowed).toBe(true);
  });

  it("scales every limit", async () => {
    limits = await createRateLimits({ scale: 0.1 });
    const points = Math.round(LIMITS.graphql.points * 0.1);
    for (let i = 0; i < points; i++) expect((await limits.consume("graphql", "c")).allowed).toBe(true);
    expect((await limits.consume("graphql", "c")).allowed).toBe(false);
  });

  it("blocks a token guesser for longer than the window", async () => {
    limits = await createRateLimits({ scale: 0.1 });
    for (let i = 0; i < Math.round(LIMITS.preview.points * 0.1); i++) await limits.consume("preview", "g");
    const refused = await limits.consume("preview", "g");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(LIMITS.preview.seconds);
  });
});

describe("e-mail limits", () => {
  let limits: RateLimits;
  afterEach(async () => limits?.close());

  it("limits each client", async () => {
    limits = await createRateLimits();
    for (let i = 0; i < LIMITS.email.points; i++)
      expect((await limits.email("198.51.100.1", `resident${i}@example.com`)).allowed).toBe(true);
    expect((await limits.email("198.51.100.1", "someone-new@example.com")).allowed).toBe(false);
    expect((await limits.email("198.51.100.2", "someone-new@example.com")).allowed).toBe(true);
  });

  it("limits each recipient, whoever asks and however the address is written", async () => {
    limits = await createRateLimits();
    for (let i = 0; i < LIMITS["email-recipient"].points; i++)
      expect((await limits.email(`198.51.100.${i}`, "Victim@Example.com")).allowed).toBe(true);
    const refused = await limits.email("198.51.100.200", " victim@example.com ");
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
    expect((await limits.email("198.51.100.201", "other@example.com")).allowed).toBe(true);
  });

  it("caps the whole site's e-mails", async () => {
    // scale 0.01: 1 per client, 1 per recipient, 5 for the site
    limits = await createRateLimits({ scale: 0.01 });
    const cap = Math.round(LIMITS["email-all"].points * 0.01);
    for (let i = 0; i < cap; i++)
      expect((await limits.email(`198.51.100.${i}`, `r${i}@example.com`)).allowed).toBe(true);
    expect((await limits.email("198.51.100.99", "r99@example.com")).allowed).toBe(false);
  });
});
