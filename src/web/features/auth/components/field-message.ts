import { useTranslation } from 'react-i18next';
import type { FieldErrorCode } from '../validation';

/** Turns a validation code into its message in the current language. */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (code: FieldErrorCode | undefined) => (code === undefined ? undefined : t(`auth.validation.${code}`));
}
