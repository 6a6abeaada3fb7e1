/** At most three robots side by side (issue 20 §5). */
export const MAX_COMPARED = 3;

/** The robot ids of a `?compare=` or `?robots=` parameter: comma-separated, each once, at most three. */
export function parseCompared(value: string | null): string[] {
  const ids = (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return [...new Set(ids)].slice(0, MAX_COMPARED);
}

/** Adds or removes a robot; a fourth is not added. */
export function toggleCompared(ids: readonly string[], robotId: string): string[] {
  if (ids.includes(robotId)) return ids.filter((id) => id !== robotId);
  return ids.length >= MAX_COMPARED ? [...ids] : [...ids, robotId];
}

/** The comparison page of these robots. */
export function comparePath(ids: readonly string[]): string {
  return `/Compare?${new URLSearchParams({ robots: ids.join(',') }).toString()}`;
}
