// A row's actions on one line: the first few as links, the rest in a "更多" menu, so the fixed action column
// keeps its width and never wraps. Actions that ask first use a pop-up confirmation inline and a confirmation
// dialog from the menu.
import { DownOutlined } from '@ant-design/icons';
import { App, Dropdown, Popconfirm, Space, Typography } from 'antd';
import { useBilingual } from './text';
import type { Bilingual } from './types';

export interface RowActionItem {
  key: string;
  label: Bilingual;
  danger?: boolean;
  /** Asks this before running. */
  confirm?: Bilingual;
  run: () => void | Promise<void>;
}

/** Links shown before the rest go into the menu. */
export const INLINE_ACTIONS = 3;
/** On a phone the pinned column may take little of the screen: two links, the rest in the menu. */
export const PHONE_INLINE_ACTIONS = 2;

/** The links a row shows inline out of its actions (the menu takes the rest). */
function inlineCount(total: number, inline: number): number {
  return total > inline + 1 ? inline : total;
}

/**
 * Width of the action column for the texts of the actions a row may offer: the inline links (a CJK character
 * about 14 px, a Latin one about 7.5 px, 12 px apart) and the "更多" menu.
 */
export function actionColumnWidth(texts: string[], inline = INLINE_ACTIONS): number {
  // Rows show different actions (a review only while pending): room for the widest ones that may be inline.
  const widest = [...texts].sort((a, b) => textWidth(b) - textWidth(a));
  return linksWidth(widest, inline);
}

/** Width of the action column for the rows on screen: the widest of their own inline links and menu. */
export function shownActionsWidth(rows: string[][], inline: number): number {
  return rows.reduce((widest, texts) => Math.max(widest, linksWidth(texts, inline)), 80);
}

function textWidth(text: string): number {
  return [...text].reduce((sum, char) => sum + (char.charCodeAt(0) > 0x2e80 ? 14 : 7.5), 0);
}

/** Width of a row's links shown inline (the first of `texts`) and of its menu, if the rest needs one. */
function linksWidth(texts: string[], inline: number): number {
  const shown = texts.slice(0, inlineCount(texts.length, inline));
  const links = shown.reduce((sum, text) => sum + textWidth(text) + 12, 0);
  const more = texts.length > shown.length ? 64 : 0;
  return Math.ceil(Math.max(80, links + more + 20));
}

export function RowActions({ items, inline = INLINE_ACTIONS }: { items: RowActionItem[]; inline?: number }) {
  const tx = useBilingual();
  const { modal } = App.useApp();
  const shown = items.slice(0, inlineCount(items.length, inline));
  const rest = items.slice(shown.length);
  return (
    <Space size={12} wrap={false} style={{ whiteSpace: 'nowrap' }}>
      {shown.map((item) => {
        const link = (
          <Typography.Link
            key={item.key}
            type={item.danger ? 'danger' : undefined}
            onClick={item.confirm ? undefined : () => void item.run()}
          >
            {tx(item.label)}
          </Typography.Link>
        );
        return item.confirm ? (
          <Popconfirm key={item.key} title={tx(item.confirm)} onConfirm={() => item.run()}>
            {link}
          </Popconfirm>
        ) : (
          link
        );
      })}
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rest.map((item) => ({ key: item.key, label: tx(item.label), danger: item.danger })),
            onClick: ({ key }) => {
              const item = rest.find((candidate) => candidate.key === key);
              if (!item) return;
              if (!item.confirm) {
                void item.run();
                return;
              }
              modal.confirm({
                title: tx(item.confirm),
                okButtonProps: { danger: item.danger },
                onOk: () => item.run(),
              });
            },
          }}
        >
          <Typography.Link>
            {tx(['更多', 'More'])} <DownOutlined />
          </Typography.Link>
        </Dropdown>
      )}
    </Space>
  );
}
