// The menu tree of every screen of spec §1, with the component strings the console resolves
// (web/src/pages/<component>) and the business paths spec §2 names. Buttons carry the codes the server enforces.

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

const crud = (prefix: string, extra: ButtonSeed[] = []): ButtonSeed[] => [
  { perms: `${prefix}:add`, name: '新增' },
  { perms: `${prefix}:edit`, name: '编辑' },
  { perms: `${prefix}:delete`, name: '删除' },
  { perms: `${prefix}:batch_delete`, name: '批量删除' },
  { perms: `${prefix}:export`, name: '导出' },
  { perms: `${prefix}:import`, name: '导入' },
  ...extra,
];

const review = (prefix: string) => crud(prefix, [{ perms: `${prefix}:review`, name: '审核' }]);

const page = (
  path: string,
  name: string,
  component: string,
  perms: string,
  buttons?: ButtonSeed[],
): MenuSeed => ({
  path,
  name,
  component,
  perms,
  buttons,
});

export const MENU_TREE: MenuSeed[] = [
  {
    path: '/dashboard',
    name: '首页',
    icon: 'DashboardOutlined',
    component: 'layouts/RouteView',
    redirect: '/dashboard/analysis',
    children: [
      { path: '/dashboard/analysis', name: '分析页', component: 'dashboard/Analysis' },
      page('/dashboard/workplace', '工作台', 'dashboard/Workplace', 'dashboard:workplace'),
      page('/dashboard/monitor', '监控页', 'dashboard/Monitor', 'dashboard:monitor'),
      page('/dashboard/task', '任务页', 'dashboard/Task', 'dashboard:task'),
    ],
  },
  {
    path: '/shipping',
    name: '运单管理',
    icon: 'FileTextOutlined',
    component: 'layouts/RouteView',
    children: [
      page(
        '/shipping/list',
        '运单列表',
        'shipping/ShippingNoteList',
        'shipping:note:list',
        crud('shipping:note', [
          { perms: 'shipping:note:dispatch', name: '派单' },
          { perms: 'shipping:note:audit', name: '审核' },
          { perms: 'shipping:note:void', name: '作废' },
          { perms: 'shipping:note:accept', name: '接单' },
          { perms: 'shipping:note:refuse', name: '拒单' },
          { perms: 'shipping:note:cancel', name: '取消' },
          { perms: 'shipping:note:load', name: '装货' },
          { perms: 'shipping:note:depart', name: '发车' },
          { perms: 'shipping:note:unload', name: '卸货' },
          { perms: 'shipping:note:sign', name: '签收' },
          { perms: 'shipping:note:correct', name: '修正重量' },
        ]),
      ),
      page('/shipping/paylist', '支付运单', 'shipping/ShippingPayList', 'shipping:pay:list', [
        { perms: 'shipping:pay:pay', name: '支付' },
        { perms: 'shipping:pay:export', name: '导出' },
      ]),
      page('/shipping/prepaylist', '预付运单', 'shipping/ShippingPrepayList', 'shipping:prepay:list', [
        { perms: 'shipping:prepay:export', name: '导出' },
      ]),
      page('/shipping/advancelist', '垫付运单', 'shipping/ShippingAdvanceList', 'shipping:advance:list', [
        { perms: 'shipping:advance:export', name: '导出' },
      ]),
      page('/shipping/contract', '运输合同', 'shipping/ShippingContractList', 'shipping:contract:list', [
        { perms: 'shipping:contract:export', name: '导出' },
      ]),
      page('/shipping/audit', '运单审核', 'shipping/ShippingAuditList', 'shipping:audit:list', [
        { perms: 'shipping:audit:export', name: '导出' },
      ]),
      page('/shipping/history', '历史运单', 'shipping/ShippingHistoryList', 'shipping:history:list', [
        { perms: 'shipping:history:export', name: '导出' },
      ]),
      page('/shipping/track', '轨迹查询', 'shipping/ShippingTrackList', 'shipping:track:list', [
        { perms: 'shipping:track:export', name: '导出' },
        { perms: 'shipping:track:ingest', name: '上传轨迹' },
      ]),
      page('/shipping/daoda', '到达清单', 'shipping/DaodaList', 'shipping:daoda:list', [
        { perms: 'shipping:daoda:export', name: '导出' },
      ]),
      page(
        '/shipping/complaint',
        '投诉管理',
        'shipping/ComplaintList',
        'shipping:complaint:list',
        crud('shipping:complaint', [{ perms: 'shipping:complaint:handle', name: '处理' }]),
      ),
      page('/shipping/evaluation', '评价管理', 'shipping/EvaluationList', 'shipping:evaluation:list', [
        { perms: 'shipping:evaluation:add', name: '新增' },
        { perms: 'shipping:evaluation:delete', name: '删除' },
        { perms: 'shipping:evaluation:batch_delete', name: '批量删除' },
        { perms: 'shipping:evaluation:export', name: '导出' },
      ]),
    ],
  },
  {
    path: '/order',
    name: '货源订单',
    icon: 'ShoppingCartOutlined',
    component: 'layouts/RouteView',
    children: [
      page(
        '/order/list',
        '订单列表',
        'order/OrderList',
        'order:list',
        crud('order', [
          { perms: 'order:publish', name: '发布' },
          { perms: 'order:pause', name: '暂停' },
          { perms: 'order:close', name: '关闭' },
          { perms: 'order:cancel', name: '取消' },
        ]),
      ),
    ],
  },
  {
    path: '/wlhy',
    name: '运力管理',
    icon: 'CarOutlined',
    component: 'layouts/RouteView',
    children: [
      page(
        '/wlhy/hydriver/HyDriverList',
        '司机管理',
        'wlhy/hydriver/HyDriverList',
        'driver:list',
        review('driver'),
      ),
      page(
        '/wlhy/hydriverbank/HyDriverBankList',
        '司机银行卡',
        'wlhy/hydriverbank/HyDriverBankList',
        'driverbank:list',
        review('driverbank'),
      ),
      page(
        '/wlhy/hyvehicle/HyVehicleList',
        '车辆管理',
        'wlhy/hyvehicle/HyVehicleList',
        'vehicle:list',
        review('vehicle'),
      ),
      page(
        '/wlhy/hycarrier/HyCarrierList',
        '承运人',
        'wlhy/hycarrier/HyCarrierList',
        'carrier:list',
        review('carrier'),
      ),
      page(
        '/wlhy/hycaptain/HyCaptainList',
        '车队长',
        'wlhy/hycaptain/HyCaptainList',
        'captain:list',
        review('captain'),
      ),
      page('/wlhy/hybank/HyBankList', '银行管理', 'wlhy/hybank/HyBankList', 'bank:list', crud('bank')),
    ],
  },
  {
    path: '/customer',
    name: '货主管理',
    icon: 'TeamOutlined',
    component: 'layouts/RouteView',
    children: [
      page(
        '/customer/manager',
        '货主列表',
        'customer/HyCustomerList',
        'customer:manager:list',
        review('customer:manager'),
      ),
      page(
        '/customer/user',
        '货主用户',
        'customer/HyCustomerUserList',
        'customer:user:list',
        crud('customer:user'),
      ),
      page('/customer/wallet', '货主钱包', 'customer/HyCustomerWalletList', 'customer:wallet:list'),
      page('/customer/agent', '经纪人', 'customer/HyAgentList', 'agent:list', review('agent')),
    ],
  },
  {
    path: '/plateform',
    name: '财务管理',
    icon: 'AccountBookOutlined',
    component: 'layouts/RouteView',
    children: [
      page('/plateform/cost/paylist', '待付款', 'plateform/cost/PayList', 'finance:paylist:list'),
      page('/plateform/cost/list', '平台费用', 'plateform/cost/CostList', 'finance:cost:list'),
      page('/plateform/wallet', '主钱包', 'plateform/MainWallet', 'finance:wallet:list'),
      page('/plateform/walletConfig', '钱包配置', 'plateform/WalletConfig', 'finance:walletconfig:list'),
      page('/plateform/bill', '账单管理', 'plateform/BillList', 'finance:bill:list', crud('finance:bill')),
      page(
        '/plateform/invoice',
        '发票管理',
        'plateform/InvoiceList',
        'finance:invoice:list',
        crud('finance:invoice'),
      ),
      page('/plateform/tax', '完税列表', 'plateform/TaxList', 'finance:tax:list'),
      page('/plateform/gas', '油卡管理', 'plateform/GasList', 'finance:gas:list', crud('finance:gas')),
      page('/plateform/etc', 'ETC记录', 'plateform/EtcList', 'finance:etc:list', crud('finance:etc')),
    ],
  },
  {
    path: '/risk',
    name: '风控管理',
    icon: 'SafetyOutlined',
    component: 'layouts/RouteView',
    children: [
      page('/risk/list', '风控列表', 'risk/RiskList', 'risk:list'),
      page('/risk/param', '风控参数', 'risk/RiskParamList', 'risk:param:list', crud('risk:param')),
      page('/risk/warning', '预警消息', 'risk/WarningMessageList', 'risk:warning:list'),
      page('/risk/violation', '违规记录', 'risk/ViolationList', 'risk:violation:list'),
      page('/risk/loss', '亏吨设置', 'risk/LossSettingList', 'risk:loss:list', crud('risk:loss')),
    ],
  },
  {
    path: '/statistics',
    name: '统计报表',
    icon: 'BarChartOutlined',
    component: 'layouts/RouteView',
    children: [
      page('/statistics/list', '统计分析', 'statistics/StatisticsList', 'statistics:list'),
      page('/statistics/report', '报表列表', 'statistics/ReportList', 'statistics:report:list'),
      page('/statistics/business', '经营看板', 'statistics/BusinessDashboard', 'statistics:business'),
    ],
  },
  {
    path: '/report',
    name: '数据上报',
    icon: 'CloudUploadOutlined',
    component: 'layouts/RouteView',
    children: [
      page('/report/tax', '税务数据同步', 'report/TaxSyncList', 'report:tax:list'),
      page('/report/transport', '交通监管同步', 'report/TransportSyncList', 'report:transport:list'),
      page('/report/upload', '监管上传', 'report/RegulatorUploadList', 'report:upload:list'),
      page(
        '/report/channel',
        '上报通道',
        'report/ReportChannelList',
        'report:channel:list',
        crud('report:channel'),
      ),
    ],
  },
  {
    path: '/map',
    name: '地图监控',
    icon: 'EnvironmentOutlined',
    component: 'layouts/RouteView',
    children: [
      page('/map/realtime', '实时位置', 'map/RealtimeLocation', 'map:realtime'),
      page('/map/track', '轨迹查询', 'map/TrackQuery', 'map:track'),
    ],
  },
  {
    path: '/apps',
    name: '应用管理',
    icon: 'AppstoreOutlined',
    component: 'layouts/RouteView',
    children: [
      page('/apps/version', 'APP版本', 'apps/AppVersionList', 'apps:version:list', crud('apps:version')),
      page('/apps/message', 'APP消息', 'apps/AppMessageList', 'apps:message:list', crud('apps:message')),
      page(
        '/apps/enterprise',
        '企业应用',
        'apps/EnterpriseAppList',
        'apps:enterprise:list',
        crud('apps:enterprise'),
      ),
      page('/apps/config', '系统配置', 'apps/HyConfigList', 'apps:config:list', crud('apps:config')),
      page(
        '/apps/setting',
        '平台设置',
        'apps/PlatformSettingList',
        'apps:setting:list',
        crud('apps:setting'),
      ),
    ],
  },
  {
    path: '/system',
    name: '系统管理',
    icon: 'SettingOutlined',
    component: 'layouts/RouteView',
    children: [
      page(
        '/system/user',
        '用户管理',
        'system/UserList',
        'system:user:list',
        crud('system:user', [
          { perms: 'system:user:frozen', name: '冻结' },
          { perms: 'system:user:password', name: '修改密码' },
        ]),
      ),
      page(
        '/system/role',
        '角色管理',
        'system/RoleList',
        'system:role:list',
        crud('system:role', [{ perms: 'system:role:authorize', name: '授权' }]),
      ),
      page(
        '/system/depart',
        '部门管理',
        'system/DepartList',
        'system:depart:list',
        crud('system:depart', [
          { perms: 'system:depart:permission', name: '部门授权' },
          { perms: 'system:depart:role', name: '部门角色' },
        ]),
      ),
      page(
        '/system/permission',
        '菜单管理',
        'system/PermissionList',
        'system:permission:list',
        crud('system:permission'),
      ),
      page('/system/dict', '数据字典', 'system/DictList', 'system:dict:list', crud('system:dict')),
      page(
        '/system/quartzJob',
        '定时任务',
        'system/QuartzJobList',
        'system:quartz:list',
        crud('system:quartz'),
      ),
      page(
        '/system/annountCement',
        '系统公告',
        'system/AnnouncementList',
        'system:announcement:list',
        crud('system:announcement', [{ perms: 'system:announcement:release', name: '发布' }]),
      ),
      page(
        '/system/category',
        '分类字典',
        'system/CategoryList',
        'system:category:list',
        crud('system:category'),
      ),
      page(
        '/system/checkRule',
        '编码校验规则',
        'system/CheckRuleList',
        'system:checkrule:list',
        crud('system:checkrule'),
      ),
      page(
        '/system/fillRule',
        '填值规则',
        'system/FillRuleList',
        'system:fillrule:list',
        crud('system:fillrule'),
      ),
      page(
        '/system/dataSource',
        '多数据源',
        'system/DataSourceList',
        'system:datasource:list',
        crud('system:datasource'),
      ),
      page(
        '/system/gatewayRoute',
        '网关路由',
        'system/GatewayRouteList',
        'system:gateway:list',
        crud('system:gateway'),
      ),
      page(
        '/system/position',
        '职务管理',
        'system/PositionList',
        'system:position:list',
        crud('system:position'),
      ),
      page('/system/tenant', '租户管理', 'system/TenantList', 'system:tenant:list', crud('system:tenant')),
      page('/system/addressList', '通讯录', 'system/AddressList', 'system:addresslist:list'),
      page('/system/dataLog', '数据日志', 'system/DataLogList', 'system:datalog:list'),
      page('/system/log', '日志管理', 'system/LogList', 'system:log:list', [
        { perms: 'system:log:export', name: '导出' },
      ]),
      page(
        '/system/message',
        '系统消息',
        'system/SysMessageList',
        'system:message:list',
        crud('system:message'),
      ),
      page(
        '/system/messageTemplate',
        '消息模板',
        'system/MessageTemplateList',
        'system:msgtemplate:list',
        crud('system:msgtemplate'),
      ),
      page('/system/oss', '对象存储', 'system/OssFileList', 'system:oss:list', crud('system:oss')),
    ],
  },
  {
    path: '/monitor',
    name: '系统监控',
    icon: 'MonitorOutlined',
    component: 'layouts/RouteView',
    children: [
      page('/monitor/disk', '磁盘监控', 'monitor/DiskMonitor', 'monitor:disk'),
      page('/monitor/httptrace', '请求追踪', 'monitor/HttpTrace', 'monitor:httptrace'),
      page('/monitor/jvm', 'JVM信息', 'monitor/JvmInfo', 'monitor:jvm'),
      page('/monitor/redis', 'Redis监控', 'monitor/RedisInfo', 'monitor:redis'),
      page('/monitor/system', '系统信息', 'monitor/SystemInfo', 'monitor:system'),
      page('/monitor/tomcat', 'Tomcat信息', 'monitor/TomcatInfo', 'monitor:tomcat'),
    ],
  },
  {
    path: '/online',
    name: '在线开发',
    icon: 'CodeOutlined',
    component: 'layouts/RouteView',
    children: [
      page(
        '/online/cgreport',
        '报表配置',
        'modules/online/cgreport/OnlCgreportHeadList',
        'online:cgreport:list',
        crud('online:cgreport'),
      ),
      {
        path: '/online/cgreport/view/:code',
        name: '报表',
        component: 'modules/online/cgreport/auto/OnlCgreportAutoList',
        perms: 'online:cgreport:view',
        hidden: true,
      },
    ],
  },
  {
    path: '/screen',
    name: '大屏',
    icon: 'FundProjectionScreenOutlined',
    component: 'layouts/RouteView',
    children: [
      page('/screen/data', '数据大屏', 'screen/DataScreen', 'screen:data'),
      page('/screen/finance', '财务大屏', 'screen/FinanceScreen', 'screen:finance'),
    ],
  },
  {
    path: '/isps',
    name: '消息中心',
    icon: 'BellOutlined',
    component: 'layouts/RouteView',
    hidden: true,
    children: [{ path: '/isps/userAnnouncement', name: '我的消息', component: 'isps/UserAnnouncementList' }],
  },
  {
    path: '/account',
    name: '个人页',
    icon: 'UserOutlined',
    component: 'layouts/RouteView',
    hidden: true,
    children: [
      { path: '/account/center', name: '个人中心', component: 'account/center/Index' },
      { path: '/account/settings', name: '个人设置', component: 'account/settings/Index' },
    ],
  },
  {
    path: '/exception',
    name: '异常页',
    icon: 'WarningOutlined',
    component: 'layouts/RouteView',
    perms: 'demo:exception',
    children: [
      { path: '/exception/403', name: '403', component: 'exception/403' },
      { path: '/exception/404', name: '404', component: 'exception/404' },
      { path: '/exception/500', name: '500', component: 'exception/500' },
    ],
  },
  {
    path: '/demo',
    name: '示例',
    icon: 'ExperimentOutlined',
    component: 'layouts/RouteView',
    perms: 'demo:view',
    children: [
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
    ],
  },
];
