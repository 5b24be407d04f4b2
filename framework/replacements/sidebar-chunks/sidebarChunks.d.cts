export declare function requestedSidebar(resourceQuery: string): string | undefined;
export declare function sidebarNames(json: string): string[] | null;
export declare function metadataModule(json: string, storeRequest: string): string;
export declare function sidebarModule(json: string, name: string, storeRequest: string): string;
export declare function sidebarChunksModule(metadataFile: string, names: string[]): string;
export declare function sidebarChunkName(name: string): string;
