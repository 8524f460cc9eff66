import { HOME_PATH, type MenuItem, MSG } from '@freight/contracts';
import { describe, expect, it } from 'vitest';
import { describeHttpError, needsTimestamp, shouldReloadAfterExpiry } from '../services/httpErrors';
import { safeRedirect } from '../services/sessionActions';
import { isChunkLoadError, withChunkTimeout } from './chunkLoad';
import { buildViewRoutes, findViewRoute, withBuiltIns } from './menuRoutes';
import { classifyComponent, normalizeComponent, resolvePageKey } from './registry';

const keys = ['../pages/system/UserList.tsx', '../pages/account/center/Index.tsx', '../pages/demo/index.tsx'];

describe('view registry', () => {
  it('resolves X to pages/X.tsx or pages/X/index.tsx', () => {
    expect(resolvePageKey('system/UserList', keys)).toBe('../pages/system/UserList.tsx');
    expect(resolvePageKey('/system/UserList.vue', keys)).toBe('../pages/system/UserList.tsx');
    expect(resolvePageKey('demo', keys)).toBe('../pages/demo/index.tsx');
    expect(resolvePageKey('wlhy/hydriver/HyDriverList', keys)).toBeNull();
    expect(normalizeComponent('views/system/UserList')).toBe('system/UserList');
  });
  it('classifies special components', () => {
    expect(classifyComponent('layouts/RouteView', keys)).toBe('routeView');
    expect(classifyComponent('layouts/IframePageView', keys)).toBe('iframe');
    expect(classifyComponent('modules/online/cgreport/auto/OnlCgreportAutoList', keys)).toBe('online');
    expect(classifyComponent('system/UserList', keys)).toBe('page');
    expect(classifyComponent('nope/Page', keys)).toBe('missing');
  });
});

function item(path: string, component: string, extra: Partial<MenuItem> = {}): MenuItem {
  return {
    id: path,
    path,
    name: path,
    component,
    route: '1',
    meta: { title: path.split('/').pop() ?? path, keepAlive: false, internalOrExternal: false },
    ...extra,
  };
}

describe('menu routes', () => {
  const menu: MenuItem[] = [
    item('/system', 'layouts/RouteView', {
      children: [item('/system/user', 'system/UserList'), item('/system/role', 'system/RoleList')],
    }),
    item('/online/view/:code', 'modules/online/cgreport/auto/OnlCgreportAutoList'),
    item('/skip', 'x/Y', { route: '0' }),
    item('/docs', 'layouts/RouteView', {
      meta: { title: 'docs', keepAlive: false, internalOrExternal: true, url: 'https://example.com' },
    }),
  ];
  const routes = withBuiltIns(buildViewRoutes(menu));

  it('flattens, skips route flag 0 and redirects parents to the first child', () => {
    expect(findViewRoute(routes, '/skip')).toBeNull();
    expect(findViewRoute(routes, '/system')?.route.redirect).toBe('/system/user');
    expect(findViewRoute(routes, '/system/role')?.route.parents).toEqual([
      { path: '/system', title: 'system' },
    ]);
  });
  it('matches parameter routes and built-ins', () => {
    expect(findViewRoute(routes, '/online/view/abc')?.params).toEqual({ code: 'abc' });
    expect(findViewRoute(routes, HOME_PATH)?.route.component).toBe('dashboard/Analysis');
  });
  it('marks external links that open a new window', () => {
    expect(findViewRoute(routes, '/docs')?.route.openInNewWindow).toBe(true);
  });
  it('titles routes, breadcrumbs and built-ins in English mode', () => {
    const named = [
      item('/finance', 'layouts/RouteView', {
        meta: { title: '财务管理', titleEn: 'Finance', keepAlive: false, internalOrExternal: false },
        children: [
          item('/finance/bill', 'x/BillList', {
            meta: { title: '账单管理', titleEn: 'Bills', keepAlive: false, internalOrExternal: false },
          }),
          item('/finance/untitled', 'x/Other', {
            meta: { title: '无英文', keepAlive: false, internalOrExternal: false },
          }),
        ],
      }),
    ];
    const english = withBuiltIns(buildViewRoutes(named, 'en-US'), 'en-US');
    expect(findViewRoute(english, '/finance/bill')?.route).toMatchObject({
      title: 'Bills',
      parents: [{ path: '/finance', title: 'Finance' }],
    });
    expect(findViewRoute(english, '/finance/untitled')?.route.title).toBe('无英文');
    expect(findViewRoute(english, HOME_PATH)?.route.title).toBe('Home');
    const chinese = withBuiltIns(buildViewRoutes(named));
    expect(findViewRoute(chinese, '/finance/bill')?.route.title).toBe('账单管理');
    expect(findViewRoute(chinese, HOME_PATH)?.route.title).toBe('首页');
  });
});

describe('request error catalogue', () => {
  it('maps statuses to messages', () => {
    expect(describeHttpError(403, 'x')).toEqual({
      kind: 'notification',
      title: '系统提示',
      text: MSG.forbidden,
      durationSec: 3,
    });
    expect(describeHttpError(404, undefined)).toMatchObject({ text: '很抱歉，资源未找到!' });
    expect(describeHttpError(504, undefined)).toMatchObject({ text: '网络超时' });
    expect(describeHttpError(500, '数据库错误')).toMatchObject({ text: '数据库错误' });
    expect(describeHttpError(418, '茶壶')).toMatchObject({ text: '茶壶' });
    expect(describeHttpError(401, undefined)).toMatchObject({
      kind: 'loginExpired',
      title: '登录已过期',
      text: '很抱歉，登录已过期，请重新登录',
      okText: '重新登录',
    });
  });
  it('adds _t to GETs except dictionary item look-ups', () => {
    expect(needsTimestamp('get', '/sys/user/list')).toBe(true);
    expect(needsTimestamp('post', '/sys/login')).toBe(false);
    expect(needsTimestamp('get', '/sys/dict/getDictItems/sex')).toBe(false);
    expect(needsTimestamp('get', '/sys/dict/loadDictItem/x')).toBe(false);
  });
  it('reloads after expiry unless on root or login', () => {
    expect(shouldReloadAfterExpiry('/system/user')).toBe(true);
    expect(shouldReloadAfterExpiry('/')).toBe(false);
    expect(shouldReloadAfterExpiry('/user/login')).toBe(false);
  });
});

describe('chunk loading', () => {
  it('recognises chunk failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('CSS_CHUNK_LOAD_FAILED'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
  it('times out a slow import with a ChunkLoadError', async () => {
    await expect(withChunkTimeout(new Promise(() => {}), 5)).rejects.toMatchObject({
      name: 'ChunkLoadError',
    });
  });
});

describe('redirect after login', () => {
  it('follows only same-site paths', () => {
    expect(safeRedirect('/system/user?x=1', HOME_PATH)).toBe('/system/user?x=1');
    expect(safeRedirect('//evil.com', HOME_PATH)).toBe(HOME_PATH);
    expect(safeRedirect('https://evil.com', HOME_PATH)).toBe(HOME_PATH);
    expect(safeRedirect(null, HOME_PATH)).toBe(HOME_PATH);
  });
});
