/**
 * Places for long-lived connections (event streams), counted per key, such as a user and a
 * client address. Each open stream holds a connection and a watcher for as long as the client
 * keeps it, so one client must not be able to open them without end. Counts are per process:
 * a stream lives on the instance that serves it.
 */
export class StreamSlots {
  private readonly open = new Map<string, number>();

  constructor(private readonly limit: (key: string) => number) {}

  /**
   * Takes one place under every key at once, or none when any key is full. Returns the release
   * function (safe to call more than once), or null when refused.
   */
  take(keys: string[]): (() => void) | null {
    if (keys.some((key) => (this.open.get(key) ?? 0) >= this.limit(key))) return null;
    for (const key of keys) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      for (const key of keys) {
        const left = (this.open.get(key) ?? 1) - 1;
        if (left > 0) this.open.set(key, left);
        else this.open.delete(key);
      }
    };
  }
}
