import { createHmac, timingSafeEqual } from "node:crypto";
import type { OutboxHandler } from "../../outbox";
import type { DeliveredSubmission } from "./submission";

/**
 * Delivery by signed webhook: each submission is POSTed as JSON to the department's system, through
 * the outbox, so a receiver that is down gets it later (retried with backoff, dead after the last
 * attempt and kept for a replay). Items of one service go one at a time, in order (order key
 * `webhook:<service>`), so a receiver that comes back gets every submission once, in order.
 *
 *   POST <the address in urlEnv>
 *   Content-Type: application/json
 *   X-Cedarport-Delivery: <the delivery's id: the same on every retry, for the receiver to skip repeats>
 *   X-Cedarport-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>
 *
 *   { "id", "service", "reference", "requestId", "submittedAt", "locale", "answers", "result" }
 *
 * The address and secret are read by name when each attempt is made (a rotated secret applies to
 * retries too); they are never stored with the item. Any answer but a 2xx, a redirect included
 * (none is followed: the body holds personal data), fails the attempt, and so do a timeout and a
 * network error. A receiver checks a request with `verifyWebhookSignature` (docs/deploy.md).
 */
export const WEBHOOK = "webhook";

export const DELIVERY_HEADER = "X-Cedarport-Delivery";
export const SIGNATURE_HEADER = "X-Cedarport-Signature";

/** The outbox item: which settings to read, and the submission to send. */
export interface WebhookItem {
  urlEnv: string;
  secretEnv: string;
  submission: DeliveredSubmission;
}

/** Items of one service are delivered in the order they were made. */
export const webhookOrderKey = (service: string) => `webhook:${service}`;

const hmac = (secret: string, t: number, body: string) =>
  createHmac("sha256", secret).update(`${t}.${body}`, "utf8").digest("hex");

/** The X-Cedarport-Signature value for `body`, signed at `at`. */
export function signWebhook(body: string, secret: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * Whether `header` (X-Cedarport-Signature) signs `body` (the raw request body, exactly as
 * received) with `secret`, at most `toleranceSeconds` from `now` either way (an old request played
 * again is refused). Compared in constant time; several v1= values are allowed (a receiver given
 * them while a secret is rotated accepts any that matches).
 */
export function verifyWebhookSignature(
  body: string,
  header: string | null | undefined,
  secret: string,
  toleranceSeconds = 300,
  now: Date = new Date(),
): boolean {
  if (!header || !secret) return false;
  const fields = header.split(",").map((field) => field.trim().split("="));
  const t = fields.find(([key]) => key === "t")?.[1];
  if (!t || !/^\d{1,12}$/.test(t)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, Number(t), body), "hex");
  return fields
    .filter(([key, value]) => key === "v1" && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value as string, "hex"), expected));
}

function isWebhookItem(value: unknown): value is WebhookItem {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.urlEnv === "string" &&
    typeof v.secretEnv === "string" &&
    v.submission !== null &&
    typeof v.submission === "object"
  );
}

/** Why a request failed, without its address (it may carry a token) or anything it sent. */
function failure(error: unknown, timeoutMs: number): Error {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return new Error(`the receiver did not answer within ${timeoutMs} ms`);
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === "string" ? ` (${cause.code})` : "";
  return new Error(`the receiver could not be reached${code}`);
}

export interface WebhookHandlerOptions {
  /** Reads a setting by name (src/server/config.ts `deliverySetting`). */
  setting: (name: string) => string | undefined;
  /** Only https:// addresses (a real deployment: the bodies hold personal data). */
  httpsOnly?: boolean;
  /** Per attempt; keep it under the outbox's send timeout. Default 5 s. */
  timeoutMs?: number;
  now?: () => Date;
  fetch?: typeof fetch;
}

/** Sends `webhook` items; a thrown error is a failed attempt (the outbox retries it). */
export function webhookHandler(options: WebhookHandlerOptions): OutboxHandler {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const now = options.now ?? (() => new Date());
  const send = options.fetch ?? fetch;
  return async (item) => {
    if (!isWebhookItem(item.payload))
      throw new Error("a webhook item without urlEnv, secretEnv and submission");
    const { urlEnv, secretEnv, submission } = item.payload;
    const url = options.setting(urlEnv);
    const secret = options.setting(secretEnv);
    // Unset since the item was made: it waits (and is retried) until they are set again.
    if (!url || !secret) throw new Error(`${urlEnv} and ${secretEnv} must both be set`);
    if (!(options.httpsOnly ? /^https:\/\//i : /^https?:\/\//i).test(url))
      throw new Error(`${urlEnv} is not an ${options.httpsOnly ? "https" : "http(s)"}:// address`);
    const body = JSON.stringify({
      id: item.id,
      service: submission.service,
      reference: submission.reference,
      requestId: submission.requestId,
      submittedAt: submission.submittedAt,
      locale: submission.locale,
      answers: submission.answers,
      result: submission.result,
    });
    let response: Response;
    try {
      response = await send(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "Cedarport-Delivery/1",
          [DELIVERY_HEADER]: item.id,
          [SIGNATURE_HEADER]: signWebhook(body, secret, now()),
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw failure(error, timeoutMs);
    }
    // The answer's body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status < 200 || response.status > 299) {
      const redirect = response.status >= 300 && response.status < 400 ? " (redirects are not followed)" : "";
      throw new Error(`the receiver answered ${response.status}${redirect}`);
    }
  };
}
