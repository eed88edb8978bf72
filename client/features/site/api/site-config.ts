import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../../../shared/site.schemas';

const DEFAULTS: SiteConfig = {
  siteName: 'SwapMarket',
  socialUrl: 'https://www.facebook.com/',
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
};

/** Public settings; the defaults show until they load, so nothing waits on them. */
export function useSiteConfig(): SiteConfig {
  const query = useQuery<SiteConfig>({
    queryKey: ['/api/config'],
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? DEFAULTS;
}
