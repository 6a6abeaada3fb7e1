import { randomBytes } from 'node:crypto';

/**
 * Licence keys a buyer can read aloud and type (decision 0017): `TB-XXXXX-XXXXX-XXXXX-XXXXX-XXXXX`,
 * 25 characters of Crockford's base32 (no I, L, O or U), 125 random bits. The last group is kept
 * in clear for the owner's search, which leaves 100 bits unknown.
 */
export const LICENCE_KEY_PREFIX = 'TB';
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 5;
const GROUP_LENGTH = 5;
const KEY_LENGTH = GROUPS * GROUP_LENGTH;
const CANONICAL = new RegExp(`^[${ALPHABET}]{${KEY_LENGTH}}$`);

/** A new key's 25 characters, from 16 random bytes (125 of their 128 bits). */
export function newCanonicalKey(): string {
  const bytes = randomBytes(16);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let key = '';
  for (let index = 0; index < KEY_LENGTH; index++) {
    key += ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return key;
}

/** `TB-` and the key in groups of five. */
export function formatKey(canonical: string): string {
  const groups = canonical.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g')) ?? [];
  return [LICENCE_KEY_PREFIX, ...groups].join('-');
}

/** The group shown and searched in clear. */
export function keySuffix(canonical: string): string {
  return canonical.slice(-GROUP_LENGTH);
}

/**
 * The key's 25 characters as typed by a person, or null when it cannot be a key: letter case,
 * spaces and dashes do not matter, the prefix is optional, and O reads as 0, I and L as 1 (as
 * Crockford's base32 reads them).
 */
export function canonicalKey(typed: string): string | null {
  let text = typed.toUpperCase().replace(/[\s-]/g, '');
  if (text.length === KEY_LENGTH + LICENCE_KEY_PREFIX.length && text.startsWith(LICENCE_KEY_PREFIX))
    text = text.slice(LICENCE_KEY_PREFIX.length);
  text = text.replace(/O/g, '0').replace(/[IL]/g, '1');
  return CANONICAL.test(text) ? text : null;
}

/**
 * The last group of a key as an owner types or pastes it (`ABCDE`, `-abcde`, `TB-…-ABCDE`), read
 * as leniently as a whole key, or null when it cannot be one: what the owner's search matches
 * against the stored suffix.
 */
export function canonicalSuffix(typed: string): string | null {
  const group = (typed.replace(/\s/g, '').split('-').at(-1) ?? '')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return new RegExp(`^[${ALPHABET}]{${GROUP_LENGTH}}$`).test(group) ? group : null;
}
