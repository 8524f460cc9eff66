// Rich-text editor of announcements: tiptap (ProseMirror) with the starter kit — headings, emphasis,
// lists, quotes, links, undo. Loaded only when the form opens. It edits HTML; the server sanitises what
// it stores (sanitize-html) and the console sanitises again on display (DOMPurify).
import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useBilingual } from '../resource/text';
import './RichTextEditor.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
}

/** Empty document → '' so "required" sees an empty editor as empty. */
const asValue = (html: string) => (html === '<p></p>' ? '' : html);

export default function RichTextEditor({ value, onChange, disabled }: RichTextEditorProps) {
  const tx = useBilingual();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value ?? '',
    editable: !disabled,
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: e }) => onChange?.(asValue(e.getHTML())),
  });

  // A value set from outside (opening another record) replaces the document. An editor destroyed by a
  // remount (strict mode, the dialog's destroy on close) has no schema left: leave it alone.
  useEffect(() => {
    if (editor && !editor.isDestroyed && (value ?? '') !== asValue(editor.getHTML()))
      editor.commands.setContent(value ?? '');
  }, [editor, value]);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  if (!editor || editor.isDestroyed) return null;
  const chain = () => editor.chain().focus();
  const tool = (
    key: string,
    title: readonly [string, string],
    icon: ReactNode,
    run: () => void,
    active = false,
  ) => (
    <Tooltip key={key} title={tx(title)}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={tx(title)}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const heading = (level: 2 | 3 | 4) => (
    <Button
      key={`h${level}`}
      size="small"
      type={editor.isActive('heading', { level }) ? 'primary' : 'text'}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => chain().toggleHeading({ level }).run()}
    >
      H{level}
    </Button>
  );
  const setLink = () => {
    const previous = editor.getAttributes('link').href as string | undefined;
    const url = window.prompt(
      tx(['链接地址 (http/https)', 'Link address (http/https)']),
      previous ?? 'https://',
    );
    if (url === null) return;
    if (url.trim() === '') chain().unsetLink().run();
    else if (/^(https?:|mailto:)/i.test(url.trim())) chain().setLink({ href: url.trim() }).run();
  };

  return (
    <div className={`rich-text-editor${disabled ? ' is-disabled' : ''}`} data-testid="rich-text-editor">
      <Space size={2} wrap className="rich-text-toolbar">
        {tool(
          'bold',
          ['加粗', 'Bold'],
          <BoldOutlined />,
          () => chain().toggleBold().run(),
          editor.isActive('bold'),
        )}
        {tool(
          'italic',
          ['斜体', 'Italic'],
          <ItalicOutlined />,
          () => chain().toggleItalic().run(),
          editor.isActive('italic'),
        )}
        {tool(
          'underline',
          ['下划线', 'Underline'],
          <UnderlineOutlined />,
          () => chain().toggleUnderline().run(),
          editor.isActive('underline'),
        )}
        {tool(
          'strike',
          ['删除线', 'Strikethrough'],
          <StrikethroughOutlined />,
          () => chain().toggleStrike().run(),
          editor.isActive('strike'),
        )}
        <Divider type="vertical" />
        {heading(2)}
        {heading(3)}
        {heading(4)}
        <Divider type="vertical" />
        {tool(
          'bullet',
          ['无序列表', 'Bulleted list'],
          <UnorderedListOutlined />,
          () => chain().toggleBulletList().run(),
          editor.isActive('bulletList'),
        )}
        {tool(
          'ordered',
          ['有序列表', 'Numbered list'],
          <OrderedListOutlined />,
          () => chain().toggleOrderedList().run(),
          editor.isActive('orderedList'),
        )}
        {tool('link', ['链接', 'Link'], <LinkOutlined />, setLink, editor.isActive('link'))}
        <Divider type="vertical" />
        {tool('clear', ['清除格式', 'Clear formatting'], <ClearOutlined />, () =>
          chain().unsetAllMarks().clearNodes().run(),
        )}
        {tool('undo', ['撤销', 'Undo'], <UndoOutlined />, () => chain().undo().run())}
        {tool('redo', ['重做', 'Redo'], <RedoOutlined />, () => chain().redo().run())}
      </Space>
      <EditorContent editor={editor} className="rich-text-content" />
    </div>
  );
}
