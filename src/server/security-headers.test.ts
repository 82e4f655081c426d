import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { nonceOf, securityHeaders } from "./security-headers";

function run(options: Parameters<typeof securityHeaders>[0]) {
  const headers = new Map<string, string>();
  const res = { locals: {}, setHeader: (k: string, v: string) => headers.set(k.toLowerCase(), v) };
  securityHeaders(options)({} as Request, res as unknown as Response, () => undefined);
  return { headers, nonce: nonceOf(res as unknown as Response) };
}

describe("security headers", () => {
  it("allow scripts by a fresh nonce, never inline", () => {
    const a = run({ dev: false, hsts: false });
    const b = run({ dev: false, hsts: false });
    expect(a.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a.nonce).not.toBe(b.nonce);
    const scriptSrc = a.headers
      .get("content-security-policy")
      ?.split("; ")
      .find((d) => d.startsWith("script-src"));
    expect(scriptSrc).toBe(`script-src 'self' 'nonce-${a.nonce}'`);
  });

  it("send HSTS only where the site is https in production", () => {
    expect(run({ dev: false, hsts: true }).headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(run({ dev: false, hsts: false }).headers.has("strict-transport-security")).toBe(false);
  });
});
