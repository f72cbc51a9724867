import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { AimOutlined, LoadingOutlined } from '@ant-design/icons';
import { mapDefaults } from '@crm/shared';
import { reverseGeocode } from '../api/geo-reverse';
import type { LatLon } from '../lib/station-form-values';
import { MapView } from './map-view';
import { useFeedback } from '../../../lib/feedback';

interface LocationPickerProps {
  value?: LatLon | null;
  onChange?(value: LatLon | null): void;
  /** The address found for a point the user set; the form fills its address box with it. */
  onAddress?(address: string): void;
  disabled?: boolean;
  height?: number;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The station's point: a click on the map sets it and fills the address (reverse geocoding); «Моё
 * местоположение» asks the browser, giving up after 5 s (S1 §9).
 */
export function LocationPicker({
  value = null,
  onChange,
  onAddress,
  disabled,
  height = 280,
}: LocationPickerProps) {
  const { message } = useFeedback();
  const [locating, setLocating] = useState(false);
  const [resolving, setResolving] = useState(false);

  const setPoint = async (point: LatLon) => {
    const next = { lat: round(point.lat), lon: round(point.lon) };
    onChange?.(next);
    setResolving(true);
    try {
      const address = await reverseGeocode(next.lat, next.lon);
      if (address) onAddress?.(address);
    } catch {
      // The point is what matters; the address can be typed.
    } finally {
      setResolving(false);
    }
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      void message.warning('Браузер не умеет определять местоположение — поставьте точку на карте');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        void setPoint({ lat: pos.coords.latitude, lon: pos.coords.longitude });
      },
      () => {
        setLocating(false);
        void message.warning('Не удалось определить местоположение — поставьте точку на карте');
      },
      { timeout: mapDefaults.geolocationTimeoutMs, enableHighAccuracy: true, maximumAge: 60_000 },
    );
  };

  return (
    <Flex vertical gap={8}>
      <div style={{ position: 'relative' }}>
        <MapView point={value} onPick={disabled ? undefined : setPoint} height={height} />
        {!disabled && (
          <Button
            onClick={locate}
            loading={locating}
            icon={<AimOutlined />}
            style={{
              position: 'absolute',
              right: 10,
              top: 10,
              zIndex: 1000,
              boxShadow: '0 1px 4px rgba(0,0,0,.2)',
            }}
            size="small"
          >
            Моё местоположение
          </Button>
        )}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {resolving ? (
          <>
            <LoadingOutlined /> Определяем адрес…
          </>
        ) : value ? (
          `Точка: ${value.lat.toFixed(5)}, ${value.lon.toFixed(5)}`
        ) : disabled ? (
          'Точка на карте не указана'
        ) : (
          'Нажмите на карту, чтобы поставить точку, или выберите адрес из подсказок'
        )}
      </Typography.Text>
    </Flex>
  );
}
