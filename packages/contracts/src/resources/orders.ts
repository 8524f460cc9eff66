import { resource } from '../resource.ts';
import { orderBody } from '../shipping.ts';
import {
  countColumn,
  createdAt,
  dictField,
  dictSearch,
  enteredFen,
  fenColumn,
  filterKey,
  formOnly,
  pickedRef,
  remarkField,
  serverNumber,
  sortedColumn,
  tonnesColumn,
} from './fields.ts';
import { keptRecords } from './listPresets.ts';

// Orders (货源): what a shipper wants carried, published, then dispatched to drivers as waybills.

/**
 * A loading or unloading place: picked as a district in the region cascader (its division code is what the
 * regulator needs); the server names the province, city and district from the code. The pin fills the
 * coordinates (WGS-84) on a map that opens on the picked district. The city is searched and listed as part of
 * the route, the rest in forms. Each place has its contact and its time window.
 */
const place = (prefix: 'load' | 'unload', zh: '装货' | '卸货', en: 'Loading' | 'Unloading') =>
  ({
    province: {
      label: [`${zh}省份`, `${en} province`],
      list: false,
      export: false,
      form: 'hidden',
      section: [`${zh}信息`, en],
    },
    city: { label: [`${zh}城市`, `${en} city`], search: true, list: false, form: 'hidden' },
    district: { label: [`${zh}区县`, `${en} district`], list: false, export: false, form: 'hidden' },
    areaCode: {
      label: [`${zh}地区`, `${en} region`],
      kind: 'region',
      regionNames: [`${prefix}Province`, `${prefix}City`, `${prefix}District`],
      required: true,
      list: false,
      export: false,
    },
    lng: {
      label: [`${zh}位置`, `${en} point`],
      kind: 'pin',
      pin: { lat: `${prefix}Lat`, region: `${prefix}AreaCode` },
      help: ['在地图上点选位置，经纬度自动填入', 'Click the map to drop the pin; the coordinates fill in'],
      list: false,
      export: false,
    },
    lat: {
      label: [`${zh}纬度`, `${en} latitude`],
      kind: 'number',
      list: false,
      export: false,
      detail: false,
      form: 'hidden',
    },
    address: { label: [`${zh}地址`, `${en} address`], required: true, wide: true, list: false },
    contact: formOnly([`${zh}联系人`, `${en} contact`]),
    phone: formOnly([`${zh}联系电话`, `${en} contact phone`], {
      placeholder: ['手机号或区号-电话', 'Mobile or area code-number'],
    }),
    windowFrom: { label: [`${zh}时间起`, `${en} from`], kind: 'datetime', list: false },
    windowTo: {
      label: [`${zh}时间止`, `${en} until`],
      kind: 'datetime',
      list: false,
      help: [`${zh}时间窗：止须晚于起`, `The ${en.toLowerCase()} window ends after it starts`],
    },
  }) as const;

const load = place('load', '装货', 'Loading');
const unload = place('unload', '卸货', 'Unloading');

/**
 * Orders of shippers, with their money inputs and the estimate for the planned weight. Agents and captains
 * see the orders they are on; on agent orders the fees show as '--' to all but staff and the agent.
 */
export const orderResource = resource({
  path: '/order/hyOrder',
  permission: 'order',
  title: ['订单列表', 'Orders'],
  ...keptRecords({ tenant: true, customer: 'customerId', agent: 'agentId', captain: 'captainId' }),
  body: orderBody,
  fields: {
    orderNo: serverNumber(
      ['货源单号', 'Order no.'],
      { fixed: 'left', width: 150 },
      { section: ['基本信息', 'Basics'] },
    ),
    status: dictSearch(['状态', 'Status'], 'order_status', 80, { sort: true, form: false }),
    // Chosen by platform staff among the approved shippers; a shipper's users order for their own.
    customerId: pickedRef(['货主', 'Shipper'], { kind: 'dict' }),
    customerName: {
      label: ['货主', 'Shipper'],
      form: false,
      filter: true,
      list: { width: 170, ellipsis: true },
    },
    orderMode: dictSearch(['订单模式', 'Mode'], 'order_mode', 100, { required: true }),
    agentId: pickedRef(['经纪人', 'Agent']),
    captainId: filterKey(['车队长', 'Captain']),
    goodsName: { label: ['货物名称', 'Goods'], required: true, search: true, list: { width: 100 } },
    cargoType: dictField(['货物分类', 'Cargo class'], 'cargo_type', { filter: true, list: false }),
    route: {
      label: ['线路', 'Route'],
      from: ['loadCity', 'unloadCity'],
      detail: false,
      list: { width: 150 },
    },
    // Computed by the server at add and edit (map provider, or straight line × route_distance_factor).
    plannedDistanceKm: countColumn(['计划里程(公里)', 'Planned distance (km)'], 120),
    loadProvince: load.province,
    loadCity: load.city,
    loadDistrict: load.district,
    loadAreaCode: load.areaCode,
    loadLng: load.lng,
    loadLat: load.lat,
    loadAddress: load.address,
    loadContact: load.contact,
    loadPhone: load.phone,
    loadWindowFrom: load.windowFrom,
    loadWindowTo: load.windowTo,
    unloadProvince: unload.province,
    unloadCity: unload.city,
    unloadDistrict: unload.district,
    unloadAreaCode: unload.areaCode,
    unloadLng: unload.lng,
    unloadLat: unload.lat,
    unloadAddress: unload.address,
    unloadContact: unload.contact,
    unloadPhone: unload.phone,
    unloadWindowFrom: unload.windowFrom,
    unloadWindowTo: unload.windowTo,
    plannedWeightG: sortedColumn(['计划重量(吨)', 'Planned weight (t)'], 'tonnes', 110, {
      section: ['货量与运价', 'Quantity and price'],
      required: true,
    }),
    dispatchedWeightG: tonnesColumn(['已派重量(吨)', 'Dispatched (t)'], 110),
    completedWeightG: tonnesColumn(['已完成重量(吨)', 'Completed (t)'], 120),
    priceMode: dictField(['计价方式', 'Pricing'], 'price_mode', {
      required: true,
      filter: true,
      list: { width: 80 },
    }),
    driverUnitPriceFen: enteredFen(['司机运价(元)', 'Driver price (CNY)'], 110),
    settleWeightBasis: dictField(['结算重量', 'Settle weight'], 'settle_weight_basis', {
      section: ['结算与扣款', 'Settlement and deductions'],
      list: false,
      export: false,
    }),
    lossAllowanceMode: dictField(['亏吨允差方式', 'Loss allowance'], 'loss_allowance_mode', {
      list: false,
      export: false,
    }),
    lossUnitPriceFen: formOnly(['亏吨单价(元/吨)', 'Loss price (/t)'], { kind: 'fen' }),
    lossDeductWhole: formOnly(['超允差全额扣', 'Deduct whole loss'], { kind: 'switch' }),
    settleMode: dictField(['结算方式', 'Settlement'], 'settle_mode', {
      form: false,
      filter: true,
      list: { width: 80 },
    }),
    etcRule: dictField(['ETC承担方式', 'ETC tolls'], 'etc_rule', {
      filter: true,
      list: false,
      export: false,
    }),
    driverFee: { label: ['司机运费(元)', 'Est. driver fee'], kind: 'fen', form: false, list: false },
    agentFee: { label: ['经纪人佣金(元)', 'Est. agent fee'], kind: 'fen', form: false, list: false },
    serviceFee: { label: ['服务费(元)', 'Est. service fee'], kind: 'fen', form: false, list: false },
    customerFee: fenColumn(['货主运费(元)', 'Est. shipper fee'], 120, { sort: true }),
    // The agent's fee on agent orders, else the shipper's; added by the server.
    feeTotal: { label: ['费用合计', 'Fee total'], kind: 'fen', from: [], list: { width: 110 } },
    validFrom: {
      section: ['有效期与备注', 'Validity and remark'],
      label: ['有效期起', 'Valid from'],
      kind: 'datetime',
      filter: true,
      list: false,
    },
    validTo: sortedColumn(['有效期止', 'Valid to'], 'datetime', 170, { filter: true }),
    remark: remarkField({ export: false }),
    createTime: createdAt(['创建时间', 'Created']),
  },
});
