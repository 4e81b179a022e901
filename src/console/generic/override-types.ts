import type { ConsoleResource } from '../../shared/descriptor';
import type { FormData } from '../rjsf/SchemaForm';
import type { ServerErrorLike } from '../rjsf/server-errors';
import type { DetailContext } from './detail-context';

/**
 * What a card on a settings tab sees of the form it sits under: the current values (edits included, saved or not)
 * and a way to show a server error on the form's fields, as a failed save would.
 */
export interface FormCardContext {
  data: FormData;
  reportError: (error: ServerErrorLike) => void;
}

/**
 * Every override (tab view or card) receives the detail page's entity, record and reload function; cards on a
 * settings tab also receive `form`.
 */
export type OverrideProps = DetailContext & { form?: FormCardContext };

/** A page below a view tab, at `<route>/:id/<tab>/:itemId` (e.g. one delivery of a webhook). */
export interface OverridePageProps {
  resource: ConsoleResource;
  /** The key of the tab the page belongs to, for its back link. */
  tab: string;
}
