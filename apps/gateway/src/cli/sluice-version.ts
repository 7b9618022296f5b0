// Inlined at build time, so dist/cli.js needs no package.json beside it to know its version.
import { version } from "../../package.json";

/** The version of `apps/gateway` (`sluice --version`). */
export const SLUICE_VERSION: string = version;
