import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createGatewayLogger } from "../../src/server/observe/create-gateway-logger";
import { createLogDestination } from "../../src/server/observe/create-log-destination";
import { waitUntil } from "../server/wait-until";

const directory = mkdtempSync(join(tmpdir(), "sluice-destination-"));

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("createLogDestination", () => {
  it("writes every line, in order, and drain waits until they reached the descriptor", async () => {
    const path = join(directory, "log.jsonl");
    const fd = openSync(path, "w");
    try {
      const destination = createLogDestination(fd);
      const logger = createGatewayLogger({ destination });
      for (let index = 0; index < 1000; index++) logger.info({ index }, "line");
      // Resolves once the lines are written, or at the deadline; only a hang takes 30 s.
      await destination.drain(30_000);
      const lines = readFileSync(path, "utf8").trim().split("\n");
      expect(lines).toHaveLength(1000);
      expect(lines.map((line) => (JSON.parse(line) as { index: number }).index)).toEqual(
        Array.from({ length: 1000 }, (_, index) => index),
      );
      expect(destination.lostLines).toBe(0);
    } finally {
      closeSync(fd);
    }
  });

  it("never throws when every write fails (ENOSPC), counts the lost lines, and still drains", async () => {
    const fd = openSync("/dev/full", "w");
    try {
      const destination = createLogDestination(fd);
      const logger = createGatewayLogger({ destination });
      for (let index = 0; index < 20; index++) {
        logger.info({ index }, "line");
        // Each failure arrives from the thread pool; the next line goes to a fresh stream.
        await waitUntil(() => destination.lostLines > index, 30_000, `the failure of line ${index}`);
      }
      expect(destination.lostLines).toBe(20);
      await destination.drain(1_000);
    } finally {
      closeSync(fd);
    }
  });

  it("masks a key that slips into a log field", async () => {
    const lines: string[] = [];
    const logger = createGatewayLogger({ destination: { write: (line: string) => void lines.push(line) } });
    logger.info({ upstream: { apiKey: "sk-1234567890" }, apiKeys: ["k1"] }, "oops");
    expect(lines.join("")).not.toContain("sk-1234567890");
    expect(lines.join("")).toContain("[redacted]");
  });
});
