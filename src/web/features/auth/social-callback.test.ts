import { describe, expect, it } from 'vitest';
import { socialCallbackUrls } from './social-callback';

describe('socialCallbackUrls', () => {
  it('comes back to the current page, or to it with the failed provider named', () => {
    expect(socialCallbackUrls('/RobotDetail', '?robotId=42', 'github')).toEqual({
      callbackURL: '/RobotDetail?robotId=42',
      errorCallbackURL: '/RobotDetail?robotId=42&authError=github',
    });
  });

  it('handles a page without a query', () => {
    expect(socialCallbackUrls('/', '', 'linkedin_oidc')).toEqual({
      callbackURL: '/',
      errorCallbackURL: '/?authError=linkedin_oidc',
    });
  });

  it('does not carry over the parameters that open the modal', () => {
    expect(socialCallbackUrls('/FAQ', '?auth=signin&authError=google', 'apple')).toEqual({
      callbackURL: '/FAQ',
      errorCallbackURL: '/FAQ?authError=apple',
    });
  });
});
