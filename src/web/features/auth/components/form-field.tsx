import type { ComponentProps } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { TextField } from '../../../components/ui/text-field';
import type { useFormFields } from '../use-form-fields';

type Form<Field extends string> = ReturnType<typeof useFormFields<Field>>;
type InputProps = Omit<
  ComponentProps<typeof TextField>,
  'label' | 'error' | 'name' | 'value' | 'onChange' | 'required' | 'form'
>;

/** A required field of an account form: its value, and its validation message in the current language. */
export function FormField<Field extends string>({
  fields,
  name,
  label,
  ...input
}: { fields: Form<Field>; name: Field; label: string } & InputProps) {
  const { t } = useTranslation();
  const code = fields.errors[name];
  return (
    <TextField
      label={label}
      required
      error={code === undefined ? undefined : t(`auth.validation.${code}`)}
      {...input}
      {...fields.inputProps(name)}
    />
  );
}
