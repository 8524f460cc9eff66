import { z } from 'zod';
import { resource } from '../resource.ts';
import { chinaCoordinate, PHONE_PATTERN } from '../shipping.ts';
import { recordName, remarkField, shipperOwner } from './fields.ts';
import { shipperRecords } from './listPresets.ts';

// A shipper's saved addresses and routes: picked in the order form to fill a
// place, or both places at once. Shippers keep their own; platform staff keep any shipper's.

const text = (max: number) => z.string().trim().max(max).nullish();

const addressFields = {
  /** A shipper's users save for their own shipper: the server sets it. */
  customerId: z.string().max(32).nullish(),
  addressName: z.string().trim().min(1, '请输入地址名称').max(50),
  areaCode: z.string().regex(/^\d{6,12}$/, '行政区划代码应为6–12位数字'),
  province: text(30),
  city: text(30),
  district: text(30),
  address: z.string().trim().min(1, '请输入详细地址').max(255),
  lng: chinaCoordinate('lng', '经度'),
  lat: chinaCoordinate('lat', '纬度'),
  contact: text(50),
  phone: z
    .string()
    .trim()
    .max(20)
    .regex(PHONE_PATTERN, '联系电话应为11位手机号或带区号的固定电话')
    .nullish()
    .or(z.literal('')),
  remark: text(255),
};

export const customerAddressBody = z
  .object(addressFields)
  .refine((v) => (v.lng === null || v.lng === undefined) === (v.lat === null || v.lat === undefined), {
    message: '位置需要同时有经度和纬度',
    path: ['lng'],
  });

export const customerAddressResource = resource({
  path: '/customer/hyCustomerAddress',
  permission: 'customer:address',
  title: ['常用地址', 'Saved addresses'],
  ...shipperRecords,
  body: customerAddressBody,
  fields: {
    ...shipperOwner(),
    addressName: recordName(['地址名称', 'Name'], { fixed: 'left', width: 150 }),
    province: { label: ['省份', 'Province'], form: 'hidden', list: false },
    city: { label: ['城市', 'City'], form: 'hidden', search: true, list: { width: 100 } },
    district: { label: ['区县', 'District'], form: 'hidden', list: { width: 100 } },
    areaCode: {
      label: ['地区', 'Region'],
      kind: 'region',
      regionNames: ['province', 'city', 'district'],
      required: true,
      list: { width: 100 },
    },
    lng: {
      label: ['位置', 'Point'],
      kind: 'pin',
      pin: { lat: 'lat', region: 'areaCode' },
      list: false,
    },
    lat: { label: ['纬度', 'Latitude'], kind: 'number', form: 'hidden', list: false, detail: false },
    address: {
      label: ['详细地址', 'Address'],
      required: true,
      wide: true,
      list: { width: 220, ellipsis: true },
    },
    contact: { label: ['联系人', 'Contact'], list: { width: 100 } },
    phone: { label: ['联系电话', 'Phone'], mask: 'mobile', list: { width: 130 } },
    remark: remarkField({ export: false }),
    createTime: { label: ['创建时间', 'Created'], kind: 'datetime', form: false, sort: true },
  },
});

export const customerRouteBody = z.object({
  customerId: z.string().max(32).nullish(),
  routeName: z.string().trim().min(1, '请输入线路名称').max(50),
  loadAddressId: z.string({ error: '请选择装货地址' }).min(1, '请选择装货地址').max(32),
  unloadAddressId: z.string({ error: '请选择卸货地址' }).min(1, '请选择卸货地址').max(32),
  remark: text(255),
});

export const customerRouteResource = resource({
  path: '/customer/hyCustomerRoute',
  permission: 'customer:route',
  title: ['常用线路', 'Saved routes'],
  ...shipperRecords,
  body: customerRouteBody,
  fields: {
    ...shipperOwner(),
    routeName: recordName(['线路名称', 'Name'], { fixed: 'left', width: 150 }),
    loadAddressId: { label: ['装货地址', 'Loading address'], kind: 'dict', list: false, export: false },
    loadAddressName: { label: ['装货地址', 'Loading address'], form: false, list: { width: 200 } },
    unloadAddressId: { label: ['卸货地址', 'Unloading address'], kind: 'dict', list: false, export: false },
    unloadAddressName: { label: ['卸货地址', 'Unloading address'], form: false, list: { width: 200 } },
    remark: remarkField({ export: false }),
    createTime: { label: ['创建时间', 'Created'], kind: 'datetime', form: false, sort: true },
  },
});
