import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../../../shared/site.schemas';
import { useAsDrawnWhileHydrating } from '../../../lib/hydration';

const DEFAULTS: SiteConfig = {
  siteName: 'SwapMarket',
  socialUrl: 'https://www.facebook.com/',
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  federation: true,
};

/**
 * Public settings; the defaults show until they load, so nothing waits on them (and while React
 * takes over server-drawn HTML, which has the defaults: client/lib/hydration.ts).
 */
export function useSiteConfig(): SiteConfig {
  const query = useQuery<SiteConfig>({
    queryKey: ['/api/config'],
    staleTime: Number.POSITIVE_INFINITY,
  });
  return useAsDrawnWhileHydrating(query.data ?? DEFAULTS, DEFAULTS);
}
