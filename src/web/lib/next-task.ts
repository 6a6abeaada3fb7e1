/**
 * Resolves in a task of its own: the work after `await nextTask()` is not part of the task that
 * awaited it, so the browser may paint or handle input in between, and no single task grows long.
 * A zero timeout, which browsers run at once unless timers are nested deeper than five.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
