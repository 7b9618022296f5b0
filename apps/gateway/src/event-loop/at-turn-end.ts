/** Work that waits for the end of the event loop's turn, run once then. */
export interface TurnTask {
  runAtTurnEnd(): void;
}

const reads: TurnTask[] = [];
const writes: TurnTask[] = [];
let scheduled = false;

/**
 * The gateway's I/O in two passes per event-loop turn (docs/architecture.md §5, the load section). Under load
 * one turn's poll phase brings reads for many streams; done one stream at a time, each read's parsing would
 * run between two socket syscalls, whose kernel work (a loopback `write` delivers the bytes to the reader in
 * the writer's time) leaves the CPU's caches cold: the same parsing cost five times what it costs hot. So a
 * read only queues its bytes, and at the turn's end (`setImmediate`, after the poll phase) every stream's
 * reads are parsed in one pass, then every stream's writes are written in another. The delay is the rest of
 * the turn; a stream with several reads in one turn also gets one write for them.
 */
export function atTurnEnd(pass: "reads" | "writes", task: TurnTask): void {
  (pass === "reads" ? reads : writes).push(task);
  if (scheduled) return;
  scheduled = true;
  setImmediate(runTurnEnd);
}

function runTurnEnd(): void {
  scheduled = false;
  try {
    // Parsing reads queues writes; a write flushed may free a paused stream, whose reads then queue again:
    // both are run until nothing is left, reads first.
    while (reads.length > 0 || writes.length > 0) {
      runAll(reads);
      runAll(writes);
    }
  } finally {
    // Only after a task threw (each catches its own failures; one that escapes is a bug, reported as uncaught):
    // the tasks after it still run, in the next turn.
    if ((reads.length > 0 || writes.length > 0) && !scheduled) {
      scheduled = true;
      setImmediate(runTurnEnd);
    }
  }
}

function runAll(tasks: TurnTask[]): void {
  // Tasks queued while running (by another task) run in this pass too: `length` is read each time.
  let index = 0;
  try {
    for (; index < tasks.length; index++) (tasks[index] as TurnTask).runAtTurnEnd();
  } finally {
    tasks.splice(0, Math.min(index + 1, tasks.length));
  }
}
