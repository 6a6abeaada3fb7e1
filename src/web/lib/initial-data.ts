import type { Category, HeroBanner, Robot } from '../../shared/schemas/catalogue.js';
import type { PublicSettings } from '../../shared/settings-keys.js';

/**
 * First data the server embeds in the page shell as
 * `<script type="application/json" id="app-data">`, so the storefront renders without waiting
 * for API calls. Every part is optional: the server may embed only what the page needs.
 */
export type EmbeddedMessages = { lang: string; catalogue: Record<string, unknown> };

export type InitialData = {
  settings?: PublicSettings;
  /** The interface strings of the language the server chose for this page. */
  messages?: EmbeddedMessages;
  categories?: Category[];
  robots?: Robot[];
  /** On Home, the active hero banners, so the carousel keeps its place from the first paint. */
  banners?: HeroBanner[];
  /** On a robot's page (`/robots/<slug>`), that robot when it exists and is active. */
  robot?: Robot;
};

export const INITIAL_DATA_ELEMENT_ID = 'app-data';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Keeps the parts that have the right outer shape. The block comes from our own server, so a
 * full schema check would only add weight to the entry chunk; a malformed block is ignored and
 * the queries simply fetch.
 */
export function parseInitialData(json: string | null | undefined): InitialData {
  if (!json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (!isRecord(parsed)) return {};
  const data: InitialData = {};
  if (isRecord(parsed.settings)) data.settings = parsed.settings as PublicSettings;
  if (Array.isArray(parsed.categories)) data.categories = parsed.categories as Category[];
  if (Array.isArray(parsed.robots)) data.robots = parsed.robots as Robot[];
  if (Array.isArray(parsed.banners)) data.banners = parsed.banners as HeroBanner[];
  if (isRecord(parsed.robot) && typeof parsed.robot.id === 'string') data.robot = parsed.robot as Robot;
  if (isRecord(parsed.messages) && typeof parsed.messages.lang === 'string' && isRecord(parsed.messages.catalogue)) {
    data.messages = parsed.messages as EmbeddedMessages;
  }
  return data;
}

let cached: InitialData | undefined;

/** Reads the embedded block once; later calls return the same object. */
export function readInitialData(): InitialData {
  cached ??= parseInitialData(document.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent);
  return cached;
}
