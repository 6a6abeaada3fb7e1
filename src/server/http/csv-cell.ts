/**
 * One CSV cell (RFC 4180) that is safe to open in a spreadsheet: a value starting like a formula
 * (=, +, -, @, or a tab or carriage return some spreadsheets skip) gets a leading apostrophe (the
 * OWASP "CSV injection" advice), so it is shown as text instead of being run. A missing value is
 * an empty cell, not the text "null".
 */
export function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
