import { clsx } from 'clsx';

/**
 * An e-mail address that a narrow column wraps where a reader expects: before the `@` and after a
 * hyphen, and inside a part only when that part alone is wider than the column. `break-all` cut
 * addresses anywhere ("screens-179574 / 5571028-l2eb9 / m@example.co / m") and let a table squeeze
 * the column to a few letters.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  const at = address.lastIndexOf('@');
  return (
    <span className={clsx('wrap-break-word', className)}>
      {at > 0 ? (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      ) : (
        address
      )}
    </span>
  );
}
