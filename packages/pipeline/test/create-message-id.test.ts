import { describe, expect, it } from "vitest";
import { createMessageId } from "../src/create-message-id";

describe("createMessageId", () => {
  it("is msg_ and 24 base62 characters", () => {
    for (let run = 0; run < 200; run++) expect(createMessageId()).toMatch(/^msg_[0-9A-Za-z]{24}$/);
  });

  it("does not repeat", () => {
    const ids = new Set(Array.from({ length: 2000 }, () => createMessageId()));
    expect(ids.size).toBe(2000);
  });

  it("uses the whole alphabet", () => {
    const seen = new Set(Array.from({ length: 400 }, () => createMessageId().slice(4)).join(""));
    expect(seen.size).toBe(62);
  });
});
