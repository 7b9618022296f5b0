import { parseConfig } from "../src/config/parse-config";
import { createGateway } from "../src/server/create-gateway";
import { createGatewayLogger } from "../src/server/observe/create-gateway-logger";

export interface E2eGateway {
  readonly port: number;
  /** Every log line so far (JSON text). */
  readonly logLines: string[];
  /** One line per request: method, path, model, stream, status, stop reason. */
  requestSummary(): string[];
  close(): Promise<void>;
}

/** The gateway for one e2e run, in this process, on 127.0.0.1 and a free port, logging into memory. */
export async function startE2eGateway(configYaml: string, clientKey: string): Promise<E2eGateway> {
  const logLines: string[] = [];
  const gateway = createGateway(parseConfig(configYaml, { SLUICE_API_KEYS: clientKey }), {
    logger: createGatewayLogger({ destination: { write: (line: string) => void logLines.push(line) } }),
  });
  const { port } = await gateway.listen("127.0.0.1", 0);
  return {
    port,
    logLines,
    requestSummary: () =>
      logLines.flatMap((line) => {
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (entry.msg !== "request") return [];
        const fields = [
          entry.method,
          entry.path,
          entry.model,
          entry.stream ? "stream" : "",
          entry.status,
          entry.stopReason,
        ];
        return [fields.filter((field) => field !== undefined && field !== "").join(" ")];
      }),
    close: async () => {
      gateway.server.closeAllConnections();
      await gateway.close();
    },
  };
}
