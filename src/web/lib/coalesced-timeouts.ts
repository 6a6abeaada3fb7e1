import type { TimeoutProvider } from '@tanstack/react-query';

/** The browser's timer functions and clock; a test passes its own. */
export interface TimerHost {
  now(): number;
  setTimeout(callback: () => void, delay: number): unknown;
  clearTimeout(timer: unknown): void;
  setInterval(callback: () => void, delay: number): unknown;
  clearInterval(timer: unknown): void;
}

const browserTimers: TimerHost = {
  now: () => performance.now(),
  setTimeout: (callback, delay) => globalThis.setTimeout(callback, delay),
  clearTimeout: (timer) => globalThis.clearTimeout(timer as number),
  setInterval: (callback, delay) => globalThis.setInterval(callback, delay),
  clearInterval: (timer) => globalThis.clearInterval(timer as number),
};

/**
 * TanStack Query's timeouts on as few browser timers as possible (its `timeoutManager`, decision
 * 0030). Every query observer sets a timer for when its data goes stale and clears one for its
 * query's garbage collection: when a server-drawn page is hydrated, some twenty of them, all in the
 * one task that runs the page's effects. A browser timer is cheap on its own, but each is an entry
 * in the browser's timer queue (and, under the browser's tracing, a captured JavaScript stack), so
 * that task grew by several milliseconds on a phone. Here the timeouts wait in a list, ordered by
 * due time, behind one browser timer set for the earliest of them; clearing one only takes it off
 * the list. Intervals (a query's `refetchInterval`) stay browser timers.
 */
export function coalescedTimeouts(host: TimerHost = browserTimers): TimeoutProvider<number> {
  const pending = new Map<number, { due: number; callback: () => void }>();
  let nextId = 1;
  /** The browser timer and when it fires, while one is set. */
  let armed: { timer: unknown; due: number } | undefined;

  function arm(): void {
    let earliest = Infinity;
    for (const { due } of pending.values()) earliest = Math.min(earliest, due);
    if (armed && armed.due <= earliest) return;
    if (armed) host.clearTimeout(armed.timer);
    armed = undefined;
    if (earliest === Infinity) return;
    armed = { due: earliest, timer: host.setTimeout(fire, Math.max(0, earliest - host.now())) };
  }

  function fire(): void {
    armed = undefined;
    const now = host.now();
    const due = [...pending].filter(([, timeout]) => timeout.due <= now).sort(([, a], [, b]) => a.due - b.due);
    for (const [id] of due) pending.delete(id);
    for (const [, timeout] of due) {
      try {
        timeout.callback();
      } catch (error) {
        // Reported as a browser timer's own error would be, without keeping the others from running.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
    arm();
  }

  return {
    setTimeout(callback, delay) {
      const id = nextId++;
      pending.set(id, { due: host.now() + Math.max(0, delay), callback });
      arm();
      return id;
    },
    clearTimeout(id) {
      if (id !== undefined) pending.delete(id);
      // The browser timer stays: when it fires with nothing due, it is set for the next one.
    },
    setInterval: (callback, delay) => host.setInterval(callback, delay) as number,
    clearInterval: (id) => host.clearInterval(id),
  };
}
