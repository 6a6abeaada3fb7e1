/**
 * The image types each upload accepts (SPEC §5), shared by the upload route and the upload
 * fields. Free of zod and of the DOM.
 */
export const imageTypes = {
  png: { mime: 'image/png', extension: 'png' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  gif: { mime: 'image/gif', extension: 'gif' },
  webp: { mime: 'image/webp', extension: 'webp' },
  svg: { mime: 'image/svg+xml', extension: 'svg' },
  bmp: { mime: 'image/bmp', extension: 'bmp' },
  icon: { mime: 'image/x-icon', extension: 'ico' },
} as const;
export type ImageType = keyof typeof imageTypes;

/** What each kind of image may be: robot form, editor button, settings fields, banners. */
export const imageKinds = {
  robot: ['png', 'jpeg', 'webp'],
  banner: ['png', 'jpeg', 'gif', 'webp'],
  editor: ['png', 'gif', 'jpeg', 'bmp', 'icon'],
  logo: ['jpeg', 'png', 'gif', 'webp', 'svg'],
  favicon: ['png', 'icon'],
  social: ['png', 'jpeg', 'webp'],
} as const satisfies Record<string, readonly ImageType[]>;
export type ImageKind = keyof typeof imageKinds;
export const imageKindNames = Object.keys(imageKinds) as ImageKind[];

/** The `accept` attribute of a file input for a kind of image. */
export function acceptOf(kind: ImageKind): string {
  return imageKinds[kind].map((type) => imageTypes[type].mime).join(',');
}
