// Handler of the logo endpoints: the company an identifier names, its stored source logo, and the
// requested variant's bytes from the server's variant cache (rendered on a miss), with a strong
// ETag per variant and a Cache-Control that lets clients keep it (docs/api.md, Company logos).
// Invariant: an unknown company and a company without a logo are 404; a source that does not
// decode rejects (a redacted 500) and is never cached.
import type { ApiDeps, EndpointResult } from '../endpoint-types.js';
import { ApiError } from '../errors.js';
import { LogoVariantCache } from '../logo-variant-cache.js';
import { resolveOr404 } from '../time-series.js';
import { LOGO_CONTENT_TYPES, logoEtag, renderLogo, variantKey, type LogoFormat, type LogoVariant } from '../logo-render.js';

/** Bytes of rendered variants each server keeps (a 250 px lossless WebP is ~7 kB: thousands fit). */
export const LOGO_CACHE_BYTES = 32 * 1024 * 1024;
/** Clients may reuse a variant for a day without asking; after that a conditional request gets a 304. */
export const LOGO_CACHE_CONTROL = 'public, max-age=86400';

// One variant cache per server (its deps), dropped with it.
const caches = new WeakMap<ApiDeps, LogoVariantCache>();

function cacheOf(deps: ApiDeps): LogoVariantCache {
  let c = caches.get(deps);
  if (!c) {
    c = new LogoVariantCache(LOGO_CACHE_BYTES);
    caches.set(deps, c);
  }
  return c;
}

/** The validated params of the logo endpoints (endpoints/logos.ts). */
export interface LogoParams {
  readonly identifier: string;
  readonly format: LogoFormat;
  readonly size: number | undefined;
  readonly greyscale: boolean;
}

export async function logoImage(deps: ApiDeps, p: LogoParams): Promise<EndpointResult> {
  const identifier = p.identifier;
  const company = resolveOr404(deps, identifier);
  const logo = await deps.dataset.logos.forCik(company.cik);
  if (!logo) throw new ApiError('resource_missing', `No logo is available for '${identifier.slice(0, 40)}'.`, 'identifier');
  const variant: LogoVariant = {
    format: p.format,
    size: p.size === undefined ? null : p.size,
    greyscale: p.greyscale === true,
  };
  const body = await cacheOf(deps).get(`${logo.sha256}|${variantKey(variant)}`, () => renderLogo(logo.bytes, variant));
  return {
    kind: 'binary', contentType: LOGO_CONTENT_TYPES[variant.format], body,
    etag: logoEtag(logo.sha256, variant), headers: { 'Cache-Control': LOGO_CACHE_CONTROL },
  };
}
