import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { components } from '@/lib/api-schema';
import { messstelleKeys } from './keys';

/** A polygon of the spatial layers the point lies in: its official identifier and name. */
export type Gebiet = components['schemas']['Geotreffer'];

/** The text a form stores for an area: its name with its identifier. */
export const gebietText = (g: Gebiet | null | undefined) => (g ? `${g.bezeichnung} (${g.kennung})` : '');

async function gebiet(pfad: string, hochwert: number, rechtswert: number, signal?: AbortSignal): Promise<Gebiet | null> {
  // 204: the point lies in none
  return (await api.get<Gebiet | undefined>(pfad, { query: { hochwert, rechtswert }, signal })) ?? null;
}

/** GET /api/wasserkoerper?hochwert&rechtswert: the surface water body the point lies in (null: none). */
export const wasserkoerperQuery = (hochwert: number, rechtswert: number) =>
  queryOptions({
    queryKey: messstelleKeys.wasserkoerper(hochwert, rechtswert),
    queryFn: ({ signal }) => gebiet('/wasserkoerper', hochwert, rechtswert, signal),
    staleTime: Infinity,
  });

/** GET /api/einzugsgebiet?hochwert&rechtswert: the sub-catchment the point lies in (null: none). */
export const einzugsgebietQuery = (hochwert: number, rechtswert: number) =>
  queryOptions({
    queryKey: messstelleKeys.einzugsgebiet(hochwert, rechtswert),
    queryFn: ({ signal }) => gebiet('/einzugsgebiet', hochwert, rechtswert, signal),
    staleTime: Infinity,
  });
