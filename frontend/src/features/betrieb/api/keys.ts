import { akteKeys } from '@/lib/akte/keys';

/** Query keys of the Betrieb area, in one place: a mutation invalidates exactly what it changed. */
export const betriebKeys = {
  all: akteKeys.betrieb.all,
  detail: akteKeys.betrieb.detail,
  info: (id: string) => [...betriebKeys.detail(id), 'info'] as const,
  daten: (id: string) => [...betriebKeys.detail(id), 'daten'] as const,
  historie: (id: string) => [...betriebKeys.detail(id), 'historie'] as const,
  verlauf: (id: string) => [...betriebKeys.detail(id), 'verlauf'] as const,
  stand: (id: string, version: number) => [...betriebKeys.detail(id), 'stand', version] as const,
  antrag: (id: string) => [...betriebKeys.detail(id), 'stammdaten-antrag'] as const,
  pflichtig: (id: string) => [...betriebKeys.detail(id), 'betreiber-pflichtig'] as const,
  betreiber: (typ: string) => [...betriebKeys.all, 'betreiber', typ] as const,
  organisation: (id: number) => [...betriebKeys.all, 'organisation', id] as const,
};
