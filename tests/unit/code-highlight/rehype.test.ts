// The rehype plugin that tokenizes Markdown code blocks during the build.
import { describe, expect, it } from 'vitest';
import { ADDITIONAL_LANGUAGES, MAGIC_COMMENTS, PLAIN_LANGUAGES } from '../../../plugins/code-tokenizer/themes';
import rehypeHighlightCode, { UnknownCodeLanguageError } from '../../../plugins/code-tokenizer/rehype';

interface Node {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: Node[];
}

const text = (value: string): Node => ({ type: 'text', value });
const codeBlock = (language: string | null, children: Node[]): Node => ({
  type: 'element',
  tagName: 'pre',
  properties: {},
  children: [
    { type: 'element', tagName: 'code', properties: language ? { className: [`language-${language}`] } : {}, children },
  ],
});
const codeOf = (pre: Node) => pre.children![0];

describe('rehype plugin', () => {
  const transform = rehypeHighlightCode({
    additionalLanguages: ADDITIONAL_LANGUAGES,
    plainLanguages: PLAIN_LANGUAGES,
    magicComments: MAGIC_COMMENTS,
  });

  it('adds the encoded tokens to highlighted blocks and leaves plain ones alone', () => {
    const sql = codeBlock('SQL', [text('SELECT 1\n')]);
    const csv = codeBlock('csv', [text('id,qty\n1,2\n')]);
    const bare = codeBlock(null, [text('no language\n')]);
    const inline: Node = {
      type: 'element',
      tagName: 'p',
      children: [
        { type: 'element', tagName: 'code', properties: { className: ['language-sql'] }, children: [text('SELECT 1')] },
      ],
    };
    const tree: Node = { type: 'root', children: [sql, csv, bare, inline] };
    transform(tree, { path: 'docs/a.md' });
    expect(codeOf(sql).properties!.tokens).toBe('6:keyword 1 1:number');
    expect(codeOf(csv).properties!.tokens).toBeUndefined();
    expect(codeOf(bare).properties!.tokens).toBeUndefined();
    expect(inline.children![0].properties!.tokens).toBeUndefined();
    // Every block gets its metadata, plain ones too; inline code is not a block.
    // Written `SQL`: the theme's language is lower case, and it adds that class name.
    expect(codeOf(sql).properties!.blockMetadata).toBe('{"language":"sql","className":"language-SQL language-sql"}');
    expect(codeOf(csv).properties!.blockMetadata).toBe('{"language":"csv"}');
    expect(codeOf(bare).properties!.blockMetadata).toBe('{"language":"text","className":"language-text"}');
    expect(inline.children![0].properties!.blockMetadata).toBeUndefined();
  });

  it('gives a block its title, line numbers and highlighted lines from the metastring and magic comments', () => {
    const titled = codeBlock('bash', [text('helm install veriq\n# highlight-next-line\nhelm status veriq\n')]);
    codeOf(titled).properties!.metastring = 'title="Install" showLineNumbers';
    transform({ type: 'root', children: [titled] }, { path: 'docs/a.md' });
    expect(JSON.parse(codeOf(titled).properties!.blockMetadata as string)).toEqual({
      language: 'bash',
      title: 'Install',
      lineNumbersStart: 1,
      code: 'helm install veriq\nhelm status veriq',
      lineClassNames: { 1: ['theme-code-block-highlighted-line'] },
    });
  });

  it('leaves blocks holding elements to the theme', () => {
    const mixed = codeBlock('bash', [text('echo '), { type: 'element', tagName: 'b', children: [text('x')] }]);
    transform({ type: 'root', children: [mixed] }, { path: 'docs/a.md' });
    expect(codeOf(mixed).properties!.tokens).toBeUndefined();
    expect(codeOf(mixed).properties!.blockMetadata).toBeUndefined();
  });

  it('stops the build on a language Prism does not know, naming the file and the fix', () => {
    const typo = codeBlock('bsh', [text('echo hi\n')]);
    const run = () => transform({ type: 'root', children: [typo] }, { path: 'docs/install/helm.md' });
    expect(run).toThrow(UnknownCodeLanguageError);
    expect(run).toThrow(
      /docs\/install\/helm\.md: code block language "bsh" has no Prism grammar.*plugins\/code-tokenizer\/themes\.ts.*text, csv/,
    );
  });
});
