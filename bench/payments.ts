import { performance } from "node:perf_hooks";
import { DEMO_GALLERY_ACCOUNTS } from "../src/integrations/payments/embedded/demo-gallery-accounts";
import { decodeEntities } from "../tests/integration/http-driver";

type Row = [string, string | number, string];

/**
 * The pay POST (issue 12): what "Pay now" on the check-answers screen `pay-by-card` of
 * pay-jail-gallery-account costs with the sandbox provider, the request that validates the card,
 * claims the attempt, takes the amount off the balance, "charges" the card and records the payment.
 *
 * Each of N journeys is first brought to that screen over HTTP as a browser without JavaScript
 * does (form posts with the page's hidden `_csrf`, its cookies, `_intent=continue`); only then are
 * the N final posts timed, one after another, so that the figure is the pay request alone and not
 * the screens before it. Every payment is $1.00 to the one account, so its balance lasts; a run in
 * which any payment fails reports no time, only the failures.
 */

const SERVICE = "pay-jail-gallery-account";
const AMOUNT_CENTS = 100;
/** Every request is bounded; preparing the journeys is bounded as a whole too (see `payPost`). */
const REQUEST_TIMEOUT_MS = 30_000;

/** The sandbox's approving Visa, a future expiry (MM/YY) and the rest of the card form. */
function cardFields(): [string, string][] {
  const year = (new Date().getFullYear() + 3) % 100;
  return [
    ["root_nameOnCard", "Bench Resident"],
    ["root_cardNumber", "4111111111111111"],
    ["root_expiry", `12/${String(year).padStart(2, "0")}`],
    ["root_cvv", "123"],
    ["root_zip", "46204"],
    ["root_agree", "true"],
    ["_intent", "submit"],
  ];
}

/** A browser without JavaScript: its cookies, redirects not followed (each hop is looked at). */
class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async request(path: string, body?: URLSearchParams): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (body) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      // A browser's form post names its origin; the site's CSRF check may look at it.
      headers.origin = new URL(this.base).origin;
    }
    const response = await fetch(new URL(path, this.base), {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers,
      body: body?.toString(),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? "";
      const eq = pair.indexOf("=");
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  }

  /** GETs `path` and the redirects after it: the page it ends on. */
  async open(path: string): Promise<{ path: string; status: number; html: string }> {
    let url = path;
    for (let hops = 0; hops < 5; hops++) {
      const response = await this.request(url);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) {
        return { path: url, status: response.status, html: await response.text() };
      }
      await response.arrayBuffer();
      url = new URL(location, new URL(url, this.base)).pathname;
    }
    throw new Error(`too many redirects from ${path}`);
  }
}

interface ScreenForm {
  action: string;
  hidden: [string, string][];
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? undefined;

/**
 * The screen's own form: the POST form with a `_intent` button of value `intent` (a check-answers
 * page also has small "Change" forms, with `_intent=change`). Its hidden inputs are posted back as
 * the browser would, including the checkbox's hidden "false" that precedes the box itself.
 */
function screenForm(html: string, intent: string): ScreenForm | undefined {
  for (const [form] of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)) {
    const open = form.slice(0, form.indexOf(">") + 1);
    if (attribute(open, "method")?.toLowerCase() !== "post") continue;
    const buttons = form.match(/<button\b[^>]*>/gi) ?? [];
    if (!buttons.some((b) => attribute(b, "name") === "_intent" && attribute(b, "value") === intent))
      continue;
    const hidden: [string, string][] = [];
    for (const input of form.match(/<input\b[^>]*>/gi) ?? []) {
      const name = attribute(input, "name");
      if (attribute(input, "type") === "hidden" && name)
        hidden.push([decodeEntities(name), decodeEntities(attribute(input, "value") ?? "")]);
    }
    return { action: decodeEntities(attribute(open, "action") ?? ""), hidden };
  }
  return undefined;
}

/** What a page says is wrong (its error summary, else its heading), for the report of a failure. */
function pageProblems(html: string): string {
  const text = (fragment: string) =>
    decodeEntities(fragment.replace(/<[^>]*>/g, " "))
      .replace(/\s+/g, " ")
      .trim();
  const summary = /id="error-summary"[\s\S]*?<\/ul>/i.exec(html)?.[0];
  const problems = [...(summary ?? "").matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map((m) =>
    text(m[1] ?? ""),
  );
  if (problems.length > 0) return problems.join(" | ");
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  return heading ? `page "${text(heading)}"` : "(no error message on the page)";
}

/** Posts the screen's form with `fields` and expects the redirect to the next screen. */
async function answer(browser: Browser, screen: string, fields: [string, string][]): Promise<void> {
  const page = await browser.open(`/workflow/${SERVICE}/${screen}`);
  const form = page.status === 200 ? screenForm(page.html, "continue") : undefined;
  if (!form) throw new Error(`${screen}: no screen form (status ${page.status}, at ${page.path})`);
  const response = await browser.request(
    form.action,
    new URLSearchParams([...form.hidden, ...fields, ["_intent", "continue"]]),
  );
  const location = response.headers.get("location");
  if (response.status !== 303 || !location) {
    const html = await response.text();
    throw new Error(`${screen}: answered ${response.status}, not a redirect: ${pageProblems(html)}`);
  }
  await response.arrayBuffer();
}

interface Prepared {
  browser: Browser;
  form: ScreenForm;
}

/** One journey brought to `pay-by-card`, its "Pay now" form read from the page. */
async function prepare(base: string, account: (typeof DEMO_GALLERY_ACCOUNTS)[number]): Promise<Prepared> {
  const browser = new Browser(base);
  const [year, month, day] = account.dateOfBirth.split("-");
  await answer(browser, "find-account", [
    ["root_galleryNumber", account.galleryNumber],
    ["root_name", account.name],
    ["root_dateOfBirth__month", month ?? ""],
    ["root_dateOfBirth__day", day ?? ""],
    ["root_dateOfBirth__year", year ?? ""],
  ]);
  await answer(browser, "amount", [["root_amount", (AMOUNT_CENTS / 100).toFixed(2)]]);
  // No receipt address: the e-mail is not what is measured, and the outbox would fill with N files.
  await answer(browser, "payment-method", [
    ["root_method", "card"],
    ["root_email", ""],
  ]);
  const page = await browser.open(`/workflow/${SERVICE}/pay-by-card`);
  const form = page.status === 200 ? screenForm(page.html, "submit") : undefined;
  if (!form || !page.path.endsWith("/pay-by-card"))
    throw new Error(`pay-by-card: no "Pay now" form (status ${page.status}, at ${page.path})`);
  return { browser, form };
}

/** Nearest-rank percentile of sorted values (with 30 values, p99 is the slowest). */
const percentile = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;

/**
 * `journeys` pay POSTs against the server at `base`, timed one after another. Preparing stops at
 * `prepareSeconds` (a busy machine), and the run reports how many journeys it timed.
 */
export async function payPost(
  base: string,
  { journeys, prepareSeconds = 180 }: { journeys: number; prepareSeconds?: number },
): Promise<Row[]> {
  const label = "pay POST, sandbox card (pay-jail-gallery-account)";
  const failed = (why: string): Row[] => [[`${label} p50 / p99 ms`, `FAILED: ${why}`, "p99 <= 50"]];
  // The demo account that owes the most: N payments of $1.00 must not exhaust it.
  const account = DEMO_GALLERY_ACCOUNTS.filter((a) => a.payable).sort(
    (a, b) => b.amountOwedCents - a.amountOwedCents,
  )[0];
  if (!account || account.amountOwedCents < journeys * AMOUNT_CENTS)
    return failed(`no demo gallery account owes ${journeys} x $1.00`);

  const prepared: Prepared[] = [];
  const deadline = Date.now() + prepareSeconds * 1000;
  try {
    while (prepared.length < journeys && Date.now() < deadline) prepared.push(await prepare(base, account));
  } catch (error) {
    console.error(`pay POST: preparing journey ${prepared.length + 1} failed: ${(error as Error).message}`);
    return failed("a journey could not be brought to pay-by-card (see above)");
  }
  if (prepared.length < Math.min(journeys, 10))
    return failed(`only ${prepared.length} journeys prepared in ${prepareSeconds} s`);

  const card = cardFields();
  const times: number[] = [];
  const failures: string[] = [];
  for (const [i, { browser, form }] of prepared.entries()) {
    const body = new URLSearchParams([...form.hidden, ...card]);
    const start = performance.now();
    let response: Response;
    let html = "";
    try {
      response = await browser.request(form.action, body);
      if (response.status === 303) await response.arrayBuffer();
      else html = await response.text();
    } catch (error) {
      failures.push(`#${i + 1}: ${(error as Error).message}`);
      continue;
    }
    times.push(performance.now() - start);
    const location = response.headers.get("location") ?? "";
    if (response.status !== 303 || !location.endsWith(`/workflow/${SERVICE}/confirmation`))
      failures.push(`#${i + 1}: ${response.status} ${location || pageProblems(html)}`);
  }
  // Untimed: the confirmation each redirect names must say the payment was received.
  for (const [i, { browser }] of prepared.entries()) {
    if (failures.some((f) => f.startsWith(`#${i + 1}:`))) continue;
    const page = await browser.open(`/workflow/${SERVICE}/confirmation`);
    if (page.status !== 200 || !page.html.includes("Payment received"))
      failures.push(`#${i + 1}: confirmation page ${page.status} at ${page.path} without "Payment received"`);
  }
  if (failures.length > 0) {
    console.error(`pay POST: ${failures.length} of ${prepared.length} payments failed:`);
    for (const f of failures.slice(0, 20)) console.error(`  ${f}`);
    return failed(`${failures.length} of ${prepared.length} payments (see above)`);
  }

  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((sum, t) => sum + t, 0);
  const ms = (t: number) => t.toFixed(1);
  return [
    [
      `${label} p50 / p99 ms (${times.length} journeys)`,
      `${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.99))}`,
      "p99 <= 50",
    ],
    [`${label} req/s, sequential`, Math.round((times.length * 1000) / total), ""],
  ];
}
