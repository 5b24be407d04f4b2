export declare const ARTICLE_QUERY: string;
export declare function sourceHash(text: string): string;
export declare function findPublicMarkdown(
  splitFile: string,
  source: string,
  resourcePath: string,
  waitMs?: number,
): Promise<string>;
export declare function articleLoaderCode(
  resourcePath: string,
  options: { gated: boolean; idTokenKey: string },
): string;
export declare function dropGuideDescription(json: string): string;
export declare function isArticleModule(identifier: string): boolean;
