#!/usr/bin/env node
// The `sluice` bin. A shim that exists before the first build, so `pnpm install` links it cleanly
// (pointing the bin at dist/cli.js made every fresh install warn that the file was missing).
import("../dist/cli.js").catch((error) => {
  if (error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("cli.js")) {
    process.stderr.write("sluice: the CLI is not built yet: run `pnpm build` (or `pnpm start`) first\n");
    process.exit(1);
  }
  throw error;
});
