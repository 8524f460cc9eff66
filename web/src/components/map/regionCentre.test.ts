import { describe, expect, it } from 'vitest';
import { CHINA_CENTRE, regionCentre } from './regionCentre';

describe('regionCentre', () => {
  it('opens on the district’s city, else its province’s capital, else China', () => {
    expect(regionCentre('320505', ['江苏省', '苏州市', '虎丘区'])).toMatchObject({ lng: 120.585, zoom: 10 });
    // A municipality's city level is 市辖区: its province name is the city.
    expect(regionCentre('310113', ['上海市', '市辖区', '宝山区'])).toMatchObject({ lng: 121.473, zoom: 10 });
    expect(regionCentre('320800', ['江苏省', '淮安市', '清江浦区'])).toMatchObject({ lng: 118.796, zoom: 7 });
    expect(regionCentre(null)).toEqual(CHINA_CENTRE);
  });
});
