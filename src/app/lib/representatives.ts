/**
 * What "Find your representatives" (/find-my-representatives) reads from its address, and what it
 * decides to look up. Nothing a resident types is an error of ours: an empty, overlong or
 * symbol-only address is a message on the page; anything else is looked up, and what matches
 * nothing says so.
 */
import { normalizeParcelNumber, parseAddress } from "../../integrations/property-records";
import { keyText } from "../../integrations/property-records/address";

/** Longer than any address in the county; longer text is refused, not cut. */
export const MAX_ADDRESS_LENGTH = 100;

/** How many addresses an ambiguous one offers to choose from. */
export const ADDRESS_CHOICES = 10;

export interface RepresentativesParams {
  /** As typed (trimmed); undefined when the form has not been sent. */
  address?: string;
  /** A parcel chosen from the list of addresses (its link carries the number). */
  parcel?: string;
  lang?: "en" | "es";
}

export type LookupError = "empty" | "tooLong" | "noWords" | "noStreet";

export type LookupPlan =
  | { action: "none" }
  | { action: "error"; error: LookupError }
  | { action: "parcel"; parcelNumber: string }
  /** A parcel number that cannot be one (a chosen parcel's link edited by hand). */
  | { action: "noParcel"; parcel: string }
  | { action: "address"; query: string };

export function representativesParams(query: URLSearchParams): RepresentativesParams {
  const address = query.get("address") ?? undefined;
  const parcel = query.get("parcel") ?? undefined;
  const lang = query.get("lang");
  return {
    ...(address !== undefined ? { address: address.trim() } : {}),
    ...(parcel !== undefined ? { parcel: parcel.trim() } : {}),
    ...(lang === "en" || lang === "es" ? { lang } : {}),
  };
}

export function lookupPlan(params: RepresentativesParams): LookupPlan {
  if (params.parcel !== undefined && params.parcel !== "") {
    const parcelNumber = normalizeParcelNumber(params.parcel.slice(0, MAX_ADDRESS_LENGTH));
    return parcelNumber
      ? { action: "parcel", parcelNumber }
      : { action: "noParcel", parcel: params.parcel.slice(0, 30) };
  }
  const { address } = params;
  if (address === undefined) return { action: "none" };
  if (address === "") return { action: "error", error: "empty" };
  if (address.length > MAX_ADDRESS_LENGTH) return { action: "error", error: "tooLong" };
  // A parcel number in the address box is looked up as one (every format the county writes).
  const parcelNumber = normalizeParcelNumber(address);
  if (parcelNumber) return { action: "parcel", parcelNumber };
  // What the address keys keep: letters and digits. Nothing left (%, _, emoji) cannot match anything.
  if (keyText(address).replace(/[#,]/g, " ").trim() === "") return { action: "error", error: "noWords" };
  const key = parseAddress(address);
  if (!key) return { action: "error", error: "noWords" };
  // A house number alone ("123") would list that number on every street in the county.
  if (key.street === "" && key.direction === "") return { action: "error", error: "noStreet" };
  return { action: "address", query: address };
}

/** The address of the page for `params` with changes; empty values are left out. */
export function representativesHref(params: RepresentativesParams): string {
  const query = new URLSearchParams();
  if (params.address) query.set("address", params.address);
  if (params.parcel) query.set("parcel", params.parcel);
  if (params.lang) query.set("lang", params.lang);
  const search = query.toString();
  return `/find-my-representatives${search ? `?${search}` : ""}`;
}
