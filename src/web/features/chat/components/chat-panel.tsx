import { clsx } from 'clsx';
import { Bot, Loader2, Send, X } from 'lucide-react';
import { useEffect, useId, useReducer, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PANEL_SIZE } from '../../../../shared/constants.js';
import { useSendChatMessage } from '../api/send-chat-message';
import { canSend, chatReducer, isSendKey, replyText, startChat, welcomeText, type ChatMessage } from '../chat-state';

type ChatPanelProps = {
  id: string;
  /** The setting chatbot_welcome_message. */
  welcome: string | undefined;
  onClose: () => void;
};

// SPEC §9: 420x550 px. On a small screen the panel shrinks to fit between the sticky header
// (4rem, drawn above it) and the floating button.
const panelSize = {
  width: `min(${CHAT_PANEL_SIZE.width}px, calc(100vw - 2rem))`,
  height: `min(${CHAT_PANEL_SIZE.height}px, calc(100dvh - 11rem))`,
};

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function formatTime(date: Date, locale: string): string {
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
    timeFormats.set(locale, format);
  }
  return format.format(date);
}

function MessageBubble({ message }: { message: ChatMessage }) {
  const { t, i18n } = useTranslation();
  return (
    <li
      className={clsx(
        'flex max-w-[85%] flex-col gap-1 rounded-2xl px-3 py-2 text-sm',
        message.isBot
          ? 'self-start rounded-bl-sm bg-slate-800 text-slate-100'
          : 'self-end rounded-br-sm bg-emerald-500 text-slate-950',
      )}
    >
      <span className="sr-only">{message.isBot ? t('chat.assistant') : t('chat.you')}: </span>
      {/* Plain text only: whatever the workflow answers is never parsed as HTML. */}
      <p className="break-words whitespace-pre-wrap">{message.text}</p>
      <time
        dateTime={message.timestamp.toISOString()}
        className={clsx('text-xs', message.isBot ? 'text-slate-400' : 'text-slate-800')}
      >
        {formatTime(message.timestamp, i18n.language)}
      </time>
    </li>
  );
}

/**
 * The chat panel (SPEC §2, §4): a non-modal dialog. It exists only while open, so closing it
 * clears the conversation; a reply that arrives after closing is dropped (TanStack Query does not
 * call a mutate callback of an unmounted component).
 */
export default function ChatPanel({ id, welcome, onClose }: ChatPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, dispatch] = useReducer(chatReducer, null, () =>
    startChat(welcomeText(welcome, t('chat.defaultWelcome')), new Date()),
  );
  const [draft, setDraft] = useState('');
  const sendMessage = useSendChatMessage();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  // A disabled input loses focus; once the reply is there, give it back, unless the visitor has
  // meanwhile moved on to something outside the panel.
  useEffect(() => {
    if (state.pending) return;
    const active = document.activeElement;
    if (active === null || active === document.body || panelRef.current?.contains(active)) inputRef.current?.focus();
  }, [state.pending]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [state.messages.length, state.pending]);

  function send() {
    if (!canSend(state, draft)) return;
    const message = draft.trim();
    dispatch({ type: 'sent', text: message, at: new Date() });
    setDraft('');
    sendMessage.mutate(
      { message },
      {
        onSuccess: (reply) =>
          dispatch({ type: 'replied', text: replyText(reply) ?? t('chat.noResponse'), at: new Date() }),
        onError: () => dispatch({ type: 'replied', text: t('chat.technicalDifficulties'), at: new Date() }),
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  function handleInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter would also submit the form implicitly, Shift+Enter included: only ours decides.
    event.preventDefault();
    if (isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) send();
  }

  function handlePanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  }

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={handlePanelKeyDown}
      style={panelSize}
      className="fixed right-4 bottom-22 z-30 flex flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900 shadow-2xl shadow-slate-950/60 sm:right-6 sm:bottom-24"
    >
      <div className="flex items-center gap-3 border-b border-slate-800 bg-slate-950 px-4 py-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300">
          <Bot aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold text-white">
            {t('chat.title')}
          </h2>
          <p className="flex items-center gap-1.5 text-xs text-emerald-300">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-400" />
            {t('chat.online')}
          </p>
        </div>
        <button
          type="button"
          aria-label={t('chat.close')}
          onClick={onClose}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-800 hover:text-white"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>

      {/* role="log": new messages are announced politely as they arrive. */}
      <div ref={logRef} role="log" aria-label={t('chat.conversation')} className="flex-1 overflow-y-auto p-4">
        <ol className="flex flex-col gap-3">
          {state.messages.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
          {state.pending && (
            <li className="flex items-center gap-2 self-start rounded-2xl rounded-bl-sm bg-slate-800 px-3 py-2.5 text-slate-300">
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              <span className="sr-only">{t('chat.typing')}</span>
            </li>
          )}
        </ol>
      </div>

      <form onSubmit={handleSubmit} className="flex gap-2 border-t border-slate-800 p-3">
        <label htmlFor={inputId} className="sr-only">
          {t('chat.inputLabel')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          autoComplete="off"
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleInputKeyDown}
          disabled={state.pending}
          placeholder={t('chat.placeholder')}
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-950 px-3 text-base text-slate-100 placeholder:text-slate-500 disabled:opacity-60 sm:text-sm"
        />
        <button
          type="submit"
          aria-label={t('chat.send')}
          disabled={state.pending}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-emerald-500 text-slate-950 hover:bg-emerald-400 disabled:cursor-not-allowed disabled:bg-slate-800 disabled:text-slate-400"
        >
          <Send aria-hidden="true" className="size-5" />
        </button>
      </form>
    </div>
  );
}
