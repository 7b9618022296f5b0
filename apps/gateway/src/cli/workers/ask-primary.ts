import type { PrimaryMessage, WorkerMessage } from "./worker-messages";

type Answer = Extract<PrimaryMessage, { type: "sluice:answer" }>;

// The primary answers at once, or after asking every worker for its metrics (prom-client waits 5 s for them).
const ANSWER_TIMEOUT_MS = 10_000;

/** A worker's questions to the primary over the cluster's IPC channel, each answered by its id. */
export function createPrimaryLine(send: (message: WorkerMessage) => void): {
  ask(question: "metrics" | "serving"): Promise<Answer>;
  answered(message: Answer): void;
} {
  let next = 0;
  const waiting = new Map<number, (answer: Answer) => void>();
  return {
    ask(question) {
      const id = next++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`the primary did not answer "${question}" within ${ANSWER_TIMEOUT_MS} ms`));
        }, ANSWER_TIMEOUT_MS);
        timer.unref();
        waiting.set(id, (answer) => {
          clearTimeout(timer);
          if (answer.error === undefined) resolve(answer);
          else reject(new Error(answer.error));
        });
        send({ type: "sluice:ask", id, question });
      });
    },
    answered(message) {
      const resolve = waiting.get(message.id);
      waiting.delete(message.id);
      resolve?.(message);
    },
  };
}
