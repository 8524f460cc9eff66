import {
  agentResource,
  announcementResource,
  appMessageResource,
  appVersionResource,
  bankResource,
  buttonCodesOf,
  captainResource,
  carrierResource,
  categoryResource,
  checkRuleResource,
  complaintResource,
  customerAddressResource,
  customerResource,
  customerRouteResource,
  customerUserResource,
  dataLogResource,
  dataSourceResource,
  dictResource,
  driverBankResource,
  driverResource,
  enterpriseAppResource,
  etcRecordResource,
  evaluationResource,
  type FieldDecls,
  fillRuleResource,
  gatewayRouteResource,
  insuranceRateResource,
  insuranceResource,
  logResource,
  messageTemplateResource,
  type NoteView,
  noteResource,
  orderResource,
  ossFileResource,
  positionResource,
  privacyConsentResource,
  privacyPolicyResource,
  privacyRequestResource,
  quartzJobResource,
  type ResourceDecl,
  reportHeadResource,
  riskNoteResource,
  riskParamResource,
  riskViolationResource,
  riskWarningResource,
  roleResource,
  sysMessageResource,
  tenantResource,
  transportContractResource,
  userResource,
  vehiclePositionResource,
  vehicleResource,
  verificationResource,
  viewPermission,
  voucherAccountResource,
} from '@freight/contracts';

// The menu tree of every screen, with the component strings the console resolves (web/src/pages/<component>)
// and the business paths the console's links and the reference's bookmarks use. Buttons carry the codes the
// server enforces. A screen is one line: the helpers below spell out its list code and buttons.

export interface ButtonSeed {
  perms: string;
  name: string;
}

export interface MenuSeed {
  path: string;
  name: string;
  component?: string;
  icon?: string;
  /** Code that grants the menu (and the list API behind it). */
  perms?: string;
  hidden?: boolean;
  /** false: no router entry (spec route flag "0"). */
  route?: boolean;
  /** An external URL: opened in a new tab (internalOrExternal) or an iframe page. */
  url?: string;
  external?: boolean;
  keepAlive?: boolean;
  redirect?: string;
  buttons?: ButtonSeed[];
  children?: MenuSeed[];
}

/** Button names by action. */
type ButtonNames = Record<string, string>;

/** Buttons `<prefix>:<action>` named as given, in order. */
const buttons = (prefix: string, names: ButtonNames): ButtonSeed[] =>
  Object.entries(names).map(([action, name]) => ({ perms: `${prefix}:${action}`, name }));

const crud = (prefix: string, extra: ButtonNames = {}): ButtonSeed[] =>
  buttons(prefix, {
    add: '新增',
    edit: '编辑',
    delete: '删除',
    batch_delete: '批量删除',
    export: '导出',
    import: '导入',
    ...extra,
  });

const page = (path: string, name: string, component: string, perms: string, buttons?: ButtonSeed[]) =>
  ({ path, name, component, perms, buttons }) satisfies MenuSeed;

/** A screen opened by a link (a form, a report by its code), not from the menu: routed but hidden. */
const hiddenPage = (path: string, name: string, component: string, perms?: string): MenuSeed => ({
  path,
  name,
  component,
  ...(perms ? { perms } : {}),
  hidden: true,
});

const BUTTON_NAMES: ButtonNames = {
  add: '新增',
  edit: '编辑',
  delete: '删除',
  batch_delete: '批量删除',
  export: '导出',
  import: '导入',
  sensitive: '查看敏感信息',
  review: '审核',
};

/** The buttons of a declaration's actions, or of one of its views (the list code grants the menu itself). */
const declaredButtons = <F extends FieldDecls>(decl: ResourceDecl<F>, view?: string): ButtonSeed[] =>
  buttonCodesOf(decl, view)
    .filter((code) => !code.endsWith(':list'))
    .map((code) => ({ perms: code, name: BUTTON_NAMES[code.slice(code.lastIndexOf(':') + 1)] ?? code }));

/**
 * A list screen: `<code>:list` grants the menu, and the buttons follow from what the screen lists (a code
 * prefix, a declared resource, a view of the waybills).
 */
const listScreen =
  <S, A extends unknown[]>(
    codeOf: (source: S) => string,
    buttonsOf: (source: S, ...args: A) => ButtonSeed[],
  ) =>
  (path: string, name: string, component: string, source: S, ...args: A): MenuSeed =>
    page(path, name, component, `${codeOf(source)}:list`, buttonsOf(source, ...args));

const prefixCode = (prefix: string) => prefix;

/** A list screen granted by `<prefix>:list`, with add/edit/delete/import/export and the given extra buttons. */
const crudPage = listScreen(prefixCode, crud);

/** A read-only list granted by `<prefix>:list` that can be exported. */
const exportPage = listScreen(prefixCode, (prefix, extra?: ButtonNames) =>
  buttons(prefix, { export: '导出', ...extra }),
);

/** A declared resource's screen: its list code grants the menu, its actions' codes are the buttons. */
const resourcePage = <F extends FieldDecls>(
  path: string,
  name: string,
  component: string,
  decl: ResourceDecl<F>,
  extra: ButtonNames = {},
): MenuSeed =>
  page(path, name, component, `${decl.permission}:list`, [
    ...declaredButtons(decl),
    ...buttons(decl.permission, extra),
  ]);

/** A declared party screen: its buttons and the review. */
const reviewedPage = <F extends FieldDecls>(
  path: string,
  name: string,
  component: string,
  decl: ResourceDecl<F>,
) => resourcePage(path, name, component, decl, { review: '审核' });

const noteViewCode = (view: NoteView) => viewPermission(noteResource, view);

/** A waybill list: a view of the notes' declaration, with its own code and buttons. */
const notesPage = listScreen(noteViewCode, (view, extra: ButtonNames = {}) => [
  ...declaredButtons(noteResource, view),
  ...buttons(noteViewCode(view), extra),
]);

/** A menu group: its pages render inside the route view. */
const group = (path: string, name: string, icon: string, children: MenuSeed[], extra?: Partial<MenuSeed>) =>
  ({ path, name, icon, component: 'layouts/RouteView', ...extra, children }) satisfies MenuSeed;

/** A group the side menu leaves out: its pages open from the header or by links. */
const hiddenGroup = (path: string, name: string, icon: string, children: MenuSeed[]) =>
  group(path, name, icon, children, { hidden: true });

/** A group that only the holders of its own code see. */
const grantedGroup = (perms: string, path: string, name: string, icon: string, children: MenuSeed[]) =>
  group(path, name, icon, children, { perms });

/** A reviewed party screen routed at its component's own path (/wlhy/hydriver/HyDriverList). */
const partyPage = <F extends FieldDecls>(component: string, name: string, decl: ResourceDecl<F>) =>
  reviewedPage(`/${component}`, name, component, decl);

/** The list component a screen's path names: /compliance/insuranceRate shows compliance/InsuranceRateList. */
const listComponentOf = (path: string) => {
  const [folder, screen] = path.slice(1).split('/');
  return `${folder}/${screen.charAt(0).toUpperCase()}${screen.slice(1)}List`;
};

/** A declared resource's screen whose component is the list its path names. */
const listPage = <F extends FieldDecls>(
  path: string,
  name: string,
  decl: ResourceDecl<F>,
  extra?: ButtonNames,
) => resourcePage(path, name, listComponentOf(path), decl, extra);

/** A component of the online development pages (web/src/pages/modules/online). */
const online = (component: string) => `modules/online/${component}`;

export const MENU_TREE: MenuSeed[] = [
  group(
    '/dashboard',
    '首页',
    'DashboardOutlined',
    [
      { path: '/dashboard/analysis', name: '分析页', component: 'dashboard/Analysis' },
      page('/dashboard/workplace', '工作台', 'dashboard/Workplace', 'dashboard:workplace'),
      page('/dashboard/monitor', '监控页', 'dashboard/Monitor', 'dashboard:monitor'),
      page('/dashboard/task', '任务页', 'dashboard/Task', 'dashboard:task'),
    ],
    { redirect: '/dashboard/analysis' },
  ),
  group('/shipping', '运单管理', 'FileTextOutlined', [
    resourcePage('/shipping/list', '运单列表', 'shipping/ShippingNoteList', noteResource, {
      dispatch: '派单',
      audit: '审核',
      void: '作废',
      accept: '接单',
      refuse: '拒单',
      cancel: '取消',
      load: '装货',
      depart: '发车',
      unload: '卸货',
      sign: '签收',
      correct: '修正重量',
    }),
    notesPage('/shipping/paylist', '支付运单', 'shipping/ShippingPayList', 'pay', { pay: '支付' }),
    notesPage('/shipping/prepaylist', '预付运单', 'shipping/ShippingPrepayList', 'prepay', { pay: '预付' }),
    notesPage('/shipping/advancelist', '垫付运单', 'shipping/ShippingAdvanceList', 'advance', {
      pay: '垫付',
    }),
    resourcePage(
      '/shipping/contract',
      '运输合同',
      'shipping/ShippingContractList',
      transportContractResource,
      {
        sign: '签署',
        clause: '违规扣款条款',
      },
    ),
    notesPage('/shipping/audit', '运单审核', 'shipping/ShippingAuditList', 'audit'),
    notesPage('/shipping/history', '历史运单', 'shipping/ShippingHistoryList', 'history'),
    // Track points come only from track sources with an app key (POST /track/ingest).
    notesPage('/shipping/track', '轨迹查询', 'shipping/ShippingTrackList', 'track', {
      'source:list': '轨迹来源',
      'source:add': '新增轨迹来源',
      'source:edit': '编辑轨迹来源',
      'source:delete': '删除轨迹来源',
      pull: '拉取北斗轨迹',
    }),
    notesPage('/shipping/daoda', '到达清单', 'shipping/DaodaList', 'daoda'),
    listPage('/shipping/complaint', '投诉管理', complaintResource, {
      handle: '处理',
    }),
    listPage('/shipping/evaluation', '评价管理', evaluationResource),
  ]),
  group('/order', '货源订单', 'ShoppingCartOutlined', [
    resourcePage('/order/list', '订单列表', 'order/OrderList', orderResource, {
      publish: '发布',
      pause: '暂停',
      close: '关闭',
      cancel: '取消',
    }),
  ]),
  group('/wlhy', '运力管理', 'CarOutlined', [
    partyPage('wlhy/hydriver/HyDriverList', '司机管理', driverResource),
    partyPage('wlhy/hydriverbank/HyDriverBankList', '司机银行卡', driverBankResource),
    partyPage('wlhy/hyvehicle/HyVehicleList', '车辆管理', vehicleResource),
    partyPage('wlhy/hycarrier/HyCarrierList', '承运人', carrierResource),
    partyPage('wlhy/hycaptain/HyCaptainList', '车队长', captainResource),
    resourcePage('/wlhy/hybank/HyBankList', '银行管理', 'wlhy/hybank/HyBankList', bankResource),
  ]),
  group('/customer', '货主管理', 'TeamOutlined', [
    reviewedPage('/customer/manager', '货主列表', 'customer/HyCustomerList', customerResource),
    resourcePage('/customer/user', '货主用户', 'customer/HyCustomerUserList', customerUserResource),
    resourcePage('/customer/address', '常用地址', 'customer/HyCustomerAddressList', customerAddressResource),
    resourcePage('/customer/route', '常用线路', 'customer/HyCustomerRouteList', customerRouteResource),
    page('/customer/wallet', '货主钱包', 'customer/HyCustomerWalletList', 'customer:wallet:list', [
      { perms: 'finance:ledger:list', name: '查看流水' },
      ...buttons('customer:wallet', {
        recharge: '充值',
        approve: '充值复核',
        freeze: '冻结/解冻',
        export: '导出',
      }),
    ]),
    reviewedPage('/customer/agent', '经纪人', 'customer/HyAgentList', agentResource),
  ]),
  group('/plateform', '财务管理', 'AccountBookOutlined', [
    page('/plateform/cost/paylist', '待付款', 'plateform/cost/PayList', 'finance:paylist:list', [
      { perms: 'finance:payout:submit', name: '提交付款申请' },
      { perms: 'finance:paylist:export', name: '导出' },
    ]),
    exportPage('/plateform/payout', '付款审批', 'plateform/PayoutList', 'finance:payout', {
      review: '复核',
      execute: '出纳付款',
      limit: '审批额度',
    }),
    exportPage('/plateform/cost/list', '平台费用', 'plateform/cost/CostList', 'finance:cost'),
    exportPage('/plateform/wallet', '主钱包', 'plateform/MainWallet', 'finance:wallet', {
      import: '导入银行流水',
      reconcile: '对账',
    }),
    exportPage('/plateform/walletConfig', '钱包配置', 'plateform/WalletConfig', 'finance:walletconfig', {
      edit: '编辑',
    }),
    // Bills and invoices are kept as the books need them: voided or red-lettered, never deleted.
    exportPage('/plateform/bill', '账单管理', 'plateform/BillList', 'finance:bill', {
      add: '生成账单',
      send: '发送',
      confirm: '确认',
      dispute: '提出异议',
      adjust: '调整',
      pay: '付款',
      close: '关闭',
    }),
    exportPage('/plateform/adjustment', '调账理赔', 'plateform/AdjustmentList', 'finance:adjust', {
      add: '申请',
      approve: '审批',
    }),
    exportPage('/plateform/invoice', '发票管理', 'plateform/InvoiceList', 'finance:invoice', {
      add: '申请开票',
      issue: '开票',
      reject: '驳回开票',
      deliver: '交付发票',
      redLetter: '红冲',
    }),
    page('/plateform/tax', '完税列表', 'plateform/TaxList', 'finance:tax:list', [
      { perms: 'finance:tax:collect', name: '生成完税数据' },
      { perms: 'finance:tax:correct', name: '更正' },
      { perms: 'finance:tax:export', name: '导出' },
    ]),
    crudPage('/plateform/gas', '油卡管理', 'plateform/GasList', 'finance:gas'),
    listPage('/plateform/etc', 'ETC记录', etcRecordResource, { match: '重新匹配' }),
    // Accounting vouchers of a period from the ledger, for 用友 and 金蝶; the 科目 mapping beside.
    page('/plateform/voucher', '凭证导出', 'plateform/VoucherExport', 'finance:voucher:list', [
      { perms: 'finance:voucher:export', name: '导出凭证' },
    ]),
    listPage('/plateform/voucherAccount', '凭证科目', voucherAccountResource),
  ]),
  // Compliance a platform needs on day one.
  group('/compliance', '合规管理', 'SafetyCertificateOutlined', [
    listPage('/compliance/verification', '核验记录', verificationResource, {
      recheck: '重新核验',
      override: '越权通过',
      liveness: '活体结果上报',
      ocr: '证照识别',
    }),
    listPage('/compliance/insurance', '货运保险', insuranceResource, {
      insure: '投保',
      cancel: '退保',
      claim: '报案理赔',
    }),
    listPage('/compliance/insuranceRate', '保险费率', insuranceRateResource),
    listPage('/compliance/privacyPolicy', '隐私政策', privacyPolicyResource, {
      publish: '发布',
    }),
    listPage('/compliance/consent', '同意记录', privacyConsentResource),
    listPage('/compliance/privacyRequest', '个人信息申请', privacyRequestResource, { handle: '处理' }),
  ]),
  group('/risk', '风控管理', 'SafetyOutlined', [
    resourcePage('/risk/list', '风控列表', 'risk/RiskList', riskNoteResource),
    resourcePage('/risk/param', '风控参数', 'risk/RiskParamList', riskParamResource),
    resourcePage('/risk/warning', '预警消息', 'risk/WarningMessageList', riskWarningResource, {
      handle: '处理预警',
    }),
    listPage('/risk/violation', '违规记录', riskViolationResource, {
      appeal: '申诉扣款',
      decide: '处理申诉',
    }),
    crudPage('/risk/loss', '亏吨设置', 'risk/LossSettingList', 'risk:loss'),
  ]),
  group('/statistics', '统计报表', 'BarChartOutlined', [
    page('/statistics/list', '统计分析', 'statistics/StatisticsList', 'statistics:list'),
    // A category's code runs its saved reports (the list shows only those); export is a code of its own.
    page('/statistics/report', '报表列表', 'statistics/ReportList', 'statistics:report:list', [
      { perms: 'statistics:report:settlement', name: '结算报表' },
      { perms: 'statistics:report:tax', name: '税务报表' },
      { perms: 'statistics:report:operations', name: '运营报表' },
      { perms: 'statistics:report:export', name: '导出' },
    ]),
    page('/statistics/business', '经营看板', 'statistics/BusinessDashboard', 'statistics:business'),
  ]),
  group('/report', '数据上报', 'CloudUploadOutlined', [
    page('/report/tax', '税务数据同步', 'report/TaxSyncList', 'report:tax:list', [
      { perms: 'report:tax:send', name: '发送税务' },
      { perms: 'report:tax:resend', name: '重新发送' },
      { perms: 'report:tax:export', name: '导出' },
      // 平台收入季度报送 (国务院令第810号) on the same screen: its list, export and steps.
      // (codes of buttonCodesOf(incomeReportLineResource): list, export, sensitive)
      ...buttons('report:income', {
        list: '收入季度报送',
        export: '导出收入报告',
        sensitive: '查看收入报送敏感信息',
        generate: '生成收入报告',
        review: '复核收入报告',
        send: '报送收入报告',
        resend: '重新报送收入报告',
      }),
    ]),
    exportPage('/report/transport', '交通监管同步', 'report/TransportSyncList', 'report:transport'),
    // One resend code for both screens: the route that requeues declares one permission.
    page('/report/upload', '监管上传', 'report/RegulatorUploadList', 'report:upload:list', [
      { perms: 'report:message:resend', name: '重新上报' },
      { perms: 'report:upload:export', name: '导出' },
    ]),
    crudPage('/report/channel', '上报通道', 'report/ReportChannelList', 'report:channel', {
      test: '测试连接',
    }),
  ]),
  group('/map', '地图监控', 'EnvironmentOutlined', [
    resourcePage('/map/realtime', '实时位置', 'map/RealtimeLocation', vehiclePositionResource),
    page('/map/track', '轨迹查询', 'map/TrackQuery', 'map:track'),
  ]),
  group('/apps', '应用管理', 'AppstoreOutlined', [
    resourcePage('/apps/version', 'APP版本', 'apps/AppVersionList', appVersionResource),
    resourcePage('/apps/message', 'APP消息', 'apps/AppMessageList', appMessageResource),
    resourcePage('/apps/enterprise', '企业应用', 'apps/EnterpriseAppList', enterpriseAppResource, {
      rotate: '更换密钥',
    }),
    crudPage('/apps/config', '系统配置', 'apps/HyConfigList', 'apps:config'),
    page(
      '/apps/setting',
      '平台设置',
      'apps/PlatformSettingList',
      'apps:setting:list',
      buttons('apps:setting', { edit: '编辑' }),
    ),
  ]),
  group('/system', '系统管理', 'SettingOutlined', [
    resourcePage('/system/user', '用户管理', 'system/UserList', userResource, {
      frozen: '冻结',
      password: '修改密码',
    }),
    resourcePage('/system/role', '角色管理', 'system/RoleList', roleResource, { authorize: '授权' }),
    crudPage('/system/depart', '部门管理', 'system/DepartList', 'system:depart', {
      permission: '部门授权',
      role: '部门角色',
    }),
    crudPage('/system/permission', '菜单管理', 'system/PermissionList', 'system:permission'),
    resourcePage('/system/dict', '数据字典', 'system/DictList', dictResource),
    resourcePage('/system/quartzJob', '定时任务', 'system/QuartzJobList', quartzJobResource),
    resourcePage('/system/annountCement', '系统公告', 'system/AnnouncementList', announcementResource, {
      release: '发布',
    }),
    resourcePage('/system/category', '分类字典', 'system/CategoryList', categoryResource),
    resourcePage('/system/checkRule', '编码校验规则', 'system/CheckRuleList', checkRuleResource),
    resourcePage('/system/fillRule', '填值规则', 'system/FillRuleList', fillRuleResource),
    resourcePage('/system/dataSource', '多数据源', 'system/DataSourceList', dataSourceResource),
    resourcePage('/system/gatewayRoute', '网关路由', 'system/GatewayRouteList', gatewayRouteResource),
    resourcePage('/system/position', '职务管理', 'system/PositionList', positionResource),
    resourcePage('/system/tenant', '租户管理', 'system/TenantList', tenantResource),
    page('/system/addressList', '通讯录', 'system/AddressList', 'system:addresslist:list'),
    resourcePage('/system/dataLog', '数据日志', 'system/DataLogList', dataLogResource),
    resourcePage('/system/log', '日志管理', 'system/LogList', logResource),
    // Resending failed messages is the one change the screen makes to them.
    resourcePage('/system/message', '系统消息', 'system/SysMessageList', sysMessageResource, {
      edit: '重新发送',
    }),
    resourcePage(
      '/system/messageTemplate',
      '消息模板',
      'system/MessageTemplateList',
      messageTemplateResource,
    ),
    resourcePage('/system/oss', '对象存储', 'system/OssFileList', ossFileResource, { delete: '删除' }),
  ]),
  group('/monitor', '系统监控', 'MonitorOutlined', [
    page('/monitor/disk', '磁盘监控', 'monitor/DiskMonitor', 'monitor:disk'),
    page('/monitor/httptrace', '请求追踪', 'monitor/HttpTrace', 'monitor:httptrace'),
    page('/monitor/jvm', 'Node运行时', 'monitor/JvmInfo', 'monitor:jvm'),
    page('/monitor/redis', 'Redis监控', 'monitor/RedisInfo', 'monitor:redis'),
    page('/monitor/system', '系统信息', 'monitor/SystemInfo', 'monitor:system'),
    page('/monitor/tomcat', 'HTTP服务', 'monitor/TomcatInfo', 'monitor:tomcat'),
  ]),
  group('/online', '在线开发', 'CodeOutlined', [
    crudPage('/online/cgform', '表单开发', online('cgform/OnlCgformHeadList'), 'online:cgform', {
      sync: '同步数据库',
    }),
    hiddenPage('/online/cgformList/:code', '在线表单', online('cgform/auto/OnlCgformAutoList')),
    hiddenPage(
      '/online/copyform/:code',
      '表单副本',
      online('cgform/auto/OnlCgformCopyList'),
      'online:cgform:list',
    ),
    hiddenPage('/online/cgformTreeList/:code', '在线树表', online('cgform/auto/OnlCgformTreeList')),
    hiddenPage('/online/cgformErpList/:code', '在线主附表(ERP)', online('cgform/auto/erp/OnlCgformErpList')),
    hiddenPage(
      '/online/cgformInnerTableList/:code',
      '在线主附表(内嵌)',
      online('cgform/auto/innerTable/OnlCgformInnerTableList'),
    ),
    resourcePage('/online/cgreport', '报表配置', online('cgreport/OnlCgreportHeadList'), reportHeadResource, {
      add: '新增',
      edit: '编辑',
    }),
    hiddenPage(
      '/online/cgreport/view/:code',
      '报表',
      online('cgreport/auto/OnlCgreportAutoList'),
      'online:cgreport:view',
    ),
  ]),
  group('/screen', '大屏', 'FundProjectionScreenOutlined', [
    page('/screen/data', '数据大屏', 'screen/DataScreen', 'screen:data'),
    page('/screen/finance', '财务大屏', 'screen/FinanceScreen', 'screen:finance'),
  ]),
  hiddenGroup('/isps', '消息中心', 'BellOutlined', [
    { path: '/isps/userAnnouncement', name: '我的消息', component: 'isps/UserAnnouncementList' },
  ]),
  hiddenGroup('/account', '个人页', 'UserOutlined', [
    { path: '/account/center', name: '个人中心', component: 'account/center/Index' },
    { path: '/account/settings', name: '个人设置', component: 'account/settings/Index' },
  ]),
  grantedGroup('demo:exception', '/exception', '异常页', 'WarningOutlined', [
    { path: '/exception/403', name: '403', component: 'exception/403' },
    { path: '/exception/404', name: '404', component: 'exception/404' },
    { path: '/exception/500', name: '500', component: 'exception/500' },
  ]),
  grantedGroup('demo:view', '/demo', '示例', 'ExperimentOutlined', [
    page('/demo/components', '组件示例', 'demo/ComponentGallery', 'demo:components'),
    page('/demo/form', '表单示例', 'form/BasicForm', 'demo:form'),
    page('/demo/list', '列表示例', 'list/TableList', 'demo:list'),
    page('/demo/editable-table', '可编辑表格', 'demo/EditableTableDemo', 'demo:editable-table'),
    {
      path: '/demo/hidden-only',
      name: '隐藏分组',
      component: 'layouts/RouteView',
      perms: 'demo:hidden',
      children: [
        { path: '/demo/hidden-only/page', name: '隐藏页面', component: 'demo/HiddenPage', hidden: true },
      ],
    },
    {
      path: '/demo/no-route',
      name: '无路由菜单',
      component: 'demo/NoRoute',
      route: false,
      perms: 'demo:noroute',
    },
    {
      path: '/demo/docs',
      name: '开发文档',
      url: 'https://ant.design/index-cn',
      external: true,
      perms: 'demo:docs',
    },
    {
      path: '/demo/iframe',
      name: '内嵌页面',
      url: 'https://pro.ant.design',
      component: 'layouts/IframePageView',
      perms: 'demo:iframe',
    },
  ]),
];
