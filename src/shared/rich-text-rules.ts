/**
 * The rich-text allow-list of SPEC §5, in one place for both sanitisers: the storefront's
 * (DOMPurify, src/web/lib/sanitize-html.ts) and the server's, which cleans HTML before it is
 * stored (src/server/text/sanitize-rich-text.ts). Formats: headers 1 to 6, bold, italic,
 * underline, strike, ordered and bullet lists, indent, links (http, https, mailto, tel), images
 * and alignment. Pure functions, no DOM: unit tests check them in Node.
 */

export const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'ol',
  'ul',
  'li',
  'a',
  'img',
];
export const ALLOWED_ATTR = ['href', 'src', 'alt', 'class', 'style'];

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/** Quill's alignment and indent classes; the only classes the editor writes. */
const EDITOR_CLASS = /^ql-(align-(left|center|right|justify)|indent-[1-8])$/;
const TEXT_ALIGN = /^text-align\s*:\s*(left|center|right|justify)\s*;?$/i;

function parseUrl(value: string, origin: string): URL | null {
  try {
    return new URL(value, origin);
  } catch {
    return null;
  }
}

/**
 * A link target the editor allows: http, https, mailto or tel. A relative link resolves to this
 * site, hence to http(s), as the editor's own check does.
 */
export function isAllowedLinkHref(href: string, origin: string): boolean {
  const trimmed = href.trim();
  if (trimmed === '') return false;
  const url = parseUrl(trimmed, origin);
  return url !== null && LINK_PROTOCOLS.has(url.protocol);
}

/** Links that leave the site open in a new tab; mailto and tel are handed to the system. */
export function isExternalLink(href: string, origin: string): boolean {
  const url = parseUrl(href.trim(), origin);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin;
}

/** An absolute http(s) image, or a path on this site (`/files/...`); never data:, blob: or `//host`. */
export function isAllowedImageSrc(src: string): boolean {
  const trimmed = src.trim();
  if (/^\/(?![/\\])/.test(trimmed)) return true;
  if (!/^https?:/i.test(trimmed)) return false;
  const url = parseUrl(trimmed, 'http://localhost');
  return url !== null && IMAGE_PROTOCOLS.has(url.protocol);
}

/** Keeps the editor's alignment and indent classes; '' when none is left. */
export function keepEditorClasses(value: string): string {
  return value
    .split(/\s+/)
    .filter((name) => EDITOR_CLASS.test(name))
    .join(' ');
}

/** Keeps a style attribute only when it is one text-align declaration; '' otherwise. */
export function keepTextAlign(value: string): string {
  const match = TEXT_ALIGN.exec(value.trim());
  return match ? `text-align: ${match[1]!.toLowerCase()}` : '';
}

/** True when the HTML shows nothing: no text and no image (an empty editor saves `<p><br></p>`). */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .trim();
  return text === '';
}
