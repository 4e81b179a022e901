import { useEffect } from 'react';
import { productName } from './config';

/** Page title as `<page> - Gatehouse` (spec §9 title template). */
export const useDocumentTitle = (title: string | undefined) => {
  useEffect(() => {
    document.title = title ? `${title} - ${productName}` : productName;
  }, [title]);
};
