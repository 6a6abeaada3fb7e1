import { DEFAULT_CHAT_WELCOME } from '../../../shared/constants.js';

/**
 * The chat conversation (SPEC §3 "Chat message", §4 "Chat") as a reducer without React, so its
 * transitions are tested on their own. A conversation lives as long as the open panel: closing
 * the panel unmounts it, which is what clears the conversation.
 */
export type ChatMessage = { id: string; text: string; isBot: boolean; timestamp: Date };

export type ChatState = {
  messages: ChatMessage[];
  /** A message was sent and its reply has not arrived: input and send button are disabled. */
  pending: boolean;
  nextId: number;
};

export type ChatAction = { type: 'sent'; text: string; at: Date } | { type: 'replied'; text: string; at: Date };

function withMessage(state: ChatState, text: string, isBot: boolean, at: Date): Pick<ChatState, 'messages' | 'nextId'> {
  return {
    messages: [...state.messages, { id: `message-${state.nextId}`, text, isBot, timestamp: at }],
    nextId: state.nextId + 1,
  };
}

/** Opening the panel: the welcome message is the first bot message. */
export function startChat(welcome: string, at: Date): ChatState {
  return { ...withMessage({ messages: [], pending: false, nextId: 1 }, welcome, true, at), pending: false };
}

/** SPEC §4: sending is ignored when the text is blank or a reply is pending. */
export function canSend(state: ChatState, text: string): boolean {
  return !state.pending && text.trim() !== '';
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'sent':
      if (!canSend(state, action.text)) return state;
      return { ...withMessage(state, action.text.trim(), false, action.at), pending: true };
    case 'replied':
      // Only the reply to the message in flight is shown; a stray one has nothing to answer.
      if (!state.pending) return state;
      return { ...withMessage(state, action.text, true, action.at), pending: false };
  }
}

/**
 * The bot's first message: the administrator's welcome text, or the catalogue's translation of
 * the default one when the setting is empty or still the default (so French visitors read it in
 * French).
 */
export function welcomeText(setting: string | undefined, translatedDefault: string): string {
  const text = setting?.trim() ?? '';
  return text === '' || text === DEFAULT_CHAT_WELCOME ? translatedDefault : text;
}

/** The workflow's answer text, or null when there is none to show (SPEC §8 "missing response field"). */
export function replyText(reply: unknown): string | null {
  const response = typeof reply === 'object' && reply !== null ? (reply as { response?: unknown }).response : undefined;
  return typeof response === 'string' && response.trim() !== '' ? response : null;
}

/**
 * SPEC §4: Enter without Shift sends. Not while an input method is composing a character,
 * where Enter confirms the composition.
 */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}
