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

/**
 * Runs a save, delete or move and reports it: the success toast (whose message may name what the
 * server answered), or the failure toast (whose message may depend on the error) and the error
 * again, so a dialog stays open.
 */
export async function withToasts<T>(
  work: Promise<T>,
  success: string | ((result: T) => string),
  failure: string | ((error: unknown) => string),
): Promise<T> {
  try {
    const result = await work;
    notifySuccess(typeof success === 'function' ? success(result) : success);
    return result;
  } catch (error) {
    notifyFailure(typeof failure === 'function' ? failure(error) : failure, error);
    throw error;
  }
}
