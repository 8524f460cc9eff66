// Reference points of the offline base map: provincial capitals and the large freight hubs, WGS-84. Points
// only — no boundary lines (a self-drawn China outline risks being a 问题地图).
export interface CityPoint {
  name: [string, string];
  lng: number;
  lat: number;
}

export const CITY_POINTS: CityPoint[] = [
  { name: ['北京', 'Beijing'], lng: 116.407, lat: 39.904 },
  { name: ['天津', 'Tianjin'], lng: 117.2, lat: 39.084 },
  { name: ['石家庄', 'Shijiazhuang'], lng: 114.514, lat: 38.042 },
  { name: ['太原', 'Taiyuan'], lng: 112.549, lat: 37.87 },
  { name: ['呼和浩特', 'Hohhot'], lng: 111.749, lat: 40.842 },
  { name: ['沈阳', 'Shenyang'], lng: 123.431, lat: 41.805 },
  { name: ['大连', 'Dalian'], lng: 121.614, lat: 38.914 },
  { name: ['长春', 'Changchun'], lng: 125.323, lat: 43.817 },
  { name: ['哈尔滨', 'Harbin'], lng: 126.534, lat: 45.803 },
  { name: ['上海', 'Shanghai'], lng: 121.473, lat: 31.23 },
  { name: ['南京', 'Nanjing'], lng: 118.796, lat: 32.06 },
  { name: ['苏州', 'Suzhou'], lng: 120.585, lat: 31.299 },
  { name: ['杭州', 'Hangzhou'], lng: 120.155, lat: 30.274 },
  { name: ['宁波', 'Ningbo'], lng: 121.55, lat: 29.875 },
  { name: ['合肥', 'Hefei'], lng: 117.227, lat: 31.82 },
  { name: ['福州', 'Fuzhou'], lng: 119.296, lat: 26.074 },
  { name: ['厦门', 'Xiamen'], lng: 118.089, lat: 24.48 },
  { name: ['南昌', 'Nanchang'], lng: 115.858, lat: 28.683 },
  { name: ['济南', 'Jinan'], lng: 117.12, lat: 36.651 },
  { name: ['青岛', 'Qingdao'], lng: 120.383, lat: 36.067 },
  { name: ['郑州', 'Zhengzhou'], lng: 113.625, lat: 34.746 },
  { name: ['武汉', 'Wuhan'], lng: 114.305, lat: 30.593 },
  { name: ['长沙', 'Changsha'], lng: 112.939, lat: 28.228 },
  { name: ['广州', 'Guangzhou'], lng: 113.264, lat: 23.129 },
  { name: ['深圳', 'Shenzhen'], lng: 114.058, lat: 22.543 },
  { name: ['南宁', 'Nanning'], lng: 108.366, lat: 22.817 },
  { name: ['海口', 'Haikou'], lng: 110.199, lat: 20.044 },
  { name: ['重庆', 'Chongqing'], lng: 106.551, lat: 29.563 },
  { name: ['成都', 'Chengdu'], lng: 104.066, lat: 30.572 },
  { name: ['贵阳', 'Guiyang'], lng: 106.63, lat: 26.647 },
  { name: ['昆明', 'Kunming'], lng: 102.833, lat: 24.88 },
  { name: ['拉萨', 'Lhasa'], lng: 91.117, lat: 29.647 },
  { name: ['西安', "Xi'an"], lng: 108.94, lat: 34.341 },
  { name: ['兰州', 'Lanzhou'], lng: 103.834, lat: 36.061 },
  { name: ['西宁', 'Xining'], lng: 101.778, lat: 36.617 },
  { name: ['银川', 'Yinchuan'], lng: 106.231, lat: 38.487 },
  { name: ['乌鲁木齐', 'Urumqi'], lng: 87.617, lat: 43.826 },
];
