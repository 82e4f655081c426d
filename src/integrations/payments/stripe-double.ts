/**
 * A stand-in for Stripe's API, for tests only (nothing in the server imports it): an HTTP server on
 * 127.0.0.1 that answers the calls stripe-provider.ts makes with the request and response shapes
 * Stripe documents (https://docs.stripe.com/api): form-encoded requests with a Bearer secret key,
 * JSON answers, `{ error: { type, code, message } }` with an error status, and idempotency keys
 * that replay the first answer (or refuse a different request under the same key).
 *
 * Tests play the resident on the hosted page with `pay`, `payByBank`, `settleBankDebit` and
 * `expire` (or, with `pages`, a browser pays on the double's own stand-in for Checkout's page), and
 * inject faults with `failNext` and `hangNext`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

interface Session {
  id: string;
  object: "checkout.session";
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  payment_intent: string | null;
  mode: string;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string | null;
  expires_at: number;
  locale: string | null;
  payment_method_types: string[];
  metadata: Record<string, string>;
}

interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "processing" | "succeeded" | "requires_payment_method" | "canceled";
  payment_method: string;
  last_payment_error: { code: string; decline_code?: string } | null;
}

interface PaymentMethod {
  id: string;
  object: "payment_method";
  type: "card" | "us_bank_account";
  card?: { brand: string; last4: string; exp_month: number; exp_year: number };
  us_bank_account?: { last4: string; routing_number: string };
}

export interface StripeDouble {
  /** http://127.0.0.1:<port> (STRIPE_API_BASE). */
  url: string;
  secretKey: string;
  requests: RecordedRequest[];
  sessions: Map<string, Session>;
  refunds: Array<{ id: string; payment_intent: string; amount: number }>;
  /** The resident pays on the hosted page with a card. */
  pay(sessionId: string, card?: { brand: string; last4: string }): void;
  /** The resident authorizes a bank debit: complete, unpaid, processing. */
  payByBank(sessionId: string, last4?: string): void;
  /** The bank debit settles, or bounces. */
  settleBankDebit(sessionId: string, ok: boolean): void;
  expire(sessionId: string): void;
  /** The next request (of `path`, if given) answers with this error status and body. */
  failNext(status: number, error: { type: string; code?: string; message?: string }, path?: string): void;
  /** The next request never gets an answer (a black-holed network). */
  hangNext(): void;
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

const stripeError = (type: string, message: string, code?: string) => ({
  error: { type, message, ...(code ? { code } : {}) },
});

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

/**
 * The double's stand-in for Checkout's page (`pages: true`): the session's amount, a button that
 * pays it (a card, or a bank debit when that is the session's method) and Stripe's back link to
 * `cancel_url`. Browser tests walk through it as a resident walks through Stripe's.
 */
function checkoutPage(session: Session): string {
  const total = (session.amount_total / 100).toFixed(2);
  const bank = session.payment_method_types.includes("us_bank_account");
  const escaped = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test checkout</title></head>
<body><main><h1>Test checkout</h1><p>Pay $${total} USD</p>
<form method="post"><button type="submit" name="pay" value="${bank ? "bank" : "card"}">Pay</button></form>
<p><a href="${escaped(session.cancel_url ?? session.success_url)}">Back</a></p></main></body></html>`;
}

export async function startStripeDouble(
  secretKey = "sk_test_double",
  options: { pages?: boolean } = {},
): Promise<StripeDouble> {
  let counter = 0;
  /** Where session pages are: Stripe's own address, or the double's (`pages`). */
  let pageBase = "https://checkout.stripe.com";
  const nextId = (prefix: string) => `${prefix}_test_${String(++counter).padStart(6, "0")}`;
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Session>();
  const intents = new Map<string, PaymentIntent>();
  const methods = new Map<string, PaymentMethod>();
  const refunds: StripeDouble["refunds"] = [];
  const idempotent = new Map<string, { body: string; path: string; status: number; response: unknown }>();
  const faults: Array<{ kind: "fail"; status: number; error: object; path?: string } | { kind: "hang" }> = [];
  const hanging = new Set<ServerResponse>();

  function expanded(session: Session, expand: string[]) {
    if (!session.payment_intent || !expand.some((e) => e.startsWith("payment_intent"))) return session;
    const intent = intents.get(session.payment_intent);
    if (!intent) return session;
    const method = expand.includes("payment_intent.payment_method")
      ? methods.get(intent.payment_method)
      : undefined;
    return { ...session, payment_intent: { ...intent, ...(method ? { payment_method: method } : {}) } };
  }

  function createSession(form: URLSearchParams): [number, unknown] {
    const required = [
      "mode",
      "success_url",
      "line_items[0][quantity]",
      "line_items[0][price_data][currency]",
    ];
    const missing = required.find((key) => !form.get(key));
    if (missing)
      return [
        400,
        stripeError("invalid_request_error", `Missing required param: ${missing}.`, "parameter_missing"),
      ];
    let total = 0;
    for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
      const amount = Number(form.get(`line_items[${i}][price_data][unit_amount]`));
      const quantity = Number(form.get(`line_items[${i}][quantity]`));
      if (!Number.isInteger(amount) || amount < 0)
        return [
          400,
          stripeError("invalid_request_error", "Invalid integer: unit_amount", "parameter_invalid_integer"),
        ];
      total += amount * quantity;
    }
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const id = nextId("cs");
    const session: Session = {
      id,
      object: "checkout.session",
      url: `${pageBase}/c/pay/${id}`,
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      mode: form.get("mode") ?? "",
      currency: form.get("line_items[0][price_data][currency]") ?? "usd",
      amount_subtotal: total,
      amount_total: total,
      client_reference_id: form.get("client_reference_id"),
      customer_email: form.get("customer_email"),
      success_url: form.get("success_url") ?? "",
      cancel_url: form.get("cancel_url"),
      expires_at: Number(form.get("expires_at") ?? 0),
      locale: form.get("locale"),
      payment_method_types: [...form]
        .filter(([k]) => k.startsWith("payment_method_types["))
        .map(([, v]) => v),
      metadata,
    };
    sessions.set(id, session);
    return [200, session];
  }

  function refund(form: URLSearchParams): [number, unknown] {
    const intent = intents.get(form.get("payment_intent") ?? "");
    if (!intent)
      return [404, stripeError("invalid_request_error", "No such payment_intent", "resource_missing")];
    const already = refunds
      .filter((r) => r.payment_intent === intent.id)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = Number(form.get("amount") ?? intent.amount_received - already);
    if (amount > intent.amount_received - already)
      return [
        400,
        stripeError(
          "invalid_request_error",
          "Refund amount is greater than unrefunded amount",
          "amount_too_large",
        ),
      ];
    const made = {
      id: nextId("re"),
      object: "refund",
      amount,
      payment_intent: intent.id,
      status: "succeeded",
    };
    refunds.push(made);
    return [200, made];
  }

  /** POST /v1/checkout/sessions/{id}/expire: only an open session can be. */
  function expireSession(id: string): [number, unknown] {
    const found = sessions.get(id);
    if (!found)
      return [404, stripeError("invalid_request_error", "No such checkout.session", "resource_missing")];
    if (found.status !== "open")
      return [
        400,
        stripeError(
          "invalid_request_error",
          `This Checkout Session is ${found.status} and cannot be expired.`,
        ),
      ];
    Object.assign(found, { status: "expired", url: null });
    return [200, found];
  }

  function hostedPage(method: string | undefined, id: string, res: ServerResponse) {
    const found = sessions.get(id);
    if (found?.status !== "open") {
      res.writeHead(404, { "Content-Type": "text/plain" });
      return res.end("This checkout session is no longer open.");
    }
    if (method !== "POST") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(checkoutPage(found));
    }
    if (found.payment_method_types.includes("us_bank_account")) double.payByBank(id);
    else double.pay(id);
    res.writeHead(303, { Location: found.success_url.replace("{CHECKOUT_SESSION_ID}", id) });
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://double");
    const text = await readBody(req);
    const record: RecordedRequest = {
      method: req.method ?? "",
      path: url.pathname,
      query: url.searchParams,
      idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      form: new URLSearchParams(text),
    };
    const page = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    if (options.pages && page) return hostedPage(req.method, decodeURIComponent(page[1] ?? ""), res);
    requests.push(record);
    const fault = faults[0];
    if (fault && (fault.kind === "hang" || !fault.path || fault.path === url.pathname)) {
      faults.shift();
      if (fault.kind === "hang") return void hanging.add(res);
      return send(res, fault.status, { error: fault.error });
    }
    if (record.authorization !== `Bearer ${secretKey}`)
      return send(res, 401, stripeError("invalid_request_error", "Invalid API Key provided"));
    if (req.method === "POST" && record.idempotencyKey) {
      const saved = idempotent.get(record.idempotencyKey);
      if (saved && (saved.body !== text || saved.path !== url.pathname))
        return send(
          res,
          400,
          stripeError(
            "idempotency_error",
            "Keys for idempotent requests can only be used with the same parameters",
          ),
        );
      if (saved) return send(res, saved.status, saved.response, { "Idempotent-Replayed": "true" });
    }
    let answer: [number, unknown];
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    const expirePath = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions")
      answer = createSession(record.form);
    else if (req.method === "GET" && sessionPath) {
      const session = sessions.get(decodeURIComponent(sessionPath[1] ?? ""));
      answer = session
        ? [200, expanded(session, url.searchParams.getAll("expand[]"))]
        : [404, stripeError("invalid_request_error", "No such checkout.session", "resource_missing")];
    } else if (req.method === "POST" && expirePath)
      answer = expireSession(decodeURIComponent(expirePath[1] ?? ""));
    else if (req.method === "POST" && url.pathname === "/v1/refunds") answer = refund(record.form);
    else
      answer = [
        404,
        stripeError("invalid_request_error", `Unrecognized request URL (${req.method}: ${url.pathname}).`),
      ];
    if (req.method === "POST" && record.idempotencyKey)
      idempotent.set(record.idempotencyKey, {
        body: text,
        path: url.pathname,
        status: answer[0],
        response: answer[1],
      });
    send(res, answer[0], answer[1]);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, stripeError("api_error", String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const session = (id: string) => {
    const found = sessions.get(id);
    if (!found) throw new Error(`the double has no session ${id}`);
    return found;
  };
  const complete = (s: Session, method: PaymentMethod, status: PaymentIntent["status"]) => {
    methods.set(method.id, method);
    const intent: PaymentIntent = {
      id: nextId("pi"),
      object: "payment_intent",
      amount: s.amount_total,
      amount_received: status === "succeeded" ? s.amount_total : 0,
      currency: s.currency,
      status,
      payment_method: method.id,
      last_payment_error: null,
    };
    intents.set(intent.id, intent);
    Object.assign(s, { status: "complete", payment_intent: intent.id, url: null });
  };

  if (options.pages) pageBase = `http://127.0.0.1:${port}`;
  const double: StripeDouble = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    sessions,
    refunds,
    pay(id, card = { brand: "visa", last4: "4242" }) {
      const s = session(id);
      complete(
        s,
        {
          id: nextId("pm"),
          object: "payment_method",
          type: "card",
          card: { ...card, exp_month: 12, exp_year: 2030 },
        },
        "succeeded",
      );
      s.payment_status = "paid";
    },
    payByBank(id, last4 = "6789") {
      const s = session(id);
      complete(
        s,
        {
          id: nextId("pm"),
          object: "payment_method",
          type: "us_bank_account",
          us_bank_account: { last4, routing_number: "110000000" },
        },
        "processing",
      );
    },
    settleBankDebit(id, ok) {
      const s = session(id);
      const intent = intents.get(s.payment_intent ?? "");
      if (!intent) throw new Error(`session ${id} has no bank debit`);
      if (ok) {
        Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
        s.payment_status = "paid";
      } else
        Object.assign(intent, {
          status: "requires_payment_method",
          last_payment_error: { code: "insufficient_funds" },
        });
    },
    expire(id) {
      Object.assign(session(id), { status: "expired", url: null });
    },
    failNext(status, error, path) {
      faults.push({ kind: "fail", status, error, ...(path ? { path } : {}) });
    },
    hangNext() {
      faults.push({ kind: "hang" });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return double;
}
