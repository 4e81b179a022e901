import { javascript } from '@codemirror/lang-javascript';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';

/** The script's code editor (CodeMirror, JavaScript), loaded only on the editor page. */
export const ScriptEditor = ({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) => {
  const extensions = useMemo(() => [javascript(), EditorView.contentAttributes.of({ 'aria-label': label })], [label]);
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      minHeight="320px"
      basicSetup={{ foldGutter: false }}
    />
  );
};
