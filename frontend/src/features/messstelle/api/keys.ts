import { akteKeys } from '@/lib/akte/keys';

/** Query keys of the measuring point area, in one place: a mutation invalidates exactly what it changed. */
export const messstelleKeys = {
  all: akteKeys.messstelle.all,
  detail: akteKeys.messstelle.detail,
  historie: (id: string) => [...messstelleKeys.detail(id), 'historie'] as const,
  verlauf: (id: string) => [...messstelleKeys.detail(id), 'verlauf'] as const,
  stand: (id: string, version: number) => [...messstelleKeys.detail(id), 'stand', version] as const,
  /** The points of a plant (the overview); the file's tree keeps akteKeys.messstelle.desBetriebs. */
  uebersicht: (anlageId: string) => [...messstelleKeys.all, 'uebersicht', anlageId] as const,
  /** What the screens need of the plant a point hangs on. */
  anlage: (anlageId: string) => [...messstelleKeys.all, 'anlage', anlageId] as const,
  /** The number the server suggests for a new point (the number dialog, always fresh). */
  vorschlag: (hochwert: number, rechtswert: number, typ: string) => [...messstelleKeys.all, 'new-id', hochwert, rechtswert, typ] as const,
  /** Spatial lookups and number proposals: by their query, never invalidated by commands. */
  wasserkoerper: (hochwert: number, rechtswert: number) => ['geodaten', 'wasserkoerper', hochwert, rechtswert] as const,
  einzugsgebiet: (hochwert: number, rechtswert: number) => ['geodaten', 'einzugsgebiet', hochwert, rechtswert] as const,
};
