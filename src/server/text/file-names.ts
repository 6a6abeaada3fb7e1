import path from 'node:path';

/**
 * Characters no file name of ours carries: C0 and C1 control characters and DEL, and the invisible
 * format characters that reorder or hide text. The bidirectional ones (U+061C, U+200E/F, the
 * embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069) let a name display as
 * something else: "Gold" + U+202E + "exe.mq4" shows as "Gold4qm.exe". The zero-width space, word joiner and
 * invisible operators (U+200B, U+2060–U+2064), the byte order mark and the interlinear annotation
 * marks hide characters. U+200C/U+200D (zero-width non-joiner and joiner) stay: scripts such as
 * Persian and emoji sequences need them.
 */
const hiddenCharacters =
  // eslint-disable-next-line no-control-regex -- control characters are what this matches
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/gu;

/** Characters that Windows, macOS or Linux refuse in a file name, or read as a path. */
const reservedCharacters = /[<>:"/\\|?*]/g;

export const FILE_NAME_MAX_LENGTH = 150;

export function withoutHiddenCharacters(text: string): string {
  return text.replace(hiddenCharacters, '');
}

/**
 * The name a stored file carries, from the name a person gave it: the last path segment only,
 * in NFC, without hidden or reserved characters, runs of spaces or leading dots, at most
 * FILE_NAME_MAX_LENGTH characters (its extension kept). `fallback` (with its extension) when nothing
 * of the name is left. The one cleaning of file names: every place that keeps or shows an uploaded
 * name goes through it.
 */
export function cleanFileName(fileName: string, fallback: string): string {
  const base = path.basename(fileName.replaceAll('\\', '/')).normalize('NFC');
  const cleaned = withoutHiddenCharacters(base)
    .replace(reservedCharacters, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const fallbackExtension = path.extname(fallback).slice(1).toLowerCase();
  // ".zip" alone is no name: what is left of it is the extension.
  if (cleaned === '' || cleaned.toLowerCase() === fallbackExtension) return fallback;
  if (cleaned.length <= FILE_NAME_MAX_LENGTH) return cleaned;
  const extension = path.extname(cleaned);
  if (extension.length > 16) return cleaned.slice(0, FILE_NAME_MAX_LENGTH);
  return `${cleaned.slice(0, FILE_NAME_MAX_LENGTH - extension.length)}${extension}`;
}
