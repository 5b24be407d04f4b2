// Differential test of src/theme/LastUpdated (ejected from theme-classic to format the date
// without Intl, src/reader/lastUpdatedDate.ts): the theme's component and ours, bundled with the
// same Translate, theme class names and site context, render the same markup for the same props,
// over dates from 2000 to 2099 and in a locale ours leaves to Intl.
import { join } from 'node:path';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bundleAndImport } from './bundle';
import { formatsWithoutIntl, shortUtcDate, LAST_UPDATED_FORMAT } from '../../../src/reader/lastUpdatedDate';

// The packages' exports hide these files.
const packageDir = (name: string) => join(process.cwd(), 'node_modules', name);
const core = packageDir('@docusaurus/core');
const themeCommon = packageDir('@docusaurus/theme-common');
const themeClassic = packageDir('@docusaurus/theme-classic');

interface Site {
  locale: string;
  calendar: string;
}
type LastUpdated = (props: { lastUpdatedAt?: number; lastUpdatedBy?: string }) => React.ReactNode;

const site: Site = { locale: 'en', calendar: 'gregory' };
(globalThis as { __site?: Site }).__site = site;

async function components(): Promise<{ Theirs: LastUpdated; Ours: LastUpdated }> {
  return bundleAndImport(
    `export { default as Theirs } from '${join(themeClassic, 'lib/theme/LastUpdated/index.js')}';
     export { default as Ours } from '${join(process.cwd(), 'src/theme/LastUpdated/index.tsx')}';`,
    {
      virtual: {
        '@docusaurus/Translate': `export { default } from '${join(core, 'lib/client/exports/Translate.js')}';`,
        '@docusaurus/Interpolate': `export * from '${join(core, 'lib/client/exports/Interpolate.js')}';`,
        '@generated/codeTranslations': 'export default {};',
        '@docusaurus/useDocusaurusContext': `export default function useDocusaurusContext() {
          const { locale, calendar } = globalThis.__site;
          return { i18n: { currentLocale: locale, localeConfigs: { [locale]: { calendar } } } };
        }`,
        '@docusaurus/theme-common': `export { ThemeClassNames } from '${join(themeCommon, 'lib/utils/ThemeClassNames.js')}';`,
        '@docusaurus/theme-common/internal': `export { useDateTimeFormat } from '${join(themeCommon, 'lib/utils/IntlUtils.js')}';`,
        '@site/src/reader/lastUpdatedDate': `export * from '${join(process.cwd(), 'src/reader/lastUpdatedDate.ts')}';`,
      },
    },
  );
}

const FROM = Date.UTC(2000, 0, 1);
const TO = Date.UTC(2100, 0, 1) - 1;

describe('LastUpdated (the theme’s beside ours)', () => {
  it('renders the same markup for the same date and author', async () => {
    const { Theirs, Ours } = await components();
    const both = (props: Parameters<LastUpdated>[0]) => [
      renderToStaticMarkup(<Theirs {...props} />),
      renderToStaticMarkup(<Ours {...props} />),
    ];
    const [theirs, ours] = both({ lastUpdatedAt: Date.UTC(2025, 10, 26, 23, 59), lastUpdatedBy: 'Veriq docs' });
    expect(theirs).toContain('Nov 26, 2025');
    expect(ours).toBe(theirs);
    for (const props of [{}, { lastUpdatedBy: 'Veriq docs' }, { lastUpdatedAt: Date.UTC(2024, 1, 29) }]) {
      const [a, b] = both(props);
      expect(b).toBe(a);
    }
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: TO }), (at) => {
        const [a, b] = both({ lastUpdatedAt: at });
        expect(b).toBe(a);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves a locale or calendar it cannot write to Intl, as the theme does', async () => {
    const { Theirs, Ours } = await components();
    for (const [locale, calendar] of [
      ['fr', 'gregory'],
      ['en', 'japanese'],
      ['en-GB', 'gregory'],
    ] as const) {
      Object.assign(site, { locale, calendar });
      expect(formatsWithoutIntl(locale, calendar)).toBe(false);
      const at = Date.UTC(2025, 2, 3);
      expect(renderToStaticMarkup(<Ours lastUpdatedAt={at} />)).toBe(
        renderToStaticMarkup(<Theirs lastUpdatedAt={at} />),
      );
    }
    Object.assign(site, { locale: 'en', calendar: 'gregory' });
  });
});

describe('shortUtcDate', () => {
  it('writes what Intl writes in English, for every day of 2000–2099 sampled', () => {
    const intl = new Intl.DateTimeFormat('en', { calendar: 'gregory', ...LAST_UPDATED_FORMAT });
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: TO }), (at) => {
        expect(shortUtcDate(at)).toBe(intl.format(new Date(at)));
      }),
      { numRuns: 2000 },
    );
    // The day is UTC's, whatever the machine's time zone: the last minute of a day stays that day.
    expect(shortUtcDate(Date.UTC(2025, 11, 31, 23, 59))).toBe('Dec 31, 2025');
  });
});
