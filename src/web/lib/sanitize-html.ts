import DOMPurify from 'dompurify';
import {
  ALLOWED_ATTR,
  ALLOWED_TAGS,
  isAllowedImageSrc,
  isAllowedLinkHref,
  isExternalLink,
  keepEditorClasses,
  keepTextAlign,
} from '../../shared/rich-text-rules.js';

/**
 * HTML written by administrators (robot descriptions, Copy Trade and Update pages) reduced to the
 * rich-text editor's formats of SPEC §5 before it reaches the page: headers 1 to 6, bold, italic,
 * underline, strike, ordered and bullet lists, indent, links (http, https, mailto, tel), images and
 * alignment. Everything else goes: scripts, event handlers, javascript: URLs, frames, forms, styles.
 *
 * DOMPurify only works with a DOM, so this module is imported by the page chunks that render such
 * HTML and never by the entry chunk. The rules it applies are the pure functions of
 * src/shared/rich-text-rules.ts, which the server's sanitiser applies too.
 */

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
