/**
 * One `Intl` formatter per language and options for the life of the process (server) or the page (browser), shared
 * by every message (core/messages.ts): building an `Intl.PluralRules` or `NumberFormat` costs far more than using
 * one, and intl-messageformat would otherwise build them again for each message it compiles.
 *
 * `memoize` has the signature of `@formatjs/fast-memoize`, which the browser's bundle resolves to this module
 * (vite/formatjs-client.ts): intl-messageformat's own default cache then costs no bytes of its own.
 */
export function memoize<A extends unknown[], R>(make: (...args: A) => R): (...args: A) => R {
  const made = new Map<string, R>();
  return (...args) => {
    const key = JSON.stringify(args);
    let value = made.get(key);
    if (value === undefined) {
      value = make(...args);
      made.set(key, value);
    }
    return value;
  };
}

/** fast-memoize's strategies name how it builds its key; this module keys every call by all its arguments. */
export const strategies = { variadic: undefined, monadic: undefined };

export const intlFormatters = {
  getNumberFormat: memoize((...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args)),
  getDateTimeFormat: memoize((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
  getPluralRules: memoize((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
};
