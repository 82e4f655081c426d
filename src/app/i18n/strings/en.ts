/** English strings, one chunk for the browser (see ../index.ts). */
export default import.meta.glob<Record<string, unknown>>("../../../../locales/en/*.json", {
  eager: true,
  import: "default",
});
