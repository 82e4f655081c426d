import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OutboxItem } from "../../outbox";
import type { DeliveredSubmission } from "./submission";
import { signWebhook, verifyWebhookSignature, WEBHOOK, type WebhookItem, webhookHandler } from "./webhook";

const secret = "whsec_3f9a1c";
const at = new Date("2026-06-01T12:00:00.000Z");
const t = 1_780_315_200;

describe("the webhook's signature", () => {
  const body = '{"id":"d1","reference":"K7XW2M9Q"}';

  it("is t=<unix seconds>,v1=<hex HMAC-SHA256 of '<t>.<body>'> (openssl's answer for the same input)", () => {
    // printf '%s' '1780315200.{"id":"d1","reference":"K7XW2M9Q"}' | openssl dgst -sha256 -hmac whsec_3f9a1c
    expect(signWebhook(body, secret, at)).toBe(
      `t=${t},v1=bfa15e93cde9f621dc26ab04421f563bd1b2d965e33eb2a1ee6ae3716c6b6b19`,
    );
  });

  it("verifies with the same secret, body and time, and nothing else", () => {
    const header = signWebhook(body, secret, at);
    expect(verifyWebhookSignature(body, header, secret, 300, at)).toBe(true);
    expect(verifyWebhookSignature(body, header, "another secret", 300, at)).toBe(false);
    expect(verifyWebhookSignature(body.replace("K7", "K8"), header, secret, 300, at)).toBe(false);
    expect(verifyWebhookSignature(body, header.replace(`t=${t}`, `t=${t + 1}`), secret, 300, at)).toBe(false);
    expect(verifyWebhookSignature(body, header, "", 300, at)).toBe(false);
    expect(verifyWebhookSignature(body, undefined, secret, 300, at)).toBe(false);
    expect(verifyWebhookSignature(body, header.split(",")[1], secret, 300, at)).toBe(false);
    expect(verifyWebhookSignature(body, `t=${t},v1=zz`, secret, 300, at)).toBe(false);
  });

  it("refuses a request signed too long ago or too far ahead (an old request played again)", () => {
    const header = signWebhook(body, secret, at);
    const later = (s: number) => new Date(at.getTime() + s * 1000);
    expect(verifyWebhookSignature(body, header, secret, 300, later(300))).toBe(true);
    expect(verifyWebhookSignature(body, header, secret, 300, later(301))).toBe(false);
    expect(verifyWebhookSignature(body, header, secret, 300, later(-301))).toBe(false);
  });

  it("accepts any of several v1 values (a secret being rotated)", () => {
    const old = signWebhook(body, "old secret", at).split(",")[1];
    const header = `${signWebhook(body, secret, at)},${old}`;
    expect(verifyWebhookSignature(body, header, "old secret", 300, at)).toBe(true);
    expect(verifyWebhookSignature(body, header, secret, 300, at)).toBe(true);
  });
});

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

describe("the webhook handler, against a receiver on this machine", () => {
  const received: Received[] = [];
  let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end("ok");
  let server: Server;
  let base = "";

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({
          method: req.method ?? "",
          path: req.url ?? "",
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        });
        answer(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received.length = 0;
    answer = (_req, res) => res.end("ok");
  });

  const submission: DeliveredSubmission = {
    service: "contact-the-mayor",
    reference: "K7XW2M9Q",
    requestId: "REQ-20260601-4F7K2Q",
    submittedAt: "2026-06-01T11:59:58.000Z",
    locale: "es",
    answers: { message: { text: "Hola, alcalde" } },
    result: { reference: "K7XW2M9Q", requestId: "REQ-20260601-4F7K2Q", operation: "contact-the-mayor" },
  };
  const item = (id = "7d0c7f5e-4b7e-4c1a-9f51-6d3c2f1a0b9e"): OutboxItem => ({
    id,
    kind: WEBHOOK,
    payload: {
      urlEnv: "MAYOR_WEBHOOK_URL",
      secretEnv: "MAYOR_WEBHOOK_SECRET",
      submission,
    } satisfies WebhookItem,
    attempt: 1,
    createdAt: submission.submittedAt,
  });
  const handler = (url = `${base}/intake`, opts: { timeoutMs?: number; httpsOnly?: boolean } = {}) =>
    webhookHandler({
      setting: (name) => ({ MAYOR_WEBHOOK_URL: url, MAYOR_WEBHOOK_SECRET: secret })[name],
      now: () => at,
      ...opts,
    });

  it("POSTs the submission as signed JSON with the delivery's id", async () => {
    await handler()(item());
    expect(received).toHaveLength(1);
    const [request] = received as [Received];
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/intake");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["x-cedarport-delivery"]).toBe("7d0c7f5e-4b7e-4c1a-9f51-6d3c2f1a0b9e");
    expect(JSON.parse(request.body)).toEqual({ id: "7d0c7f5e-4b7e-4c1a-9f51-6d3c2f1a0b9e", ...submission });
    expect(Object.keys(JSON.parse(request.body))).toEqual([
      "id",
      "service",
      "reference",
      "requestId",
      "submittedAt",
      "locale",
      "answers",
      "result",
    ]);
    const signature = String(request.headers["x-cedarport-signature"]);
    expect(signature).toMatch(new RegExp(`^t=${t},v1=[0-9a-f]{64}$`));
    expect(verifyWebhookSignature(request.body, signature, secret, 300, at)).toBe(true);
  });

  it("fails the attempt (so the outbox retries) on any answer but a 2xx", async () => {
    answer = (_req, res) => {
      res.statusCode = 503;
      res.end("down for maintenance");
    };
    await expect(handler()(item())).rejects.toThrow("the receiver answered 503");
    answer = (_req, res) => {
      res.statusCode = 204;
      res.end();
    };
    await expect(handler()(item())).resolves.toBeUndefined();
  });

  it("follows no redirect: the body holds personal data", async () => {
    answer = (req, res) => {
      if (req.url === "/moved") {
        res.statusCode = 307;
        res.setHeader("Location", "/elsewhere");
      }
      res.end();
    };
    await expect(handler(`${base}/moved`)(item())).rejects.toThrow(
      "the receiver answered 307 (redirects are not followed)",
    );
    expect(received.map((r) => r.path)).toEqual(["/moved"]);
  });

  it("fails on a receiver that does not answer in time, or cannot be reached, without naming its address", async () => {
    answer = (_req, res) => {
      setTimeout(() => res.end("late"), 500);
    };
    await expect(handler(`${base}/slow?token=abc`, { timeoutMs: 100 })(item())).rejects.toThrow(
      "the receiver did not answer within 100 ms",
    );
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = handler(`http://127.0.0.1:${port}/?token=abc`)(item());
    await expect(refused).rejects.toThrow(/^the receiver could not be reached/);
    await expect(refused).rejects.not.toThrow(/token|127\.0\.0\.1/);
  });

  it("waits (fails) while its settings are unset, and sends plain http only where allowed", async () => {
    const unset = webhookHandler({ setting: () => undefined });
    await expect(unset(item())).rejects.toThrow(
      "MAYOR_WEBHOOK_URL and MAYOR_WEBHOOK_SECRET must both be set",
    );
    await expect(handler(base, { httpsOnly: true })(item())).rejects.toThrow(
      "MAYOR_WEBHOOK_URL is not an https:// address",
    );
    await expect(handler("file:///etc/passwd")(item())).rejects.toThrow("is not an http(s):// address");
    await expect(handler()({ ...item(), payload: { urlEnv: "MAYOR_WEBHOOK_URL" } })).rejects.toThrow(
      "a webhook item without urlEnv, secretEnv and submission",
    );
    expect(received).toEqual([]);
  });
});
