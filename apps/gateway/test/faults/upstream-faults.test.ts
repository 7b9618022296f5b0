import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { modelYaml, startTestGateway, type TestGateway } from "../server/test-gateway";
import { within } from "../server/wait-until";
import { refusedOrigin } from "../upstream/local-server";
import { askGateway } from "./ask-gateway";
import { expectOutcome } from "./expect-outcome";
import { expectStillServing } from "./expect-still-serving";
import { messagesBody } from "./messages-body";
import { UPSTREAM_FAULT_CASES } from "./upstream-fault-cases";

const plainText = readChunks("plain-text");
const replies = new Map(UPSTREAM_FAULT_CASES.map((fault) => [fault.name, fault.reply]));

let upstream: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream((request) => {
    const model = String(request.body.model);
    return model === "ok" ? { payloads: plainText } : (replies.get(model) ?? { status: 404 });
  });
  const refusedBaseUrl = `${refusedOrigin()}/v1`;
  const models = UPSTREAM_FAULT_CASES.map((fault) =>
    modelYaml(fault.name, fault.reply === undefined ? refusedBaseUrl : upstream.baseUrl, {
      ...(fault.upstream === undefined ? {} : { upstream: fault.upstream }),
    }),
  );
  gateway = await startTestGateway(`models:\n${modelYaml("ok", upstream.baseUrl)}${models.join("")}`);
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

describe("upstream faults: every client gets a well-formed Anthropic answer, and the gateway keeps serving", () => {
  it.each(UPSTREAM_FAULT_CASES)(
    "$what",
    async (fault) => {
      const streamed = await askGateway(gateway.origin, { body: messagesBody(fault.name, true) });
      expectOutcome(streamed, fault.stream);
      const whole = await askGateway(gateway.origin, { body: messagesBody(fault.name, false) });
      expectOutcome(whole, fault.whole);
      if (fault.releasesUpstream === true) {
        const requests = upstream.requestsFor(fault.name);
        expect(requests).toHaveLength(2);
        // The gateway gave up on the answer: the model server must see its socket close, not hold it.
        await within(Promise.all(requests.map((request) => request.socketClosed)), 20_000, "upstream close");
      }
      await expectStillServing(gateway.origin);
    },
    60_000,
  );
});
