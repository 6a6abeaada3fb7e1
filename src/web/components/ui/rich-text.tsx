import { clsx } from 'clsx';
import { useMemo, type ReactNode } from 'react';
import { isBlankHtml } from '../../../shared/rich-text-rules.js';
import { sanitizeHtml } from '../../lib/sanitize-html';

/**
 * The editor's formats (SPEC §5) styled for the dark theme: Tailwind resets headings and lists,
 * and Quill marks alignment and indentation with classes. The back office's editor gives its
 * editing area these classes too, so that what is written looks as it will be read.
 */
export const richTextClass = clsx(
  'text-base leading-7 text-slate-300',
  '[&_h1]:mt-8 [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:text-white',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-white',
  '[&_h3]:mt-6 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-white',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-white',
  '[&_h5]:mt-4 [&_h5]:mb-2 [&_h5]:font-semibold [&_h5]:text-white',
  '[&_h6]:mt-4 [&_h6]:mb-2 [&_h6]:text-sm [&_h6]:font-semibold [&_h6]:tracking-wide [&_h6]:text-slate-200 [&_h6]:uppercase',
  '[&_p]:my-3 [&_strong]:font-semibold [&_strong]:text-white [&_b]:font-semibold [&_b]:text-white',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_a]:font-medium [&_a]:text-emerald-400 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-emerald-300',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_.ql-align-center]:text-center [&_.ql-align-right]:text-right [&_.ql-align-justify]:text-justify',
  '[&_.ql-indent-1]:pl-[3em] [&_.ql-indent-2]:pl-[6em] [&_.ql-indent-3]:pl-[9em] [&_.ql-indent-4]:pl-[12em]',
  '[&_.ql-indent-5]:pl-[15em] [&_.ql-indent-6]:pl-[18em] [&_.ql-indent-7]:pl-[21em] [&_.ql-indent-8]:pl-[24em]',
  '[&>:first-child]:mt-0 [&>:last-child]:mb-0',
);

type RichTextProps = {
  /** HTML as stored by an administrator; it is sanitised here, whatever the server did before. */
  html: string;
  className?: string;
  /** Shown instead when nothing visible is left (no text, no image). */
  fallback?: ReactNode;
};

/** Administrator-written HTML, reduced to the editor's formats before it touches the page. */
export function RichText({ html, className, fallback = null }: RichTextProps) {
  const safeHtml = useMemo(() => sanitizeHtml(html), [html]);
  if (isBlankHtml(safeHtml)) return fallback;
  return <div className={clsx(richTextClass, className)} dangerouslySetInnerHTML={{ __html: safeHtml }} />;
}
