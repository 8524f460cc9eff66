import { describe, expect, it } from 'vitest';
import { isVehiclePlate, normalizePlate, plateKind } from './vehiclePlate.ts';

describe('vehicle plates (GA 36)', () => {
  it.each([
    // Standard plates.
    ['京A12345', 'standard'],
    ['沪B6789X', 'standard'],
    ['粤BD1234', 'standard'],
    ['鲁Q1234挂', 'standard'],
    ['苏E1234学', 'standard'],
    // Small new-energy plates with D or F first, and the later series letters.
    ['粤BD12345', 'newEnergy'],
    ['京AFA1234', 'newEnergy'],
    ['苏AA12345', 'newEnergy'],
    ['苏AK12345', 'newEnergy'],
    // Large new-energy plates ending in D or F.
    ['沪A12345D', 'newEnergy'],
    ['浙B54321F', 'newEnergy'],
  ])('reads %s as a %s plate', (plate, kind) => {
    expect(plateKind(plate)).toBe(kind);
  });
  it('normalises case, spaces and separators', () => {
    expect(normalizePlate(' 京a·123 45 ')).toBe('京A12345');
    expect(isVehiclePlate('京a-12345')).toBe(true);
  });
  it.each([
    ['', 'empty'],
    ['XA12345', 'no province'],
    ['京I12345', 'I never used'],
    ['京A1234', 'too short'],
    ['京A1234567', 'too long'],
    ['沪A12345X', 'large new-energy must end in D or F'],
    ['粤BX12345', 'small new-energy must start with its series letter'],
    ['粤BD1234A', 'small new-energy ends in four digits'],
  ])('rejects %j (%s)', (plate) => {
    expect(isVehiclePlate(plate)).toBe(false);
  });
});
