import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCallGuard } from "../../src/upstream/call-guard";
import { UpstreamTimeoutError } from "../../src/upstream/upstream-timeout-error";

const IDLE_MS = 1000;
const guard = () =>
  createCallGuard({ clientSignal: new AbortController().signal, timeoutMs: 0, idleTimeoutMs: IDLE_MS });

describe("createCallGuard's idle timeout", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("fires after 1 to 1.25 timeouts of silence while waiting, never sooner", () => {
    const call = guard();
    call.startIdle();
    vi.advanceTimersByTime(IDLE_MS - 1);
    expect(call.signal.aborted).toBe(false);
    vi.advanceTimersByTime(IDLE_MS / 4 + 1);
    expect(call.signal.aborted).toBe(true);
    expect(call.failure(new Error("socket closed"))).toBeInstanceOf(UpstreamTimeoutError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not fire while reads keep coming, however long the call", () => {
    const call = guard();
    for (let read = 0; read < 40; read++) {
      call.startIdle(); // a read, then the wait for the next one
      vi.advanceTimersByTime(IDLE_MS * 0.9);
    }
    expect(call.signal.aborted).toBe(false);
    call.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not count time the gateway is not waiting (paused on its client), and leaves no timer ticking", () => {
    const call = guard();
    call.startIdle();
    call.stopIdle();
    vi.advanceTimersByTime(IDLE_MS * 10);
    expect(call.signal.aborted).toBe(false);
    // A call nobody disposed (a forgotten body) does not keep a timer going.
    expect(vi.getTimerCount()).toBe(0);
    // Waiting again starts the count from zero.
    call.startIdle();
    vi.advanceTimersByTime(IDLE_MS - 1);
    expect(call.signal.aborted).toBe(false);
    vi.advanceTimersByTime(IDLE_MS / 4 + 1);
    expect(call.signal.aborted).toBe(true);
  });
});
