/**
 * The bid packet as a plain-text document, generated on each download from the bid as it stands
 * (its due date may have been moved by an addendum) and the request that unlocked it. The frame is
 * in the bidder's language; the bid's own title and summary stay as issued.
 */
import { formatUsDate, parseIsoDate } from "../../domain/dates";
import type { Locale } from "../../domain/localize";
import type { Bid } from "./bid";
import type { PacketRequest } from "./bids";
import { bidsText } from "./integration";

export interface PacketOffice {
  /** "Office of Purchasing", in the bidder's language (content/agencies/purchasing.yaml). */
  name: string;
  /** Its street address on one line, phone and e-mail, each may be missing. */
  address?: string;
  phone?: string;
  email?: string;
  hours?: string;
}

const usDate = (iso: string) => {
  const day = parseIsoDate(iso);
  return day ? formatUsDate(day) : iso;
};

export function packetDocument(
  bid: Bid,
  request: PacketRequest,
  opts: { locale: Locale; agencyName: string; office: PacketOffice; siteName?: string; now: Date },
): string {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    bidsText(`packet.${key}`, opts.locale, values);
  const label = (key: string) => bidsText(`columns.${key}`, opts.locale);
  const rule = "=".repeat(72);
  const line = "-".repeat(72);
  const row = (name: string, value: string) => `${`${name}:`.padEnd(28)} ${value}`;
  const office = opts.office;
  const lines = [
    rule,
    opts.siteName ? `${opts.siteName} — ${office.name}` : office.name,
    t("heading"),
    rule,
    "",
    row(label("number"), bid.number),
    row(label("title"), bid.title),
    row(label("agency"), opts.agencyName),
    row(label("serviceType"), bidsText(`serviceTypes.${bid.serviceType}`, opts.locale)),
    row(label("status"), bidsText(`statuses.${bid.status}`, opts.locale)),
    row(t("issuedOn"), usDate(bid.issuedOn)),
    row(label("dueDate"), t("dueAt", { date: usDate(bid.dueDate) })),
    row(t("buyer"), bid.buyer),
    "",
    t("scopeHeading"),
    line,
    bid.description,
    "",
    t("issuedToHeading"),
    line,
    row(t("companyName"), request.companyName),
    row(t("streetAddress"), request.streetAddress),
    row(t("phone"), request.phone),
    ...(request.fax ? [row(t("fax"), request.fax)] : []),
    row(t("email"), request.email),
    row(t("reference"), request.reference),
    row(t("generated"), usDate(opts.now.toISOString())),
    "",
    t("instructionsHeading"),
    line,
    `1. ${t("instruction1", { date: usDate(bid.dueDate), office: office.name })}`,
    `2. ${t("instruction2")}`,
    `3. ${t("instruction3")}`,
    `4. ${t("instruction4", { buyer: bid.buyer })}`,
    "",
    office.name,
    ...[office.address, office.phone, office.email, office.hours].filter((v): v is string => Boolean(v)),
    "",
  ];
  return lines.join("\r\n");
}
