import { z } from 'zod';

/**
 * A robot's releases (issue 18 §1, decision 0018): what the owner uploads on the robot's page,
 * what the back office lists, and how versions compare. One definition for the server's routes
 * and the releases section of the robot form.
 */

/** Each of a version's three numbers has at most this many digits (so the sort key below fits). */
const VERSION_PART_DIGITS = 5;
const part = `(0|[1-9]\\d{0,${VERSION_PART_DIGITS - 1}})`;
/** Semantic versioning's major.minor.patch, without leading zeros, pre-release or build tags. */
export const RELEASE_VERSION_PATTERN = new RegExp(`^${part}\\.${part}\\.${part}$`);
export const RELEASE_NOTES_MAX_LENGTH = 100_000;

export const releaseVersionSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .regex(RELEASE_VERSION_PATTERN, 'must be a version such as 2.1.0: three whole numbers separated by dots');

/** The fields of a release upload (multipart, before the file). */
export const releaseInputSchema = z.object({
  version: releaseVersionSchema,
  /** Rich text; the server keeps only the editor's formats. */
  notes: z.string().max(RELEASE_NOTES_MAX_LENGTH, `at most ${RELEASE_NOTES_MAX_LENGTH} characters`).default(''),
});
export type ReleaseInput = z.infer<typeof releaseInputSchema>;

/**
 * A text that sorts as the versions do: each number zero-padded to five digits. Only digits, of
 * one length: both engines compare such texts the same way, whatever their collation.
 */
export function versionKey(version: string): string {
  return version
    .split('.')
    .map((number) => number.padStart(VERSION_PART_DIGITS, '0'))
    .join('');
}

export const robotReleaseSchema = z.object({
  id: z.string(),
  robot_id: z.string(),
  version: z.string(),
  /** Sanitised rich text. */
  notes: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  released_at: z.string(),
  /** The highest version: what an automatic delivery sends and what licences call `latest_version`. */
  current: z.boolean(),
  /** How many orders hold it: a release that reached an order cannot be deleted. */
  orders: z.number().int(),
});
export type RobotRelease = z.infer<typeof robotReleaseSchema>;
