import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './language.js';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('the language of a page the server renders', () => {
  it('follows the visitor’s stored choice first, then the administrator’s default', () => {
    expect(chooseLanguage(request({ cookie: 'a=1; lang=fr', 'accept-language': 'en' }), 'en')).toBe('fr');
    expect(chooseLanguage(request({ 'accept-language': 'en' }), 'fr')).toBe('fr');
  });

  it('then the browser’s languages by preference, then English', () => {
    expect(chooseLanguage(request({ 'accept-language': 'de-DE, en;q=0.5, fr-CA;q=0.9' }))).toBe('fr');
    expect(chooseLanguage(request({ 'accept-language': 'de, es;q=0.8' }))).toBe('en');
    expect(chooseLanguage(request({}))).toBe('en');
  });
});
