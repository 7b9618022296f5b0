import { describe, expect, it } from "vitest";
import { tokenizeUrl } from "../../src/upstream/tokenize-url";

describe("tokenizeUrl", () => {
  it.each([
    ["http://127.0.0.1:8000/v1", "http://127.0.0.1:8000/tokenize"],
    ["http://127.0.0.1:8000/v1/", "http://127.0.0.1:8000/tokenize"],
    ["http://gpu-box/proxy/v1", "http://gpu-box/proxy/tokenize"],
    ["http://127.0.0.1:8000", "http://127.0.0.1:8000/tokenize"],
    ["http://127.0.0.1:8000/", "http://127.0.0.1:8000/tokenize"],
  ])("%s → %s", (baseUrl, expected) => {
    expect(tokenizeUrl(baseUrl)).toBe(expected);
  });
});
