import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bannerInputSchema, type BannerInput, type HeroBanner } from '../../../../../shared/schemas/catalogue.js';
import { youtubeVideoId } from '../../../../../shared/youtube-id.js';
import { ActiveToggle } from '../../../../components/admin/active-toggle';
import { useAdminList, useAdminMutations } from '../../../../components/admin/admin-resource';
import { ConfirmDeleteDialog } from '../../../../components/admin/confirm-delete-dialog';
import { DataTable, type DataTableColumn } from '../../../../components/admin/data-table';
import { FormDialog } from '../../../../components/admin/form-dialog';
import { CheckboxField, SelectField, TextInputField } from '../../../../components/admin/form-fields';
import { ImageUploadField } from '../../../../components/admin/image-upload-field';
import { MoveButtons } from '../../../../components/admin/move-buttons';
import { RowActions } from '../../../../components/admin/row-actions';
import { withToasts } from '../../../../components/admin/toasts';
import { useCrudPage } from '../../../../components/admin/use-crud-page';
import { buttonClass } from '../../../../components/ui/button-classes';
import { bannersResource } from '../../api/admin/banners-resource';

type BannerForm = { title: string; type: 'image' | 'youtube'; content_url: string; active: boolean };

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

/** Hero banner management (SPEC §2, §4): order_index moves by one, up never below 0. */
export function BannerManagement() {
  const { t } = useTranslation();
  const banners = useAdminList(bannersResource);
  const { create, update, remove, move } = useAdminMutations(bannersResource);
  const page = useCrudPage<HeroBanner>();
  const record = page.editing?.record ?? null;
  const [uploading, setUploading] = useState(false);

  const save = (values: BannerInput) =>
    withToasts(
      record ? update.mutateAsync({ id: record.id, patch: values }) : create.mutateAsync(values),
      t('backOffice.banners.saved', { name: values.title }),
      t('backOffice.saveFailed'),
    );

  const columns: DataTableColumn<HeroBanner>[] = [
    { id: 'preview', header: t('backOffice.banners.preview'), cell: (banner) => <BannerPreview banner={banner} /> },
    {
      id: 'title',
      header: t('backOffice.banners.title'),
      value: (banner) => banner.title,
      cell: (banner) => banner.title,
      className: 'font-medium text-white',
    },
    {
      id: 'type',
      header: t('backOffice.banners.type'),
      value: (banner) => banner.type,
      cell: (banner) => t(`backOffice.banners.types.${banner.type}`),
    },
    {
      id: 'order',
      header: t('backOffice.order'),
      value: (banner) => banner.order_index,
      cell: (banner) => {
        const all = banners.data ?? [];
        return (
          <span className="inline-flex items-center gap-3">
            <span className="w-6 text-right tabular-nums">{banner.order_index}</span>
            <MoveButtons
              label={banner.title}
              index={all.indexOf(banner)}
              count={all.length}
              disabled={move.isPending}
              onMove={(direction) =>
                void withToasts(
                  move.mutateAsync({ id: banner.id, direction }),
                  t('backOffice.moved', { name: banner.title }),
                  t('backOffice.moveFailed'),
                ).catch(() => undefined)
              }
            />
          </span>
        );
      },
    },
    {
      id: 'status',
      header: t('backOffice.status.header'),
      value: (banner) => (banner.active ? 1 : 0),
      cell: (banner) => (
        <ActiveToggle
          active={banner.active}
          label={banner.title}
          onToggle={(active) =>
            void withToasts(
              update.mutateAsync({ id: banner.id, patch: { active } }),
              t(active ? 'backOffice.status.activated' : 'backOffice.status.deactivated', { name: banner.title }),
              t('backOffice.saveFailed'),
            ).catch(() => undefined)
          }
        />
      ),
    },
  ];

  return (
    <>
      <DataTable
        label={t('admin.heroBannerManagement.title')}
        rows={banners.data}
        columns={columns}
        getRowId={(banner) => banner.id}
        query={banners}
        emptyMessage={t('backOffice.banners.empty')}
        pageSize={100}
        toolbar={
          <button type="button" onClick={page.openCreate} className={buttonClass('primary')}>
            {t('backOffice.banners.add')}
          </button>
        }
        rowActions={(banner) => (
          <RowActions
            label={banner.title}
            onEdit={() => page.openEdit(banner)}
            onDelete={() => page.askDelete(banner)}
          />
        )}
      />
      <FormDialog<BannerForm, BannerInput>
        open={page.editing !== null}
        onOpenChange={(open) => !open && page.closeForm()}
        title={record ? t('backOffice.banners.editTitle') : t('backOffice.banners.addTitle')}
        schema={bannerInputSchema as never}
        defaultValues={
          record
            ? { title: record.title, type: record.type, content_url: record.content_url, active: record.active }
            : { title: '', type: 'image', content_url: '', active: true }
        }
        onSubmit={save}
        busy={uploading}
        busyLabel={t('backOffice.uploadingImage')}
      >
        {(form) => (
          <>
            <TextInputField<BannerForm>
              name="title"
              label={t('backOffice.banners.title')}
              invalidMessage={t('backOffice.form.required')}
            />
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
                onBusyChange={setUploading}
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
      </FormDialog>
      <ConfirmDeleteDialog
        record={page.deleting}
        onClose={page.closeDelete}
        message={(record) => t('backOffice.banners.confirmDelete', { name: record.title })}
        onConfirm={(record) =>
          withToasts(
            remove.mutateAsync(record.id),
            t('backOffice.deleted', { name: record.title }),
            t('backOffice.deleteFailed'),
          )
        }
      />
    </>
  );
}
