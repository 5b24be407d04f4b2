export declare const BUILD_ONLY_FIELDS: string[];
export declare const BUILD_ONLY_PRISM_FIELDS: string[];
export declare const BUILD_ONLY_FUTURE_FIELDS: string[];
export declare function browserSiteConfig(source: string): string;
