import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseJsonInput } from './input-rules.js';

const NUL = 'Text may not contain NUL characters.';
const POISON = 'The JSON body has a forbidden "__proto__" or "constructor.prototype" key.';

/** The message of the 400 that parsing `text` throws. */
function refusal(text: string): string {
  try {
    parseJsonInput(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted: ${text}`);
}

describe('a JSON request body', () => {
  it('parses a plain body to its value', () => {
    const body = { license_key: 'ABCD-EFGH', account_login: 50_000_001, nested: [{ a: null }], ok: true };
    expect(parseJsonInput(JSON.stringify(body))).toEqual(body);
  });

  it('refuses a NUL written as an escape, in a value or a key, at any depth', () => {
    expect(refusal('{"name":"a\\u0000b"}')).toBe(NUL);
    expect(refusal('{"list":[1,{"deep":"\\u0000"}]}')).toBe(NUL);
    expect(refusal('{"a\\u0000":1}')).toBe(NUL);
    expect(refusal('"\\u0000"')).toBe(NUL);
  });

  it('refuses "__proto__" and "constructor.prototype" keys, written plainly or with escapes', () => {
    expect(refusal('{"__proto__":{"isAdmin":true}}')).toBe(POISON);
    expect(refusal('{"a":[{"__proto__":{}}]}')).toBe(POISON);
    expect(refusal('{"\\u005f_proto__":{"isAdmin":true}}')).toBe(POISON);
    expect(refusal('{"\\u005F\\u005Fproto\\u005F\\u005F":{}}')).toBe(POISON);
    expect(refusal('{"constructor":{"prototype":{"isAdmin":true}}}')).toBe(POISON);
    expect(refusal('{"constructor":{"\\u0070rototype":{}}}')).toBe(POISON);
  });

  it('accepts those words and escapes where they break no rule', () => {
    expect(parseJsonInput('{"note":"__proto__ and prototype are only words here"}')).toEqual({
      note: '__proto__ and prototype are only words here',
    });
    expect(parseJsonInput('{"constructor":"x","name":"caf\\u00e9"}')).toEqual({ constructor: 'x', name: 'café' });
    expect(parseJsonInput('{"path":"C:\\\\users"}')).toEqual({ path: 'C:\\users' });
  });

  it('refuses an empty body, text that is not JSON, a raw NUL and nesting past the limit', () => {
    expect(refusal('')).toBe('The request body is empty but says it is JSON.');
    expect(refusal('{"a":')).toBe('The request body is not valid JSON.');
    expect(refusal('{"a":"x\u0000y"}')).toBe('The request body is not valid JSON.');
    const deep = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1);
    expect(refusal(deep)).toBe(`The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
    const deepest = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(parseJsonInput(deepest)).toBeInstanceOf(Array);
  });
});
