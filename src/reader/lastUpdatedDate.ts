// The date in "Last updated on …" under every doc. The theme formats it with Intl.DateTimeFormat,
// and the first one a page creates loads the browser's locale data: 50–100 ms of main thread on
// a desktop CPU, in one piece, in the middle of hydration. For the site's locale the format is
// fixed, so it is written here instead (src/theme/LastUpdated).

/** The options the theme formats the date with. */
export const LAST_UPDATED_FORMAT = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } as const;

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** True when `shortUtcDate` writes what Intl writes for this locale and calendar. */
export function formatsWithoutIntl(locale: string, calendar: string | undefined): boolean {
  return (locale === 'en' || locale === 'en-US') && (calendar === undefined || calendar === 'gregory');
}

/** "Nov 26, 2025": the day of `ms` in UTC, as Intl formats LAST_UPDATED_FORMAT in English. */
export function shortUtcDate(ms: number): string {
  const date = new Date(ms);
  return `${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** The date as the theme shows it, through Intl only for a locale this module cannot write. */
export function lastUpdatedDate(ms: number, locale: string, calendar: string | undefined): string {
  if (formatsWithoutIntl(locale, calendar)) return shortUtcDate(ms);
  return new Intl.DateTimeFormat(locale, { calendar, ...LAST_UPDATED_FORMAT }).format(new Date(ms));
}
