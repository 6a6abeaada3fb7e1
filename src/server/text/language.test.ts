import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './language.js';

const request = (headers: Record<string, string>, url = '/') => ({ url, headers }) as unknown as FastifyRequest;

describe('the language of a page the server renders', () => {
  it('follows the language the address names first, over the stored choice and every default', () => {
    const french = { cookie: 'lang=en', 'accept-language': 'en' };
    expect(chooseLanguage(request(french, '/FAQ?lang=fr'), 'en')).toBe('fr');
    expect(chooseLanguage(request({ cookie: 'lang=fr' }, '/robots/orion-ea?utm_source=x&lang=en'), 'fr')).toBe('en');
  });

  it('ignores a language the shop does not speak in the address', () => {
    expect(chooseLanguage(request({ cookie: 'lang=fr' }, '/FAQ?lang=de'), 'en')).toBe('fr');
    expect(chooseLanguage(request({ 'accept-language': 'fr' }, '/FAQ?lang='))).toBe('fr');
    expect(chooseLanguage(request({}, '/FAQ?lang=xx'), 'fr')).toBe('fr');
  });

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
