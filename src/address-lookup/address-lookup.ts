/**
 * The address lookup (issue 15): city addresses suggested while a resident types one, for the
 * lookups and for every workflow that asks for an address. Shared by the endpoint
 * (src/server/addresses.ts) and the combobox in the browser
 * (src/app/components/AddressCombobox); nothing here touches a database or the DOM.
 */
import { TYPEAHEAD_DEBOUNCE_MS, TYPEAHEAD_MIN_CHARS } from "../search/constants";

export const ADDRESSES_ENDPOINT = "/api/v1/addresses";
/** Suggestions start after this many characters and wait for this pause in typing (SPEC §5, §9). */
export const ADDRESS_MIN_CHARS = TYPEAHEAD_MIN_CHARS;
export const ADDRESS_DEBOUNCE_MS = TYPEAHEAD_DEBOUNCE_MS;
/** The most suggestions a request gets, and the default. */
export const ADDRESS_SUGGESTION_LIMIT = 8;
/** Longer than any address in the county: longer text matches nothing (and costs nothing). */
export const ADDRESS_MAX_CHARS = 100;

export interface AddressSuggestion {
  /** One line: "1418 N Cedar Ave, Cedarport, IN 46202". */
  address: string;
  parcelNumber: string;
}

export class AddressLookupError extends Error {
  override name = "AddressLookupError";
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(statusText || `HTTP ${status}`);
  }
}

export function addressesUrl(query: string, limit = ADDRESS_SUGGESTION_LIMIT): string {
  return `${ADDRESSES_ENDPOINT}?${new URLSearchParams({ q: query, limit: String(limit) }).toString()}`;
}

/** Asks the endpoint; throws AddressLookupError on any answer but 200, and AbortError when aborted. */
export async function fetchAddressSuggestions(
  query: string,
  options: { signal?: AbortSignal; fetch?: typeof fetch; limit?: number } = {},
): Promise<AddressSuggestion[]> {
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(addressesUrl(query.trim(), options.limit), {
    headers: { accept: "application/json" },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) throw new AddressLookupError(response.status, response.statusText);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new AddressLookupError(response.status, "Unexpected answer");
  return body.filter(
    (item): item is AddressSuggestion =>
      typeof item?.address === "string" && typeof item?.parcelNumber === "string",
  );
}
