import { describe, expect, it } from 'vitest';
import { canSend, chatReducer, isSendKey, replyText, startChat, welcomeText } from './chat-state';

const opened = new Date('2026-11-21T10:00:00Z');
const later = new Date('2026-11-21T10:00:05Z');

describe('chat conversation', () => {
  it('opens with the welcome message as the first bot message', () => {
    const state = startChat('Hello! How can I help you?', opened);
    expect(state.pending).toBe(false);
    expect(state.messages).toEqual([
      { id: 'message-1', text: 'Hello! How can I help you?', isBot: true, timestamp: opened },
    ]);
  });

  it('adds the visitor message, trimmed, and waits for the reply', () => {
    const state = chatReducer(startChat('Hi', opened), {
      type: 'sent',
      text: '  Which robot trades gold?  ',
      at: later,
    });
    expect(state.pending).toBe(true);
    expect(state.messages.at(-1)).toEqual({
      id: 'message-2',
      text: 'Which robot trades gold?',
      isBot: false,
      timestamp: later,
    });
  });

  it('ignores blank text', () => {
    const start = startChat('Hi', opened);
    expect(chatReducer(start, { type: 'sent', text: '   \n ', at: later })).toBe(start);
    expect(canSend(start, ' ')).toBe(false);
  });

  it('ignores a second message while a reply is pending', () => {
    const waiting = chatReducer(startChat('Hi', opened), { type: 'sent', text: 'first', at: later });
    expect(canSend(waiting, 'second')).toBe(false);
    expect(chatReducer(waiting, { type: 'sent', text: 'second', at: later })).toBe(waiting);
  });

  it('shows the reply as a bot message and accepts messages again', () => {
    const waiting = chatReducer(startChat('Hi', opened), { type: 'sent', text: 'first', at: later });
    const answered = chatReducer(waiting, { type: 'replied', text: 'Hello from the workflow', at: later });
    expect(answered.pending).toBe(false);
    expect(answered.messages.map(({ id, text, isBot }) => ({ id, text, isBot }))).toEqual([
      { id: 'message-1', text: 'Hi', isBot: true },
      { id: 'message-2', text: 'first', isBot: false },
      { id: 'message-3', text: 'Hello from the workflow', isBot: true },
    ]);
    expect(canSend(answered, 'next')).toBe(true);
  });

  it('drops a reply when nothing is pending', () => {
    const start = startChat('Hi', opened);
    expect(chatReducer(start, { type: 'replied', text: 'late', at: later })).toBe(start);
  });
});

describe('welcomeText', () => {
  it('uses the administrator text', () => {
    expect(welcomeText('Welcome to our desk!', 'Bonjour !')).toBe('Welcome to our desk!');
  });

  it('uses the translated default when the setting is empty, missing or the default', () => {
    expect(welcomeText('', 'Bonjour !')).toBe('Bonjour !');
    expect(welcomeText('  ', 'Bonjour !')).toBe('Bonjour !');
    expect(welcomeText(undefined, 'Bonjour !')).toBe('Bonjour !');
    expect(welcomeText('Hello! How can I help you?', 'Bonjour !')).toBe('Bonjour !');
  });
});

describe('replyText', () => {
  it('reads the response text', () => {
    expect(replyText({ response: 'Aurora Scalper trades EURUSD.' })).toBe('Aurora Scalper trades EURUSD.');
  });

  it('is null without a usable response', () => {
    for (const reply of [{ response: null }, { response: '  ' }, { response: 42 }, {}, null, undefined, 'text']) {
      expect(replyText(reply)).toBeNull();
    }
  });
});

describe('isSendKey', () => {
  it('sends on Enter alone', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: false })).toBe(true);
  });

  it('does not send on Shift+Enter, while composing, or on other keys', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: true, isComposing: false })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false, isComposing: false })).toBe(false);
  });
});
