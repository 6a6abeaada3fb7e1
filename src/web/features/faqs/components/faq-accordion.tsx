import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { Faq } from '../../../../shared/schemas/catalogue.js';
import { useLocalized } from '../../../lib/use-localized';

/**
 * One answer open at a time, and the open one can be closed again (SPEC §2). Answers are plain
 * text: React escapes them, and `white-space: pre-line` turns their line breaks into breaks on
 * screen, so no HTML is ever built from them. Each is shown in the reader's language, else in the
 * shop's default one (issue 19 §2); switching language needs no new request.
 */
export function FaqAccordion({ faqs }: { faqs: readonly Faq[] }) {
  const show = useLocalized();
  return (
    <Accordion.Root type="single" collapsible className="flex flex-col gap-3">
      {faqs.map((faq) => (
        <Accordion.Item
          key={faq.id}
          value={faq.id}
          className="overflow-hidden rounded-xl border border-slate-800 bg-slate-900"
        >
          {/* h2: the questions sit directly under the page's h1. */}
          <Accordion.Header asChild>
            <h2>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-white transition-colors hover:bg-slate-800/60">
                {show(faq.question)}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-400 transition-transform group-data-[state=open]:rotate-180"
                />
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 leading-7 whitespace-pre-line text-slate-300">
            {show(faq.answer)}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
