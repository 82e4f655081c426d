import { createApp } from "./app";
import { readConfig } from "./config";

/** `npm start` (production build) and `npm run dev` (Vite, live reload of content). */
const config = readConfig();
const running = await createApp(config);
const server = running.app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(
    `Cedarport site on http://localhost:${port} (${config.databaseUrl ? "PostgreSQL" : "SQLite"}${config.dev ? ", dev" : ""})`,
  );
});
server.keepAliveTimeout = 65_000;

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  server.close();
  await running.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
// A bug in one request must not take the city's site down: log it and keep serving.
process.on("unhandledRejection", (reason) => console.error("unhandled rejection:", reason));
