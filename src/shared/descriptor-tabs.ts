/** The tabs of an entity's detail page (and of a singleton's settings page), as the console model carries them. */
import type { RecordCondition } from './descriptor-relations.js';
import type { FormModel } from './form-model.js';

/**
 * Another entity's records listed on a tab, those whose list filter `filter` is this item's id; its create dialog
 * sets `field` to the item's id (an organization's invitations, by `organizationId`).
 */
export interface FilteredList {
  entity: string;
  filter: string;
  field: string;
}

export interface FormSection {
  titleKey: string;
  descriptionKey?: string;
  fields: string[];
  when?: RecordCondition;
}

export type DetailTab =
  | {
      key: string;
      titleKey: string;
      kind: 'relation';
      default: boolean;
      relation: string;
      when?: RecordCondition;
      /** List filters of the target (field → value) that limit what the assign dialog offers. */
      assignFilters?: Record<string, string>;
      /** Further relations listed below the first on the same tab, each in a card of its own. */
      relations?: string[];
      /** A row opens the linked item's own page (a user's organization). */
      openTarget?: boolean;
      /** Lists of another entity's records that name this item, below the relations (an organization's invitations). */
      lists?: FilteredList[];
    }
  | {
      key: string;
      titleKey: string;
      kind: 'form';
      default: boolean;
      sections: FormSection[];
      cards: string[];
      form: FormModel;
      /**
       * Another entity's record the form edits, read and saved at these item action paths (`{id}`: this item);
       * `create`, where an item with the record is made (its entity's create action, with that entity's fixtures).
       */
      record?: {
        read: string;
        save: { method: 'PATCH' | 'PUT'; path: string };
        create?: { entity: string; form: string; path: string };
      };
      when?: RecordCondition;
    }
  | { key: string; titleKey: string; kind: 'view'; default: boolean; view: string; when?: RecordCondition }
  | {
      key: string;
      titleKey: string;
      kind: 'log';
      default: boolean;
      /** The log entity whose list the tab embeds. */
      log: string;
      /** The log's value filter (query parameter) fixed to the item's id. */
      filter: string;
      when?: RecordCondition;
    }
  | {
      key: string;
      titleKey: string;
      kind: 'history';
      default: false;
      /** The entity that keeps the configuration history, whose list the tab filters to this item. */
      log: string;
      /** The path of its restore action (`{id}`: the change). */
      restore: string;
      when?: RecordCondition;
    };
