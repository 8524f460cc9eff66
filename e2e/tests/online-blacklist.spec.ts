// 在线表单 end to end across two people: the admin designs a 承运商黑名单 form, syncs it, adds it to the menu and
// grants its add and export buttons to the operations role in the role screen; operations01, in a browser of
// its own, finds the form in its menu, adds two carriers and exports them, and the workbook holds both rows.
import path from 'node:path';
import ExcelJS from 'exceljs';
import { addCarriers, CgformDesigner } from '../pages/CgformDesigner.ts';
import { PartyScreen } from '../pages/PartyScreens.ts';
import { ShellPage } from '../pages/ShellPage.ts';
import { GrantTree, ResourceScreen, SYSTEM } from '../pages/SystemPages.ts';
import { ARTIFACTS_DIR, authFile, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { stubExternalSites } from '../support/network.ts';

test('admin designs 承运商黑名单 and grants it; operations01 adds two rows and exports them', async ({
  page,
  shell,
  browser,
  shot,
}) => {
  test.setTimeout(180_000);
  const table = `carrier_bl_${Date.now() % 1_000_000}`;
  let url = '';

  await test.step('design, sync and add to the menu', async () => {
    await shell.goto('/online/cgform');
    const designer = new CgformDesigner(page);
    await designer.define(table, '承运商黑名单', [
      ['carrier_name', '承运商名称'],
      ['reason', '拉黑原因'],
    ]);
    await designer.sync(table);
    url = await designer.addToMenu(table);
    expect(url).toMatch(/^\/online\/cgformList\/[0-9a-f]{32}$/);
  });

  await test.step('grant list, add and export to the operations role', async () => {
    await shell.goto(SYSTEM.role);
    await new ResourceScreen(page).rowAction('运营专员', '授权');
    const grant = new GrantTree(page);
    for (const code of ['add', 'export']) {
      await grant.find(`online:${table}:${code}`);
      await grant.check(`online:${table}:${code}`);
    }
    await shot('online-blacklist-grant');
    await grant.save(/\/sys\/permission\/saveRolePermission/);
    await page.keyboard.press('Escape');
  });

  const context = await browser.newContext({ storageState: authFile(USERS.operations) });
  await stubExternalSites(context);
  const ops = await context.newPage();
  const opsShell = new ShellPage(ops);

  await test.step('operations01 opens the form from its menu and adds two carriers', async () => {
    await opsShell.goto('/account/center');
    await opsShell.expandSideMenu('在线开发');
    // The entry of this run's form (earlier runs on the same database left forms of the same title).
    const entry = opsShell.sideMenu.locator(`li[data-menu-id$="${url}"]`);
    await expect(entry).toHaveText('承运商黑名单');
    await entry.click();
    await expect(ops).toHaveURL(new RegExp(`${url}$`));
    const ui = new PartyScreen(ops);
    await addCarriers(ui, '拉黑原因', [
      ['黑名单速达物流', '虚假运单'],
      ['黑名单快运通', '多次违约'],
    ]);
    // Delete was not granted: no delete action for this user.
    await expect(ui.toolbar.getByRole('button', { name: /批量删除/ })).toHaveCount(0);
    // operations01's own browser (the `shot` fixture pictures the admin's page).
    await ops.screenshot({
      path: path.join(ARTIFACTS_DIR, `${test.info().project.name}-online-blacklist-ops-list.png`),
    });
  });

  await test.step('operations01 exports both rows', async () => {
    const ui = new PartyScreen(ops);
    const download = ops.waitForEvent('download');
    await ui.toolbar.getByRole('button', { name: /导\s*出/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/承运商黑名单.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    const rows: string[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
    });
    expect(rows[0]).toEqual(expect.arrayContaining(['承运商名称', '拉黑原因']));
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual(
      expect.arrayContaining([
        ['黑名单速达物流', '虚假运单'],
        ['黑名单快运通', '多次违约'],
      ]),
    );
    expect(rows).toHaveLength(3);
  });
  await context.close();
});
