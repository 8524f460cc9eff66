import { z } from 'zod';

// 全国道路货运车辆公共监管与服务平台 (the national road freight vehicle platform): heavy trucks and tractors carry a
// Beidou terminal connected (入网) to it; the platform answers whether a plate is connected and its positions
// over a window. The product reaches it through an adapter (server: freight/vehiclePlatform); the credentials
// are platform settings whose secret is never sent back.

/** Gross mass from which a truck must be connected (重型载货汽车, 总质量 ≥ 12 t). */
export const HEAVY_GROSS_MASS_KG = 12_000;

/**
 * A vehicle the rules require to be connected: total mass of 12 t or more, or a tractor (牵引车, vehicle
 * types Q.. in the `vehicle_type` dictionary) whatever its own mass.
 */
export function isHeavyVehicle(v: { grossMassKg?: number | null; vehicleType?: string | null }): boolean {
  return (v.grossMassKg ?? 0) >= HEAVY_GROSS_MASS_KG || (v.vehicleType ?? '').toUpperCase().startsWith('Q');
}

/** 入网状态 (dictionary `vehicle_net_state`); null: never checked, or the platform could not be reached. */
export const VEHICLE_NET_STATE = { notConnected: 0, connected: 1, notRequired: 2 } as const;

export const VEHICLE_NET_MSG = {
  refused: '该车辆为重型货车或牵引车，未接入全国道路货运车辆公共监管与服务平台（未入网），不能审核通过',
  unreachable: '暂时无法查询车辆入网状态（全国道路货运车辆公共监管与服务平台无应答），请稍后重试',
} as const;

/** The settings screen's view of the credentials: the secret only as "set" and its last characters. */
export interface VehiclePlatformSettings {
  endpoint: string;
  account: string;
  secretSet: boolean;
  /** '******' + the secret's last two characters, or '' when none is stored. */
  secretMask: string;
  /** 'simulated' while no endpoint is set (or it is sim://): the product's own simulated platform. */
  provider: 'simulated' | 'http';
}

export const vehiclePlatformSettingsBody = z.object({
  endpoint: z
    .string()
    .trim()
    .max(255)
    .refine((v) => v === '' || /^(https?|sim):\/\/[^\s]+$/i.test(v), {
      message: '请输入以 http(s):// 开头的接口地址，留空使用模拟平台',
    }),
  account: z.string().trim().max(64, '不能超过 64 个字符'),
  /** Absent or empty: keep the stored secret. */
  secret: z.string().max(128, '不能超过 128 个字符').optional(),
  /** true: forget the stored secret. */
  clearSecret: z.boolean().optional(),
});
export type VehiclePlatformSettingsBody = z.infer<typeof vehiclePlatformSettingsBody>;

/** The answer of a pull: how many points the platform gave and how many were new. */
export interface VehiclePlatformPull {
  notes: number;
  received: number;
  inserted: number;
}
