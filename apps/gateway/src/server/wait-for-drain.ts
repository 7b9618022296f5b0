import type { ServerResponse } from "node:http";

/** Resolves when the response can take more (`drain`) or never will (`close`: the client went away). */
export function waitForDrain(response: ServerResponse): Promise<void> {
  if (response.destroyed || !response.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      response.off("drain", done);
      response.off("close", done);
      resolve();
    };
    response.on("drain", done);
    response.on("close", done);
  });
}
