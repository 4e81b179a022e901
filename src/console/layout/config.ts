/** The product's own documentation, served by the same server: the guide and the management API's reference. */
export const docsUrl = '/docs';
export const apiReferenceUrl = '/docs/api';
export const productName = 'Gatehouse';
