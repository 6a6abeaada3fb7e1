import { clsx } from 'clsx';
import { MessageCircle, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocalized } from '../../../lib/use-localized';
import { useTranslation } from '../../../lib/use-translation';
import type { PublicSettings } from '../../../../shared/settings-keys.js';

const loadChatPanel = () => import('./chat-panel');
const ChatPanel = lazy(loadChatPanel);

/** Fetches the panel's chunk as soon as the visitor shows interest, so the click opens it at once. */
function preloadChatPanel(): void {
  void loadChatPanel();
}

type ChatWidgetProps = {
  /** The public settings, read by the layout (no feature imports another): undefined while they load. */
  settings: Pick<PublicSettings, 'chatbot_enabled' | 'chatbot_welcome_message'> | undefined;
  /**
   * On a phone, the button waits at the end of the page instead of floating over it: for pages
   * whose form fills the screen (the order form), where it covered the fields.
   */
  docked?: boolean;
};

/**
 * The floating chat button (SPEC §2 "Chat widget"), shown only when the setting chatbot_enabled
 * is 'true'. It is on every page, so the first load carries only this button: the panel and
 * the conversation logic are a chunk of their own, fetched on first use.
 */
export function ChatWidget({ settings, docked = false }: ChatWidgetProps) {
  // The owner's welcome in the reader's language, else the shop's (issue 19 §2).
  const localized = useLocalized();
  if (settings?.chatbot_enabled !== 'true') return null;
  return <ChatLauncher welcome={localized(settings.chatbot_welcome_message)} docked={docked} />;
}

function ChatLauncher({ welcome, docked }: { welcome: string | undefined; docked: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // Focus goes back where it came from: the button that opened the panel.
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'Escape' && open) close();
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('chat.open')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
        onKeyDown={handleKeyDown}
        onPointerEnter={preloadChatPanel}
        onFocus={preloadChatPanel}
        className={clsx(
          'fixed right-4 bottom-4 z-30 inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-emerald-500 text-slate-950 shadow-lg shadow-slate-950/50 transition-colors hover:bg-emerald-400 sm:right-6 sm:bottom-6',
          docked && 'max-sm:static max-sm:mr-4 max-sm:mb-4 max-sm:self-end',
        )}
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <MessageCircle aria-hidden="true" className="size-6" />}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ChatPanel id={panelId} welcome={welcome} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
