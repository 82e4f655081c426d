/** English strings, one chunk for the browser (see ../index.ts). */
// Namespaces of pages that are never hydrated (the staff console, officials, request status, bids,
// property records and invoices, the too-many-requests page), of server-side calls (deduction
// look-ups) and of the e-mails stay on the server: the browser never needs them. The pages that
// hydrate are the online services' (src/app/islands/hydration.ts).
export default import.meta.glob<Record<string, unknown>>(
  [
    "../../../../locales/en/*.json",
    "!../../../../locales/en/{staff,officials,request-status,email,bids,property,payments,deductions,rate-limits}.json",
  ],
  {
    eager: true,
    import: "default",
  },
);
