import { createRequire } from 'node:module';
import type sanitize from 'sanitize-html';
import {
  ALLOWED_TAGS,
  isAllowedImageSrc,
  isBlankHtml,
  isAllowedLinkHref,
  keepEditorClasses,
  keepTextAlign,
} from '../../shared/rich-text-rules.js';
import { mapTranslations, type Translations } from '../../shared/localized-text.js';

/**
 * sanitize-html (with htmlparser2, postcss and their dependencies, some 2 MB of heap) is loaded
 * with the first HTML an administrator saves, not at start: the storefront's reads never need it
 * (issue 21 §5). `require`, not `import()`, because it is loaded on a synchronous path, and the
 * first save only waits a few milliseconds for it.
 */
const load = createRequire(import.meta.url);
let sanitizer: typeof sanitize | undefined;

function sanitizeHtml(html: string, options: sanitize.IOptions): string {
  sanitizer ??= load('sanitize-html') as typeof sanitize;
  return sanitizer(html, options);
}

/** Relative links resolve against some http origin; which one does not change the verdict. */
const ANY_ORIGIN = 'http://localhost';

const richText: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { '*': ['class', 'style'], a: ['href'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The transform below already reduced style to one text-align declaration.
  parseStyleAttributes: false,
  transformTags: {
    '*': (tagName, attribs) => {
      const kept: sanitize.Attributes = {};
      for (const [name, value] of Object.entries(attribs)) {
        if (name === 'class') {
          const classes = keepEditorClasses(value);
          if (classes) kept.class = classes;
        } else if (name === 'style') {
          const style = keepTextAlign(value);
          if (style) kept.style = style;
        } else if (name === 'href') {
          if (tagName === 'a' && isAllowedLinkHref(value, ANY_ORIGIN)) kept.href = value.trim();
        } else {
          kept[name] = value;
        }
      }
      return { tagName, attribs: kept };
    },
  },
  // An image the storefront would not show (data:, javascript:, another scheme) is not stored.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSrc(frame.attribs.src ?? ''),
};

/**
 * HTML written in the back office (robot descriptions, Copy Trade, Update and the other content
 * pages, newsletters) reduced to the editor's formats of SPEC §5 before it is stored: the same
 * allow-list (src/shared/rich-text-rules.ts) the storefront applies again when it shows it.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, richText);
}

/**
 * Owner-written HTML in each language (issue 19 §2), as stored: sanitised, and '' where a language
 * shows nothing (an emptied editor leaves `<p><br></p>`), so that language counts as not written
 * and its readers get the other one instead of a blank. Only the languages `text` holds: an
 * update's language not sent stays absent, and so as stored (decision 0022).
 */
export function sanitizeLocalizedRichText<Text extends Translations<string>>(text: Text) {
  return mapTranslations(text, (html: string) => {
    const clean = sanitizeRichText(html);
    return isBlankHtml(clean) ? '' : clean;
  });
}

const plainText: sanitize.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };
const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/**
 * Text shown as text (FAQ answers, which keep their line breaks): markup is removed, so nothing
 * stored can be read as HTML by any later reader, and the characters a person typed stay as typed.
 */
export function stripMarkup(text: string): string {
  return sanitizeHtml(text, plainText).replace(/&(lt|gt|quot|#39|amp);/g, (entity) => entities[entity] ?? entity);
}
