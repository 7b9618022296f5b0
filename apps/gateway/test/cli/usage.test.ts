import { describe, expect, it } from "vitest";
import { USAGE } from "../../src/cli/usage";
import { ROUTES } from "../../src/server/routes/routes";

describe("sluice --help", () => {
  it("names every endpoint the gateway serves", () => {
    const text = USAGE.replace(/\s+/g, " ");
    for (const [path, route] of ROUTES) {
      // "POST /v1/messages, /v1/messages/count_tokens": a path is named after its method, or in a list.
      const named = new RegExp(`(?:${route.methods.join("|")}|,) ${path}(?![\\w/])`);
      expect(text, path).toMatch(named);
    }
  });
});
