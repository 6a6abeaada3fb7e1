/**
 * What a delivered robot file may be (decision 0008): its type comes from its name
 * (ROBOT_FILE_EXTENSIONS) and is then checked against its content. Shared by the upload route and
 * the delivery dialog, which names each refusal in the reader's language.
 */

/** An archive may declare at most this much once extracted, all entries together. */
export const ROBOT_ZIP_MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;
/** An archive may list at most this many entries. */
export const ROBOT_ZIP_MAX_ENTRIES = 1000;

/** Why a robot file's content was refused: `fields['body.file']` of a `robot_file_refused` error. */
export const robotFileRefusals = [
  'empty',
  'not_text',
  'not_compiled',
  'archive_broken',
  'archive_empty',
  'archive_encrypted',
  'archive_too_large',
  'archive_too_many_entries',
  'archive_unsafe_path',
] as const;
export type RobotFileRefusal = (typeof robotFileRefusals)[number];

export function isRobotFileRefusal(value: unknown): value is RobotFileRefusal {
  return (robotFileRefusals as readonly unknown[]).includes(value);
}
