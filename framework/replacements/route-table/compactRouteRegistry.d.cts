export declare const SHORT_NAME_PREFIX: string;
export declare function registryEntries(source: string): { chunkName: string; modulePath: string }[];
export declare function shortChunkNames(registrySource: string): Map<string, string>;
export declare function compactRegistry(source: string): string;
export declare function routeKeys(source: string): string[];
export declare function routeSidebars(source: string): Map<string, string>;
export declare function compactRouteKey(rank: number): string;
export declare function compactRoutes(source: string): string;
export declare function compactRoutesChunkNames(json: string, short: Map<string, string>, keys: string[]): string;
