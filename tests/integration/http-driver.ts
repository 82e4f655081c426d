/**
 * A resident's browser without JavaScript, for tests that drive the real server over HTTP: it
 * keeps cookies, follows redirects, and posts a page's form back with the form's hidden inputs
 * (CSRF token, repeated-group counts) plus the fields the test fills in.
 */
export class HttpResident {
  readonly cookies = new Map<string, string>();
  url = "";
  html = "";

  constructor(readonly base: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  /** One request, no redirects followed; throws when the connection fails. */
  async request(method: "GET" | "POST", url: string, body?: URLSearchParams): Promise<Response> {
    const response = await fetch(new URL(url, this.base), {
      method,
      redirect: "manual",
      headers: {
        cookie: this.cookieHeader(),
        origin: this.base,
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: body?.toString(),
      signal: AbortSignal.timeout(30_000),
    });
    this.remember(response);
    return response;
  }

  /** Follows redirects from `response` to the page they end on. */
  async land(response: Response, from: string): Promise<number> {
    let current = response;
    let url = from;
    for (let hops = 0; current.status >= 300 && current.status < 400; hops++) {
      if (hops > 10) throw new Error(`too many redirects from ${from}`);
      await current.body?.cancel();
      url =
        new URL(current.headers.get("location") ?? "/", new URL(url, this.base)).pathname +
        new URL(current.headers.get("location") ?? "/", new URL(url, this.base)).search;
      current = await this.request("GET", url);
    }
    this.url = url;
    this.html = await current.text();
    return current.status;
  }

  async open(path: string): Promise<number> {
    return this.land(await this.request("GET", path), path);
  }

  /** The first form posted to the server on the current page: its action and hidden inputs. */
  form(): { action: string; hidden: [string, string][] } {
    const match = /<form\b[^>]*\bmethod="post"[^>]*>([\s\S]*?)<\/form>/i.exec(this.html);
    if (!match) throw new Error(`no form on ${this.url}`);
    const action =
      decodeEntities(
        /\baction="([^"]*)"/i.exec(match[0].slice(0, match[0].indexOf(">") + 1))?.[1] ?? this.url,
      ) || this.url;
    const hidden: [string, string][] = [];
    for (const tag of match[1]?.match(/<input\b[^>]*>/gi) ?? []) {
      if (!/\btype="hidden"/i.test(tag)) continue;
      const name = /\bname="([^"]*)"/i.exec(tag)?.[1];
      if (name)
        hidden.push([decodeEntities(name), decodeEntities(/\bvalue="([^"]*)"/i.exec(tag)?.[1] ?? "")]);
    }
    return { action, hidden };
  }

  /** The body that posts the current page's form with `fields` filled in. */
  formBody(fields: Record<string, string>): { action: string; body: URLSearchParams } {
    const { action, hidden } = this.form();
    const body = new URLSearchParams(hidden);
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return { action, body };
  }

  async post(action: string, body: URLSearchParams): Promise<number> {
    return this.land(await this.request("POST", action, body), action);
  }
}

/** The entities React writes in attributes and text, back to characters (the bench reads pages too). */
export function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x2F;/g, "/")
    .replace(/&amp;/g, "&");
}
