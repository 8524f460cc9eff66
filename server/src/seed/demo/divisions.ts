// Administrative divisions (GB/T 2260) the demo data lives in: real district codes with their province and
// city, and the plate prefix of the city (GA 36), so an address, an ID number's area and a plate agree.

export interface Division {
  province: string;
  city: string;
  district: string;
  /** 6-digit district code. */
  code: string;
  /** Province abbreviation and issuing-office letter of the city's plates. */
  plate: string;
}

const d = (province: string, city: string, district: string, code: string, plate: string): Division => ({
  province,
  city,
  district,
  code,
  plate,
});

export const DIVISIONS: readonly Division[] = [
  d('北京市', '北京市', '朝阳区', '110105', '京A'),
  d('北京市', '北京市', '大兴区', '110115', '京A'),
  d('天津市', '天津市', '滨海新区', '120116', '津A'),
  d('河北省', '石家庄市', '长安区', '130102', '冀A'),
  d('河北省', '唐山市', '路北区', '130203', '冀B'),
  d('河北省', '邯郸市', '邯山区', '130402', '冀D'),
  d('山西省', '太原市', '小店区', '140105', '晋A'),
  d('山西省', '大同市', '平城区', '140213', '晋B'),
  d('内蒙古自治区', '包头市', '昆都仑区', '150203', '蒙B'),
  d('内蒙古自治区', '鄂尔多斯市', '东胜区', '150602', '蒙K'),
  d('辽宁省', '沈阳市', '和平区', '210102', '辽A'),
  d('辽宁省', '大连市', '甘井子区', '210211', '辽B'),
  d('上海市', '上海市', '嘉定区', '310114', '沪B'),
  d('上海市', '上海市', '浦东新区', '310115', '沪D'),
  d('江苏省', '南京市', '玄武区', '320102', '苏A'),
  d('江苏省', '南京市', '建邺区', '320105', '苏A'),
  d('江苏省', '南京市', '江宁区', '320115', '苏A'),
  d('江苏省', '无锡市', '梁溪区', '320213', '苏B'),
  d('江苏省', '徐州市', '铜山区', '320312', '苏C'),
  d('江苏省', '苏州市', '吴中区', '320506', '苏E'),
  d('江苏省', '苏州市', '昆山市', '320583', '苏E'),
  d('浙江省', '杭州市', '西湖区', '330106', '浙A'),
  d('浙江省', '杭州市', '萧山区', '330109', '浙A'),
  d('浙江省', '宁波市', '北仑区', '330206', '浙B'),
  d('安徽省', '合肥市', '蜀山区', '340104', '皖A'),
  d('安徽省', '合肥市', '包河区', '340111', '皖A'),
  d('安徽省', '芜湖市', '镜湖区', '340202', '皖B'),
  d('福建省', '福州市', '鼓楼区', '350102', '闽A'),
  d('福建省', '厦门市', '湖里区', '350206', '闽D'),
  d('江西省', '南昌市', '东湖区', '360102', '赣A'),
  d('山东省', '济南市', '历下区', '370102', '鲁A'),
  d('山东省', '青岛市', '黄岛区', '370211', '鲁B'),
  d('山东省', '潍坊市', '奎文区', '370705', '鲁G'),
  d('山东省', '临沂市', '兰山区', '371302', '鲁Q'),
  d('山东省', '聊城市', '东昌府区', '371502', '鲁P'),
  d('河南省', '郑州市', '金水区', '410105', '豫A'),
  d('河南省', '洛阳市', '涧西区', '410305', '豫C'),
  d('湖北省', '武汉市', '江岸区', '420102', '鄂A'),
  d('湖北省', '武汉市', '洪山区', '420111', '鄂A'),
  d('湖南省', '长沙市', '岳麓区', '430104', '湘A'),
  d('广东省', '广州市', '天河区', '440106', '粤A'),
  d('广东省', '广州市', '白云区', '440111', '粤A'),
  d('广东省', '深圳市', '南山区', '440305', '粤B'),
  d('广东省', '深圳市', '宝安区', '440306', '粤B'),
  d('广西壮族自治区', '南宁市', '青秀区', '450103', '桂A'),
  d('重庆市', '重庆市', '渝北区', '500112', '渝A'),
  d('四川省', '成都市', '武侯区', '510107', '川A'),
  d('陕西省', '西安市', '雁塔区', '610113', '陕A'),
  d('新疆维吾尔自治区', '乌鲁木齐市', '天山区', '650102', '新A'),
];

/** The city's short name for company names: 南京市 → 南京, 内蒙古 and other long names kept whole. */
export function cityShort(division: Division): string {
  return division.city.replace(/市$/, '');
}

const ROADS = [
  '中山路',
  '人民路',
  '建设路',
  '解放路',
  '长江路',
  '黄河路',
  '新华路',
  '工业大道',
  '物流园路',
  '港口大道',
];

export function streetAddress(division: Division, n: number): string {
  return `${division.province === division.city ? '' : division.province}${division.city}${division.district}${ROADS[n % ROADS.length]}${(n % 388) + 1}号`;
}
