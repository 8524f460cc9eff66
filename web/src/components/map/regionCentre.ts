// Where a map opens for a picked district (to drop a place's pin): the seeded divisions carry no coordinates, so
// the offline map's reference points stand in — the district's city when it is one of them, else its
// province's capital, else the middle of China.
import { CITY_POINTS } from './cities';

export const CHINA_CENTRE = { lng: 105, lat: 35, zoom: 4 };

/** The capital's name among CITY_POINTS of each province (the first two digits of a division code). */
const PROVINCE_CAPITAL: Record<string, string> = {
  '11': '北京',
  '12': '天津',
  '13': '石家庄',
  '14': '太原',
  '15': '呼和浩特',
  '21': '沈阳',
  '22': '长春',
  '23': '哈尔滨',
  '31': '上海',
  '32': '南京',
  '33': '杭州',
  '34': '合肥',
  '35': '福州',
  '36': '南昌',
  '37': '济南',
  '41': '郑州',
  '42': '武汉',
  '43': '长沙',
  '44': '广州',
  '45': '南宁',
  '46': '海口',
  '50': '重庆',
  '51': '成都',
  '52': '贵阳',
  '53': '昆明',
  '54': '拉萨',
  '61': '西安',
  '62': '兰州',
  '63': '西宁',
  '64': '银川',
  '65': '乌鲁木齐',
};

const pointNamed = (name: string | undefined) =>
  name ? CITY_POINTS.find((p) => name.startsWith(p.name[0])) : undefined;

/** The centre and zoom for a district code and its chain of names (province, city, district). */
export function regionCentre(
  code: string | null | undefined,
  names: readonly string[] = [],
): { lng: number; lat: number; zoom: number } {
  if (!code) return CHINA_CENTRE;
  const city = pointNamed(names[1]) ?? pointNamed(names[0]);
  if (city) return { lng: city.lng, lat: city.lat, zoom: 10 };
  const capital = pointNamed(PROVINCE_CAPITAL[code.slice(0, 2)]);
  if (capital) return { lng: capital.lng, lat: capital.lat, zoom: 7 };
  return CHINA_CENTRE;
}
