import { useState } from 'react';

/**
 * What a management page keeps between its table and its dialogs: which record the form edits
 * (null while creating) and which one awaits delete confirmation.
 */
export function useCrudPage<Entity>() {
  const [editing, setEditing] = useState<{ record: Entity | null } | null>(null);
  const [deleting, setDeleting] = useState<Entity | null>(null);
  return {
    /** The open form: `{ record: null }` to create, `{ record }` to edit, null when closed. */
    editing,
    deleting,
    openCreate: () => setEditing({ record: null }),
    openEdit: (record: Entity) => setEditing({ record }),
    closeForm: () => setEditing(null),
    askDelete: (record: Entity) => setDeleting(record),
    closeDelete: () => setDeleting(null),
  };
}
