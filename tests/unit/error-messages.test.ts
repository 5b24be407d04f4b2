import { describe, expect, it } from 'vitest';
import { classifyHeader, extractErrorPage, extractErrorRows } from '../../plugins/error-messages/extract';
import { sidebarOrder } from '../../plugins/docs-content/sidebars';
import { filterErrorMessages, inlineText, queryTerms, type ErrorMessagesData } from '../../shared/errorMessages';

describe('classifyHeader', () => {
  it('reads the usual Error | Cause | Fix table', () => {
    expect(classifyHeader(['Error', 'Cause', 'Fix'])).toEqual({
      message: 0,
      cause: 1,
      causeLabel: null,
      fix: 2,
      loose: false,
    });
  });

  it('finds the message column wherever its header names one', () => {
    expect(classifyHeader(['Slack error', 'Method', 'Meaning', 'Fix'])).toMatchObject({ message: 0, cause: 2, fix: 3 });
    expect(classifyHeader(['Server reply', 'Meaning', 'Fix'])).toMatchObject({ message: 0, cause: 1, fix: 2 });
    expect(classifyHeader(['Symptom', 'Where to look', 'Usual cause'])).toMatchObject({
      message: 0,
      cause: 2,
      fix: 1,
      loose: true,
    });
  });

  it('labels a context column used in place of a cause', () => {
    expect(classifyHeader(['Error in the Notification log', 'Tool', 'Fix'])).toMatchObject({
      cause: 1,
      causeLabel: 'Tool',
      fix: 2,
    });
    expect(classifyHeader(['Situation', 'Result', 'Remedy'])).toMatchObject({
      message: 1,
      cause: 0,
      causeLabel: 'Situation',
      fix: 2,
      loose: true,
    });
  });

  it('ignores tables that do not document messages', () => {
    expect(classifyHeader(['Exit code', 'Meaning', 'Typical pipeline reaction'])).toBeNull();
    expect(classifyHeader(['Status', 'Meaning', 'Typical action'])).toBeNull();
    expect(classifyHeader(['Property', 'Required', 'Default', 'Description'])).toBeNull();
    // A message column with nothing that explains it
    expect(classifyHeader(['Message', 'Count'])).toBeNull();
  });
});

const PAGE = `Lead paragraph.

## Troubleshooting

| Error | Cause | Fix |
| --- | --- | --- |
| \`No driver is installed for type 'IBM Db2'\` | The driver was not [uploaded](/guides/admin/drivers). | Upload \`db2jcc4.jar\` under **Administration → Drivers**. |
| **User limit reached** | The licence is full. | Deactivate leavers. |

## Troubleshooting

### When the \`veriq-api\` pod restarts

| Symptom | Cause | Fix |
| --- | --- | --- |
| Schedules do not fire | The scheduler is down. | Restart it. |
| **Test connection** fails with \`No suitable driver found\` | Wrong jar. | Upload the right one. |
| Source rows \`0\` | Empty file. | Check the path. |
| Pods \`CrashLoopBackOff\` | Bad licence. | Upload a valid one. |

| Property | Required | Default | Description |
| --- | --- | --- | --- |
| \`x\` | yes | none | Not a message. |
`;

describe('extractErrorRows', () => {
  const rows = extractErrorRows(PAGE);

  it('keeps inline code, bold labels and link text', () => {
    expect(rows[0]?.message).toEqual([{ k: 'c', v: "No driver is installed for type 'IBM Db2'" }]);
    expect(inlineText(rows[0]?.cause ?? [])).toBe('The driver was not uploaded.');
    expect(rows[0]?.fix).toEqual([
      { k: 't', v: 'Upload ' },
      { k: 'c', v: 'db2jcc4.jar' },
      { k: 't', v: ' under ' },
      { k: 'b', v: 'Administration → Drivers' },
      { k: 't', v: '.' },
    ]);
  });

  it('links each row to its section with the anchor Docusaurus gives the heading', () => {
    expect(rows[0]).toMatchObject({ section: 'Troubleshooting', anchor: 'troubleshooting' });
    // Inline code in a heading counts as plain text for its anchor.
    expect(rows[2]).toMatchObject({
      section: 'When the veriq-api pod restarts',
      anchor: 'when-the-veriq-api-pod-restarts',
    });
  });

  it('takes from symptom tables only the rows that quote a message', () => {
    const messages = rows.map((r) => inlineText(r.message));
    expect(messages).toEqual([
      "No driver is installed for type 'IBM Db2'",
      'User limit reached',
      'Test connection fails with No suitable driver found',
      'Pods CrashLoopBackOff',
    ]);
  });

  it('honours an explicit heading id', () => {
    const [row] = extractErrorRows('## Errors {#errs}\n\n| Message | Cause |\n| --- | --- |\n| `Boom` | Bang |\n');
    expect(row).toMatchObject({ section: 'Errors', anchor: 'errs' });
  });

  it('links a table above every heading to the page itself', () => {
    const [row] = extractErrorRows('| Message | Cause |\n| --- | --- |\n| `Boom` | Bang |\n');
    expect(row).toMatchObject({ section: '', anchor: '' });
  });

  it('returns no page when nothing is documented', () => {
    expect(
      extractErrorPage('## Intro\n\nText only.\n', { title: 'T', permalink: '/t', category: 'Guides' }),
    ).toBeNull();
  });
});

describe('sidebarOrder', () => {
  it('numbers docs in sidebar order, category links included', () => {
    const order = sidebarOrder({
      install: [{ type: 'doc', id: 'intro' }],
      guides: [
        {
          type: 'category',
          label: 'Admin',
          link: { type: 'doc', id: 'guides/admin/intro' },
          items: [{ type: 'doc', id: 'guides/admin/drivers' }],
        },
      ],
    });
    expect([...order]).toEqual([
      ['intro', 0],
      ['guides/admin/intro', 1],
      ['guides/admin/drivers', 2],
    ]);
  });
});

const DATA: ErrorMessagesData = {
  total: 3,
  pages: [
    {
      title: 'Connect to IBM Db2',
      permalink: '/guides/connections/ibmdb2',
      category: 'Guides › Connections',
      rows: [
        {
          message: [{ k: 'c', v: "No driver is installed for type 'IBM Db2'" }],
          cause: [{ k: 't', v: 'Not uploaded' }],
          fix: [],
          section: 'Troubleshooting',
          anchor: 'troubleshooting',
        },
        {
          message: [{ k: 'c', v: 'ERRORCODE=-4499, SQLSTATE=08001' }],
          cause: [{ k: 't', v: 'Connection refused' }],
          fix: [],
          section: 'Troubleshooting',
          anchor: 'troubleshooting',
        },
      ],
    },
    {
      title: 'Users',
      permalink: '/guides/admin/user',
      category: 'Guides › Administration',
      rows: [
        {
          message: [
            { k: 'b', v: 'Invite user' },
            { k: 't', v: ' is disabled' },
          ],
          cause: [{ k: 'c', v: 'User limit reached' }],
          fix: [],
          section: 'Troubleshooting',
          anchor: 'troubleshooting',
        },
      ],
    },
  ],
};

describe('filterErrorMessages', () => {
  it('keeps everything for an empty query', () => {
    expect(filterErrorMessages(DATA, '  ')).toEqual({ pages: DATA.pages, count: 3 });
  });

  it('needs every word, in any order and case, anywhere in the row', () => {
    const result = filterErrorMessages(DATA, 'db2 DRIVER');
    expect(result.count).toBe(1);
    expect(result.pages.map((p) => p.permalink)).toEqual(['/guides/connections/ibmdb2']);
  });

  it('matches the cause and the page title too, and drops pages left empty', () => {
    expect(filterErrorMessages(DATA, 'limit reached').pages.map((p) => p.title)).toEqual(['Users']);
    expect(filterErrorMessages(DATA, 'ibm').count).toBe(2);
  });

  it('treats a quoted part as one term and folds typographic quotes', () => {
    expect(queryTerms('"no driver"  Db2')).toEqual(['no driver', 'db2']);
    expect(filterErrorMessages(DATA, 'type \u2018IBM').count).toBe(1);
    expect(filterErrorMessages(DATA, '"driver no"').count).toBe(0);
  });
});
