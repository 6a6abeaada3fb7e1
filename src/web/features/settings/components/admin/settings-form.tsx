import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from '../../../../lib/use-translation';
import { z } from 'zod';
import {
  settingValueSchemas,
  type AdminSettings,
  type SettingsUpdate,
} from '../../../../../shared/schemas/settings.js';
import { AUTOMATION_SECRET_MIN_LENGTH, SETTINGS_MESSAGE_CLEAR_MS } from '../../../../../shared/constants.js';
import { CheckboxField, SelectField, TextAreaField, TextInputField } from '../../../../components/admin/form-fields';
import { ImageUploadField } from '../../../../components/admin/image-upload-field';
import { LanguageTabs } from '../../../../components/admin/language-tabs';
import { QueryStatus } from '../../../../components/admin/query-status';
import { Alert } from '../../../../components/ui/alert';
import { buttonClass } from '../../../../components/ui/button-classes';
import { ApiError } from '../../../../lib/api-client';
import { testWebhook, useAdminSettings, useSaveSettings, type WebhookKey } from '../../api/admin/settings';

/**
 * The page's form: the server's value schemas for every key, the chatbot switch as a checkbox,
 * and the secret token as a replacement only (it is write-only: the page never has it).
 */
const { n8n_secret_token: secretSchema, chatbot_enabled: _chatbot, ...valueSchemas } = settingValueSchemas;
const settingsFormSchema = z.object({
  ...valueSchemas,
  chatbot_enabled: z.boolean(),
  new_secret: secretSchema,
  clear_secret: z.boolean(),
});
type SettingsForm = z.input<typeof settingsFormSchema>;
type SettingsValues = z.output<typeof settingsFormSchema>;

function formValues(settings: AdminSettings): SettingsForm {
  const { n8n_secret_token_set: _set, chatbot_enabled, ...values } = settings;
  return {
    ...values,
    default_language: values.default_language as SettingsForm['default_language'],
    chatbot_enabled: chatbot_enabled === 'true',
    new_secret: '',
    clear_secret: false,
  };
}

function toUpdate({ chatbot_enabled, new_secret, clear_secret, ...values }: SettingsValues): SettingsUpdate['values'] {
  const update: SettingsUpdate['values'] = { ...values, chatbot_enabled: chatbot_enabled ? 'true' : 'false' };
  if (clear_secret) update.n8n_secret_token = '';
  else if (new_secret) update.n8n_secret_token = new_secret;
  return update;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-xl border border-slate-800 p-5">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Settings (SPEC §2): every section, image uploads, the write-only secret and 'Send test'. */
export function SettingsForm() {
  const settings = useAdminSettings();
  if (settings.isPending || settings.isError) return <QueryStatus query={settings} className="mt-6" />;
  return <LoadedSettingsForm settings={settings.data} />;
}

function LoadedSettingsForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const [uploads, setUploads] = useState(0);
  const [message, setMessage] = useState<{ kind: 'saved' | 'failed'; at: number } | null>(null);
  const form = useForm<SettingsForm, unknown, SettingsValues>({
    resolver: zodResolver(settingsFormSchema) as unknown as Resolver<SettingsForm, unknown, SettingsValues>,
    defaultValues: formValues(settings),
  });
  // SPEC §4: the success message clears after 3 s (counted again from each save).
  useEffect(() => {
    if (message?.kind !== 'saved') return;
    const timer = setTimeout(() => setMessage(null), SETTINGS_MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [message]);
  const busy = (delta: number) => (working: boolean) => setUploads((count) => count + (working ? delta : -delta));

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toUpdate(values));
      form.reset(formValues(saved));
      setMessage((current) => ({ kind: 'saved', at: (current?.at ?? 0) + 1 }));
    } catch {
      setMessage((current) => ({ kind: 'failed', at: (current?.at ?? 0) + 1 }));
    }
  });

  const secretSet = settings.n8n_secret_token_set;
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 flex flex-col gap-6">
        <Section title={t('backOffice.settings.contact')}>
          <TextInputField<SettingsForm>
            name="contact_url"
            type="url"
            label={t('backOffice.settings.contactUrl')}
            hint={t('backOffice.settings.contactHint')}
            invalidMessage={t('backOffice.settings.contactInvalid')}
          />
        </Section>
        <Section title={t('backOffice.settings.hero')}>
          <LanguageTabs<SettingsForm> fields={['hero_title', 'hero_description']}>
            {(language, labelIn) => (
              <>
                <TextInputField<SettingsForm>
                  name={`hero_title.${language}`}
                  label={labelIn(t('backOffice.settings.heroTitle'))}
                />
                <TextAreaField<SettingsForm>
                  name={`hero_description.${language}`}
                  label={labelIn(t('backOffice.settings.heroDescription'))}
                  rows={3}
                />
              </>
            )}
          </LanguageTabs>
        </Section>
        <Section title={t('backOffice.settings.branding')}>
          <TextInputField<SettingsForm>
            name="site_name"
            label={t('backOffice.settings.siteName')}
            hint={t('backOffice.settings.siteNameHint')}
            invalidMessage={t('backOffice.settings.siteNameInvalid')}
            autoComplete="organization"
          />
          <ImageUploadField<SettingsForm>
            name="site_logo_url"
            kind="logo"
            label={t('backOffice.settings.logo')}
            hint={t('backOffice.settings.logoHint')}
            allowAddress
            onBusyChange={busy(1)}
            failureMessage={(message) => t('backOffice.settings.logoUploadError', { message })}
          />
          <ImageUploadField<SettingsForm>
            name="site_favicon_url"
            kind="favicon"
            label={t('backOffice.settings.favicon')}
            hint={t('backOffice.settings.faviconHint')}
            allowAddress
            onBusyChange={busy(1)}
            failureMessage={(message) => t('backOffice.settings.faviconUploadError', { message })}
          />
        </Section>
        <Section title={t('backOffice.settings.seo')}>
          <LanguageTabs<SettingsForm> fields={['seo_title', 'seo_description']}>
            {(language, labelIn) => (
              <>
                <TextInputField<SettingsForm>
                  name={`seo_title.${language}`}
                  label={labelIn(t('backOffice.settings.seoTitle'))}
                  hint={t('backOffice.settings.seoTitleHint')}
                />
                <TextAreaField<SettingsForm>
                  name={`seo_description.${language}`}
                  label={labelIn(t('backOffice.settings.seoDescription'))}
                  rows={3}
                />
              </>
            )}
          </LanguageTabs>
          <TextInputField<SettingsForm> name="seo_keywords" label={t('backOffice.settings.seoKeywords')} />
          <ImageUploadField<SettingsForm>
            name="seo_image_url"
            kind="social"
            label={t('backOffice.settings.seoImage')}
            hint={t('backOffice.settings.seoImageHint')}
            allowAddress
            onBusyChange={busy(1)}
            failureMessage={(message) => t('backOffice.settings.seoImageUploadError', { message })}
          />
          <SelectField<SettingsForm>
            name="default_language"
            label={t('backOffice.settings.defaultLanguage')}
            options={[
              { value: '', label: t('backOffice.settings.languageAuto') },
              { value: 'en', label: t('language.names.en') },
              { value: 'fr', label: t('language.names.fr') },
            ]}
          />
        </Section>
        <Section title={t('backOffice.settings.chatbot')}>
          <CheckboxField<SettingsForm> name="chatbot_enabled" label={t('backOffice.settings.chatbotEnabled')} />
          <WebhookField name="chatbot_webhook_url" label={t('backOffice.settings.chatbotWebhook')} />
          <LanguageTabs<SettingsForm> fields={['chatbot_welcome_message']}>
            {(language, labelIn) => (
              <TextInputField<SettingsForm>
                name={`chatbot_welcome_message.${language}`}
                label={labelIn(t('backOffice.settings.chatbotWelcome'))}
              />
            )}
          </LanguageTabs>
        </Section>
        <Section title={t('backOffice.settings.automation')}>
          <WebhookField name="n8n_webhook_url" label={t('backOffice.settings.paymentWebhook')} />
          <WebhookField name="n8n_callback_url" label={t('backOffice.settings.statsWebhook')} />
          <WebhookField name="n8n_newsletter_url" label={t('backOffice.settings.newsletterWebhook')} />
          {/* Without a secret, payments cannot be confirmed: said plainly, not as an "optional" field. */}
          <p className={secretSet ? 'text-sm text-slate-300' : 'text-sm text-amber-300'}>
            {secretSet ? t('backOffice.settings.secretSet') : t('backOffice.settings.secretNotSet')}
          </p>
          <TextInputField<SettingsForm>
            name="new_secret"
            type="password"
            autoComplete="new-password"
            label={secretSet ? t('backOffice.settings.secretReplace') : t('backOffice.settings.secretNew')}
            hint={t('backOffice.settings.secretHint', { min: AUTOMATION_SECRET_MIN_LENGTH })}
            invalidMessage={t('backOffice.settings.secretTooShort', { min: AUTOMATION_SECRET_MIN_LENGTH })}
          />
          {secretSet && (
            <CheckboxField<SettingsForm> name="clear_secret" label={t('backOffice.settings.secretClear')} />
          )}
        </Section>
        <Section title={t('backOffice.settings.payments')}>
          <TextInputField<SettingsForm>
            name="payment_tolerance_usd"
            inputMode="decimal"
            label={t('backOffice.settings.paymentTolerance')}
            hint={t('backOffice.settings.paymentToleranceHint')}
            invalidMessage={t('backOffice.settings.paymentToleranceInvalid')}
          />
          <TextInputField<SettingsForm>
            name="unpaid_order_expiry_days"
            inputMode="numeric"
            label={t('backOffice.settings.unpaidOrderExpiry')}
            hint={t('backOffice.settings.unpaidOrderExpiryHint')}
            invalidMessage={t('backOffice.settings.unpaidOrderExpiryInvalid')}
          />
        </Section>
        <div className="flex flex-wrap items-center justify-end gap-3">
          {message?.kind === 'saved' && <Alert tone="success">{t('backOffice.settings.saved')}</Alert>}
          {message?.kind === 'failed' && <Alert tone="error">{t('backOffice.settings.saveFailed')}</Alert>}
          {Object.keys(form.formState.errors).length > 0 && (
            <Alert tone="error">{t('backOffice.settings.invalid')}</Alert>
          )}
          <button
            type="submit"
            disabled={save.isPending || uploads > 0}
            aria-busy={save.isPending}
            className={buttonClass('primary')}
          >
            {uploads > 0
              ? t('backOffice.uploadingImage')
              : save.isPending
                ? t('backOffice.dialog.saving')
                : t('backOffice.settings.save')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

/** A workflow address with its 'Send test' button and the answer it got. */
function WebhookField({ name, label }: { name: WebhookKey; label: string }) {
  const { t } = useTranslation();
  const url = useWatch<SettingsForm, WebhookKey>({ name });
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  // Nothing to test without an address: the server would only answer 400.
  const empty = !url?.trim();
  const hintId = useId();

  async function send() {
    setTesting(true);
    setResult(null);
    try {
      const answer = await testWebhook(name, url.trim() || undefined);
      setResult({
        tone: answer.ok ? 'success' : 'error',
        text: t('backOffice.settings.testAnswered', { status: answer.status, milliseconds: answer.milliseconds }),
      });
    } catch (error) {
      setResult({
        tone: 'error',
        text: t('backOffice.settings.testFailed', {
          message: error instanceof ApiError ? error.message : String(error),
        }),
      });
    } finally {
      setTesting(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <TextInputField<SettingsForm>
          name={name}
          type="url"
          label={label}
          invalidMessage={t('backOffice.settings.urlInvalid')}
          className="min-w-0 flex-1 basis-64"
        />
        <button
          type="button"
          onClick={() => void send()}
          disabled={testing || empty}
          aria-busy={testing}
          className={buttonClass('secondary')}
          aria-label={t('backOffice.settings.sendTestFor', { label })}
          title={empty ? t('backOffice.settings.sendTestNeedsUrl') : undefined}
          aria-describedby={empty ? hintId : undefined}
        >
          {testing ? t('backOffice.settings.testing') : t('backOffice.settings.sendTest')}
        </button>
      </div>
      {empty && (
        <p id={hintId} className="text-xs text-slate-400">
          {t('backOffice.settings.sendTestNeedsUrl')}
        </p>
      )}
      {result && (
        <p role="status" className={result.tone === 'success' ? 'text-sm text-emerald-300' : 'text-sm text-red-300'}>
          {result.text}
        </p>
      )}
    </div>
  );
}
