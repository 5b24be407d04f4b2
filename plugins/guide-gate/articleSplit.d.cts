export declare const ARTICLE_QUERY: string;
export declare const CHUNK_PREFIX: string;
export declare function publicMarkdown(source: string): string;
export declare function articleLoaderCode(
  resourcePath: string,
  rootDir: string,
  options: { gated: boolean; idTokenKey: string },
): string;
export declare function dropGuideDescription(json: string): string;
