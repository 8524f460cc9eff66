// 全国道路货运车辆公共监管与服务平台 behind one interface (domain.md: outside parties are adapters). The product
// ships the simulated platform (simulated.ts); a real client (the platform's open API or a licensed reseller's)
// implements the same interface with the account, key and endpoint of the platform settings.

export interface VehiclePlatformCredentials {
  endpoint: string;
  account: string;
  secret: string;
}

/** A Beidou fix as the platform answers it (WGS-84 / CGCS2000, km/h, degrees from north). */
export interface PlatformPoint {
  time: Date;
  lng: number;
  lat: number;
  speed: number | null;
  direction: number | null;
}

export interface ConnectionAnswer {
  connected: boolean;
  /** When the vehicle's terminal was connected, if the platform says. */
  since?: Date;
}

/** The platform did not answer (network, timeout, refused credentials): nothing is known. */
export class VehiclePlatformUnavailable extends Error {
  constructor(reason: string) {
    super(`vehicle platform unavailable: ${reason}`);
    this.name = 'VehiclePlatformUnavailable';
  }
}

export interface VehiclePlatform {
  /** Whether the plate (with its colour, dictionary `plate_color`) is connected (入网). */
  isConnected(plateNo: string, plateColor: string): Promise<ConnectionAnswer>;
  /**
   * The plate's fixes between two instants, oldest first. The platform serves at most
   * `VEHICLE_PLATFORM_WINDOW_MS` per call; callers split longer windows.
   */
  positions(plateNo: string, from: Date, to: Date): Promise<PlatformPoint[]>;
}

/** The longest window one positions call may ask (the platform's 24-hour history limit). */
export const VEHICLE_PLATFORM_WINDOW_MS = 24 * 3_600_000;
