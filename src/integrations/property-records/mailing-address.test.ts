import { describe, expect, it } from "vitest";
import { DEMO_PARCELS } from "./embedded/demo-parcels";
import { parcelFromRow } from "./embedded/embedded-property-records";
import { mailingAddressLines, oneLineMailingAddress, propertyAsMailingAddress } from "./mailing-address";

describe("mailing addresses written out", () => {
  it("writes a US address as the Postal Service does: city, state and ZIP on the last line", () => {
    expect(mailingAddressLines(DEMO_PARCELS.rental.mailingAddress)).toEqual([
      "PO Box 6120",
      "Cedarport, IN 46206",
    ]);
    expect(oneLineMailingAddress(propertyAsMailingAddress(DEMO_PARCELS.withHomestead))).toBe(
      "1418 N Cedar Ave, Cedarport, IN 46202",
    );
    const military = {
      lines: ["Unit 2050 Box 4190"],
      city: "APO",
      region: "AE",
      postalCode: "09096",
      country: "US",
    };
    expect(oneLineMailingAddress(military)).toBe("Unit 2050 Box 4190, APO, AE 09096");
  });

  it("writes an address abroad in its country's order, with the country's English name in capitals last", () => {
    const at = (country: string, city: string, region: string, postalCode: string, ...lines: string[]) =>
      mailingAddressLines({ lines, city, region, postalCode, country });
    expect(at("DE", "Berlin", "", "10115", "Invalidenstraße 44")).toEqual([
      "Invalidenstraße 44",
      "10115 Berlin",
      "GERMANY",
    ]);
    expect(at("MX", "Ciudad de México", "CDMX", "06600", "Calle Hamburgo 12", "Col. Juárez")).toEqual([
      "Calle Hamburgo 12",
      "Col. Juárez",
      "06600 Ciudad de México, CDMX",
      "MEXICO",
    ]);
    expect(at("CA", "Toronto", "ON", "M5V 2T6", "12 King St W")).toEqual([
      "12 King St W",
      "Toronto ON M5V 2T6",
      "CANADA",
    ]);
    expect(at("GB", "LONDON", "", "NW1 6XE", "Flat 3", "221 Baker Street")).toEqual([
      "Flat 3",
      "221 Baker Street",
      "LONDON",
      "NW1 6XE",
      "UNITED KINGDOM",
    ]);
    expect(at("IN", "Pune", "Maharashtra", "411001", "60 FC Road")).toEqual([
      "60 FC Road",
      "Pune 411001",
      "Maharashtra",
      "INDIA",
    ]);
    // A country without a name here keeps its code, so nothing is lost.
    expect(at("NZ", "Auckland", "", "1010", "1 Queen St").at(-1)).toBe("NZ");
  });

  it("reads a row stored before the column existed as letters to the property", () => {
    const row = {
      parcel_number: "1000002",
      state_parcel_number: "49-01-07-000-002.000-101",
      line1: "1418 N Cedar Ave",
      city: "Cedarport",
      state: "IN",
      zip: "46202",
      owners: '["James Okafor"]',
      mailing_address: "",
      mobile_home: 0,
      assessed_value_cents: "21250000",
      school_district: "Cedarport Public Schools",
      township: "Center Township",
      existing_deductions: "[]",
    };
    expect(parcelFromRow(row).mailingAddress).toEqual(propertyAsMailingAddress(DEMO_PARCELS.withHomestead));
    const stored = { ...row, mailing_address: JSON.stringify(DEMO_PARCELS.rental.mailingAddress) };
    expect(parcelFromRow(stored).mailingAddress).toEqual(DEMO_PARCELS.rental.mailingAddress);
  });
});
