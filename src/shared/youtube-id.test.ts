import { describe, expect, it } from 'vitest';
import { youtubeEmbedUrl, youtubeVideoId } from './youtube-id.js';

const ID = 'PHe0bXAIuk0';

describe('youtubeVideoId', () => {
  it('reads the v parameter of a watch address', () => {
    expect(youtubeVideoId(`https://www.youtube.com/watch?v=${ID}`)).toBe(ID);
    expect(youtubeVideoId(`https://youtube.com/watch?feature=share&v=${ID}&t=42s`)).toBe(ID);
    expect(youtubeVideoId(`https://m.youtube.com/watch?v=${ID}`)).toBe(ID);
  });

  it('reads short, embed and shorts addresses', () => {
    expect(youtubeVideoId(`https://youtu.be/${ID}`)).toBe(ID);
    expect(youtubeVideoId(`https://youtu.be/${ID}?si=abc&t=10`)).toBe(ID);
    expect(youtubeVideoId(`https://www.youtube.com/embed/${ID}?autoplay=1`)).toBe(ID);
    expect(youtubeVideoId(`https://www.youtube-nocookie.com/embed/${ID}`)).toBe(ID);
    expect(youtubeVideoId(`https://www.youtube.com/shorts/${ID}`)).toBe(ID);
  });

  it('accepts an address typed without its scheme, and surrounding spaces', () => {
    expect(youtubeVideoId(`  youtube.com/watch?v=${ID} `)).toBe(ID);
    expect(youtubeVideoId(`youtu.be/${ID}`)).toBe(ID);
  });

  it('refuses ids that are not exactly 11 characters of the id alphabet', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youtubeVideoId(`https://www.youtube.com/watch?v=${ID}x`)).toBeNull();
    expect(youtubeVideoId('https://youtu.be/abc"onload=x')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/watch')).toBeNull();
  });

  it('refuses other sites, other schemes and text that is no address', () => {
    expect(youtubeVideoId(`https://evil.example.com/watch?v=${ID}`)).toBeNull();
    expect(youtubeVideoId(`https://youtube.com.evil.example.com/watch?v=${ID}`)).toBeNull();
    expect(youtubeVideoId(`javascript:alert('${ID}')`)).toBeNull();
    expect(youtubeVideoId(`https://www.youtube.com/channel/${ID}`)).toBeNull();
    expect(youtubeVideoId('')).toBeNull();
    expect(youtubeVideoId('not a url at all')).toBeNull();
  });
});

describe('youtubeEmbedUrl', () => {
  it('plays muted, in a loop, without controls, on the privacy-enhanced domain', () => {
    expect(youtubeEmbedUrl(ID)).toBe(
      `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&mute=1&loop=1&playlist=${ID}&controls=0&playsinline=1`,
    );
  });
});
