// A rehype plugin for the docs: highlights every Markdown code block at build time, so no page
// downloads Prism (about 35 KiB gzip) or runs it while hydrating. Each `pre > code` block gets a
// `tokens` prop (shared/code-highlight/tokens.ts) and a `blockMetadata` prop
// (shared/code-highlight/blockMetadata.ts), which the theme would otherwise parse in the browser.
// Why: maintainers/decisions/2026-11-27-build-time-code-highlighting.md
import { codeBlockMetadata, type MagicCommentConfig } from '../../shared/code-highlight/blockMetadata';
import { encodeMetadata } from '../../shared/code-highlight/metadataEncoding';
import { codeToTokenize, encodeTokenLines } from '../../shared/code-highlight/tokens';
import { hasGrammar, registerLanguages, tokenizeLines } from './prism';

export interface HighlightCodeOptions {
  /** prismjs grammars to add to prism-react-renderer's defaults. */
  additionalLanguages: readonly string[];
  /** Languages shown as plain text on purpose (no grammar exists or is wanted). */
  plainLanguages: readonly string[];
  /** themeConfig.prism.magicComments: the comments that highlight lines. */
  magicComments: readonly MagicCommentConfig[];
  /** themeConfig.prism.defaultLanguage. */
  defaultLanguage?: string;
}

/** The parts of a hast tree this plugin reads and writes. */
interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

function languageOf(code: HastNode): string | undefined {
  const classNames = code.properties?.className;
  if (!Array.isArray(classNames)) return undefined;
  const name = classNames.find((c): c is string => typeof c === 'string' && c.startsWith('language-'));
  return name?.slice('language-'.length).toLowerCase();
}

/** The class names as the theme receives them (MDX joins hast's list with spaces). */
function classNameOf(code: HastNode): string | undefined {
  const classNames = code.properties?.className;
  return Array.isArray(classNames) ? classNames.join(' ') : typeof classNames === 'string' ? classNames : undefined;
}

function codeBlocks(node: HastNode, found: HastNode[] = []): HastNode[] {
  for (const child of node.children ?? []) {
    if (node.type === 'element' && node.tagName === 'pre' && child.type === 'element' && child.tagName === 'code')
      found.push(child);
    else codeBlocks(child, found);
  }
  return found;
}

export class UnknownCodeLanguageError extends Error {}

export default function rehypeHighlightCode(options: HighlightCodeOptions) {
  registerLanguages(options.additionalLanguages);
  const plain = new Set(options.plainLanguages);
  return (tree: HastNode, file: { path?: string }): void => {
    for (const code of codeBlocks(tree)) {
      const language = languageOf(code);
      const highlighted = language !== undefined && !plain.has(language);
      if (highlighted && !hasGrammar(language)) {
        throw new UnknownCodeLanguageError(
          `${file.path ?? 'A Markdown file'}: code block language "${language}" has no Prism grammar. ` +
            `Use a language Prism knows (add its prismjs component name to ADDITIONAL_LANGUAGES in plugins/code-tokenizer/themes.ts), ` +
            `or one of ${[...plain].join(', ')} for plain text.`,
        );
      }
      // Blocks with JSX or other elements inside are left to the theme, as stock Docusaurus does.
      const children = code.children ?? [];
      if (children.length !== 1 || children[0].type !== 'text') continue;
      const source = children[0].value ?? '';
      const className = classNameOf(code);
      const metadata = codeBlockMetadata({
        code: source,
        className,
        metastring: typeof code.properties?.metastring === 'string' ? code.properties.metastring : undefined,
        magicComments: options.magicComments,
        defaultLanguage: options.defaultLanguage,
      });
      code.properties = { ...code.properties, blockMetadata: encodeMetadata(metadata, className) };
      if (!highlighted) continue;
      const lines = tokenizeLines(codeToTokenize(source), language)!;
      if (lines.every((line) => line.every((token) => token.types.length === 1 && token.types[0] === 'plain')))
        continue;
      code.properties = { ...code.properties, tokens: encodeTokenLines(lines) };
    }
  };
}
