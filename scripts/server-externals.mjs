// The packages the server builds leave in node_modules, loaded by Node at run time. Every other
// package is bundled: a restart then reads and resolves a few large files instead of about a
// thousand small ones (docs/adr/0009-speed.md, "Packages bundled into the server"). Kept out,
// each for its reason:
export const SERVER_EXTERNALS = [
  // One copy shared by the site build (build/server/index.js) and the server that loads it:
  // React's contexts and elements, React Router's, the translations' and the machines' identity.
  "react",
  "react-dom",
  "react-router",
  "@react-router/node",
  "react-i18next",
  "i18next",
  "xstate",
  // GraphQL checks that a schema comes from its own copy ("another realm"), and graphql-yoga,
  // loaded on first use, brings its own import of it.
  "graphql",
  "graphql-yoga",
  "@escape.tech/graphql-armor",
  "graphql-query-complexity",
  // Native addons and tools with binaries of their own.
  "better-sqlite3",
  "esbuild",
  "vite",
  // Loaded only when configured (PostgreSQL, Redis, SMTP): no restart on the defaults reads them.
  "pg",
  "ioredis",
  "nodemailer",
];

const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/** Whether an import of a package (`name` or `name/sub/path`) stays external. */
export const isServerExternal = (specifier) =>
  specifier.startsWith("node:") || SERVER_EXTERNALS.includes(packageOf(specifier));
