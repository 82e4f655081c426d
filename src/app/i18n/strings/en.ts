/** English strings, one chunk for the browser (see ../index.ts). */
// Namespaces of pages that are never hydrated (the staff console, officials, request status) and
// the e-mails' stay on the server: the browser never needs them.
export default import.meta.glob<Record<string, unknown>>(
  ["../../../../locales/en/*.json", "!../../../../locales/en/{staff,officials,request-status,email}.json"],
  {
    eager: true,
    import: "default",
  },
);
