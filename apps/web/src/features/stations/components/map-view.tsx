import { lazy, Suspense } from 'react';
import { Flex, Spin, theme } from 'antd';
import type { LeafletMapProps } from './leaflet-map';
import { useAppConfig } from '../../../lib/app-config';
import './stations.css';

const LeafletMap = lazy(() => import('./leaflet-map'));

const FALLBACK_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** A map box of a fixed height that loads Leaflet on first use and shows a spinner meanwhile. */
export function MapView(props: Omit<LeafletMapProps, 'tileUrl'>) {
  const { token } = theme.useToken();
  const config = useAppConfig();
  const placeholder = (
    <Flex
      align="center"
      justify="center"
      style={{ height: props.height, background: token.colorFillQuaternary }}
    >
      <Spin />
    </Flex>
  );
  return (
    <div
      style={{
        borderRadius: token.borderRadiusLG,
        overflow: 'hidden',
        border: `1px solid ${token.colorBorderSecondary}`,
        position: 'relative',
        isolation: 'isolate',
      }}
    >
      {config.isPending ? (
        placeholder
      ) : (
        <Suspense fallback={placeholder}>
          <LeafletMap tileUrl={config.data?.mapTileUrl || FALLBACK_TILES} {...props} />
        </Suspense>
      )}
    </div>
  );
}
