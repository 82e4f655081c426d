/**
 * The bids integration as the workflow engine calls it (workflows/get-bid-packet.json):
 *
 *   open-bids              { query? } → { bids: [{ number, title, dueDate, agency, serviceType }] }
 *                          open bids, due first first; `query` (optional) narrows them to a bid
 *                          number or words of the title. Refuses on /query when nothing matches.
 *   record-packet-request  { reference, bidNumber, companyName, streetAddress, phone, fax?, email }
 *                          → { reference, bidNumber, title, packets: [{ number, title, url }] }
 *                          stores the bidder for the purchasing office; `url` downloads the packet
 *                          (/bids/<number>/packet?ref=<reference>). The same reference twice stores
 *                          one request. Refuses (on the page) a bid that closed in the meantime.
 */
import type { Locale } from "../../domain/localize";
import { textFor } from "../../i18n";
import { IntegrationRefusal, type Integrations } from "../../workflow/integrations";
import type { Bid } from "./bid";
import { BidNotOpenError, type Bids } from "./bids";

type Call = Integrations["call"];

/** A text of locales/<lang>/bids.json, in `locale` or else in English. */
export function bidsText(key: string, locale: Locale, values: Record<string, string | number> = {}): string {
  return textFor(locale, "bids")(key, values);
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** Where a request's packet is downloaded: only with the reference that asked for that bid. */
export const packetUrl = (number: string, reference: string) =>
  `/bids/${encodeURIComponent(number)}/packet?ref=${encodeURIComponent(reference)}`;

const choice = (bid: Bid) => ({
  number: bid.number,
  title: bid.title,
  dueDate: bid.dueDate,
  agency: bid.agency,
  serviceType: bid.serviceType,
});

/** Case, spaces and punctuation do not matter: "itb 2026 0142" finds ITB-2026-0142. */
const squeeze = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, "");

function matches(bid: Bid, query: string): boolean {
  const q = squeeze(query);
  if (q === "") return true;
  if (squeeze(bid.number).includes(q)) return true;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const title = bid.title.toLowerCase();
  return words.every((w) => title.includes(w));
}

export function bidsCall(bids: Bids): Call {
  return async (name, operation, params, _answers, { locale, reference: contextReference }) => {
    switch (operation) {
      case "open-bids": {
        const query = text(params.query);
        const open = (await bids.openBids()).filter((b) => matches(b, query));
        if (open.length === 0)
          throw new IntegrationRefusal([
            {
              path: "/query",
              message: query
                ? bidsText("lookup.noMatch", locale, { query })
                : bidsText("lookup.noOpenBids", locale),
              keyword: "lookup",
            },
          ]);
        return { bids: open.map(choice) };
      }
      case "record-packet-request": {
        const reference = text(params.reference) || text(contextReference);
        try {
          const request = await bids.recordPacketRequest({
            reference,
            bidNumber: text(params.bidNumber),
            companyName: text(params.companyName),
            streetAddress: text(params.streetAddress),
            phone: text(params.phone),
            fax: text(params.fax),
            email: text(params.email),
            locale,
          });
          const bid = await bids.find(request.bidNumber);
          const title = bid?.title ?? request.bidNumber;
          return {
            reference: request.reference,
            bidNumber: request.bidNumber,
            title,
            packets: [
              { number: request.bidNumber, title, url: packetUrl(request.bidNumber, request.reference) },
            ],
          };
        } catch (error) {
          if (!(error instanceof BidNotOpenError)) throw error;
          throw new IntegrationRefusal([
            {
              path: "",
              message: bidsText("lookup.notOpen", locale, { number: text(params.bidNumber) }),
              keyword: "lookup",
            },
          ]);
        }
      }
      default:
        throw new Error(`${name} has no operation ${operation}`);
    }
  };
}
