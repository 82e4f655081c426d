import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

const src = fileURLToPath(new URL("./src", import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: process.env.VITEST ? [] : [reactRouter()],
  resolve: {
    alias: {
      "~": src,
      // See src/forms/theme/plain-markdown.tsx: no Markdown in form descriptions, no parser shipped.
      "markdown-to-jsx/react": `${src}/forms/theme/plain-markdown.tsx`,
    },
  },
  build: {
    // Server code keeps its dependencies external: they are loaded from node_modules at run time.
    target: isSsrBuild ? "node20" : "es2020",
  },
  ssr: { noExternal: [] },
  test: {
    include: [
      "src/**/*.test.{ts,tsx}",
      "tests/unit/**/*.test.{ts,tsx}",
      "tests/integration/**/*.test.ts",
      "tests/search/**/*.test.ts",
      "workflows/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
}));
