/**
 * GET /api/v1/addresses?q=<text>&limit=<n>: city addresses that match what was typed, for the
 * address combobox (src/address-lookup). Answers a JSON array of { address, parcelNumber }, at
 * most ADDRESS_SUGGESTION_LIMIT, in address order.
 *
 * - q: fewer than ADDRESS_MIN_CHARS characters (trimmed), or longer than ADDRESS_MAX_CHARS, is [];
 *   so is anything no address key can hold (%, _, emoji, SQL): the keys are letters and digits and
 *   the query is bound, never spliced (src/integrations/property-records/embedded/address-sql.ts).
 * - a parcel number (any form normalizeParcelNumber reads) gives that parcel's address, so a box
 *   that takes "an address or a parcel number" suggests for both.
 * - q is text still being typed: its house number may be the start of a longer one ("141 Ma" or
 *   "141" suggests 1418 Market St), the exact number first (searchByAddress's `partial`). The
 *   searches that answer a sent form (the property search, a workflow's `call`) stay exact.
 * - limit: an integer from 1 to ADDRESS_SUGGESTION_LIMIT; a larger one is cut to it.
 * A parameter given twice or a limit that is not a positive integer is a 400; a failing database a
 * 503, so the combobox says it could not look. Never a 500 for what a client sends.
 */
import type { Express } from "express";
import {
  ADDRESS_MAX_CHARS,
  ADDRESS_MIN_CHARS,
  ADDRESS_SUGGESTION_LIMIT,
  ADDRESSES_ENDPOINT,
  type AddressSuggestion,
} from "../address-lookup/address-lookup";
import { normalizeParcelNumber } from "../domain/parcel-number";
import type { Parcel, PropertyRecords } from "../integrations/property-records";

export interface AddressesResponse {
  status: number;
  body: AddressSuggestion[] | { error: string };
}

const oneLine = ({ address: a }: Parcel) => `${a.line1}, ${a.city}, ${a.state} ${a.zip}`;

export function createAddressesHandler(
  records: Pick<PropertyRecords, "searchByAddress" | "findByParcelNumber">,
  log: (message: string, error: unknown) => void = console.error,
) {
  return async function handleAddressesRequest(params: URLSearchParams): Promise<AddressesResponse> {
    const queries = params.getAll("q");
    const limits = params.getAll("limit");
    if (queries.length > 1 || limits.length > 1)
      return { status: 400, body: { error: "Each parameter may be given once" } };
    let limit = ADDRESS_SUGGESTION_LIMIT;
    const rawLimit = limits[0];
    if (rawLimit !== undefined && rawLimit !== "") {
      if (!/^\d{1,9}$/.test(rawLimit) || Number(rawLimit) < 1)
        return { status: 400, body: { error: "limit must be a positive integer" } };
      limit = Math.min(Number(rawLimit), ADDRESS_SUGGESTION_LIMIT);
    }
    const query = (queries[0] ?? "").trim();
    if (query.length < ADDRESS_MIN_CHARS || query.length > ADDRESS_MAX_CHARS)
      return { status: 200, body: [] };
    try {
      const parcelNumber = normalizeParcelNumber(query);
      const parcels = parcelNumber
        ? [await records.findByParcelNumber(parcelNumber)].filter((p): p is Parcel => p !== null)
        : await records.searchByAddress(query, limit, { partial: true });
      return {
        status: 200,
        body: parcels
          .slice(0, limit)
          .map((parcel) => ({ address: oneLine(parcel), parcelNumber: parcel.parcelNumber })),
      };
    } catch (error) {
      log("address lookup failed", error);
      return { status: 503, body: { error: "Address lookup is unavailable" } };
    }
  };
}

export function mountAddresses(app: Express, records: PropertyRecords): void {
  const handle = createAddressesHandler(records);
  app.get(ADDRESSES_ENDPOINT, async (req, res) => {
    const at = req.originalUrl.indexOf("?");
    let params: URLSearchParams;
    try {
      params = new URLSearchParams(at === -1 ? "" : req.originalUrl.slice(at + 1));
    } catch {
      res.status(400).set("Cache-Control", "no-store").json({ error: "Malformed query string" });
      return;
    }
    const r = await handle(params);
    // One resident's typing: nothing for a shared cache to keep.
    res.status(r.status).set("Cache-Control", "no-store").json(r.body);
  });
}
