import { withTheme } from '@rjsf/core';
import type { Field, TemplatesType, Widget } from '@rjsf/utils';
import { JsonField } from './fields/JsonField';
import { KeyValueField } from './fields/KeyValueField';
import type { ConsoleFieldKey, ConsoleWidgetKey } from './keys';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './templates/ArrayFieldTemplate';
import { BaseInputTemplate } from './templates/BaseInputTemplate';
import { FieldTemplate } from './templates/FieldTemplate';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';
import { Nothing, WrapIfAdditionalTemplate } from './templates/quiet';
import { BranchSelectWidget } from './widgets/branch-select';
import { CheckboxesWidget, ChoiceCardsWidget, RadioWidget, SelectWidget, SwitchWidget } from './widgets/choice-widgets';
import { DateWidget } from './widgets/date-widget';
import { EntityPickerWidget } from './widgets/entity-picker';
import { SecretWidget } from './widgets/secret-widget';
import { HiddenWidget, TextareaWidget, UpDownWidget } from './widgets/text-widgets';

/** Every widget a descriptor may name, plus the built-in names rjsf picks by schema type. */
const namedWidgets: Record<ConsoleWidgetKey, Widget> = {
  switch: SwitchWidget,
  checkboxes: CheckboxesWidget,
  updown: UpDownWidget,
  radio: RadioWidget,
  choiceCards: ChoiceCardsWidget,
  date: DateWidget,
  hidden: HiddenWidget,
  textarea: TextareaWidget,
  select: SelectWidget,
  secret: SecretWidget,
  entityPicker: EntityPickerWidget,
};

const widgets: Record<string, Widget> = {
  ...namedWidgets,
  SwitchWidget,
  CheckboxWidget: SwitchWidget,
  CheckboxesWidget,
  RadioWidget,
  SelectWidget,
  TextareaWidget,
  UpDownWidget,
  HiddenWidget,
  branchSelect: BranchSelectWidget,
};

const fields: Record<ConsoleFieldKey, Field> = {
  keyValue: KeyValueField,
  json: JsonField,
};

const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  BaseInputTemplate,
  WrapIfAdditionalTemplate,
  TitleFieldTemplate: Nothing,
  DescriptionFieldTemplate: Nothing,
  ArrayFieldTitleTemplate: Nothing,
  ArrayFieldDescriptionTemplate: Nothing,
  ErrorListTemplate: Nothing,
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
};

/** The console's one rjsf theme: antd inputs laid out like hand-made settings cards. */
export const ThemedForm = withTheme({ templates, widgets, fields });
