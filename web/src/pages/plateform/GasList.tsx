// 油卡管理: the drivers' fuel cards with their balance; the recharge lines a paid waybill's fuel share
// writes (through the ledger's fuel-card account of the provider); the provider's statement, imported from
// Excel/CSV and matched to the recharges, the unmatched lines listed. A statement with a broken row is refused
// whole, each broken row named.
import { UploadOutlined } from '@ant-design/icons';
import { fuelCardResource, fuelRechargeResource, fuelStatementResource } from '@freight/contracts';
import { Space } from 'antd';
import { useMemo, useState } from 'react';
import { SideDrawer } from '../../components/common/SideDrawer';
import { pageOf, ResourceListPage, type ResourcePageDef, useCan } from '../../components/resource';
import { ImportButton } from '../../components/resource/ImportButton';
import { ResourceTabs } from '../../components/resource/ResourceTabs';
import { useBilingual } from '../../components/resource/text';
import { announceChange } from '../../services/resourceEvents';
import { RemotePickItem } from '../wlhy/components/RemotePickItem';
import { DRIVER_SEARCH, VEHICLE_SEARCH } from '../wlhy/components/RemoteSelect';

type Row = Record<string, unknown>;

export const fuelCardPage: ResourcePageDef = pageOf(fuelCardResource, {
  fields: {
    driverId: {
      renderFormItem: (ctx) => (
        <RemotePickItem ctx={ctx} nameKey="driverName" {...DRIVER_SEARCH} data-testid="fuel-driver-select" />
      ),
    },
    vehicleId: {
      renderFormItem: (ctx) => (
        <RemotePickItem ctx={ctx} nameKey="plateNo" {...VEHICLE_SEARCH} data-testid="fuel-vehicle-select" />
      ),
    },
  },
  addDefaults: { state: 1 },
});

const rechargePage: ResourcePageDef = pageOf(fuelRechargeResource);
const statementPage: ResourcePageDef = pageOf(fuelStatementResource);

export default function GasList() {
  const tx = useBilingual();
  const can = useCan();
  const [card, setCard] = useState<Row | null>(null);

  const cardsDef = useMemo<ResourcePageDef>(
    () => ({
      ...fuelCardPage,
      rowActions: [
        {
          key: 'recharges',
          label: ['充值记录', 'Recharges'],
          // Whoever sees the cards sees their recharges (the list code grants the menu, not a button).
          run: (row) => setCard(row),
        },
      ],
    }),
    [],
  );
  const cardRecharges = useMemo<ResourcePageDef | null>(
    () =>
      card
        ? {
            ...rechargePage,
            fixedQuery: { cardId: String(card.id) },
            fields: rechargePage.fields.map((f) =>
              f.name === 'cardNo' || f.name === 'provider' ? { ...f, list: false, search: false } : f,
            ),
          }
        : null,
    [card],
  );

  return (
    <>
      <ResourceTabs
        tabs={[
          { key: 'cards', label: ['油卡', 'Cards'], def: cardsDef },
          { key: 'recharges', label: ['充值记录', 'Recharges'], def: rechargePage },
          {
            key: 'statement',
            label: ['供应商对账单', 'Provider statement'],
            def: statementPage,
            above: can('finance:gas:import') && (
              <Space wrap style={{ marginBottom: 8 }} data-testid="fuel-statement-import">
                <ImportButton
                  url="/plateform/gas/importStatement"
                  accept=".xlsx,.csv"
                  template={`${fuelStatementResource.path}/importTemplate`}
                  title={tx(['油卡对账单', 'Fuel statement'])}
                  icon={<UploadOutlined />}
                  onDone={() => announceChange(fuelCardResource.path)}
                />
              </Space>
            ),
          },
        ]}
      />
      <SideDrawer
        open={Boolean(card)}
        onClose={() => setCard(null)}
        width={900}
        title={`${tx(['充值记录', 'Recharges'])} · ${String(card?.cardNo ?? '')}`}
      >
        {cardRecharges && <ResourceListPage def={cardRecharges} />}
      </SideDrawer>
    </>
  );
}
