import { Toaster, toast } from 'sonner';
import { ApiError } from '../../lib/api-client';

/** Where the back office's toasts appear; rendered once by AdminPage. */
export function AdminToaster() {
  return <Toaster theme="dark" position="bottom-right" richColors closeButton />;
}

/** A save or delete that worked. */
export function notifySuccess(message: string): void {
  toast.success(message);
}

/**
 * A save or delete that failed: the page's own translated message, and what the server said when
 * it said something a person can act on (a conflict, a refused value).
 */
export function notifyFailure(message: string, error?: unknown): void {
  const detail = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : undefined;
  toast.error(message, detail ? { description: detail } : undefined);
}
