// Renders one variant of a stored company logo with sharp: format (webp or png), the longer side
// in pixels (an explicit size is met exactly, enlarging small sources; none = the source size
// capped at LOGO_MAX_SIZE) and greyscale. Also the variant's strong ETag, a hash of the source's
// SHA-256 and the variant, so equal ETags always mean equal bytes. A source that does not decode
// rejects (the caller answers a redacted 500); nothing here throws synchronously.
import crypto from 'node:crypto';
import sharp from 'sharp';

export const LOGO_MIN_SIZE = 16;
export const LOGO_MAX_SIZE = 800;
export const LOGO_FORMATS = ['webp', 'png'] as const;
export type LogoFormat = (typeof LOGO_FORMATS)[number];

export const LOGO_CONTENT_TYPES: Readonly<Record<LogoFormat, string>> = { webp: 'image/webp', png: 'image/png' };

/** Bumped whenever the rendering below changes, so clients' cached variants are not reused. */
const RENDER_VERSION = 1;
/** Sources larger than this many pixels are refused before decoding (the corpus' largest is 800x600). */
const MAX_SOURCE_PIXELS = 4096 * 4096;

// The variant cache (logo-variant-cache.ts) is the one bounded store of rendered bytes; libvips'
// own operation cache would hold decoded sources besides it.
sharp.cache(false);

export interface LogoVariant {
  format: LogoFormat;
  /** Longer side in pixels; null = the source size, capped at LOGO_MAX_SIZE. */
  size: number | null;
  greyscale: boolean;
}

/** The variant's key: also the cache key together with the source hash. */
export function variantKey(v: LogoVariant): string {
  return `${v.format}|${v.size ?? 'source'}|${v.greyscale ? 'grey' : 'colour'}|r${RENDER_VERSION}`;
}

/** Strong ETag (quoted) of a variant of the source with this SHA-256. */
export function logoEtag(sourceSha256: string, v: LogoVariant): string {
  return `"${crypto.createHash('sha256').update(`${sourceSha256}|${variantKey(v)}`).digest('hex').slice(0, 32)}"`;
}

export async function renderLogo(source: Buffer, v: LogoVariant): Promise<Buffer> {
  // failOn 'error': a truncated or corrupt file rejects instead of rendering a partial image.
  let img = sharp(source, { failOn: 'error', limitInputPixels: MAX_SOURCE_PIXELS });
  img = v.size === null
    ? img.resize({ width: LOGO_MAX_SIZE, height: LOGO_MAX_SIZE, fit: 'inside', withoutEnlargement: true })
    : img.resize({ width: v.size, height: v.size, fit: 'inside' });
  if (v.greyscale) img = img.greyscale();
  // Lossless WebP: logos are flat colours and sharp edges; it keeps them exact (a greyscale variant
  // decodes to equal channels) at about 0.6x the PNG's bytes (1.25x lossy WebP's) on the corpus.
  img = v.format === 'png' ? img.png() : img.webp({ lossless: true });
  return img.toBuffer();
}
