import type { Robot } from '../../../shared/schemas/catalogue.js';

/** How many robots each category key holds; robots without a category count only towards All. */
export function countRobotsByCategory(robots: readonly Robot[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const robot of robots) {
    if (robot.category !== null) counts.set(robot.category, (counts.get(robot.category) ?? 0) + 1);
  }
  return counts;
}

/** `null` selects every robot (the All filter). Order is preserved. */
export function filterRobotsByCategory(robots: readonly Robot[], categoryKey: string | null): readonly Robot[] {
  return categoryKey === null ? robots : robots.filter((robot) => robot.category === categoryKey);
}
