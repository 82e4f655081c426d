import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * What the server does before any page is rendered (issue 9: Host, redirects, bad input, headers):
 * over real HTTP on 127.0.0.1, with raw sockets where fetch would tidy the request up.
 */
const hasBuild = builtSite("the edge tests");

/**
 * One raw HTTP/1.1 exchange: exactly the bytes given, the whole answer back, and whether the server
 * ended the connection (rather than this side giving up after `timeoutMs`).
 */
function exchange(
  port: number,
  text: string,
  timeoutMs = 5_000,
): Promise<{ answer: string; endedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, endedByServer: false });
    }, timeoutMs);
    socket.on("data", (d) => {
      answer += d.toString("latin1");
    });
    socket.on("end", () => {
      clearTimeout(timer);
      resolve({ answer, endedByServer: true });
    });
    socket.on("error", (e) => {
      clearTimeout(timer);
      if (answer) resolve({ answer, endedByServer: true });
      else reject(e);
    });
    socket.write(text);
  });
}

const raw = async (port: number, text: string, timeoutMs = 5_000) =>
  (await exchange(port, text, timeoutMs)).answer;

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

describe.runIf(hasBuild)("the edge of the web server", () => {
  const site = useInProcessApp({
    prefix: "cedarport-edge-",
    env: { DRAFT_TOKEN: "preview-secret", PUBLIC_ORIGIN: "https://www.cedarport.example" },
    timeouts: { headersTimeout: 1_000, requestTimeout: 2_000 },
  });

  it("builds absolute links from the configured origin, whatever the Host says", async () => {
    const html = await (await fetch(`${site.base}/topics`)).text();
    expect(html).toContain('hrefLang="es" href="https://www.cedarport.example/topics?lang=es"');
    expect(html).not.toContain("127.0.0.1");
  });

  it("refuses a forged Host (421) and cannot poison the page cache with it", async () => {
    const forged = await raw(
      site.port,
      "GET /agencies HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    expect(statusOf(forged)).toBe(421);
    expect(forged).toContain("Wrong address");
    expect(forged).not.toContain("evil.example");
    const page = await (await fetch(`${site.base}/agencies`)).text();
    expect(page).not.toContain("evil.example");
  });

  it("answers an invalid or missing Host with 400, never a stack trace", async () => {
    for (const host of ["exa mple", "a/b", "%00", "[zz", "x".repeat(300)]) {
      const answer = await raw(site.port, `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(statusOf(answer)).toBe(400);
      expect(answer).not.toMatch(/at .*\.(ts|js):\d+|\/work\/|node_modules/);
    }
    const graphql = await raw(
      site.port,
      'POST /graphql HTTP/1.1\r\nHost: bad host\r\nContent-Type: application/json\r\nContent-Length: 18\r\nConnection: close\r\n\r\n{"query":"{ x }"}\n',
    );
    expect(statusOf(graphql)).toBe(400);
    expect(graphql).not.toMatch(/at .*\.(ts|js):\d+|\/work\/|node_modules/);
    // Load balancers probe by IP address.
    const health = await raw(
      site.port,
      "GET /healthz HTTP/1.1\r\nHost: 10.0.0.7\r\nConnection: close\r\n\r\n",
    );
    expect(statusOf(health)).toBe(200);
  });

  it("redirects back only to paths of this site", async () => {
    for (const back of ["/%5Cevil.example", "//evil.example", "/%09/evil.example", "https://evil.example"]) {
      const r = await fetch(`${site.base}/language?lang=en&return=${back}`, { redirect: "manual" });
      expect(r.status).toBe(303);
      expect(r.headers.get("location")).toBe("/");
    }
    const r = await fetch(`${site.base}/language?lang=es&return=/agencies%3Fpage%3D2`, {
      redirect: "manual",
    });
    expect(r.headers.get("location")).toBe("/agencies?page=2");
  });

  it("sends an address that begins with two slashes to its one-slash form, on this site", async () => {
    // Found by the fuzzer: `//<bidi mark><emoji>` was a 500 (URL parsers read a host there).
    for (const [path, to] of [
      ["//%e2%80%ae%f0%9f%92%a9?return=-1", "/%e2%80%ae%f0%9f%92%a9?return=-1"],
      ["//evil.example/agencies", "/evil.example/agencies"],
      ["///staff/inbox", "/staff/inbox"],
    ]) {
      const r = await fetch(`${site.base}${path}`, { redirect: "manual" });
      expect(r.status, path).toBe(301);
      expect(r.headers.get("location"), path).toBe(to);
    }
    const backslash = await raw(
      site.port,
      "GET /\\evil.example HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    expect(statusOf(backslash)).toBe(301);
    expect(backslash).toMatch(/\r\nLocation: \/evil\.example\r\n/i);
    expect((await fetch(`${site.base}//agencies`, { method: "POST", body: "x" })).status).toBe(400);
  });

  it("answers undecodable addresses with the Bad Request page", async () => {
    for (const path of ["/activity/%", "/%E0%A4%A", "/assets/services/%", "/workflow/%zz/x"]) {
      const r = await fetch(`${site.base}${path}`);
      expect(r.status, path).toBe(400);
      expect(await r.text()).not.toMatch(/at .*\.(ts|js):\d+|\/work\//);
    }
  });

  it("refuses methods the site does not take", async () => {
    const trace = await raw(site.port, "TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(statusOf(trace)).toBe(405);
    expect(trace).toMatch(/Allow: GET, HEAD, POST/i);
    expect((await fetch(`${site.base}/agencies`, { method: "DELETE" })).status).toBe(405);
    expect((await fetch(`${site.base}/agencies`, { method: "PUT", body: "x" })).status).toBe(405);
  });

  it("refuses a cross-site form post with a page", async () => {
    const r = await fetch(`${site.base}/workflow/demo-dog-licence/anything`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "_intent=continue",
      redirect: "manual",
    });
    expect(r.status).toBe(403);
    expect(await r.text()).toContain("another website");
  });

  it("refuses a body too large with 413 and closes, so the connection is never wedged", async () => {
    const big = "a=".concat("x".repeat(300_000));
    const r = await fetch(`${site.base}/workflow/demo-dog-licence/anything`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: big,
    });
    expect(r.status).toBe(413);
    expect(r.headers.get("connection")).toBe("close");
    // Chunked, with no length given up front.
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port: site.port, path: "/workflow/demo-dog-licence/anything", method: "POST" },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.setHeader("content-type", "application/x-www-form-urlencoded");
      for (let i = 0; i < 40; i++) req.write("x".repeat(10_000));
      req.end();
    });
    expect(chunked).toBe(413);
    expect((await fetch(`${site.base}/healthz`)).status).toBe(200);
  });

  it("answers an invalid compressed form body with 400", async () => {
    const r = await fetch(`${site.base}/workflow/demo-dog-licence/anything`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-encoding": "gzip" },
      body: "not gzip at all",
    });
    expect(r.status).toBe(400);
  });

  it("closes a connection that trickles its headers", async () => {
    // The headers never end: the server's header timeout (1 s here) must close the connection
    // itself, well before this side would give up (8 s).
    const { answer, endedByServer } = await exchange(
      site.port,
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n",
      8_000,
    );
    expect(endedByServer).toBe(true);
    expect(statusOf(answer) === 408 || answer === "").toBe(true);
  });

  it("allows scripts only by nonce: none inline on content pages, each inline one nonced elsewhere", async () => {
    const content = await fetch(`${site.base}/agencies`);
    const csp = content.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'");
    expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
    const html = await content.text();
    expect(html.match(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>/g) ?? []).toEqual([]);

    const workflow = await fetch(`${site.base}/workflow/demo-dog-licence`);
    const page = await workflow.text();
    const nonce = /'nonce-([^']+)'/.exec(workflow.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const inline = page.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inline.length).toBeGreaterThan(0);
    for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`);
    // The route data for hydration (src/app/entry.server.tsx): written once, last in the body,
    // then closed, so the browser's router reads it whole.
    expect(page.match(/streamController\.enqueue\(/g)).toHaveLength(1);
    expect(page).toMatch(
      /\.enqueue\("[^<]*routes\/workflow-screen[^<]*"\);<\/script><script nonce="[^"]+">window\.__reactRouterContext\.streamController\.close\(\);<\/script><\/body><\/html>$/,
    );
    // Every response gets a fresh one.
    const again = await fetch(`${site.base}/workflow/demo-dog-licence`);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });
});
