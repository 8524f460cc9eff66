// A place's pin: a button showing the coordinates that opens a map; a click on the map drops the
// pin, and confirming fills the longitude (this field) and the latitude (the declaration's `pin.lat`). The
// map is the live map's base: AMap tiles in GCJ-02 when the platform sets `gd_web`, else the offline
// coordinate grid, where a click gives the grid's coordinates. Stored points are WGS-84. With the region
// picked first, the map opens on its district.
import { EnvironmentOutlined } from '@ant-design/icons';
import { CHINA_BOUNDS } from '@freight/contracts';
import gcoord from 'gcoord';
import type L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Alert, Button, Form, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { CircleMarker, MapContainer, useMap, useMapEvent } from 'react-leaflet';
import { api } from '../../services/request';
import { usePlatform } from '../../stores/platform';
import { BaseLayers, mapPoint } from '../map/BaseLayers';
import { regionCentre } from '../map/regionCentre';
import { useBilingual } from './text';

interface Point {
  lng: number;
  lat: number;
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
const inChina = (p: Point) =>
  p.lng >= CHINA_BOUNDS.lng[0] &&
  p.lng <= CHINA_BOUNDS.lng[1] &&
  p.lat >= CHINA_BOUNDS.lat[0] &&
  p.lat <= CHINA_BOUNDS.lat[1];

/** A click on the map: its point back in WGS-84 (the tiles are GCJ-02 unless the offline grid shows). */
function ClickToPin({ gcj02, onPin }: { gcj02: boolean; onPin: (p: Point) => void }) {
  useMapEvent('click', (event: L.LeafletMouseEvent) => {
    const { lng, lat } = event.latlng;
    if (!gcj02) return onPin({ lng: round6(lng), lat: round6(lat) });
    const [x, y] = gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84) as [number, number];
    onPin({ lng: round6(x), lat: round6(y) });
  });
  return null;
}

/** The modal's map measures itself once shown. */
function SizeOnOpen() {
  const map = useMap();
  useEffect(() => {
    const frame = requestAnimationFrame(() => map.invalidateSize());
    return () => cancelAnimationFrame(frame);
  }, [map]);
  return null;
}

interface Division {
  code: string;
  name: string;
}

export function PinField({
  value,
  onChange,
  latName,
  regionName,
  disabled,
  id,
}: {
  value?: number | string | null;
  onChange?: (lng: number | null) => void;
  latName: string;
  regionName?: string;
  disabled?: boolean;
  id?: string;
}) {
  const tx = useBilingual();
  const form = Form.useFormInstance();
  const gdKey = usePlatform((s) => s.settings?.gd_web);
  const lat = Form.useWatch(latName, form) as number | string | null | undefined;
  const region = Form.useWatch(regionName ?? '__none', form) as string | null | undefined;
  const [open, setOpen] = useState(false);
  const [offline, setOffline] = useState(!gdKey?.trim());
  const [picked, setPicked] = useState<Point | null>(null);
  const [centre, setCentre] = useState(regionCentre(null));
  const gcj02 = !offline;
  const current: Point | null =
    value !== null && value !== undefined && value !== '' && lat !== null && lat !== undefined && lat !== ''
      ? { lng: Number(value), lat: Number(lat) }
      : null;

  const openMap = async () => {
    setPicked(current);
    let next = regionCentre(null);
    if (region) {
      const chain = await api.get<Division[]>('/sys/division/path', { code: region }).catch(() => []);
      next = regionCentre(
        region,
        chain.map((d) => d.name),
      );
    }
    setCentre(current ? { ...current, zoom: Math.max(next.zoom, 10) } : next);
    setOpen(true);
  };

  const confirm = () => {
    if (!picked) return;
    onChange?.(picked.lng);
    form.setFieldsValue({ [latName]: picked.lat });
    setOpen(false);
  };

  const text = current
    ? `${current.lng.toFixed(6)}, ${current.lat.toFixed(6)}`
    : tx(['在地图上选点', 'Pick on the map']);
  const outside = picked ? !inChina(picked) : false;

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Button
          id={id}
          icon={<EnvironmentOutlined />}
          disabled={disabled}
          onClick={() => void openMap()}
          style={{ flex: 1, justifyContent: 'flex-start', overflow: 'hidden' }}
          data-testid={`pin-${latName}`}
        >
          <span style={{ color: current ? undefined : 'rgba(0,0,0,0.45)' }}>{text}</span>
        </Button>
        {current && !disabled && (
          <Button
            onClick={() => {
              onChange?.(null);
              form.setFieldsValue({ [latName]: null });
            }}
          >
            {tx(['清除', 'Clear'])}
          </Button>
        )}
      </Space.Compact>
      <Modal
        open={open}
        title={tx(['点选位置', 'Drop the pin'])}
        width={760}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        onOk={confirm}
        okText={tx(['确定', 'OK'])}
        cancelText={tx(['取消', 'Cancel'])}
        okButtonProps={{ disabled: !picked || outside, ...{ 'data-testid': 'pin-confirm' } }}
      >
        {offline && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 8 }}
            message={tx([
              '离线底图：坐标网格与城市点，点击网格即得坐标（WGS-84）',
              'Offline base map: a coordinate grid with city points; a click gives the coordinates (WGS-84)',
            ])}
          />
        )}
        <div style={{ height: 'min(420px, 55vh)', width: '100%' }} data-testid="pin-map">
          <MapContainer
            center={mapPoint(centre.lng, centre.lat, gcj02)}
            zoom={centre.zoom}
            minZoom={3}
            style={{ height: '100%', width: '100%', background: '#eef2f5', cursor: 'crosshair' }}
            scrollWheelZoom
          >
            <BaseLayers gdKey={gdKey} onOffline={setOffline} />
            <SizeOnOpen />
            <ClickToPin gcj02={gcj02} onPin={setPicked} />
            {picked && (
              <CircleMarker
                center={mapPoint(picked.lng, picked.lat, gcj02)}
                radius={8}
                pathOptions={{ color: '#fff', weight: 2, fillColor: '#1677ff', fillOpacity: 1 }}
              />
            )}
          </MapContainer>
        </div>
        <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }} data-testid="pin-picked">
          {picked
            ? `${tx(['经度', 'Longitude'])} ${picked.lng.toFixed(6)}${tx(['，', ', '])}${tx(['纬度', 'Latitude'])} ${picked.lat.toFixed(6)}`
            : tx(['点击地图放置位置', 'Click the map to drop the pin'])}
          {outside && (
            <Typography.Text type="danger"> {tx(['（不在中国境内）', '(outside China)'])}</Typography.Text>
          )}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
