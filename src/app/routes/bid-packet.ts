import { localizeDeep } from "../../domain/localize";
import { bidsText, packetDocument } from "../../integrations/bids";
import { notFoundPage } from "../../server/fallback-page";
import type { Route } from "./+types/bid-packet";

/**
 * A bid packet (/bids/<number>/packet?ref=<reference>), generated on each download. Only the
 * reference of a packet request for that very bid opens it; anything else is the same 404 page,
 * whether the bid exists or not, so a guessed address tells nothing. Each download is recorded for
 * the purchasing office.
 */

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, locale } = context;
  const ref = new URL(request.url).searchParams.get("ref") ?? "";
  const packetRequest = await services.bids.packetRequest(ref, params.number);
  if (!packetRequest) return notFoundPage(locale);
  const bid = await services.bids.find(packetRequest.bidNumber);
  if (!bid) return notFoundPage(locale);
  const [agency, office, site] = await Promise.all([
    services.content(false).agency(bid.agency),
    services.content(false).agency("purchasing"),
    services.site(),
  ]);
  const l = office?.location;
  const local = office ? localizeDeep(office, locale) : undefined;
  const address = l
    ? [l.address1, l.address2, l.city && `${l.city}, ${l.state ?? ""} ${l.zip ?? ""}`.trim()]
        .filter(Boolean)
        .join(", ")
    : undefined;
  const now = new Date();
  const text = packetDocument(bid, packetRequest, {
    locale,
    agencyName: agency ? localizeDeep(agency, locale).title : bid.agency,
    office: {
      name: local?.title ?? "Office of Purchasing",
      ...(address ? { address } : {}),
      ...(l?.phone ? { phone: l.phone } : {}),
      ...(l?.email ? { email: l.email } : {}),
    },
    siteName: site?.name?.[locale],
    now,
  });
  await services.bids.recordDownload(packetRequest.reference, bid.number);
  const filename = bidsText("packet.filename", locale, { number: bid.number });
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
