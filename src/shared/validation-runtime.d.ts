export declare const fullFormats: Record<string, unknown>;
export declare const ucs2length: (text: string) => number;
