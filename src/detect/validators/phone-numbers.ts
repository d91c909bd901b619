import { createRequire } from 'node:module';
import type * as PhoneLib from 'libphonenumber-js/max';

/**
 * libphonenumber-js (its "max" metadata), loaded on first use rather than at
 * module import: a process or document that never checks a phone-shaped
 * number never pays for it. The CommonJS build is the same package version
 * and reads the same metadata JSON as the ES-module build (same answers),
 * and it loads in about two thirds of the time. Every user of the library in
 * the process should go through this module, so that it is loaded once.
 */
type Lib = typeof PhoneLib;

let lib: Lib | undefined;

export function phoneLib(): Lib {
  // In the CLI bundle (CommonJS, scripts/build-bundle.ts) `require` exists and esbuild bundles the
  // library behind this call, still evaluated on first use; the ES modules of dist/ have no `require`.
  lib ??= (typeof require === 'function' ? require('libphonenumber-js/max') : createRequire(import.meta.url)('libphonenumber-js/max')) as Lib;
  return lib;
}

/** libphonenumber-js's parsePhoneNumberFromString, loading the library on first call. */
export const parsePhoneNumberFromString: Lib['parsePhoneNumberFromString'] = (...args: Parameters<Lib['parsePhoneNumberFromString']>) =>
  phoneLib().parsePhoneNumberFromString(...args);

/** libphonenumber-js's getExampleNumber, loading the library on first call. */
export const getExampleNumber: Lib['getExampleNumber'] = (...args: Parameters<Lib['getExampleNumber']>) => phoneLib().getExampleNumber(...args);
