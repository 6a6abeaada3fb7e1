/**
 * A robot's readable address, `/robots/<slug>` (issue 19 §4): lower-case ASCII letters and digits
 * in words joined by single hyphens. Shared by the server (which makes and checks slugs), the
 * migration that gave existing robots theirs, and the back office's form.
 */
export const ROBOT_SLUG_MAX_LENGTH = 80;
export const ROBOT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Where a robot's page lives; the SPEC address `/RobotDetail?robotId=` redirects here. */
export const ROBOT_PATH_PREFIX = '/robots/';

/** Latin letters that Unicode does not decompose into a base letter and an accent. */
const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** At most `max` characters, never ending on a hyphen. */
function clip(slug: string, max: number): string {
  return slug.slice(0, max).replace(/-+$/, '');
}

/**
 * The slug a name gives: accents folded (é -> e, ß -> ss), lower case, every run of other
 * characters one hyphen, none at either end; 'robot' when nothing is left (a name in another
 * script, or only punctuation).
 */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '');
  return clip(slug, ROBOT_SLUG_MAX_LENGTH) || 'robot';
}

/** `base` when free, else `base-2`, `base-3`, … (shortened so the suffix always fits). */
export function freeSlug(base: string, isTaken: (slug: string) => boolean): string {
  if (!isTaken(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${clip(base, ROBOT_SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}

export function robotPath(slug: string): string {
  return `${ROBOT_PATH_PREFIX}${slug}`;
}

/**
 * The slug segment of a `/robots/<slug>` path (query and hash ignored, a trailing slash allowed),
 * in lower case, or null for any other path. Whether a robot has that slug is the server's to say.
 */
export function robotSlugOfPath(path: string): string | null {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const match = /^\/robots\/([^/]+)\/?$/i.exec(pathname);
  return match ? match[1]!.toLowerCase() : null;
}
