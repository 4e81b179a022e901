import type { DetailContext } from '../generic/detail-context';

/** Every override (tab view or card) receives the detail page's entity, record and reload function. */
export type OverrideProps = DetailContext;
