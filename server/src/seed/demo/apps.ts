// The demo's 应用管理: two Android releases (the newer one published, forcing versions below 200) and an iOS
// one, and four APP messages — three sent through the message service (everyone, the shippers, one
// customer's users; a few already read) and one scheduled for tomorrow morning.
import { APP_PACKAGE_BIZ, type AppAudience } from '@freight/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import {
  hyAppMessage,
  hyAppVersion,
  hyCustomer,
  recountAppMessages,
  sendAppMessage,
} from '../../modules/freight/index.ts';
import { sysFile } from '../../modules/system/adminSchema.ts';
import { sysAnnouncementSend, sysUser } from '../../modules/system/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { stableId } from '../seed.ts';
import type { DemoSeeder } from './types.ts';

const PACKAGES = [
  `${APP_PACKAGE_BIZ}/demo/freight-driver-2.2.0.apk`,
  `${APP_PACKAGE_BIZ}/demo/freight-driver-2.3.1.apk`,
];

/** A stand-in package: an empty zip archive (the app cannot install it, the download works). */
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

const DAY_MS = 24 * 3_600_000;

export const appsSeeder: DemoSeeder = {
  name: 'apps',
  async run(db: Db, ctx) {
    const withPackages = !!ctx.storage;
    if (ctx.storage) {
      for (const path of PACKAGES) {
        const existing = await ctx.storage.open(path);
        if (existing) existing.stream.destroy();
        else await ctx.storage.save(path, EMPTY_ZIP);
      }
      await db
        .insert(sysFile)
        .values(PACKAGES.map((path) => ({ path, biz: 'app', originalName: path.split('/').pop() ?? path })))
        .onConflictDoNothing();
    }
    const day = (n: number) => new Date(ctx.now.getTime() + n * DAY_MS);
    /** An Android release: its package stored when the demo has storage, else a download link. */
    const android = (versionCode: number, versionName: string, pkg: number) => ({
      platform: 'android',
      versionCode,
      versionName,
      packagePath: withPackages ? PACKAGES[pkg] : null,
      downloadUrl: withPackages ? null : `https://example.com/freight-driver-${versionName}.apk`,
    });
    const versions = [
      {
        ...android(220, '2.2.0', 0),
        releaseNotes: '新增电子回单拍照上传；优化装货打卡定位精度',
        minVersionCode: 150,
        published: true,
        publishTime: day(-40),
      },
      {
        ...android(231, '2.3.1', 1),
        releaseNotes:
          '运单轨迹上报改为每30秒一次；修复部分机型无法选择银行卡的问题\n低于2.0.0的版本须强制更新',
        minVersionCode: 200,
        published: true,
        publishTime: day(-6),
      },
      {
        platform: 'ios',
        versionCode: 231,
        versionName: '2.3.1',
        packagePath: null,
        downloadUrl: 'https://apps.apple.com/cn/app/id0000000000',
        releaseNotes: '与安卓2.3.1同步：轨迹上报、银行卡选择修复',
        minVersionCode: 200,
        published: true,
        publishTime: day(-5),
      },
      {
        ...android(240, '2.4.0', 2),
        releaseNotes: '测试中：到达自动识别卸货地；未发布',
        minVersionCode: 200,
        published: false,
        publishTime: null,
      },
    ];
    const addedVersions = await db
      .insert(hyAppVersion)
      .values(
        versions.map((v) => ({
          id: stableId('app-version', `${v.platform}:${v.versionCode}`),
          ...v,
          createBy: 'admin',
        })),
      )
      .onConflictDoNothing()
      .returning({ id: hyAppVersion.id });

    const [eastSteel] = await db
      .select({ id: hyCustomer.id, customerName: hyCustomer.customerName })
      .from(hyCustomer)
      .where(eq(hyCustomer.id, stableId('customer', 'east-steel')));
    const messages: Array<{
      key: string;
      title: string;
      content: string;
      audience: AppAudience;
      customerId?: string;
      customerName?: string;
      sendTime?: Date;
    }> = [
      {
        key: 'holiday',
        title: '春节期间运营安排',
        content:
          '春节期间（除夕至初六）平台客服值班时间为9:00-18:00。\n运费结算照常进行，提现到账可能延迟1个工作日。',
        audience: 'all',
      },
      {
        key: 'settle',
        title: '月结账单已生成',
        content: '本月月结账单已生成，请在“账务中心”核对并于5个工作日内确认。',
        audience: 'shipper',
      },
      {
        key: 'east-steel',
        title: '华东钢铁专线调度通知',
        content: '明日起南京—上海宝山钢材专线每日增开3车次，请提前安排装货计划。',
        audience: 'customer',
        customerId: eastSteel?.id,
        customerName: eastSteel?.customerName,
      },
      {
        key: 'upgrade',
        title: '司机APP 2.4.0 升级提醒',
        content: '司机APP 2.4.0将于明天上午发布，请车队长提醒司机在WiFi环境下升级。',
        audience: 'driver',
        sendTime: new Date(day(1).setUTCHours(1, 0, 0, 0)),
      },
    ];
    let sent = 0;
    let added = 0;
    for (const m of messages) {
      if (m.audience === 'customer' && !m.customerId) continue;
      const id = stableId('app-message', m.key);
      const [row] = await db
        .insert(hyAppMessage)
        .values({
          id,
          title: m.title,
          content: m.content,
          audience: m.audience,
          customerId: m.customerId ?? null,
          customerName: m.customerName ?? null,
          sendTime: m.sendTime ?? null,
          createBy: 'admin',
        })
        .onConflictDoNothing()
        .returning({ id: hyAppMessage.id });
      if (!row) continue;
      added++;
      if (!m.sendTime && (await sendAppMessage(db, id)) !== null) sent++;
    }
    // A few recipients have read the notice to everyone and the shippers' reminder.
    const sentRows = await db
      .select({ announcementId: hyAppMessage.announcementId })
      .from(hyAppMessage)
      .where(
        inArray(hyAppMessage.id, [stableId('app-message', 'holiday'), stableId('app-message', 'settle')]),
      );
    const anntIds = sentRows.map((r) => r.announcementId).filter((id): id is string => !!id);
    const readers = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(inArray(sysUser.username, ['operations01', 'shipper', 'captain01']));
    if (anntIds.length && readers.length) {
      await db
        .update(sysAnnouncementSend)
        .set({ readFlag: '1', readTime: ctx.now })
        .where(
          and(
            inArray(sysAnnouncementSend.anntId, anntIds),
            inArray(
              sysAnnouncementSend.userId,
              readers.map((r) => r.id),
            ),
            eq(sysAnnouncementSend.readFlag, '0'),
          ),
        );
      await recountAppMessages(db, anntIds);
    }
    return { versions: addedVersions.length, messages: added, sent };
  },
};
