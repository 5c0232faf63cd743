/** Query keys of the Betrieb area, in one place: a mutation invalidates exactly what it changed. */
export const betriebKeys = {
  all: ['betrieb'] as const,
  detail: (id: string) => [...betriebKeys.all, id] as const,
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
