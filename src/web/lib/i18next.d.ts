// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a declaration file: it augments the types, ships nothing
import 'i18next';
import type en from '../locales/en.json';

// Types translation keys against the English catalogue, so a mistyped key fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
