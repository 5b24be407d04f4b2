// The token string the build ships beside each code block and the browser decodes.
import { Prism, normalizeTokens } from 'prism-react-renderer';
import { describe, expect, it } from 'vitest';
import { ADDITIONAL_LANGUAGES } from '../../../plugins/code-tokenizer/themes';
import { registerLanguages, tokenizeLines } from '../../../plugins/code-tokenizer/prism';
import {
  codeToTokenize,
  decodeTokenLines,
  encodeTokenLines,
  tokensForDisplay,
} from '../../../shared/code-highlight/tokens';

registerLanguages(ADDITIONAL_LANGUAGES);

describe('token encoding', () => {
  it('round-trips Prism tokens, empty lines and multi-line tokens included', () => {
    const code = "-- Failed rows\n\nSELECT id, 'a\nb' AS label\n  FROM orders /* note\n     spans */ WHERE qty > 3;";
    const lines = tokenizeLines(code, 'sql')!;
    expect(lines.length).toBe(6);
    expect(decodeTokenLines(encodeTokenLines(lines), code)).toEqual(lines);
  });

  it('keeps plain tokens short and names the types of the others', () => {
    expect(encodeTokenLines(tokenizeLines('SELECT 1', 'sql')!)).toBe('6:keyword 1 1:number');
  });

  it('rejects an encoding that does not describe the code', () => {
    const encoded = encodeTokenLines(tokenizeLines('SELECT 1', 'sql')!);
    expect(decodeTokenLines(encoded, 'SELECT 12')).toBeNull();
    expect(decodeTokenLines(encoded, 'SELECT 1\nSELECT 2')).toBeNull();
    expect(decodeTokenLines('6:keyword x', 'SELECT 1')).toBeNull();
  });

  it('shows plain text, never altered text, when the tokens are missing or damaged', () => {
    expect(tokensForDisplay('SELECT 1\n', 'SELECT 1\n', undefined)).toEqual([
      [{ types: ['plain'], content: 'SELECT 1' }],
      [{ types: ['plain'], content: '\n', empty: true }],
    ]);
    expect(tokensForDisplay('SELECT 1', 'SELECT 1\n', '3:keyword')).toEqual([
      [{ types: ['plain'], content: 'SELECT 1' }],
    ]);
  });

  it('follows the theme when it removes magic-comment lines from the displayed code', () => {
    const source = 'echo one\n# highlight-next-line\necho two\n';
    const encoded = encodeTokenLines(tokenizeLines(codeToTokenize(source), 'bash')!);
    const shown = tokensForDisplay('echo one\necho two\necho three', source, encoded);
    const all = tokenizeLines(codeToTokenize(source), 'bash')!;
    expect(shown[0]).toEqual(all[0]);
    expect(shown[1]).toEqual(all[2]);
    expect(shown[2]).toEqual([{ types: ['plain'], content: 'echo three' }]);
  });

  it('tokenizes exactly as prism-react-renderer does', () => {
    const code = 'kubectl get pods -n veriq # list\nexport A="$B"';
    const env = {
      code,
      grammar: Prism.languages.bash,
      language: 'bash',
      tokens: [] as ReturnType<typeof Prism.tokenize>,
    };
    Prism.hooks.run('before-tokenize', env);
    env.tokens = Prism.tokenize(code, env.grammar);
    Prism.hooks.run('after-tokenize', env);
    expect(tokenizeLines(code, 'bash')).toEqual(normalizeTokens(env.tokens));
  });
});
