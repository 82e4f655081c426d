import { describe, expect, it } from "vitest";
import enForms from "../../../locales/en/forms.json";
import en from "../../../locales/en/validation.json";
import esForms from "../../../locales/es/forms.json";
import es from "../../../locales/es/validation.json";
import commonDefinitions from "../../../schemas/definitions/common.json";
import { resolveDateBound } from "./date-bounds";
import { catalogueFormats, usPhoneDigits } from "./formats";
import {
  catalogueMessage,
  compileCatalogueSchema,
  createCatalogueAjv,
  type Locale,
  type MessageKey,
  validateAnswers,
  validateCompiled,
} from "./index";

const NOW = new Date("2026-03-15T17:00:00Z");
const opts = (locale: Locale = "en") => ({ locale, now: NOW });

/** Validates { f: value } against one property schema; undefined leaves f out. */
function errorsFor(property: object, value: unknown, { required = false, locale = "en" as Locale } = {}) {
  const schema = { type: "object", properties: { f: property }, ...(required ? { required: ["f"] } : {}) };
  return validateAnswers(schema, value === undefined ? {} : { f: value }, opts(locale));
}

function messageFor(property: object, value: unknown, options: { required?: boolean; locale?: Locale } = {}) {
  const errors = errorsFor(property, value, options);
  expect(errors.length, JSON.stringify(errors)).toBeLessThanOrEqual(1);
  return errors[0]?.message;
}

describe("the catalogue's wording", () => {
  it("has every message of SPEC §5, exactly as written", () => {
    const spec: Partial<Record<MessageKey, string>> = {
      required: "This field is required.",
      requiredNa: "This field is required. If not applicable, enter N/A.",
      numbersOnly: "Make sure you only use numbers here.",
      numberSeemsHigh: "That number seems high. Try something smaller.",
      amountSeemsHigh: "That amount seems high.",
      amountSeemsLow: "That amount seems low.",
      valuesDoNotMatch: "Entered values do not match.",
      email: "Please enter a valid email address.",
      zipCode: "Please enter a valid zip code.",
      postalCode: "Please enter a valid postal code.",
      telephone: "Please enter a valid telephone number.",
      dateNotToday: "This is not today's date.",
      cardNumber: "Please enter a valid credit card number",
      agreeToTerms: "Please agree to the terms and conditions.",
      selectValue: "Please select a value.",
      itemsSelected: "One or more items must be selected",
      amountsGreaterThanZero: "Each item must have an amount greater than zero.",
    };
    for (const [key, text] of Object.entries(spec)) expect((en as Record<string, string>)[key]).toBe(text);
    expect(catalogueMessage("minLength", "en", { limit: "7" })).toBe(
      "This field needs at least 7 characters.",
    );
    expect(catalogueMessage("numberTooBig", "en", { number: "1,000" })).toBe(
      "This number is too big. Try not to go over 1,000",
    );
  });

  it("speaks natural Spanish", () => {
    expect(es.required).toBe("Este campo es obligatorio.");
    expect(es.requiredNa).toBe("Este campo es obligatorio. Si no corresponde, escriba N/A.");
    expect(catalogueMessage("minLength", "es", { limit: "7" })).toBe(
      "Este campo necesita al menos 7 caracteres.",
    );
    expect(es.valuesDoNotMatch).toBe("Los valores ingresados no coinciden.");
    expect(es.dateNotToday).toBe("Esta no es la fecha de hoy.");
    expect(es.agreeToTerms).toBe("Por favor, acepte los términos y condiciones.");
  });

  it("has the same keys in English and Spanish, every one translated", () => {
    // A plural has one more form in Spanish ("_many", for a million and more), the same as "_other".
    expect(
      Object.keys(es)
        .filter((key) => !key.endsWith("_many"))
        .sort(),
    ).toEqual(Object.keys(en).sort());
    expect(Object.keys(esForms).sort()).toEqual(Object.keys(enForms).sort());
    const english: Record<string, string> = en;
    const spanish: Record<string, string> = es;
    for (const key of Object.keys(es)) {
      const source = english[key.replace(/_many$/, "_other")] ?? "";
      expect(spanish[key]).not.toBe(source);
      expect(spanish[key]?.match(/\{\{\w+\}\}/g)).toEqual(source.match(/\{\{\w+\}\}/g));
    }
  });
});

/** One case per message: a field and an answer that must produce it. */
/** The shared documents field (schemas/definitions/common.json), as a screen shows it in English. */
const documents = { ...commonDefinitions.$defs.documents, title: "Documents" };

const cases: {
  key: MessageKey;
  property: object;
  value: unknown;
  required?: boolean;
  params?: Record<string, string>;
}[] = [
  { key: "required", property: { type: "string" }, value: undefined, required: true },
  { key: "uploadRequired", property: documents, value: undefined, required: true },
  {
    key: "uploadTooMany",
    property: documents,
    value: Array.from({ length: 6 }, (_, i) => ({
      id: `file-number-${i}-of-six`,
      name: "a.pdf",
      type: "application/pdf",
      size: 10,
    })),
    params: { limit: "5" },
  },
  {
    key: "requiredNa",
    property: { type: "string", "x-required-na": true },
    value: undefined,
    required: true,
  },
  { key: "minLength", property: { type: "string", minLength: 7 }, value: "123456", params: { limit: "7" } },
  { key: "maxLength", property: { type: "string", maxLength: 3 }, value: "1234", params: { limit: "3" } },
  {
    key: "numberTooBig",
    property: { type: "number", maximum: 1000 },
    value: 1001,
    params: { number: "1,000" },
  },
  {
    key: "numberTooBig",
    property: { type: "integer", exclusiveMaximum: 10 },
    value: 10,
    params: { number: "10" },
  },
  { key: "numberTooSmall", property: { type: "number", minimum: 1 }, value: 0, params: { number: "1" } },
  { key: "numbersOnly", property: { type: "number" }, value: "12a" },
  { key: "numbersOnly", property: { type: "string", numbersOnly: true }, value: "12-34" },
  { key: "numberSeemsHigh", property: { type: "integer", seemsHigh: 20 }, value: 21 },
  {
    key: "amountSeemsHigh",
    property: { type: "integer", format: "cents", maxAmount: 100000 },
    value: 100001,
  },
  { key: "amountSeemsLow", property: { type: "integer", format: "cents", minAmount: 100 }, value: 99 },
  { key: "amountInvalid", property: { type: "integer", format: "cents" }, value: "12.345" },
  { key: "email", property: { type: "string", format: "email" }, value: "resident@cedarport" },
  { key: "zipCode", property: { type: "string", format: "us-zip" }, value: "4620" },
  { key: "postalCode", property: { type: "string", format: "postal-code" }, value: "K" },
  { key: "telephone", property: { type: "string", format: "us-phone" }, value: "555-0100" },
  { key: "dateInvalid", property: { type: "string", format: "us-date" }, value: "02/30/2024" },
  {
    key: "dateOnOrAfter",
    property: { type: "string", format: "us-date", dateOnOrAfter: "2024-01-01" },
    value: "12/31/2023",
    params: { date: "01/01/2024" },
  },
  {
    key: "dateOnOrBefore",
    property: { type: "string", format: "us-date", dateOnOrBefore: "today" },
    value: "03/16/2026",
    params: { date: "03/15/2026" },
  },
  {
    key: "dateNotToday",
    property: { type: "string", format: "us-date", isToday: true },
    value: "03/14/2026",
  },
  { key: "cardNumber", property: { type: "string", format: "card-number" }, value: "4111111111111112" },
  { key: "cardExpiryInvalid", property: { type: "string", format: "card-expiry" }, value: "13/27" },
  {
    key: "cardExpired",
    property: { type: "string", format: "card-expiry", cardNotExpired: true },
    value: "02/26",
  },
  { key: "securityCode", property: { type: "string", format: "card-cvv" }, value: "12" },
  { key: "routingNumber", property: { type: "string", format: "routing-number" }, value: "123456789" },
  { key: "parcelNumber", property: { type: "string", format: "parcel-number" }, value: "12345" },
  { key: "lastFiveDigits", property: { type: "string", format: "last-five-digits" }, value: "1234" },
  { key: "agreeToTerms", property: { type: "boolean", mustAgree: true }, value: false },
  { key: "agreeToTerms", property: { type: "boolean", mustAgree: true }, value: undefined, required: true },
  { key: "selectValue", property: { type: "string", enum: ["a", "b"] }, value: "c" },
  { key: "selectValue", property: { type: "string", enum: ["a", "b"] }, value: undefined, required: true },
  {
    key: "selectValue",
    property: { type: "string", oneOf: [{ const: "a" }, { const: "b" }] },
    value: "c",
  },
  { key: "selectValue", property: { type: "boolean" }, value: undefined, required: true },
  { key: "itemsSelected", property: { type: "array", minItemsSelected: 1 }, value: [] },
  { key: "itemsSelected", property: { type: "array", minItems: 1 }, value: [] },
  {
    key: "maxItems",
    property: { type: "array", maxItems: 5 },
    value: [1, 2, 3, 4, 5, 6],
    params: { limit: "5" },
  },
  {
    key: "amountsGreaterThanZero",
    property: { type: "array", amountsGreaterThanZero: "amount" },
    value: [{ amount: 5 }, { amount: 0 }],
  },
  { key: "valuesDoNotMatch", property: { type: "string", matchesField: "#/other" }, value: "x" },
  { key: "timeInvalid", property: { type: "string", format: "time-of-day" }, value: "25:00" },
  { key: "invalid", property: { type: "string", pattern: "^[A-Z]+$" }, value: "abc" },
];

describe("each message, in both languages", () => {
  for (const { key, property, value, required, params = {} } of cases) {
    it(`${key} for ${JSON.stringify(property)}`, () => {
      for (const locale of ["en", "es"] as const) {
        const expected = catalogueMessage(key, locale, params);
        expect(expected).not.toMatch(/\{\{/);
        expect(messageFor(property, value, { required, locale })).toBe(expected);
      }
    });
  }

  it("covers every catalogue key but the opt-in ones", () => {
    const covered = new Set(cases.map((c) => c.key));
    // timeAfter names another answer: cross-field.test.ts checks it in both languages; so do the
    // date gaps (dateDays…), in date-gap.test.ts.
    // A file's type, size and emptiness, and storage that did not take it, are found when it is
    // stored: tests/integration/uploads.test.ts.
    const optIn: MessageKey[] = [
      "selectPropertyOrInvoice",
      "timeAfter",
      "dateDaysAfterAtLeast",
      "dateDaysAfterAtMost",
      "dateDaysBeforeAtLeast",
      "dateDaysBeforeAtMost",
      "uploadType",
      "uploadTooBig",
      "uploadEmpty",
      "uploadUnavailable",
    ];
    for (const key of Object.keys(en).map((k) => k.replace(/_(one|other)$/, "") as MessageKey)) {
      if (!optIn.includes(key)) expect(covered.has(key), key).toBe(true);
    }
  });

  it("shows a money limit as dollars", () => {
    expect(messageFor({ type: "integer", format: "cents", maximum: 150000 }, 150001)).toBe(
      "This number is too big. Try not to go over $1,500.00",
    );
  });
});

describe("required", () => {
  const schema = {
    type: "object",
    required: ["applicant", "items"],
    properties: {
      applicant: {
        type: "object",
        required: ["email", "last/name"],
        properties: { email: { type: "string" }, "last/name": { type: "string" } },
      },
      items: {
        type: "array",
        items: { type: "object", required: ["amount"], properties: { amount: { type: "integer" } } },
      },
    },
  };

  it("points at the missing property, not its parent", () => {
    const errors = validateAnswers(schema, { applicant: {}, items: [{ amount: 1 }, {}] }, opts());
    expect(errors.map((e) => e.path)).toEqual([
      "/applicant/email",
      "/applicant/last~1name",
      "/items/1/amount",
    ]);
    expect(errors.every((e) => e.keyword === "required" && e.message === en.required)).toBe(true);
  });

  it("points at a missing object as a whole", () => {
    expect(validateAnswers(schema, {}, opts()).map((e) => e.path)).toEqual(["/applicant", "/items"]);
  });

  it("reads annotations through a local $ref", () => {
    const withRef = {
      type: "object",
      definitions: { middle: { type: "string", "x-required-na": true } },
      required: ["middle"],
      properties: { middle: { $ref: "#/definitions/middle" } },
    };
    expect(validateAnswers(withRef, {}, opts())[0]?.message).toBe(en.requiredNa);
  });
});

describe("x-messages overrides", () => {
  const base = { type: "string", pattern: "^\\d+$" };
  it("takes a catalogue key, with or without its namespace", () => {
    expect(messageFor({ ...base, "x-messages": { pattern: "numbersOnly" } }, "a")).toBe(en.numbersOnly);
    expect(
      messageFor({ ...base, "x-messages": { pattern: "validation:parcelNumber" } }, "a", { locale: "es" }),
    ).toBe(es.parcelNumber);
  });

  it("takes inline text per language", () => {
    const property = { ...base, "x-messages": { pattern: { en: "Digits, please.", es: "Solo dígitos." } } };
    expect(messageFor(property, "a")).toBe("Digits, please.");
    expect(messageFor(property, "a", { locale: "es" })).toBe("Solo dígitos.");
  });

  it("takes another namespace's key through translate", () => {
    const schema = {
      type: "object",
      properties: { f: { ...base, "x-messages": { pattern: "workflow:caseNumber" } } },
    };
    const translate = (key: string, locale: Locale) =>
      key === "workflow:caseNumber" ? `${locale}!` : undefined;
    expect(validateAnswers(schema, { f: "a" }, { ...opts("es"), translate })[0]?.message).toBe("es!");
    expect(validateAnswers(schema, { f: "a" }, opts())[0]?.message).toBe("workflow:caseNumber");
  });

  it("overrides required on the missing field", () => {
    const schema = {
      type: "object",
      required: ["properties"],
      properties: { properties: { type: "array", "x-messages": { required: "selectPropertyOrInvoice" } } },
    };
    expect(validateAnswers(schema, {}, opts())[0]?.message).toBe(en.selectPropertyOrInvoice);
  });
});

describe("one message per field", () => {
  it("reports the most basic problem first", () => {
    const errors = errorsFor({ type: "string", minLength: 10, format: "email" }, "a@");
    expect(errors).toEqual([{ path: "/f", message: en.email, keyword: "format" }]);
  });

  it("reports nothing for valid answers", () => {
    expect(errorsFor({ type: "string", format: "email" }, "resident@cedarport.gov")).toEqual([]);
  });
});

describe("formats", () => {
  const table: Record<string, { valid: unknown[]; invalid: unknown[] }> = {
    "time-of-day": {
      valid: ["2:30 PM", "2 p.m.", "9:05 am", "14:30", "0:00"],
      invalid: ["noon", "13:00 pm", "24:00", "9.30", ""],
    },
    "us-date": {
      valid: ["03/25/1958", "3/5/2024", "02/29/2024"],
      invalid: ["02/29/2023", "1958-03-25", "03/25/58", "13/01/2020", ""],
    },
    email: {
      valid: ["resident@cedarport.gov", "a.b+c@mail.example.co", "x@xn--p1ai.example"],
      invalid: [
        "resident@cedarport",
        "@cedarport.gov",
        "a@@b.gov",
        "a b@c.gov",
        "a..b@c.gov",
        ".a@c.gov",
        `${"a".repeat(65)}@c.gov`,
      ],
    },
    "us-zip": {
      valid: ["46204", "46204-1234", "462041234"],
      invalid: ["4620", "46204-12", "abcde", "462041"],
    },
    "postal-code": {
      valid: ["K1A 0B1", "SW1A 1AA", "75008", "1010-001"],
      invalid: ["K", "K1A  0B1", "A$B12", "12345678901"],
    },
    "us-phone": {
      valid: [
        "317-555-0100",
        "(317) 555-0100",
        "317.555.0100",
        "3175550100",
        "+1 317 555 0100",
        "1-317-555-0100",
      ],
      invalid: [
        "555-0100",
        "017-555-0100",
        "317-155-0100",
        "+44 20 7946 0958",
        "317-555-01000",
        "317/555/0100",
      ],
    },
    "card-number": {
      valid: ["4111 1111 1111 1111", "378282246310005"],
      invalid: ["4111111111111112", "1234"],
    },
    "card-expiry": { valid: ["04/28", "4/28", "04/2028"], invalid: ["00/28", "13/28", "0428", "04/228"] },
    "card-cvv": { valid: ["123", "1234"], invalid: ["12", "12345", "12a"] },
    "routing-number": {
      valid: ["021000021", "011000015", "122105155"],
      invalid: ["021000022", "12345678", "abcdefghi"],
    },
    // The county's own rule (src/domain/parcel-number.ts): a township digit, county code 49.
    "parcel-number": {
      valid: ["1234567", "49-01-23-456-789.000-101", "490123456789000101", "49 01 23 456 789 000 101"],
      invalid: [
        "123456",
        "12345678",
        "0123456",
        "48-01-23-456-789.000-101",
        "49-01-23-456-789.000-10",
        "A123456",
      ],
    },
    "last-five-digits": { valid: ["12345", "00000"], invalid: ["1234", "123456", "1234a"] },
  };

  for (const [format, { valid, invalid }] of Object.entries(table)) {
    it(format, () => {
      for (const value of valid)
        expect(errorsFor({ type: "string", format }, value), String(value)).toEqual([]);
      for (const value of invalid)
        expect(errorsFor({ type: "string", format }, value), String(value)).toHaveLength(1);
    });
  }

  it("cents: whole numbers only", () => {
    expect(errorsFor({ type: "number", format: "cents" }, 1250)).toEqual([]);
    expect(errorsFor({ type: "number", format: "cents" }, 12.5)[0]?.message).toBe(en.amountInvalid);
  });

  it("reads a phone number's ten digits", () => {
    expect(usPhoneDigits("+1 (317) 555-0100")).toBe("3175550100");
    expect(usPhoneDigits("abc")).toBeNull();
  });

  it("lists every format it documents", () => {
    expect(Object.keys(catalogueFormats).sort()).toEqual([...Object.keys(table), "cents"].sort());
  });
});

describe("keywords", () => {
  const passes = (property: object, value: unknown, extra: Record<string, unknown> = {}) => {
    const schema = { type: "object", properties: { f: property, ...(extra.properties as object) } };
    return validateAnswers(schema, { f: value, ...(extra.data as object) }, opts()).length === 0;
  };

  it("dateOnOrAfter / dateOnOrBefore, fixed and relative", () => {
    const isOnOrAfter = (bound: unknown, value: string) =>
      passes({ type: "string", dateOnOrAfter: bound }, value);
    const isOnOrBefore = (bound: unknown, value: string) =>
      passes({ type: "string", dateOnOrBefore: bound }, value);
    expect(isOnOrAfter("2024-01-01", "01/01/2024")).toBe(true);
    expect(isOnOrAfter("2024-01-01", "12/31/2023")).toBe(false);
    expect(isOnOrAfter({ years: -3 }, "03/15/2023")).toBe(true);
    expect(isOnOrAfter({ years: -3 }, "03/14/2023")).toBe(false);
    expect(isOnOrAfter({ days: 0 }, "03/15/2026")).toBe(true);
    expect(isOnOrAfter({ days: 0 }, "03/14/2026")).toBe(false);
    expect(isOnOrBefore("today", "03/15/2026")).toBe(true);
    expect(isOnOrBefore("today", "03/16/2026")).toBe(false);
    expect(isOnOrBefore("endOfLastYear", "12/31/2025")).toBe(true);
    expect(isOnOrBefore("endOfLastYear", "01/01/2026")).toBe(false);
    // 65 on December 31 of last year: born on or before 12/31/1960.
    expect(isOnOrBefore({ years: -65, from: "endOfLastYear" }, "12/31/1960")).toBe(true);
    expect(isOnOrBefore({ years: -65, from: "endOfLastYear" }, "01/01/1961")).toBe(false);
    // Unreadable dates are the format's business.
    expect(isOnOrAfter("2024-01-01", "not a date")).toBe(true);
  });

  it("resolves bounds in the city's calendar, from the given now", () => {
    const lateEvening = new Date("2026-03-16T03:30:00Z"); // 11:30 pm on March 15 in Indianapolis
    expect(resolveDateBound("today", lateEvening)).toEqual({ year: 2026, month: 3, day: 15 });
    expect(resolveDateBound({ months: -1 }, new Date("2024-03-31T12:00:00Z"))).toEqual({
      year: 2024,
      month: 2,
      day: 29,
    });
    expect(resolveDateBound({ years: 1 }, new Date("2024-02-29T12:00:00Z"))).toEqual({
      year: 2025,
      month: 2,
      day: 28,
    });
    expect(resolveDateBound({ days: -1, from: "endOfLastYear" }, NOW)).toEqual({
      year: 2025,
      month: 12,
      day: 30,
    });
    expect(resolveDateBound("2026-13-01", NOW)).toBeNull();
    expect(resolveDateBound({ weeks: 1 }, NOW)).toBeNull();
  });

  it("isToday", () => {
    expect(passes({ type: "string", isToday: true }, "03/15/2026")).toBe(true);
    expect(passes({ type: "string", isToday: true }, "3/15/2026")).toBe(true);
    expect(passes({ type: "string", isToday: true }, "03/16/2026")).toBe(false);
  });

  it("matchesField: a sibling, or a path from the root", () => {
    const schema = {
      type: "object",
      properties: {
        applicant: {
          type: "object",
          properties: { email: { type: "string" }, confirm: { type: "string", matchesField: "/email" } },
        },
        again: { type: "string", matchesField: "#/applicant/email" },
      },
    };
    const ok = { applicant: { email: "a@b.gov", confirm: "a@b.gov" }, again: "a@b.gov" };
    expect(validateAnswers(schema, ok, opts())).toEqual([]);
    const bad = { applicant: { email: "a@b.gov", confirm: "A@b.gov" }, again: "x@b.gov" };
    expect(validateAnswers(schema, bad, opts())).toEqual([
      { path: "/applicant/confirm", message: en.valuesDoNotMatch, keyword: "matchesField" },
      { path: "/again", message: en.valuesDoNotMatch, keyword: "matchesField" },
    ]);
  });

  it("minAmount / maxAmount in cents, seemsHigh", () => {
    expect(passes({ type: "integer", minAmount: 100, maxAmount: 200 }, 100)).toBe(true);
    expect(passes({ type: "integer", minAmount: 100, maxAmount: 200 }, 200)).toBe(true);
    expect(passes({ type: "integer", minAmount: 100 }, 99)).toBe(false);
    expect(passes({ type: "integer", maxAmount: 200 }, 201)).toBe(false);
    expect(passes({ type: "integer", seemsHigh: 10 }, 10)).toBe(true);
    expect(passes({ type: "integer", seemsHigh: 10 }, 11)).toBe(false);
  });

  it("numbersOnly and mustAgree", () => {
    expect(passes({ type: "string", numbersOnly: true }, "0123")).toBe(true);
    expect(passes({ type: "string", numbersOnly: true }, "12 3")).toBe(false);
    expect(passes({ type: "boolean", mustAgree: true }, true)).toBe(true);
    expect(passes({ type: "boolean", mustAgree: true }, false)).toBe(false);
  });

  it("minItemsSelected on a list, or across lists (properties or invoices)", () => {
    expect(passes({ type: "array", minItemsSelected: 2 }, ["a", "b"])).toBe(true);
    expect(passes({ type: "array", minItemsSelected: 2 }, ["a"])).toBe(false);
    const schema = {
      type: "object",
      minItemsSelected: { min: 1, from: ["properties", "invoices"] },
      "x-messages": { minItemsSelected: "selectPropertyOrInvoice" },
      properties: { properties: { type: "array" }, invoices: { type: "array" } },
    };
    expect(validateAnswers(schema, { properties: [], invoices: ["INV-1"] }, opts())).toEqual([]);
    expect(validateAnswers(schema, { properties: [] }, opts())).toEqual([
      { path: "/properties", message: en.selectPropertyOrInvoice, keyword: "minItemsSelected" },
    ]);
  });

  it("amountsGreaterThanZero on amounts or on items' amount", () => {
    expect(passes({ type: "array", amountsGreaterThanZero: true }, [1, 2])).toBe(true);
    expect(passes({ type: "array", amountsGreaterThanZero: true }, [1, 0])).toBe(false);
    expect(passes({ type: "array", amountsGreaterThanZero: "amount" }, [{ amount: 1 }])).toBe(true);
    expect(passes({ type: "array", amountsGreaterThanZero: "amount" }, [{ amount: -1 }])).toBe(false);
    expect(passes({ type: "array", amountsGreaterThanZero: "amount" }, [{}])).toBe(false);
  });

  it("cardNotExpired: a card is valid through the last day of its month", () => {
    const card = { type: "string", cardNotExpired: true };
    expect(passes(card, "04/26")).toBe(true);
    expect(passes(card, "03/26")).toBe(true); // now is March 15, 2026: good through March 31
    expect(passes(card, "02/26")).toBe(false);
    expect(passes(card, "12/2025")).toBe(false);
    expect(passes(card, "01/2027")).toBe(true);
  });

  it("securityCodeFor: exactly 4 digits for American Express", () => {
    const schema = {
      type: "object",
      properties: { number: { type: "string" }, cvv: { type: "string", securityCodeFor: "/number" } },
    };
    const check = (number: string, cvv: string) =>
      validateAnswers(schema, { number, cvv }, opts()).length === 0;
    expect(check("378282246310005", "1234")).toBe(true);
    expect(check("378282246310005", "123")).toBe(false);
    expect(check("4111111111111111", "123")).toBe(true);
    expect(check("4111111111111111", "1234")).toBe(true);
    expect(check("", "12")).toBe(false);
  });

  it("rejects a malformed keyword value when the schema compiles", () => {
    expect(() => compileCatalogueSchema({ type: "string", dateOnOrAfter: { weeks: 2 } })).toThrow();
    expect(() => compileCatalogueSchema({ type: "integer", minAmount: 1.5 })).toThrow();
    expect(() => compileCatalogueSchema({ type: "string", "x-unknown": 1 })).toThrow(/unknown keyword/);
  });
});

describe("the clock", () => {
  const schema = { type: "string", format: "us-date", dateOnOrBefore: "today" };

  it("is never read inside: a validator called without now throws", () => {
    const validate = createCatalogueAjv().compile(schema);
    expect(() => validate("01/01/2020")).toThrow(/need a clock/);
    expect(validate.call({ now: NOW }, "01/01/2020")).toBe(true);
  });

  it("can be supplied to createCatalogueAjv for run-time compiled validators", () => {
    const validate = createCatalogueAjv({ now: () => NOW }).compile(schema);
    expect(validate("03/15/2026")).toBe(true);
    expect(validate("03/16/2026")).toBe(false);
  });

  it("comes from the options of validateAnswers and validateCompiled", () => {
    const wrapped = { type: "object", properties: { d: schema } };
    expect(validateAnswers(wrapped, { d: "03/16/2026" }, opts())).toHaveLength(1);
    expect(
      validateAnswers(wrapped, { d: "03/16/2026" }, { locale: "en", now: new Date("2026-03-17T12:00:00Z") }),
    ).toEqual([]);
    const compiled = compileCatalogueSchema(wrapped);
    expect(validateCompiled(compiled, { d: "03/16/2026" }, opts("es"))[0]?.message).toBe(
      "La fecha debe ser igual o anterior al 03/15/2026.",
    );
  });
});
