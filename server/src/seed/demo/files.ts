// Images of the demo parties: driving licences and ID cards of the first drivers, vehicle
// licences of the first vehicles, saved through the file storage as an upload would be, so the console's
// forms, detail drawers and previews show real images. Skipped when the seed runs without storage.
import { and, inArray, isNull } from 'drizzle-orm';
import { hyDriver, hyVehicle } from '../../modules/freight/partySchema.ts';
import { sysFile } from '../../modules/system/adminSchema.ts';
import type { Db } from '../../platform/db/client.ts';
import type { FileStorage } from '../../platform/storage/index.ts';
import { stableId } from '../seed.ts';
import { demoCardPng } from './demoImage.ts';
import type { DemoSeeder } from './types.ts';

/** How many of the first drivers and vehicles carry images. */
const WITH_IMAGES = 24;

export const DEMO_IMAGES = {
  drivingLicence: 'driver/demo/driving-licence.png',
  idCardFront: 'driver/demo/id-card-front.png',
  idCardBack: 'driver/demo/id-card-back.png',
  vehicleLicence: 'vehicle/demo/vehicle-licence.png',
} as const;

/** The names the demo images are listed under in 对象存储. */
const NAMES: Record<keyof typeof DEMO_IMAGES, string> = {
  drivingLicence: '驾驶证(演示).png',
  idCardFront: '身份证人像面(演示).png',
  idCardBack: '身份证国徽面(演示).png',
  vehicleLicence: '行驶证(演示).png',
};

const COLOURS: Record<keyof typeof DEMO_IMAGES, readonly [number, number, number]> = {
  drivingLicence: [92, 132, 188],
  idCardFront: [120, 170, 150],
  idCardBack: [196, 170, 112],
  vehicleLicence: [150, 120, 180],
};

async function saveOnce(storage: FileStorage, path: string, data: Buffer): Promise<number> {
  const existing = await storage.open(path);
  if (existing) {
    existing.stream.destroy();
    return 0;
  }
  await storage.save(path, data);
  return 1;
}

export const demoFilesSeeder: DemoSeeder = {
  name: 'files',
  async run(db: Db, ctx): Promise<Record<string, number>> {
    if (!ctx.storage) return {};
    let files = 0;
    for (const [kind, path] of Object.entries(DEMO_IMAGES) as Array<[keyof typeof DEMO_IMAGES, string]>)
      files += await saveOnce(ctx.storage, path, demoCardPng(COLOURS[kind]));
    // Recorded as platform files (no uploader, no party): listed in 对象存储, read by platform staff.
    await db
      .insert(sysFile)
      .values(
        (Object.entries(DEMO_IMAGES) as Array<[keyof typeof DEMO_IMAGES, string]>).map(([kind, path]) => ({
          path,
          biz: path.split('/')[0],
          originalName: NAMES[kind],
        })),
      )
      .onConflictDoNothing();
    const driverIds = Array.from({ length: WITH_IMAGES }, (_, i) => stableId('demo-driver', String(i)));
    const drivers = await db
      .update(hyDriver)
      .set({
        drivingImg: DEMO_IMAGES.drivingLicence,
        idCardFront: DEMO_IMAGES.idCardFront,
        idCardBack: DEMO_IMAGES.idCardBack,
      })
      .where(and(inArray(hyDriver.id, driverIds), isNull(hyDriver.drivingImg)))
      .returning({ id: hyDriver.id });
    const vehicleIds = Array.from({ length: WITH_IMAGES }, (_, i) => stableId('demo-vehicle', String(i)));
    const vehicles = await db
      .update(hyVehicle)
      .set({ licenseImg: DEMO_IMAGES.vehicleLicence })
      .where(and(inArray(hyVehicle.id, vehicleIds), isNull(hyVehicle.licenseImg)))
      .returning({ id: hyVehicle.id });
    return { files, driverImages: drivers.length, vehicleImages: vehicles.length };
  },
};
