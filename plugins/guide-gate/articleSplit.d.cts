export declare const ARTICLE_QUERY: string;
export declare function publicMarkdown(source: string): string;
export declare function articleLoaderCode(
  resourcePath: string,
  options: { gated: boolean; idTokenKey: string },
): string;
export declare function dropGuideDescription(json: string): string;
export declare function isArticleModule(identifier: string): boolean;
