import { Play } from 'lucide-react';
import { useTranslation } from '../../../../lib/use-translation';
import type { z } from 'zod';
import { bannersResource } from '../../../../../shared/admin-resources.js';
import { bannerInputSchema, type HeroBanner } from '../../../../../shared/schemas/catalogue.js';
import { youtubeVideoId } from '../../../../../shared/youtube-id.js';
import { CheckboxField, SelectField, TextInputField } from '../../../../components/admin/form-fields';
import { ImageUploadField } from '../../../../components/admin/image-upload-field';
import { LanguageTabs } from '../../../../components/admin/language-tabs';
import { ResourceManagement } from '../../../../components/admin/resource-management';

type BannerForm = z.input<typeof bannerInputSchema>;

/** An image banner's picture; a video's id on a player-like tile (no request to YouTube from here). */
function BannerPreview({ banner }: { banner: HeroBanner }) {
  if (banner.type === 'image')
    return (
      <img src={banner.content_url} alt="" loading="lazy" className="h-12 w-20 rounded bg-slate-800 object-cover" />
    );
  return (
    <span className="flex h-12 w-20 flex-col items-center justify-center rounded bg-red-950/60 text-red-300">
      <Play aria-hidden="true" className="size-4" />
      <span className="text-[10px]">{youtubeVideoId(banner.content_url) ?? '?'}</span>
    </span>
  );
}

/**
 * Hero banner management (SPEC §2, §4): a list read in its order, like the FAQs, each banner by
 * its position from 1; ↑/↓ swap a banner with its neighbour (the server numbers the stored
 * order_index 0..n-1 again).
 */
export function BannerManagement() {
  const { t } = useTranslation();
  return (
    <ResourceManagement
      resource={bannersResource}
      texts="banners"
      label={t('admin.heroBannerManagement.title')}
      sortable={false}
      pageSize={100}
      columns={(standard) => [
        { id: 'preview', header: t('backOffice.banners.preview'), cell: (banner) => <BannerPreview banner={banner} /> },
        standard.name(t('backOffice.banners.title')),
        {
          id: 'type',
          header: t('backOffice.banners.type'),
          value: (banner) => banner.type,
          cell: (banner) => t(`backOffice.banners.types.${banner.type}`),
        },
        standard.order(),
        standard.active,
      ]}
      schema={bannerInputSchema}
      values={(banner): BannerForm =>
        banner
          ? { title: banner.title, type: banner.type, content_url: banner.content_url, active: banner.active }
          : { title: { en: '', fr: '' }, type: 'image', content_url: '', active: true }
      }
      busyLabel={t('backOffice.uploadingImage')}
      fields={(form, { onBusyChange }) => (
        <>
          {/* The title in each language (issue 19 §2); one of them at least. */}
          <LanguageTabs<BannerForm> fields={['title']} labels={{ title: t('backOffice.banners.title') }}>
            {(language, labelIn) => (
              <TextInputField<BannerForm>
                name={`title.${language}`}
                label={labelIn(t('backOffice.banners.title'))}
                invalidMessage={t('backOffice.form.invalid')}
              />
            )}
          </LanguageTabs>
          <SelectField<BannerForm>
            name="type"
            label={t('backOffice.banners.type')}
            options={[
              { value: 'image', label: t('backOffice.banners.types.image') },
              { value: 'youtube', label: t('backOffice.banners.types.youtube') },
            ]}
          />
          {form.watch('type') === 'youtube' ? (
            <TextInputField<BannerForm>
              name="content_url"
              type="url"
              label={t('backOffice.banners.videoUrl')}
              hint={t('backOffice.banners.videoHint')}
              invalidMessage={t('backOffice.banners.videoInvalid')}
            />
          ) : (
            <ImageUploadField<BannerForm>
              name="content_url"
              kind="banner"
              label={t('backOffice.banners.image')}
              allowAddress
              onBusyChange={onBusyChange}
            />
          )}
          {form.formState.errors.content_url && form.watch('type') === 'image' && (
            <p role="alert" className="text-sm text-red-300">
              {t('backOffice.banners.imageInvalid')}
            </p>
          )}
          <CheckboxField<BannerForm> name="active" label={t('backOffice.status.activeLabel')} />
        </>
      )}
    />
  );
}
