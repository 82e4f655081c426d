import { describe, expect, it } from "vitest";
import {
  formatStateParcelNumber,
  isLocalParcelNumber,
  normalizeParcelNumber,
  PARCEL_NUMBER_INVALID,
} from "./parcel-number";

describe("normalizeParcelNumber", () => {
  it.each([
    ["1234567", "1234567"],
    ["  1234567 ", "1234567"],
    ["123-4567", "1234567"],
    ["1-234-567", "1234567"],
    ["12 34 567", "1234567"],
    ["1.234.567", "1234567"],
    ["123 - 4567", "1234567"],
    ["123–4567", "1234567"],
    ["\t1234567\n", "1234567"],
  ])("reads the local number %j as %s", (input, expected) => {
    expect(normalizeParcelNumber(input)).toBe(expected);
  });

  it.each([
    ["49-01-23-456-789.000-101", "1456789"],
    ["490123456789000101", "1456789"],
    ["49 01 23 456 789 000 101", "1456789"],
    [" 49-08-16-000-001.000-801 ", "8000001"],
    ["49-01-12-000-001.000-101", "1000001"],
  ])("maps the state number %j to %s", (input, expected) => {
    expect(normalizeParcelNumber(input)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "123456",
    "12345678",
    "0123456",
    "123-45A7",
    "abc",
    "123--4567",
    "-1234567",
    "1234567-",
    "1234567.5",
    "12/34/567",
    "#1234567",
    "48-01-23-456-789.000-101",
    "49-00-23-456-789.000-101",
    "49-10-23-456-789.000-101",
    "49-01-23-456-789.001-101",
    "49-01-23-456-789.000-10",
  ])("rejects %j", (input) => {
    expect(normalizeParcelNumber(input)).toBeNull();
  });

  it("rejects what is not a string", () => {
    expect(normalizeParcelNumber(1234567)).toBeNull();
    expect(normalizeParcelNumber(null)).toBeNull();
    expect(normalizeParcelNumber(undefined)).toBeNull();
  });

  it("is idempotent", () => {
    expect(normalizeParcelNumber(normalizeParcelNumber("1-234-567") ?? "")).toBe("1234567");
  });

  it("names its message by a plain key", () => {
    expect(PARCEL_NUMBER_INVALID).toBe("parcelNumberInvalid");
  });
});

describe("formatStateParcelNumber", () => {
  it("writes the state form, which maps back to the local number", () => {
    const state = formatStateParcelNumber("1456789", 23, "101");
    expect(state).toBe("49-01-23-456-789.000-101");
    expect(normalizeParcelNumber(state)).toBe("1456789");
  });

  it("pads the section", () => {
    expect(formatStateParcelNumber("8000001", 5, "801")).toBe("49-08-05-000-001.000-801");
  });

  it("refuses what it cannot write", () => {
    expect(() => formatStateParcelNumber("0123456", 1, "101")).toThrow();
    expect(() => formatStateParcelNumber("1234567", 0, "101")).toThrow();
    expect(() => formatStateParcelNumber("1234567", 1, "1011")).toThrow();
  });
});

describe("isLocalParcelNumber", () => {
  it("accepts only the canonical form", () => {
    expect(isLocalParcelNumber("1000001")).toBe(true);
    expect(isLocalParcelNumber("100-0001")).toBe(false);
    expect(isLocalParcelNumber("0000001")).toBe(false);
  });
});
