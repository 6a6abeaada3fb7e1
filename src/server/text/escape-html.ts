const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

/**
 * JSON that is safe inside a <script> element: "</script>" and HTML comment openers cannot
 * appear, and U+2028/U+2029 are escaped.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Plain text of an HTML fragment, for meta descriptions. */
export function textFromHtml(html: string, maxLength = 200): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}

/**
 * Plain-text rendering of rich text for an email's text part (newsletters, release notes): one
 * line per block.
 */
export function htmlToText(html: string): string {
  return (
    html
      .split(/<br\s*\/?>|<\/(?:p|h[1-6]|li|div|blockquote)>/i)
      // Within a block, tags are inline formats (bold, a link): they join the words they wrap.
      .map((block) => textFromHtml(block.replace(/<[^>]*>/g, ''), Number.POSITIVE_INFINITY))
      .filter((line) => line !== '')
      .join('\n')
  );
}
