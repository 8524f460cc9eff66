import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hyDriver, hyVehicle } from '../../modules/freight/partySchema.ts';
import { useTestApp } from '../../test/harness.ts';
import { DEMO_IMAGES, demoFilesSeeder } from './files.ts';
import { runDemoSeeders } from './index.ts';
import { partiesSeeder } from './parties.ts';

describe('demo images', () => {
  const t = useTestApp({ dataDir: `/tmp/freight-test-demo-files-${process.pid}-${Date.now()}` });

  it('stores real PNGs through the file storage and puts them on the first drivers and vehicles, once', async () => {
    const seeders = [partiesSeeder, demoFilesSeeder];
    const first = await runDemoSeeders(t.db, { seeders, storage: t.ctx.storage });
    expect(first.rows.files).toEqual({ files: 4, driverImages: 24, vehicleImages: 24 });
    const again = await runDemoSeeders(t.db, { seeders, storage: t.ctx.storage });
    expect(again.rows.files).toEqual({ files: 0, driverImages: 0, vehicleImages: 0 });
    expect(await t.db.$count(hyDriver, isNotNull(hyDriver.drivingImg))).toBe(24);
    expect(await t.db.$count(hyVehicle, eq(hyVehicle.licenseImg, DEMO_IMAGES.vehicleLicence))).toBe(24);
    // Without storage (the API tests' seed) no image is claimed.
    expect((await runDemoSeeders(t.db, { seeders: [demoFilesSeeder] })).rows.files).toEqual({});

    // A driver's licence is served as a PNG of 240 × 150 to a signed-in user.
    const admin = await t.login('admin');
    const res = await t.call(admin, {
      method: 'GET',
      url: `/jeecg-boot/sys/common/static/${DEMO_IMAGES.drivingLicence}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([240, 150]);
  });
});
