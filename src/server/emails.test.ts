import { describe, expect, it } from "vitest";
import { statusEmail } from "../back-office/status-email";
import type { Locale } from "../domain/localize";
import { whileCollectingMissingKeys } from "../i18n";
import type { EmailMessage } from "../integrations/email";
import { paymentReceipt } from "../integrations/payments/receipt";
import type { Payment } from "../integrations/payments/store";
import { petsWorkflow } from "../workflow/fixtures";
import { parseWorkflow } from "../workflow/parse";
import { receiptEmail } from "./receipt";
import { resumeEmail } from "./resume-email";

/**
 * Every e-mail a resident gets, in both languages, with every string from locales/<lang>/email.json
 * (or payments.json) in that language: none missing, none read as its key or in English instead.
 * The department's e-mail: src/integrations/delivery/department-email.test.ts.
 */
const now = new Date("2026-06-01T16:00:00Z");
const workflow = parseWorkflow(petsWorkflow(), "pets.json");

const payment = (locale: Locale): Payment => ({
  id: "p1",
  attemptKey: "k",
  reference: "ACEF2345",
  status: "approved",
  method: "card",
  brand: "visa",
  maskedNumber: "************1111",
  subtotalCents: 123_456,
  feeCents: 3_086,
  totalCents: 126_542,
  refundedCents: 0,
  items: [{ kind: "gallery-account", id: "2417035", amount: 123_456 }],
  locale,
  receiptTo: "sealed",
  provider: "sandbox",
  providerPaymentId: "sbx",
  redirectUrl: null,
  declineCode: null,
  tries: 1,
  claimedAt: "",
  createdAt: "",
  updatedAt: "",
  completedAt: null,
});

const emails: Record<string, (locale: Locale) => EmailMessage> = {
  "saved answers": (locale) =>
    resumeEmail({
      to: "ana@example.com",
      locale,
      service: "Pets",
      link: "https://x.test/workflow/pets/resume/t",
    }),
  "application receipt": (locale) =>
    receiptEmail(
      workflow,
      "K7XW2M9Q",
      {},
      {
        to: "ana@example.com",
        sentFrom: "check",
        locale,
        now,
        phones: { main: "311", outside: "(317) 555-0110" },
      },
    ),
  "status update": (locale) =>
    statusEmail({
      to: "ana@example.com",
      locale,
      service: "Pets",
      reference: "K7XW2M9Q",
      status: locale === "es" ? "Aprobada" : "Approved",
      note: "Bring the papers.",
      statusPage: "https://x.test/request-status",
      phone: "311",
    }),
  "payment receipt": (locale) => paymentReceipt(payment(locale), "ana@example.com", now),
};

const SIGNATURE = {
  en: "Consolidated City and County of Cedarport",
  es: "Ciudad y Condado Consolidado de Cedarport",
};

describe.each(Object.keys(emails))("the %s e-mail", (kind) => {
  const render = emails[kind] as (locale: Locale) => EmailMessage;

  it.each(["en", "es"] as const)("in %s: every string in that language, none missing", (locale) => {
    let email: EmailMessage | undefined;
    expect(whileCollectingMissingKeys(() => (email = render(locale)))).toEqual([]);
    const { subject, text } = email as EmailMessage;
    for (const part of [subject, text]) {
      expect(part).not.toMatch(/\{\{|\}\}/);
      // A key shown in place of its text: "receipt.thanks", "status.subject".
      expect(part).not.toMatch(/\b(resume|receipt|status|department|methods|items)\.[a-z]\w*\b/);
    }
    expect(text.trim().endsWith(SIGNATURE[locale])).toBe(true);
  });

  it("differs between English and Spanish", () => {
    const [en, es] = [render("en"), render("es")];
    expect(es.subject).not.toBe(en.subject);
    // No line of words of the English e-mail is left in the Spanish one (lines with figures or an
    // address may be the same; the staff's note is as they wrote it).
    const words = (text: string) =>
      text
        .split("\n")
        .filter((line) => /[a-z]{3}/i.test(line) && !/\d|https?:|^Bring the papers\.$/.test(line));
    const english = new Set(words(en.text));
    expect(words(es.text).filter((line) => english.has(line))).toEqual([]);
  });
});
