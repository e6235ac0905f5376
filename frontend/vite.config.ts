import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The SPA build. `npm run dev -w frontend` proxies `/api` and `/ws` to a running local runtime. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 700 },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      "/ws": { target: "ws://localhost:3000", ws: true },
      "/_local": "http://localhost:3000",
    },
  },
});
