import { defineConfig, type Options } from "tsup";

// Workspace packages export TypeScript source, so they are compiled in; the real dependencies the gateway
// declares stay external. eventsource-parser and jsonrepair are bundled as well: they are dependencies of
// workspace packages, which pnpm does not link where apps/gateway/dist can resolve them.
const shared: Options = {
  outDir: "dist",
  format: ["esm"],
  platform: "node",
  target: "node20",
  sourcemap: true,
  noExternal: [/^@sluice\//, "eventsource-parser", "jsonrepair"],
  external: ["pino", "yaml", "effect"],
};

export default defineConfig([
  // Two builds so only cli.js gets the hashbang (`node dist/cli.js` and `./dist/cli.js` both work).
  { ...shared, entry: { cli: "src/cli.ts" }, banner: { js: "#!/usr/bin/env node" } },
  { ...shared, entry: { index: "src/index.ts" } },
]);
