import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldErrors } from './validation';

/**
 * Values and message codes of a small form validated by our own rules (the forms use noValidate,
 * so the messages are ours and translated, not the browser's). Editing a field clears its
 * message; a failed check moves focus to the first field in error.
 */
export function useFormFields<Field extends string>(
  initial: Record<Field, string>,
  validate: (values: Record<Field, string>) => FieldErrors<Field>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function inputProps(name: Field) {
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => (current[name] === undefined ? current : { ...current, [name]: undefined }));
      },
    };
  }

  /** Call from onSubmit: true when the values pass. */
  function check(event: FormEvent<HTMLFormElement>): boolean {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    const firstInvalid = (Object.keys(initial) as Field[]).find((name) => found[name] !== undefined);
    if (firstInvalid === undefined) return true;
    const element = event.currentTarget.elements.namedItem(firstInvalid);
    if (element instanceof HTMLElement) element.focus();
    return false;
  }

  function reset() {
    setValues(initial);
    setErrors({});
  }

  return { values, errors, inputProps, check, reset };
}
