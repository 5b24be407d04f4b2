import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractErrorRows, markedMessage } from '../../plugins/error-messages/extract';
import { indexPatterns, messagePattern, missingFromIndex } from '../../tools/content-checks/errorIndex';
import { parsePage } from '../../tools/content-checks/rules';
import { listFiles } from '../../tools/lib/listFiles';
import { inlineText } from '../../shared/errorMessages';

const root = process.cwd();
const pages = listFiles(join(root, 'docs'), /\.mdx?$/).map((full) =>
  parsePage(relative(root, full), readFileSync(full, 'utf8')),
);
// Built once: every page parsed for its error tables and markers.
const index = indexPatterns(pages);
const page = (file: string, body: string) => parsePage(file, `---\ntitle: T\n---\n\n${body}`);

describe('error-message markers', () => {
  it('indexes a message explained in prose, with its paragraph as the cause and its section', () => {
    const rows = extractErrorRows(
      '## Sort orders\n\n<!-- error-message: Source keys are not in ascending order at row N -->\n\nDatabases sort **text** differently.\n',
    );
    expect(rows).toHaveLength(1);
    expect(inlineText(rows[0].message)).toBe('Source keys are not in ascending order at row N');
    expect(inlineText(rows[0].cause)).toBe('Databases sort text differently.');
    expect(rows[0].anchor).toBe('sort-orders');
  });

  it('reads only error-message comments', () => {
    expect(markedMessage({ type: 'html', value: '<!-- error-message: X failed -->' })).toBe('X failed');
    expect(markedMessage({ type: 'html', value: '<!-- a note -->' })).toBeNull();
  });
});

describe('the error index covers the messages the docs show', () => {
  it('the messages explained only in prose are in the index', () => {
    for (const message of [
      'Engine shut down before the run finished',
      'User limit reached',
      'Column amount used by check amount_not_negative is not in the result',
      'EngineEntitlementExceeded',
      'Source keys are not in ascending order at row 41',
    ]) {
      expect(
        index.some((p) => p.test(message)),
        message,
      ).toBe(true);
    }
  });

  it('every message of a text block of error output or of an error table is in the index', () => {
    expect(missingFromIndex(pages, index)).toEqual([]);
  });

  it('fails for an error in a text block that no table or marker explains', () => {
    const extra = page('docs/guides/x/new.md', '## Run\n\n```text\nERROR Engine lost contact with veriq-api\n```\n');
    expect(missingFromIndex([extra], [...index, ...indexPatterns([extra])])).toEqual([
      { file: 'docs/guides/x/new.md', message: 'ERROR Engine lost contact with veriq-api', where: 'text block' },
    ]);
    const marked = page(
      'docs/guides/x/new.md',
      '## Run\n\n```text\nERROR Engine lost contact with veriq-api\n```\n\n<!-- error-message: Engine lost contact with veriq-api -->\n\nThe engine could not reach the API for 2 minutes.\n',
    );
    expect(missingFromIndex([marked], [...index, ...indexPatterns([marked])])).toEqual([]);
  });

  it('reads placeholders in capitals as variable parts, and a message all in capitals literally', () => {
    expect(
      messagePattern('Column COL used by check CHECK is not in the result').test(
        'Column a used by check b is not in the result',
      ),
    ).toBe(true);
    expect(messagePattern('NOT_AUTHORIZED').test('anything else')).toBe(false);
  });
});
