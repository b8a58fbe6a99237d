import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyRequest } from 'fastify';
import { Reader, type Response } from 'maxmind';

/** A record of the @ip-location-db country data. */
type CountryRecord = Response & { country_code?: string };

/** Country headers that CDNs and hosts add in front of the app, first found wins. */
const COUNTRY_HEADERS = [
  'cf-ipcountry',
  'cloudfront-viewer-country',
  'x-vercel-ip-country',
  'x-country-code',
];

export interface GeoLocator {
  countryOf(request: FastifyRequest): Promise<string | null>;
}

/**
 * Tells a caller's country: a CDN's header when one is in front, else the caller's address looked
 * up in the GeoIP data shipped with the server (@ip-location-db, CC0), read on first use.
 */
export function createGeoLocator(): GeoLocator {
  let reader: Promise<Reader<CountryRecord> | null> | null = null;
  const open = () =>
    (reader ??= (async () => {
      const file = createRequire(import.meta.url).resolve(
        '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb',
      );
      return new Reader<CountryRecord>(await readFile(file));
    })().catch(() => null));

  return {
    async countryOf(request) {
      for (const name of COUNTRY_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value) && !/^(XX|T1)$/i.test(value)) {
          return value.toUpperCase();
        }
      }
      let code: string | undefined;
      try {
        code = (await open())?.get(request.ip)?.country_code;
      } catch {
        // Not an address the data knows how to read.
      }
      return code && /^[A-Z]{2}$/.test(code) ? code : null;
    },
  };
}
