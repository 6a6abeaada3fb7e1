import { useLocalized } from '../../lib/use-localized';
import { useTranslation } from '../../lib/use-translation';
import type { AdminResource } from '../../../shared/admin-resources.js';
import type en from '../../locales/en.json';
import { useAdminList, useAdminMutations } from './admin-resource';
import { notifyFailure, notifySuccess, withToasts } from './toasts';

type BackOffice = (typeof en)['backOffice'];
type ResourceTextSet = Record<'add' | 'addTitle' | 'editTitle' | 'empty' | 'saved' | 'confirmDelete', string>;

/**
 * Where a resource's texts sit in the catalogues: `backOffice.<texts>` holds `add`, `addTitle`,
 * `editTitle`, `empty`, `saved` and `confirmDelete` (the last two name the record as {{name}}).
 */
export type ResourceTexts = {
  [Key in keyof BackOffice]: BackOffice[Key] extends ResourceTextSet ? Key : never;
}[keyof BackOffice];

/** Failure messages that depend on what the server said (a duplicate key, a category in use). */
export type ResourceFailures<Values> = {
  save?: (error: unknown, values: Values) => string;
  remove?: (error: unknown) => string;
  /**
   * A deletion the server refuses for a reason this message gives in full (a category robots
   * use): the toast says it once and the confirmation closes, since trying again cannot help.
   * Undefined for any other failure, which `remove` reports.
   */
  refusal?: (error: unknown) => string | undefined;
};

/** A table action has no dialog to keep open: its failure toast is all there is to do. */
const reported = () => undefined;

/**
 * A resource's list and its writes, each with its toasts: save (create or update), the active
 * toggle, move and delete. Save and delete reject when they fail, so their dialog stays open.
 */
export function useResourceActions<Entity extends { id: string }, Create extends Patch, Patch>(
  resource: AdminResource<Entity, Create, Patch>,
  texts: ResourceTexts,
  failures: ResourceFailures<Create> = {},
) {
  const { t } = useTranslation();
  const list = useAdminList(resource);
  const mutations = useAdminMutations(resource);
  const show = useLocalized();
  const label = (record: Entity) => resource.label(record, show);
  return {
    list,
    moving: mutations.move.isPending,
    /** Creates when `record` is null, else updates it with the form's values. */
    save: (record: Entity | null, values: Create) =>
      withToasts(
        record ? mutations.update.mutateAsync({ id: record.id, patch: values }) : mutations.create.mutateAsync(values),
        (saved) => t(`backOffice.${texts}.saved`, { name: label(saved) }),
        (error) => failures.save?.(error, values) ?? t('backOffice.saveFailed'),
      ),
    setActive: (record: Entity, active: boolean) =>
      void withToasts(
        mutations.setActive.mutateAsync({ id: record.id, active }),
        t(active ? 'backOffice.status.activated' : 'backOffice.status.deactivated', { name: label(record) }),
        t('backOffice.saveFailed'),
      ).catch(reported),
    move: (record: Entity, direction: 'up' | 'down') =>
      void withToasts(
        mutations.move.mutateAsync({ id: record.id, direction }),
        t('backOffice.moved', { name: label(record) }),
        t('backOffice.moveFailed'),
      ).catch(reported),
    remove: async (record: Entity) => {
      try {
        await mutations.remove.mutateAsync(record.id);
      } catch (error) {
        const refused = failures.refusal?.(error);
        // A refusal says everything in the reader's words (no server detail beside it), and
        // resolves: the confirmation closes, since trying again cannot help.
        if (refused) return notifyFailure(refused);
        notifyFailure(failures.remove?.(error) ?? t('backOffice.deleteFailed'), error);
        throw error;
      }
      notifySuccess(t('backOffice.deleted', { name: label(record) }));
    },
  };
}
