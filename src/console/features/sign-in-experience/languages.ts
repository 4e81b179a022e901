/** Languages offered for the fallback and the custom phrases; a language with saved phrases is added to them. */
export const knownLanguages = ['en', 'de', 'fr', 'es', 'it', 'ja', 'ko', 'pt-BR', 'zh-CN'] as const;
