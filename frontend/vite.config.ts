import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * React Router's production build. Its package exports name only its development build (with its
 * dev-only checks and warnings; remix-run/react-router#12532, #14102), so a build takes that unless
 * told otherwise: both entries are pointed at `dist/production` together (they share its chunks, so
 * the router's contexts stay one).
 */
const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);

/** The SPA build. `npm run dev -w frontend` proxies `/api` and `/ws` to a running local runtime. */
export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve:
    command === "build"
      ? {
          alias: [
            { find: /^react-router$/, replacement: join(reactRouterDist, "index.mjs") },
            { find: /^react-router\/dom$/, replacement: join(reactRouterDist, "dom-export.mjs") },
          ],
        }
      : {},
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 700 },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      "/ws": { target: "ws://localhost:3000", ws: true },
      "/_local": "http://localhost:3000",
    },
  },
}));
