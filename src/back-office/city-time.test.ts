import { describe, expect, it } from "vitest";
import { cityDayStart, formatCityTime } from "./city-time";

describe("the city's clock", () => {
  it("starts a winter day at 05:00 UTC and a summer day at 04:00 UTC", () => {
    expect(cityDayStart({ year: 2026, month: 11, day: 26 })).toBe("2026-11-26T05:00:00.000Z");
    expect(cityDayStart({ year: 2026, month: 7, day: 4 })).toBe("2026-07-04T04:00:00.000Z");
  });

  it("shows an instant as the city reads it, in either language", () => {
    expect(formatCityTime("2026-11-26T15:04:00.000Z", "en")).toMatch(/Nov 26, 2026.*10:04/);
    expect(formatCityTime("2026-11-26T15:04:00.000Z", "es")).toMatch(/26.*nov.*2026.*10:04/);
  });
});
