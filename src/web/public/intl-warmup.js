/* global self */
// Started by boot.js on a page the server drew (docs/decisions/0030-hydration-in-short-tasks.md).
// The first Intl object of each kind a renderer process makes loads that kind's ICU data: some
// 20–90 ms for the first collator or currency format on this machine, paid inside hydration
// (sorting the categories, a robot card's price), where it cannot be split. ICU keeps that data
// for the whole process, so making the same objects here, on the worker's own thread, leaves the
// page's main thread only the few tenths of a millisecond each object costs afterwards.
// The options follow src/web/lib/format-number.ts, format-date.ts and shared/localized-text.ts;
// one that drifts only makes the page's first object of that kind slower again, never wrong.
self.onmessage = ({ data: language }) => {
  const fr = language === 'fr';
  const tasks = [
    () => new Intl.NumberFormat(fr ? 'fr-FR' : 'en-US', { style: 'currency', currency: 'USD' }).format(349.99),
    () => new Intl.Collator(language, { sensitivity: 'base', numeric: true }).compare('a', 'b'),
    () => new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.5),
    () =>
      new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        0.5,
      ),
    () => new Intl.PluralRules(language).select(2),
    () =>
      new Intl.DateTimeFormat(fr ? 'fr-FR' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(0),
  ];
  for (const task of tasks) {
    try {
      task();
    } catch {
      // A locale this engine lacks: the page makes do as before.
    }
  }
  self.close();
};
