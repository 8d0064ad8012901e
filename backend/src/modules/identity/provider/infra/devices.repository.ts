import type { Db } from '../../../../platform/database/database';
import { rows, run } from '../../../../platform/database/sql';

/** A confirmed device of an account, with the SRP verifier of the device's own random password. */
export interface Device {
  deviceKey: string;
  userId: string;
  deviceGroupKey: string;
  salt: string;
  verifier: string;
  name: string | null;
  remembered: boolean;
  lastIp: string | null;
  createdAt: Date;
  lastModifiedAt: Date;
  lastAuthenticatedAt: Date | null;
}

interface Row {
  device_key: string;
  user_id: string;
  device_group_key: string;
  salt: string;
  verifier: string;
  name: string | null;
  remembered: boolean;
  last_ip: string | null;
  created_at: Date;
  last_modified_at: Date;
  last_authenticated_at: Date | null;
}

const toDevice = (r: Row): Device => ({
  deviceKey: r.device_key,
  userId: r.user_id,
  deviceGroupKey: r.device_group_key,
  salt: r.salt,
  verifier: r.verifier,
  name: r.name,
  remembered: r.remembered,
  lastIp: r.last_ip,
  createdAt: new Date(r.created_at),
  lastModifiedAt: new Date(r.last_modified_at),
  lastAuthenticatedAt: r.last_authenticated_at ? new Date(r.last_authenticated_at) : null,
});

/** The identity_device table: a row exists once a device is confirmed (ConfirmDevice). */
export const devices = {
  async find(em: Db, userId: string, deviceKey: string): Promise<Device | null> {
    const found = await rows<Row>(
      em,
      'select * from identity_device where user_id = ? and device_key = ? and confirmed_at is not null',
      [userId, deviceKey],
    );
    return found[0] ? toDevice(found[0]) : null;
  },

  /** Oldest first; `after` is the device key the previous page ended with. */
  async list(em: Db, userId: string, limit: number, after: string | null): Promise<Device[]> {
    const found = await rows<Row>(
      em,
      `select * from identity_device where user_id = ? and confirmed_at is not null
         and (?::text is null or (created_at, device_key) > (select created_at, device_key from identity_device where device_key = ?))
       order by created_at, device_key limit ?`,
      [userId, after, after, limit],
    );
    return found.map(toDevice);
  },

  async confirm(
    em: Db,
    d: {
      deviceKey: string;
      userId: string;
      deviceGroupKey: string;
      salt: string;
      verifier: string;
      name: string | null;
      remembered: boolean;
      lastIp: string;
    },
  ): Promise<void> {
    await run(
      em,
      `insert into identity_device (device_key, user_id, device_group_key, salt, verifier, name, remembered, confirmed_at, last_ip, last_authenticated_at)
       values (?, ?, ?, ?, ?, ?, ?, now(), ?, now())
       on conflict (device_key) do update set salt = excluded.salt, verifier = excluded.verifier, name = excluded.name,
         remembered = excluded.remembered, confirmed_at = now(), last_modified_at = now()
       where identity_device.user_id = excluded.user_id`,
      [d.deviceKey, d.userId, d.deviceGroupKey, d.salt, d.verifier, d.name, d.remembered, d.lastIp],
    );
  },

  async setRemembered(em: Db, userId: string, deviceKey: string, remembered: boolean): Promise<void> {
    await run(em, 'update identity_device set remembered = ?, last_modified_at = now() where user_id = ? and device_key = ?', [
      remembered,
      userId,
      deviceKey,
    ]);
  },

  async authenticated(em: Db, deviceKey: string, ip: string): Promise<void> {
    await run(em, 'update identity_device set last_authenticated_at = now(), last_ip = ? where device_key = ?', [ip, deviceKey]);
  },

  async forget(em: Db, userId: string, deviceKey: string): Promise<void> {
    await run(em, 'delete from identity_device where user_id = ? and device_key = ?', [userId, deviceKey]);
  },
};

/** A device as GetDevice and ListDevices show it (dates in epoch seconds, as the hosted pool). */
export function deviceView(d: Device) {
  const seconds = (t: Date | null) => (t ? Math.floor(t.getTime() / 1000) : undefined);
  return {
    DeviceKey: d.deviceKey,
    DeviceAttributes: [
      { Name: 'device_status', Value: 'valid' },
      { Name: 'device_name', Value: d.name ?? '' },
      { Name: 'dev:device_remembered_status', Value: d.remembered ? 'remembered' : 'not_remembered' },
      ...(d.lastIp ? [{ Name: 'last_ip_used', Value: d.lastIp }] : []),
    ],
    DeviceCreateDate: seconds(d.createdAt),
    DeviceLastModifiedDate: seconds(d.lastModifiedAt),
    DeviceLastAuthenticatedDate: seconds(d.lastAuthenticatedAt),
  };
}
