import { isWrittenInOneLanguage, type LocalizedText } from '../../shared/localized-text.js';
import { REQUIRED_IN_ONE_LANGUAGE } from '../../shared/schemas/localized-text.js';
import { BadRequestError } from '../errors.js';

/** The fields of `Record` that are owner-written texts in each language. */
type LocalizedField<Record> = { [Key in keyof Record]: Record[Key] extends LocalizedText ? Key : never }[keyof Record] &
  string;

/**
 * Refuses a record left with a required text written in no language, among the texts an update
 * sent. An update sends only the languages it changes (decision 0022), so whether one language is
 * left can only be told from the record as written: services check the row their update returns,
 * inside the update's transaction, which the refusal rolls back. Two updates clearing one language
 * each at the same moment cannot both pass, since the second writes over the first's row.
 */
export function requireOneLanguage<Record extends object>(
  record: Record,
  sent: Partial<{ [Key in LocalizedField<Record>]: unknown }>,
  fields: ReadonlyArray<LocalizedField<Record>>,
): void {
  for (const field of fields) {
    if (sent[field] === undefined || isWrittenInOneLanguage(record[field] as LocalizedText)) continue;
    throw new BadRequestError(`Invalid body.${field}: ${REQUIRED_IN_ONE_LANGUAGE}`, {
      [`body.${field}`]: REQUIRED_IN_ONE_LANGUAGE,
    });
  }
}
