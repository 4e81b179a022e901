import type { WrapIfAdditionalTemplateProps } from '@rjsf/utils';

/**
 * Templates that render nothing: titles and descriptions of objects (fields carry their own labels), the error
 * list (errors show under each field), and the per-field error/help blocks (FieldTemplate renders those itself).
 */
export const Nothing = () => null;

export const WrapIfAdditionalTemplate = ({ children }: WrapIfAdditionalTemplateProps) => <>{children}</>;
