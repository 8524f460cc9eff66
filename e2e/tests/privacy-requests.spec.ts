// 个人信息申请 in the browser: the privacy officer opens the screen from 合规管理, files a
// deletion for a driver who has no records (anonymised) by the driver's ID number, then an export (the Excel
// file downloads), and sees both requests in the list.
// Policies are not published here: a published version would ask every party user of the shared server.
import { addDriver, PartiesPage, residentId } from '../pages/PartiesPage.ts';
import { expect, test } from '../support/fixtures.ts';

// The flow adds a driver, then files two requests, one of them downloading a workbook.
test.describe.configure({ timeout: 120_000 });

test('个人信息申请: files a driver’s deletion and export from the list', async ({
  page,
  api,
  shell,
  shot,
}) => {
  const seq = Date.now() % 1000;
  const gone = {
    driverName: `注销${seq}`,
    mobile: `139${String(Date.now()).slice(-8)}`,
    idCard: residentId('19880101', seq),
  };
  const kept = {
    driverName: `导出${seq}`,
    mobile: `138${String(Date.now()).slice(-8)}`,
    idCard: residentId('19890202', seq),
  };
  await addDriver(api, gone);
  await addDriver(api, kept);

  await shell.openFromMenu('/compliance/privacyRequest', '合规管理', '个人信息申请');
  const ui = new PartiesPage(page);
  await expect(page.locator('.ant-table-thead:visible')).toContainText('申请类型');

  const file = async (kind: RegExp, idCard: string) => {
    await page.getByRole('button', { name: '代司机提交申请' }).click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(kind).click();
    await dialog.getByLabel('司机身份证号').fill(idCard);
    const submitted = page.waitForResponse((r) => r.url().includes('/privacy/request/submit'));
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    return (await (await submitted).json()) as { success: boolean; result: { state: string } };
  };

  const deletion = await file(/删除/, gone.idCard);
  expect(deletion).toMatchObject({ success: true, result: { state: 'done' } });
  await expect(ui.rows().first()).toContainText('已完成');
  await expect(ui.rows().first()).toContainText('已匿名化');

  const downloaded = page.waitForEvent('download');
  const exported = await file(/导出本人数据/, kept.idCard);
  expect(exported.result.state).toBe('done');
  expect((await downloaded).suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(ui.rows().first()).toContainText(kept.driverName);
  await shot('privacy-requests');
});
