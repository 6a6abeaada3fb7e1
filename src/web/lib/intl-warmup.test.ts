import { describe, expect, it } from 'vitest';
import source from '../public/intl-warmup.js?raw';

// The worker boot.js starts on a page the server drew (src/web/public/intl-warmup.js, plain
// JavaScript served as is). Run here with a stand-in for the worker's global scope.

function runWorker(language: unknown): { closed: boolean } {
  const scope: { onmessage?: (event: { data: unknown }) => void; close: () => void; closed: boolean } = {
    closed: false,
    close() {
      this.closed = true;
    },
  };
  new Function('self', source)(scope);
  scope.onmessage!({ data: language });
  return scope;
}

describe('the Intl warm-up worker', () => {
  it('makes the formats of either language and then stops', () => {
    expect(runWorker('en').closed).toBe(true);
    expect(runWorker('fr').closed).toBe(true);
  });

  it('stops without failing on a language it cannot make formats for', () => {
    expect(runWorker('not a language tag!').closed).toBe(true);
    expect(runWorker(undefined).closed).toBe(true);
  });
});
