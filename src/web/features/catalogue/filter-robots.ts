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

/** The catalogue's orders, as they appear in the URL (`?sort=`); newest is the default and stays implicit. */
export const ROBOT_SORTS = [
  'newest',
  'price-asc',
  'price-desc',
  'winrate',
  'monthly',
  'growth',
  'drawdown',
  'age',
] as const;
export type RobotSort = (typeof ROBOT_SORTS)[number];

export function toRobotSort(value: string | null): RobotSort {
  return ROBOT_SORTS.find((sort) => sort === value) ?? 'newest';
}

/** Statistics not reported yet go last, whichever way the list is sorted. */
function byValue(value: (robot: Robot) => number | null, direction: 1 | -1) {
  return (a: Robot, b: Robot) => {
    const [left, right] = [value(a), value(b)];
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    return (left - right) * direction;
  };
}

const comparators: Record<Exclude<RobotSort, 'newest'>, (a: Robot, b: Robot) => number> = {
  'price-asc': byValue((robot) => robot.price, 1),
  'price-desc': byValue((robot) => robot.price, -1),
  winrate: byValue((robot) => robot.winrate, -1),
  monthly: byValue((robot) => robot.monthly, -1),
  // The track record (decision 0019): highest growth first, smallest drawdown first, and the
  // longest record (earliest start) first.
  growth: byValue((robot) => robot.track_growth, -1),
  drawdown: byValue((robot) => robot.track_max_drawdown, 1),
  age: byValue((robot) => (robot.track_started_at === null ? null : Date.parse(robot.track_started_at)), 1),
};

/** A sorted copy; equal robots keep their order, and newest is the order the server gives. */
export function sortRobots(robots: readonly Robot[], sort: RobotSort): readonly Robot[] {
  return sort === 'newest' ? robots : [...robots].sort(comparators[sort]);
}

/** Lower case without accents, so 'medaille' finds 'Médaille'. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Robots whose name contains every word of the query, ignoring case and accents. */
export function searchRobotsByName(robots: readonly Robot[], query: string): readonly Robot[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return robots;
  return robots.filter((robot) => {
    const name = folded(robot.name);
    return words.every((word) => name.includes(word));
  });
}
