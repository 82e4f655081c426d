import { JSDOM } from "jsdom";

/**
 * A resident's browser without JavaScript, for tests that drive the site over HTTP: it keeps
 * cookies, follows redirects, and submits a page's own form with the form's hidden inputs (CSRF
 * token and the like) posted back as a browser would. One `HttpResident` may talk to several web
 * processes (`base` per request), as a browser behind a load balancer does.
 */
export interface Page {
  url: string;
  status: number;
  html: string;
}

export interface PageForm {
  action: string;
  /** The form's hidden inputs, as the page rendered them. */
  hidden: [string, string][];
  /** Its named submit buttons (name, value), e.g. ["_intent", "continue"]. */
  buttons: [string, string][];
}

export class HttpResident {
  private readonly cookies = new Map<string, string>();

  async request(base: string, path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0)
      headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(new URL(path, base), { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** GET `path`, following redirects on the same process. */
  async get(base: string, path: string): Promise<Page> {
    return this.follow(base, await this.request(base, path), path);
  }

  /** Reads a response, following its redirects (GET) on the same process. */
  async follow(base: string, response: Response, path: string): Promise<Page> {
    let current = response;
    let url = path;
    for (let hops = 0; current.status >= 300 && current.status < 400; hops++) {
      if (hops > 5) throw new Error(`too many redirects from ${path}`);
      await current.arrayBuffer();
      url = current.headers.get("location") ?? "/";
      current = await this.request(base, url);
    }
    return { url: new URL(url, base).pathname, status: current.status, html: await current.text() };
  }

  /** POSTs `fields` with the form's hidden inputs, as a form submission; the raw response. */
  post(base: string, form: PageForm, fields: [string, string][]): Promise<Response> {
    const body = new URLSearchParams([...form.hidden, ...fields]);
    return this.request(base, form.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(base).origin },
      body: body.toString(),
    });
  }
}

/**
 * The page's POST form whose action starts with `actionPrefix` (e.g. "/workflow/demo-dog-licence")
 * and, when `hasButton` is given, that has a submit button it accepts (a page may hold several
 * forms: "Change" links of "check your answers" are small forms too).
 */
export function postForm(
  page: Page,
  actionPrefix: string,
  hasButton?: (name: string, value: string) => boolean,
): PageForm {
  const { document } = new JSDOM(page.html).window;
  for (const form of document.querySelectorAll("form")) {
    const action = form.getAttribute("action") ?? page.url;
    if (form.method.toLowerCase() !== "post" || !action.startsWith(actionPrefix)) continue;
    const hidden = [...form.querySelectorAll<HTMLInputElement>("input[type=hidden]")]
      .filter((input) => input.name)
      .map((input): [string, string] => [input.name, input.value]);
    const buttons = [...form.querySelectorAll<HTMLButtonElement>("button[type=submit], button:not([type])")]
      .filter((button) => button.name)
      .map((button): [string, string] => [button.name, button.value]);
    if (hasButton && !buttons.some(([name, value]) => hasButton(name, value))) continue;
    return { action, hidden, buttons };
  }
  throw new Error(`no such form posting to ${actionPrefix} on ${page.url} (status ${page.status})`);
}

/** The text of the page's main content, whitespace collapsed. */
export function mainText(page: Page): string {
  const { document } = new JSDOM(page.html).window;
  return (document.querySelector("main")?.textContent ?? document.body.textContent ?? "").replace(
    /\s+/g,
    " ",
  );
}
