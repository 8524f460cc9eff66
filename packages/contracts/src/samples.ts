// The one sample route the demo orders, the API tests (server/src/test), the browser tests (e2e) and the
// benchmarks (bench) put on the orders they make, written once so that they all describe the same trip.

/** Nanjing steel works (江苏省南京市栖霞区) to the Baoshan wharf (上海市宝山区): an order's place fields. */
export const SAMPLE_ORDER_PLACES = {
  loadProvince: '江苏省',
  loadCity: '南京市',
  loadDistrict: '栖霞区',
  loadAreaCode: '320113',
  loadAddress: '南京钢铁厂东门',
  unloadProvince: '上海市',
  unloadCity: '上海市',
  unloadDistrict: '宝山区',
  unloadAreaCode: '310113',
  unloadAddress: '宝山钢铁码头3号库',
} as const;

/** The sample route with the WGS-84 points of its two ends, as an order body takes it. */
export const SAMPLE_ORDER_ROUTE = {
  ...SAMPLE_ORDER_PLACES,
  loadLng: 118.9089,
  loadLat: 32.1186,
  unloadLng: 121.4891,
  unloadLat: 31.4053,
} as const;
