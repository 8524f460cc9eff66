import { describe, expect, it } from 'vitest';
import { isVehiclePlate, normalizePlate, plateKind } from './vehiclePlate.ts';

describe('vehicle plates (GA 36)', () => {
  it('accepts standard plates', () => {
    for (const plate of ['京A12345', '沪B6789X', '粤BD1234', '鲁Q1234挂', '苏E1234学']) {
      expect(plateKind(plate), plate).toBe('standard');
    }
  });
  it('accepts small new-energy plates with D or F first', () => {
    expect(plateKind('粤BD12345')).toBe('newEnergy');
    expect(plateKind('京AFA1234')).toBe('newEnergy');
  });
  it('accepts the later small new-energy series letters', () => {
    expect(plateKind('苏AA12345')).toBe('newEnergy');
    expect(plateKind('苏AK12345')).toBe('newEnergy');
  });
  it('accepts large new-energy plates ending in D or F', () => {
    expect(plateKind('沪A12345D')).toBe('newEnergy');
    expect(plateKind('浙B54321F')).toBe('newEnergy');
  });
  it('normalises case, spaces and separators', () => {
    expect(normalizePlate(' 京a·123 45 ')).toBe('京A12345');
    expect(isVehiclePlate('京a-12345')).toBe(true);
  });
  it('rejects bad plates', () => {
    for (const plate of [
      '',
      'XA12345', // no province
      '京I12345', // I never used
      '京A1234', // too short
      '京A1234567', // too long
      '沪A12345X', // large new-energy must end in D or F
      '粤BX12345', // small new-energy must start with its series letter
      '粤BD1234A', // small new-energy ends in four digits
    ]) {
      expect(isVehiclePlate(plate), plate).toBe(false);
    }
  });
});
