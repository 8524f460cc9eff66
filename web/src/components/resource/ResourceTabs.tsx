// Several lists of one screen on tabs (wallets and their recharges, cards and statements): each tab is a
// resource list, optionally under a bar of its own, or any other content.
import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { ResourceListPage } from './ResourceListPage';
import { useBilingual } from './text';
import type { Bilingual, ResourcePageDef } from './types';

export type ResourceTab = { key: string; label: Bilingual } & (
  | { def: ResourcePageDef; above?: ReactNode }
  | { content: ReactNode }
);

export function ResourceTabs({
  tabs,
  card = true,
  destroyOnHidden = true,
}: {
  tabs: ResourceTab[];
  /** In a borderless card flush with the tab bar (a screen of its own) or bare (inside another layout). */
  card?: boolean;
  /** A tab left unmounts (its list reloads when shown again). */
  destroyOnHidden?: boolean;
}) {
  const tx = useBilingual();
  const tabBar = (
    <Tabs
      destroyOnHidden={destroyOnHidden}
      items={tabs.map((tab) => ({
        key: tab.key,
        label: tx(tab.label),
        children:
          'content' in tab ? (
            tab.content
          ) : (
            <>
              {tab.above}
              <ResourceListPage def={tab.def} />
            </>
          ),
      }))}
    />
  );
  return card ? (
    <Card variant="borderless" styles={{ body: { paddingTop: 0 } }}>
      {tabBar}
    </Card>
  ) : (
    tabBar
  );
}
