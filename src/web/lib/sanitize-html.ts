import DOMPurify from 'dompurify';

/**
 * HTML written by administrators (robot descriptions, Copy Trade and Update pages) reduced to the
 * rich-text editor's formats of SPEC §5 before it reaches the page: headers 1 to 6, bold, italic,
 * underline, strike, ordered and bullet lists, indent, links (http, https, mailto, tel), images and
 * alignment. Everything else goes: scripts, event handlers, javascript: URLs, frames, forms, styles.
 *
 * DOMPurify only works with a DOM, so this module is imported by the page chunks that render such
 * HTML and never by the entry chunk. The rules it applies are the pure functions below, which
 * unit tests check without a DOM.
 */

const ALLOWED_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'ol', 'ul', 'li', 'a', 'img'];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'class', 'style'];

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

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** One DOMPurify instance of our own, so its hooks never affect another user of the library. */
function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  const origin = window.location.origin;
  // Runs once the author's attributes are filtered: what it sets (target, rel, loading) is ours.
  instance.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (typeof element.getAttribute !== 'function') return;
    const className = keepEditorClasses(element.getAttribute('class') ?? '');
    if (className === '') element.removeAttribute('class');
    else element.setAttribute('class', className);
    const style = keepTextAlign(element.getAttribute('style') ?? '');
    if (style === '') element.removeAttribute('style');
    else element.setAttribute('style', style);

    const tag = element.tagName.toLowerCase();
    if (tag === 'a') {
      const href = element.getAttribute('href') ?? '';
      if (!isAllowedLinkHref(href, origin)) {
        element.removeAttribute('href');
      } else if (isExternalLink(href, origin)) {
        element.setAttribute('target', '_blank');
        element.setAttribute('rel', 'noopener noreferrer');
      }
    } else if (tag === 'img') {
      if (!isAllowedImageSrc(element.getAttribute('src') ?? '')) {
        element.remove();
        return;
      }
      if (!element.hasAttribute('alt')) element.setAttribute('alt', '');
      // Images of stored content sit below the fold more often than not.
      element.setAttribute('loading', 'lazy');
      element.setAttribute('decoding', 'async');
    }
  });
  purifier = instance;
  return instance;
}

/** The stored HTML with only the editor's formats left, ready for `dangerouslySetInnerHTML`. */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    RETURN_TRUSTED_TYPE: false,
  });
}
