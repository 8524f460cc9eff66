// Pure rules of menus, tabs, session, validation, permissions and formats, shared by server and console.
// One file a rule family.
export * from './bankCard.ts';
export * from './cellInput.ts';
export * from './dateTime.ts';
export * from './feeVisibility.ts';
export * from './format.ts';
export * from './freightMoney.ts';
export * from './greeting.ts';
export * from './idNumbers.ts';
export * from './links.ts';
export * from './lossRules.ts';
export * from './masks.ts';
export * from './menuPermission.ts';
export * from './money.ts';
export * from './permission.ts';
export * from './popup.ts';
export * from './routeDistance.ts';
export * from './tabs.ts';
export * from './themeSettings.ts';
export * from './toolbarPermission.ts';
export * from './track.ts';
export * from './upload.ts';
export * from './validationPresets.ts';
export * from './vehiclePlate.ts';
