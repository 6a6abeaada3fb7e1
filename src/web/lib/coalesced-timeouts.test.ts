import { describe, expect, it, vi } from 'vitest';
import { coalescedTimeouts, type TimerHost } from './coalesced-timeouts';

/** A clock and browser timers moved by hand: `advance` fires what is due, in order. */
function fakeHost() {
  let now = 0;
  let nextTimer = 1;
  const timers = new Map<number, { due: number; callback: () => void }>();
  const host: TimerHost = {
    now: () => now,
    setTimeout(callback, delay) {
      const id = nextTimer++;
      timers.set(id, { due: now + delay, callback });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
    setInterval: () => 0,
    clearInterval: () => undefined,
  };
  function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      const next = [...timers].filter(([, timer]) => timer.due <= until).sort(([, a], [, b]) => a.due - b.due)[0];
      if (!next) break;
      timers.delete(next[0]);
      now = next[1].due;
      next[1].callback();
    }
    now = until;
  }
  return { host, advance, browserTimers: () => timers.size };
}

describe('coalescedTimeouts', () => {
  it('keeps many timeouts behind one browser timer and runs each when due, in order', () => {
    const { host, advance, browserTimers } = fakeHost();
    const timeouts = coalescedTimeouts(host);
    const ran: string[] = [];
    timeouts.setTimeout(() => ran.push('stale'), 60_000);
    timeouts.setTimeout(() => ran.push('gc'), 300_000);
    timeouts.setTimeout(() => ran.push('stale too'), 60_000);
    timeouts.setTimeout(() => ran.push('soon'), 10);
    expect(browserTimers()).toBe(1);
    advance(10);
    expect(ran).toEqual(['soon']);
    advance(60_000);
    expect(ran).toEqual(['soon', 'stale', 'stale too']);
    expect(browserTimers()).toBe(1);
    advance(300_000);
    expect(ran).toEqual(['soon', 'stale', 'stale too', 'gc']);
    expect(browserTimers()).toBe(0);
  });

  it('never runs a cleared timeout, and sets no browser timer once none is left', () => {
    const { host, advance, browserTimers } = fakeHost();
    const timeouts = coalescedTimeouts(host);
    const ran: string[] = [];
    const first = timeouts.setTimeout(() => ran.push('first'), 100);
    timeouts.setTimeout(() => ran.push('second'), 200);
    timeouts.clearTimeout(first);
    timeouts.clearTimeout(undefined);
    advance(150);
    expect(ran).toEqual([]);
    advance(100);
    expect(ran).toEqual(['second']);
    expect(browserTimers()).toBe(0);
  });

  it('moves the browser timer earlier for a timeout due before the others', () => {
    const { host, advance } = fakeHost();
    const timeouts = coalescedTimeouts(host);
    const ran: string[] = [];
    timeouts.setTimeout(() => ran.push('late'), 1_000);
    advance(100);
    timeouts.setTimeout(() => ran.push('early'), 50);
    advance(50);
    expect(ran).toEqual(['early']);
    advance(850);
    expect(ran).toEqual(['early', 'late']);
  });

  it('runs the other due timeouts when one throws, and reports the error as a timer would', () => {
    const { host, advance } = fakeHost();
    const timeouts = coalescedTimeouts(host);
    const ran: string[] = [];
    const reports: Array<() => void> = [];
    vi.stubGlobal('queueMicrotask', (report: () => void) => void reports.push(report));
    try {
      timeouts.setTimeout(() => {
        throw new Error('boom');
      }, 10);
      timeouts.setTimeout(() => ran.push('after'), 10);
      advance(10);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(ran).toEqual(['after']);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toThrow('boom');
  });

  it('leaves intervals to the browser', () => {
    const calls: number[] = [];
    const { host } = fakeHost();
    const timeouts = coalescedTimeouts({ ...host, setInterval: (_callback, delay) => calls.push(delay) });
    timeouts.setInterval(() => undefined, 30_000);
    expect(calls).toEqual([30_000]);
  });
});
