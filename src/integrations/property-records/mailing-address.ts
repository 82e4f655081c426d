/**
 * An owner's mailing address written out as an envelope is addressed: the street lines, then the
 * locality line in the country's own order (ZIP after the state in the US, the postal code before
 * the city in Germany, Spain or Mexico…), then, outside the United States, the country's name in
 * English capitals on the last line, as the US Postal Service asks of mail sent abroad.
 */
import type { MailingAddress, Parcel } from "./property-records";

/** English names, in capitals, of the countries the records hold addresses in. */
const COUNTRY_NAMES: Record<string, string> = {
  CA: "CANADA",
  DE: "GERMANY",
  ES: "SPAIN",
  GB: "UNITED KINGDOM",
  IN: "INDIA",
  MX: "MEXICO",
};

const joined = (...parts: string[]) => parts.filter((p) => p !== "").join(" ");

/** The locality line(s): city, region and postal code in the country's order. */
function localityLines(a: MailingAddress): string[] {
  switch (a.country) {
    case "US":
      return [`${a.city}, ${joined(a.region, a.postalCode)}`];
    case "CA":
      return [joined(a.city, a.region, a.postalCode)];
    case "GB":
      // Royal Mail: the post town, then the postcode on a line of its own.
      return [a.city, a.postalCode].filter((l) => l !== "");
    case "IN":
      return [joined(a.city, a.postalCode), a.region].filter((l) => l !== "");
    default:
      // Most of the world (Germany, Spain, Mexico…): the postal code before the city.
      return [[joined(a.postalCode, a.city), a.region].filter((p) => p !== "").join(", ")];
  }
}

/** The address as the lines of an envelope. */
export function mailingAddressLines(address: MailingAddress): string[] {
  const country =
    address.country === "US" ? [] : [COUNTRY_NAMES[address.country] ?? address.country.toUpperCase()];
  return [...address.lines, ...localityLines(address), ...country];
}

/** The same on one line, for a table cell: "PO Box 6120, Cedarport, IN 46206". */
export function oneLineMailingAddress(address: MailingAddress): string {
  return mailingAddressLines(address).join(", ");
}

/** The property's own address as a mailing address: where most owners' letters go. */
export function propertyAsMailingAddress(parcel: Pick<Parcel, "address">): MailingAddress {
  const { line1, city, state, zip } = parcel.address;
  return { lines: [line1], city, region: state, postalCode: zip, country: "US" };
}
