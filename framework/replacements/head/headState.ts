// What the document head should hold, worked out from every mounted <Head> (core's
// @docusaurus/Head, a react-helmet-async <Helmet>) the way react-helmet-async 1.3 works it out,
// so that the browser build can manage the head without that library (./clientHelmet.tsx).
// The server build keeps react-helmet-async: the head in the server HTML is its output, and the
// rules below are the ones that keep the browser's head equal to it.
import { Fragment, isValidElement, type ReactNode } from 'react';

export type Attributes = Record<string, string | undefined>;

/** The tag types a <Head> may hold more than one of, each deduplicated by its primary attributes. */
export const TAG_TYPES = ['base', 'link', 'meta', 'noscript', 'script', 'style'] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** One <Head>'s contents, in react-helmet-async's prop shapes. */
export interface HeadProps {
  title?: string | string[];
  titleTemplate?: string;
  defaultTitle?: string;
  titleAttributes?: Attributes;
  htmlAttributes?: Attributes;
  bodyAttributes?: Attributes;
  base?: Attributes;
  link?: Attributes[];
  meta?: Attributes[];
  noscript?: Attributes[];
  script?: Attributes[];
  style?: Attributes[];
}

/** The head that every mounted <Head>, in mount order, adds up to. */
export interface HeadState {
  title: string | undefined;
  titleAttributes: Attributes;
  htmlAttributes: Attributes;
  bodyAttributes: Attributes;
  tags: Record<TagType, Attributes[]>;
}

// React prop names that differ from the HTML attribute they set.
const HTML_NAMES: Record<string, string> = {
  accessKey: 'accesskey',
  charSet: 'charset',
  className: 'class',
  contentEditable: 'contenteditable',
  contextMenu: 'contextmenu',
  httpEquiv: 'http-equiv',
  itemProp: 'itemprop',
  tabIndex: 'tabindex',
};

// A tag's identity: a later <Head>'s tag replaces an earlier one's with the same value for it.
const PRIMARY_ATTRIBUTES: Record<TagType, readonly string[]> = {
  base: ['href'],
  link: ['rel', 'href'],
  meta: ['name', 'charset', 'http-equiv', 'property', 'itemprop'],
  noscript: ['innerHTML'],
  script: ['src', 'innerHTML'],
  style: ['cssText'],
};

// Where a tag's text goes, for the tag types that take text.
const TEXT_PROPERTY: Partial<Record<TagType, string>> = {
  noscript: 'innerHTML',
  script: 'innerHTML',
  style: 'cssText',
};

// A <Head> holds one <base>, and lists of the other tags.
type ListType = Exclude<TagType, 'base'>;
const isListType = (type: unknown): type is ListType =>
  type !== 'base' && (TAG_TYPES as readonly unknown[]).includes(type);

function htmlAttributesOf(props: Record<string, unknown>): Attributes {
  const attributes: Attributes = {};
  for (const [key, value] of Object.entries(props)) {
    if (key !== 'children') attributes[HTML_NAMES[key] ?? key] = value as string | undefined;
  }
  return attributes;
}

function textOf(children: unknown): string | string[] | undefined {
  if (children === undefined || children === null) return undefined;
  // A <title>'s or <script>'s children are text (strings, numbers), which react-helmet-async joins as is.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return Array.isArray(children) ? children.map(String) : String(children);
}

/**
 * A <Head>'s props and children in react-helmet-async's shapes: `<title>` becomes `title`,
 * `<html>` and `<body>` their attributes, each `<meta>`, `<link>`… an entry of its list.
 * Children lists replace the props' lists of the same type, as in react-helmet-async.
 */
export function headPropsOf(props: HeadProps, children: ReactNode): HeadProps {
  const result: HeadProps = { ...props };
  const lists: Partial<Record<ListType, Attributes[]>> = {};
  const visit = (node: ReactNode) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isValidElement<Record<string, unknown>>(node)) return;
    const { type, props: elementProps } = node;
    if (type === Fragment) return visit(elementProps.children as ReactNode);
    const text = textOf(elementProps.children);
    if (type === 'title') {
      result.title = text;
      result.titleAttributes = htmlAttributesOf(elementProps);
    } else if (type === 'html') result.htmlAttributes = htmlAttributesOf(elementProps);
    else if (type === 'body') result.bodyAttributes = htmlAttributesOf(elementProps);
    else if (type === 'base') result.base = htmlAttributesOf(elementProps);
    else if (isListType(type)) {
      const attributes = htmlAttributesOf(elementProps);
      const textProperty = TEXT_PROPERTY[type];
      if (text !== undefined) {
        if (!textProperty) throw new Error(`<${type}> in <Head> takes no children.`);
        attributes[textProperty] = Array.isArray(text) ? text.join('') : text;
      }
      (lists[type] ??= []).push(attributes);
    } else {
      throw new Error(`<Head> holds only title, html, body, ${TAG_TYPES.join(', ')} elements; not <${String(type)}>.`);
    }
  };
  visit(children);
  return { ...result, ...lists };
}

// The innermost (last mounted) <Head> that sets a key decides it.
function innermost<K extends keyof HeadProps>(list: readonly HeadProps[], key: K): HeadProps[K] | undefined {
  for (let i = list.length - 1; i >= 0; i -= 1) if (Object.hasOwn(list[i], key)) return list[i][key];
  return undefined;
}

function titleOf(list: readonly HeadProps[]): string | undefined {
  const raw = innermost(list, 'title');
  const title = Array.isArray(raw) ? raw.join('') : raw;
  const template = innermost(list, 'titleTemplate');
  if (template && title) return template.replace(/%s/g, () => title);
  return title || innermost(list, 'defaultTitle') || undefined;
}

function mergedAttributes(list: readonly HeadProps[], key: 'titleAttributes' | 'htmlAttributes' | 'bodyAttributes') {
  return list.reduce<Attributes>((merged, props) => ({ ...merged, ...props[key] }), {});
}

// The attribute that identifies a tag: the last of its type's primary attributes it has, except
// that a canonical link is identified by its rel (one canonical per page) and a stylesheet's rel
// never identifies it.
function primaryAttributeOf(type: TagType, tag: Attributes): string | undefined {
  const primaries = PRIMARY_ATTRIBUTES[type];
  let primary: string | undefined;
  for (const key of Object.keys(tag)) {
    const lower = key.toLowerCase();
    const canonicalKept = primary === 'rel' && tag.rel?.toLowerCase() === 'canonical';
    const stylesheetRel = lower === 'rel' && tag.rel?.toLowerCase() === 'stylesheet';
    if (primaries.includes(lower) && !canonicalKept && !stylesheetRel) primary = lower;
    if (primaries.includes(key) && (key === 'innerHTML' || key === 'cssText' || key === 'itemprop')) primary = key;
  }
  return primary;
}

/** One type's tags: the innermost <Head>'s win; a tag with no primary attribute is dropped. */
export function tagsOf(type: TagType, list: readonly HeadProps[]): Attributes[] {
  const seen = new Map<string, Set<string>>();
  const kept: Attributes[][] = [];
  for (const props of [...list].reverse()) {
    const tags = type === 'base' ? (props.base ? [props.base] : undefined) : props[type];
    if (!tags) continue;
    // Within one <Head> the same value may repeat (several og:image); across <Head>s it may not.
    const seenHere = new Map<string, Set<string>>();
    const keptHere = tags.filter((tag) => {
      const primary = primaryAttributeOf(type, tag);
      if (!primary || !tag[primary]) return false;
      const value = String(tag[primary]).toLowerCase();
      if (seen.get(primary)?.has(value)) return false;
      (seenHere.get(primary) ?? seenHere.set(primary, new Set()).get(primary)!).add(value);
      return true;
    });
    for (const [primary, values] of seenHere)
      for (const value of values) (seen.get(primary) ?? seen.set(primary, new Set()).get(primary)!).add(value);
    kept.unshift(keptHere);
    // A page has one <base>: the innermost that has an href.
    if (type === 'base' && keptHere.length > 0) break;
  }
  return kept.flat();
}

/** The head all mounted <Head>s (outermost first) add up to. */
export function reduceHead(list: readonly HeadProps[]): HeadState {
  return {
    title: titleOf(list),
    titleAttributes: mergedAttributes(list, 'titleAttributes'),
    htmlAttributes: mergedAttributes(list, 'htmlAttributes'),
    bodyAttributes: mergedAttributes(list, 'bodyAttributes'),
    tags: Object.fromEntries(TAG_TYPES.map((type) => [type, tagsOf(type, list)])) as HeadState['tags'],
  };
}
