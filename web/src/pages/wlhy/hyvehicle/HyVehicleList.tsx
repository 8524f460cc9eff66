// 车辆管理 (spec §2 `/wlhy/hyvehicle/HyVehicleList`): vehicles with licence and road-transport certificates,
// review, and the transport state the shipping notes keep (idle / on a trip).
import { vehicleBody } from '@freight/contracts';
import type { ResourcePageDef } from '../../../components/resource';
import { ListWithBindings } from '../components/DriverVehicleBindings';
import { expiringField, reviewFields, submitAction } from '../components/partyFields';

export const vehiclePage: ResourcePageDef = {
  api: '/hyvehicle/hyVehicle',
  title: ['车辆管理', 'Vehicles'],
  perm: 'vehicle',
  schema: vehicleBody,
  review: true,
  urlFilters: ['state', 'expiringWithinDays'],
  importTemplate: '/hyvehicle/hyVehicle/importTemplate',
  fields: [
    {
      name: 'plateNo',
      label: ['车牌号', 'Plate'],
      required: true,
      search: true,
      sorter: true,
      list: { fixed: 'left', width: 110 },
    },
    {
      name: 'plateColor',
      label: ['车牌颜色', 'Plate colour'],
      kind: 'dict',
      dict: 'plate_color',
      search: true,
    },
    {
      name: 'vehicleType',
      label: ['车辆类型', 'Vehicle type'],
      kind: 'dict',
      dict: 'vehicle_type',
      search: true,
    },
    { name: 'owner', label: ['所有人', 'Owner'], search: true },
    { name: 'useCharacter', label: ['使用性质', 'Use'], list: false },
    { name: 'vin', label: ['车辆识别代号', 'VIN'], list: { width: 180, copyable: true } },
    { name: 'energyType', label: ['能源类型', 'Energy'], kind: 'dict', dict: 'energy_type', list: false },
    { name: 'ratedLoadKg', label: ['核定载质量(kg)', 'Rated load (kg)'], kind: 'number', sorter: true },
    {
      name: 'grossMassKg',
      label: ['总质量(kg)', 'Gross mass (kg)'],
      kind: 'number',
      sorter: true,
      list: false,
    },
    { name: 'licenseIssuer', label: ['行驶证发证机关', 'Licence issuer'], list: false },
    { name: 'registerDate', label: ['注册日期', 'Registered'], kind: 'date', list: false },
    { name: 'issueDate', label: ['发证日期', 'Issued'], kind: 'date', list: false },
    { name: 'licenseValidTo', label: ['行驶证有效期至', 'Licence valid to'], kind: 'date', sorter: true },
    {
      name: 'licenseImg',
      label: ['行驶证照片', 'Licence photo'],
      kind: 'image',
      biz: 'vehicle',
      list: false,
    },
    { name: 'roadTransportNo', label: ['道路运输证号', 'Road transport no.'], list: false },
    {
      name: 'roadTransportValidTo',
      label: ['道路运输证有效期至', 'Road transport valid to'],
      kind: 'date',
      sorter: true,
    },
    {
      name: 'roadTransportImg',
      label: ['道路运输证照片', 'Road transport photo'],
      kind: 'image',
      biz: 'vehicle',
      list: false,
    },
    { name: 'trailerPlateNo', label: ['挂车车牌号', 'Trailer plate'], list: false },
    {
      name: 'ownership',
      label: ['车辆归属', 'Ownership'],
      kind: 'dict',
      dict: 'vehicle_ownership',
      list: false,
    },
    {
      name: 'transportState',
      label: ['运输状态', 'Transport state'],
      kind: 'dict',
      dict: 'transport_state',
      search: true,
      form: false,
    },
    ...reviewFields(),
    expiringField,
  ],
  rowActions: [submitAction('/hyvehicle/hyVehicle', 'vehicle')],
};

export default function HyVehicleList() {
  return <ListWithBindings def={vehiclePage} side="vehicle" />;
}
