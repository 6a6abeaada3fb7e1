import { describe, expect, it } from 'vitest';
import { hasErrors, validateEmail, validateNewPassword, validateSignIn, validateSignUp } from './validation';

const valid = { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };

describe('validateSignUp', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(valid)).toEqual({});
    expect(hasErrors(validateSignUp(valid))).toBe(false);
  });

  it('requires every field', () => {
    expect(validateSignUp({ fullName: '', email: '', password: '', confirmPassword: '' })).toEqual({
      fullName: 'required',
      email: 'required',
      password: 'required',
      confirmPassword: 'required',
    });
  });

  it('treats a name or email of spaces as empty', () => {
    expect(validateSignUp({ ...valid, fullName: '   ', email: ' ' })).toEqual({
      fullName: 'required',
      email: 'required',
    });
  });

  it('refuses a malformed email address', () => {
    expect(validateSignUp({ ...valid, email: 'ada@' })).toEqual({ email: 'invalidEmail' });
    expect(validateSignUp({ ...valid, email: 'ada example.com' })).toEqual({ email: 'invalidEmail' });
  });

  it('accepts an email address with surrounding spaces', () => {
    expect(validateSignUp({ ...valid, email: ' ada@example.com ' })).toEqual({});
  });

  it('requires at least 6 characters of password', () => {
    expect(validateSignUp({ ...valid, password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'passwordTooShort',
    });
    expect(validateSignUp({ ...valid, password: '123456', confirmPassword: '123456' })).toEqual({});
  });

  it('requires the confirmation to match, without trimming either password', () => {
    expect(validateSignUp({ ...valid, confirmPassword: 'secret2' })).toEqual({ confirmPassword: 'passwordMismatch' });
    expect(validateSignUp({ ...valid, confirmPassword: 'secret1 ' })).toEqual({ confirmPassword: 'passwordMismatch' });
  });

  it('reports a short password and a mismatch together', () => {
    expect(validateSignUp({ ...valid, password: '123', confirmPassword: '1234' })).toEqual({
      password: 'passwordTooShort',
      confirmPassword: 'passwordMismatch',
    });
  });
});

describe('validateSignIn', () => {
  it('requires email and password but no minimum length', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: 'required', password: 'required' });
    expect(validateSignIn({ email: 'ada@example.com', password: 'x' })).toEqual({});
  });
});

describe('validateNewPassword', () => {
  it('applies the sign-up rules', () => {
    expect(validateNewPassword({ password: '', confirmPassword: '' })).toEqual({
      password: 'required',
      confirmPassword: 'required',
    });
    expect(validateNewPassword({ password: 'abc', confirmPassword: 'abc' })).toEqual({ password: 'passwordTooShort' });
    expect(validateNewPassword({ password: 'abcdef', confirmPassword: 'abcdeg' })).toEqual({
      confirmPassword: 'passwordMismatch',
    });
  });
});

describe('validateEmail', () => {
  it('requires a well-formed address', () => {
    expect(validateEmail('')).toEqual({ email: 'required' });
    expect(validateEmail('nope')).toEqual({ email: 'invalidEmail' });
    expect(validateEmail('ada@example.com')).toEqual({});
  });
});
