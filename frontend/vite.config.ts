import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin, type Rollup } from "vite";
import { buildEnv } from "./src/config/env-schema";

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

/** The page script's `<meta>` naming the dashboard's chunks (read by `public/early-requests.js`). */
const DASHBOARD_MODULES_META = "pacer-dashboard-modules";

/**
 * Names the dashboard page's chunk and the chunks it imports (those the entry does not load already)
 * in a `<meta>` at the top of index.html. The page's first script (`public/early-requests.js`)
 * preloads them on /dashboard, so they arrive beside the entry instead of after its evaluation (the
 * entry's own import of the page starts only then); other pages preload nothing.
 */
function dashboardModulesMeta(): Plugin {
  const collect = (bundle: Rollup.OutputBundle, file: string, into: Set<string>) => {
    const chunk = bundle[file];
    if (chunk?.type !== "chunk" || into.has(file)) return;
    into.add(file);
    for (const imported of chunk.imports) collect(bundle, imported, into);
  };
  return {
    name: "pacer-dashboard-modules",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
        const entry = chunks.find((c) => c.isEntry);
        const page = chunks.find((c) => c.facadeModuleId?.endsWith("/src/app/pages/dashboard-page.tsx"));
        if (!entry || !page) throw new Error("The dashboard page's chunk is not in the build");
        const entryFiles = new Set<string>();
        collect(bundle, entry.fileName, entryFiles);
        const pageFiles = new Set<string>();
        collect(bundle, page.fileName, pageFiles);
        const files = [...pageFiles].filter((f) => !entryFiles.has(f));
        return [
          {
            tag: "meta",
            attrs: { name: DASHBOARD_MODULES_META, content: files.map((f) => `/${f}`).join(" ") },
            injectTo: "head-prepend",
          },
        ];
      },
    },
  };
}

/**
 * The SPA build. `npm run dev -w frontend` proxies `/api` and `/ws` to a running local runtime. A
 * build-time setting (`VITE_*`) that breaks its rule (src/config/env-schema.ts) fails the build.
 */
export default defineConfig(({ command, mode }) => {
  buildEnv(loadEnv(mode, fileURLToPath(new URL(".", import.meta.url)), "VITE_"));
  return {
    plugins: [react(), dashboardModulesMeta()],
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
  };
});
