import { describe, expect, it } from "vitest";
import { formatTimeOfDay, parseTimeOfDay } from "./times";

describe("times of day", () => {
  it.each([
    ["2:30 PM", 870],
    ["2:30pm", 870],
    ["2 p.m.", 840],
    ["12:00 AM", 0],
    ["12:15 p.m.", 735],
    ["9:05 am", 545],
    ["14:30", 870],
    ["0:00", 0],
    ["23:59", 1439],
  ])("reads %s", (text, minutes) => {
    expect(parseTimeOfDay(text)).toBe(minutes);
  });

  it.each(["", "noon", "13:00 pm", "0:30 am", "24:00", "9:60", "9.30", "930", "2:3 pm"])(
    "refuses %j",
    (text) => {
      expect(parseTimeOfDay(text)).toBeNull();
    },
  );

  it("prints times the way US forms do", () => {
    expect(formatTimeOfDay(0)).toBe("12:00 AM");
    expect(formatTimeOfDay(735)).toBe("12:15 PM");
    expect(formatTimeOfDay(870)).toBe("2:30 PM");
    expect(formatTimeOfDay(1439)).toBe("11:59 PM");
  });
});
