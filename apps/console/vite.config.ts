import { defineConfig } from "vite";

// The gateway serves dist/ under /console (docs/config.md, "The console"): every asset path starts there, nothing from a CDN.
export default defineConfig({
  base: "/console/",
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, target: "es2022" },
});
