import { BUCKETS, type Bucket } from "../../../back-office/statuses";
import { parseIsoDate } from "../../../domain/dates";

/**
 * The inbox's address: `?status=new|in-progress|done|all&q=&from=&to=&page=`. Read once here, so the
 * page, its tabs, its paging and the CSV download agree on what is shown.
 */
export interface InboxParams {
  bucket: Bucket | "all";
  q: string;
  from: string;
  to: string;
  page: number;
  lang?: string | undefined;
}

const date = (value: string | null) => (value ?? "").trim().slice(0, 10);

export function inboxParams(search: URLSearchParams): InboxParams & { badDates: ("from" | "to")[] } {
  const status = search.get("status");
  const bucket = status === "all" || BUCKETS.includes(status as Bucket) ? (status as Bucket | "all") : "new";
  const from = date(search.get("from"));
  const to = date(search.get("to"));
  const badDates = (["from", "to"] as const).filter((k) => {
    const value = k === "from" ? from : to;
    return value !== "" && !parseIsoDate(value);
  });
  return {
    bucket,
    q: (search.get("q") ?? "").trim().slice(0, 200),
    from: badDates.includes("from") ? "" : from,
    to: badDates.includes("to") ? "" : to,
    page: Math.min(10_000, Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1)),
    lang: search.get("lang") === "es" ? "es" : undefined,
    badDates,
  };
}

/** The inbox's address with some of its parameters changed (defaults left out). */
export function inboxHref(base: string, params: InboxParams, change: Partial<InboxParams> = {}): string {
  const p = { ...params, ...change };
  const query = new URLSearchParams();
  if (p.bucket !== "new") query.set("status", p.bucket);
  if (p.q) query.set("q", p.q);
  if (p.from) query.set("from", p.from);
  if (p.to) query.set("to", p.to);
  if (p.page > 1) query.set("page", String(p.page));
  if (p.lang) query.set("lang", p.lang);
  const qs = query.toString();
  return qs ? `${base}?${qs}` : base;
}
