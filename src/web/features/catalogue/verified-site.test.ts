import { describe, expect, it } from 'vitest';
import { verifiedSiteOf } from './verified-site';

describe('verifiedSiteOf', () => {
  it('names the two sites of verified records, over https only', () => {
    expect(verifiedSiteOf('https://www.mql5.com/en/signals/1234567')).toBe('mql5');
    expect(verifiedSiteOf('https://www.myfxbook.com/members/trader/system/1')).toBe('myfxbook');
    expect(verifiedSiteOf('http://www.mql5.com/en/signals/1')).toBeNull();
    expect(verifiedSiteOf('https://mql5.com.evil.example/en/signals/1')).toBeNull();
    expect(verifiedSiteOf('not an address')).toBeNull();
    expect(verifiedSiteOf(null)).toBeNull();
  });
});
