import { themes, type PrismTheme } from 'prism-react-renderer';

// Code blocks are highlighted at build time (./rehype.ts). A code block's language
// must have a Prism grammar: prism-react-renderer's own set, or one of these prismjs components.
export const ADDITIONAL_LANGUAGES = [
  'bash',
  'sql',
  'groovy',
  'hcl',
  'powershell',
  'properties',
  'http',
  'ini',
] as const;
// Languages written on code blocks that are plain text on purpose.
export const PLAIN_LANGUAGES = ['text', 'csv'] as const;

// The comments that highlight lines in a code block: theme-classic's default
// (tests/unit/code-highlight/block-metadata.test.ts checks it still is).
export const MAGIC_COMMENTS = [
  {
    className: 'theme-code-block-highlighted-line',
    line: 'highlight-next-line',
    block: { start: 'highlight-start', end: 'highlight-end' },
  },
] as const;

// prism-react-renderer's GitHub and Dracula themes colour a few token types below the WCAG AA
// contrast ratio (4.5:1) on their own backgrounds; axe flags them on our code blocks. Later
// entries in `styles` win, so these overrides replace just those colours.
function withColours(theme: PrismTheme, colours: Record<string, string>): PrismTheme {
  return {
    ...theme,
    styles: [...theme.styles, ...Object.entries(colours).map(([type, color]) => ({ types: [type], style: { color } }))],
  };
}

// GitHub's theme also fades namespace prefixes (`xsi:` in XML) to 70% opacity, which takes the
// tag colour below 4.5:1; they keep the tag's full colour.
const lightBase: PrismTheme = {
  ...themes.github,
  styles: [...themes.github.styles, { types: ['namespace'], style: { opacity: 1 } }],
};

export const lightCodeTheme = withColours(lightBase, {
  comment: '#57606a',
  prolog: '#57606a',
  doctype: '#57606a',
  cdata: '#57606a',
  atrule: '#0550ae',
  variable: '#0a6464',
  'attr-value': '#0a3069',
  string: '#0a3069',
  regex: '#0a6464',
  url: '#0a6464',
  operator: '#5a3e00',
  entity: '#5a3e00',
  function: '#a0111f',
  number: '#0a6464',
  boolean: '#0a6464',
  constant: '#0a6464',
  symbol: '#0a6464',
  'attr-name': '#0550ae',
  property: '#0550ae',
  tag: '#0550ae',
  selector: '#0550ae',
  builtin: '#6f42c1',
  'class-name': '#6f42c1',
});

export const darkCodeTheme = withColours(themes.dracula, {
  comment: '#a0a9d0',
  prolog: '#a0a9d0',
  doctype: '#a0a9d0',
  cdata: '#a0a9d0',
});
