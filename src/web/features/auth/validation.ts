import { PASSWORD_MIN_LENGTH } from '../../../shared/constants.js';

/**
 * Client-side checks of the account forms (SPEC §5). They return message codes, not messages, so
 * the forms show them through the catalogues (`auth.validation.<code>`). The server checks again.
 */
export type FieldErrorCode = 'required' | 'invalidEmail' | 'passwordTooShort' | 'passwordMismatch';
export type FieldErrors<Field extends string> = Partial<Record<Field, FieldErrorCode>>;

export type SignInValues = { email: string; password: string };
export type SignUpValues = { fullName: string; email: string; password: string; confirmPassword: string };
export type NewPasswordValues = { password: string; confirmPassword: string };

// Close to what the server accepts; the point is to catch typos before a round trip.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailError(email: string): FieldErrorCode | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return 'required';
  return EMAIL_PATTERN.test(trimmed) ? undefined : 'invalidEmail';
}

/** Passwords are never trimmed: spaces are legitimate characters in them. */
function newPasswordErrors({ password, confirmPassword }: NewPasswordValues): FieldErrors<keyof NewPasswordValues> {
  const errors: FieldErrors<keyof NewPasswordValues> = {};
  if (password === '') errors.password = 'required';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = 'passwordTooShort';
  if (confirmPassword === '') errors.confirmPassword = 'required';
  else if (confirmPassword !== password) errors.confirmPassword = 'passwordMismatch';
  return errors;
}

function withoutEmpty<Field extends string>(
  errors: Partial<Record<Field, FieldErrorCode | undefined>>,
): FieldErrors<Field> {
  return Object.fromEntries(Object.entries(errors).filter(([, code]) => code !== undefined)) as FieldErrors<Field>;
}

export function validateEmail(email: string): FieldErrors<'email'> {
  return withoutEmpty({ email: emailError(email) });
}

/** Sign-in only requires both fields: an account's password predates any rule we check here. */
export function validateSignIn({ email, password }: SignInValues): FieldErrors<keyof SignInValues> {
  return withoutEmpty({ email: emailError(email), password: password === '' ? 'required' : undefined });
}

export function validateSignUp(values: SignUpValues): FieldErrors<keyof SignUpValues> {
  return withoutEmpty({
    fullName: values.fullName.trim() === '' ? 'required' : undefined,
    email: emailError(values.email),
    ...newPasswordErrors(values),
  });
}

export function validateNewPassword(values: NewPasswordValues): FieldErrors<keyof NewPasswordValues> {
  return newPasswordErrors(values);
}

export function hasErrors(errors: Partial<Record<string, FieldErrorCode>>): boolean {
  return Object.keys(errors).length > 0;
}

export type PasswordChangeValues = { currentPassword: string; password: string; confirmPassword: string };

export function validatePasswordChange(values: PasswordChangeValues): FieldErrors<keyof PasswordChangeValues> {
  return withoutEmpty({
    currentPassword: values.currentPassword === '' ? 'required' : undefined,
    ...newPasswordErrors(values),
  });
}

export function validateFullName({ fullName }: { fullName: string }): FieldErrors<'fullName'> {
  return withoutEmpty({ fullName: fullName.trim() === '' ? 'required' : undefined });
}

export function validatePasswordConfirmation({ password }: { password: string }): FieldErrors<'password'> {
  return withoutEmpty({ password: password === '' ? 'required' : undefined });
}
