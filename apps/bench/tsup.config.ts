import { defineConfig } from "tsup";

// The bench runs bundled, like the gateway's dist/: figures then describe the code users run,
// not a TypeScript loader.
export default defineConfig({
  entry: ["src/main.ts", "src/pass-through.ts", "src/fetch-relay.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  noExternal: [/^@sluice\//],
  silent: true,
});
