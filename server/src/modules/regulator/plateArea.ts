// The province of a plate's first character (GB/T 2260 province codes), for the ≤ 4.5 t substitutions that
// need the 6-digit division of the vehicle's registration when it holds no road-transport certificate.
const PROVINCE_OF_PLATE: Record<string, string> = {
  京: '110000',
  津: '120000',
  冀: '130000',
  晋: '140000',
  蒙: '150000',
  辽: '210000',
  吉: '220000',
  黑: '230000',
  沪: '310000',
  苏: '320000',
  浙: '330000',
  皖: '340000',
  闽: '350000',
  赣: '360000',
  鲁: '370000',
  豫: '410000',
  鄂: '420000',
  湘: '430000',
  粤: '440000',
  桂: '450000',
  琼: '460000',
  渝: '500000',
  川: '510000',
  贵: '520000',
  云: '530000',
  藏: '540000',
  陕: '610000',
  甘: '620000',
  青: '630000',
  宁: '640000',
  新: '650000',
};

export function plateAreaCode(plateNo: string | null | undefined): string | null {
  return (plateNo && PROVINCE_OF_PLATE[plateNo.charAt(0)]) || null;
}
