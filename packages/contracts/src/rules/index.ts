// Pure rules of the spec (§2, §4, §5, §6, §9) shared by server and console. One file a rule family.
export * from './bankCard.ts';
export * from './cellInput.ts';
export * from './dateTime.ts';
export * from './feeVisibility.ts';
export * from './format.ts';
export * from './greeting.ts';
export * from './idNumbers.ts';
export * from './menuPermission.ts';
export * from './money.ts';
export * from './permission.ts';
export * from './popup.ts';
export * from './tabs.ts';
export * from './themeSettings.ts';
export * from './toolbarPermission.ts';
export * from './upload.ts';
export * from './validationPresets.ts';
export * from './vehiclePlate.ts';
