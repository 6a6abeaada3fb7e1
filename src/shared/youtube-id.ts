/** A YouTube video id: exactly 11 characters of the URL-safe base64 alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'youtube-nocookie.com']);

/** Path prefixes that carry the id as their next segment: `/embed/<id>`, `/shorts/<id>`, … */
const ID_PATHS = new Set(['embed', 'shorts', 'live', 'v']);

/**
 * The 11-character video id of a YouTube address (SPEC §2): `watch?v=<id>`, `youtu.be/<id>`,
 * `/embed/<id>` or `/shorts/<id>`, on www., m. or no subdomain, with or without the scheme.
 * Anything else yields null, and the banner is not shown.
 */
export function youtubeVideoId(address: string): string | null {
  const trimmed = address.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;

  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const [first = '', second = ''] = url.pathname.split('/').filter((segment) => segment !== '');
  let candidate: string | null = null;
  if (host === 'youtu.be') candidate = first;
  else if (YOUTUBE_HOSTS.has(host))
    candidate = first === 'watch' ? url.searchParams.get('v') : ID_PATHS.has(first) ? second : null;
  return candidate !== null && VIDEO_ID.test(candidate) ? candidate : null;
}

/**
 * The privacy-enhanced player (no cookies until the visitor plays): muted autoplay, looping
 * (which needs the playlist parameter to name the video again), no controls, inline on phones.
 */
export function youtubeEmbedUrl(videoId: string): string {
  const query = new URLSearchParams({
    autoplay: '1',
    mute: '1',
    loop: '1',
    playlist: videoId,
    controls: '0',
    playsinline: '1',
  });
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?${query.toString()}`;
}
