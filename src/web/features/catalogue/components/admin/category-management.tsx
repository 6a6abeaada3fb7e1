import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../../lib/use-translation';
import type { z } from 'zod';
import { categoriesResource } from '../../../../../shared/admin-resources.js';
import { emptyLocalizedText } from '../../../../../shared/localized-text.js';
import {
  categoryInputSchema,
  categoryKeyFromName,
  type CategoryInput,
} from '../../../../../shared/schemas/catalogue.js';
import { CheckboxField, TextInputField } from '../../../../components/admin/form-fields';
import { LanguageTabs } from '../../../../components/admin/language-tabs';
import { ResourceManagement } from '../../../../components/admin/resource-management';
import { ApiError, errorCodeOf } from '../../../../lib/api-client';

type CategoryForm = z.input<typeof categoryInputSchema>;

/**
 * Category management (SPEC §2): name, key, status; the key follows the name until edited. The
 * name is written in English and French (issue 19 §2); the table shows the administrator's
 * language, or the shop's default one where a translation is missing.
 */
export function CategoryManagement() {
  const { t } = useTranslation();
  const labels = { name: t('backOffice.categories.name') };
  return (
    <ResourceManagement
      resource={categoriesResource}
      texts="categories"
      label={t('admin.categoryManagement.title')}
      searchable
      columns={(standard) => [
        standard.name(labels.name),
        {
          id: 'key',
          header: t('backOffice.categories.key'),
          value: (category) => category.key,
          cell: (category) => <code className="text-slate-300">{category.key}</code>,
        },
        standard.active,
      ]}
      schema={categoryInputSchema}
      values={(category) => ({
        name: { ...(category?.name ?? emptyLocalizedText()) },
        key: category?.key ?? '',
        active: category?.active ?? true,
      })}
      fields={(form, { record }) => (
        <>
          <LanguageTabs<CategoryForm> fields={['name']} labels={labels}>
            {(language) => (
              <TextInputField<CategoryForm>
                name={`name.${language}`}
                label={labels.name}
                invalidMessage={t('backOffice.categories.nameTooLong')}
              />
            )}
          </LanguageTabs>
          <KeyFollowsName form={form} creating={record === null} />
          <TextInputField<CategoryForm>
            name="key"
            label={t('backOffice.categories.key')}
            hint={t('backOffice.categories.keyHint')}
            invalidMessage={t('backOffice.categories.keyInvalid')}
          />
          <CheckboxField<CategoryForm> name="active" label={t('backOffice.status.activeLabel')} />
        </>
      )}
      failures={{
        save: (error, values) =>
          errorCodeOf(error) === 'duplicate_key'
            ? t('backOffice.categories.duplicateKey', { key: values.key })
            : t('backOffice.saveFailed'),
        // A category robots use cannot go: the message says how many, once, and the dialog closes.
        refusal: (error) =>
          error instanceof ApiError && errorCodeOf(error) === 'category_in_use'
            ? t('backOffice.categories.inUse', { count: Number(error.fields?.robots ?? 0) })
            : undefined,
      }}
    />
  );
}

/**
 * SPEC §5: while creating, the key is derived from the name until the administrator edits the
 * key themselves (an edited key is "dirty" and is left alone). Keys are ASCII, so the English
 * name makes it, or the French one while no English name is written.
 */
function KeyFollowsName({
  form,
  creating,
}: {
  form: UseFormReturn<CategoryForm, unknown, CategoryInput>;
  creating: boolean;
}) {
  const name = useWatch({ control: form.control, name: 'name' });
  const { setValue, getFieldState } = form;
  useEffect(() => {
    if (creating && !getFieldState('key').isDirty)
      setValue('key', categoryKeyFromName(name?.en?.trim() || name?.fr || ''), { shouldDirty: false });
  }, [creating, name, setValue, getFieldState]);
  return null;
}
