export declare const isRedirectUri: (value: string) => boolean;
export declare const isWebRedirectUri: (value: string) => boolean;
export declare const customFormats: Record<string, (value: string) => boolean>;
export declare const fullFormats: Record<string, unknown>;
export declare const ucs2length: (text: string) => number;
