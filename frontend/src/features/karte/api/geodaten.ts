import { api, type Schema } from '@/lib/api';

/** The shipped vector layers of the map window (PostGIS, loaded by the import command). */
export const EBENEN = [
  { ebene: 'wasserkoerper', titel: 'Oberflächenwasserkörper' },
  { ebene: 'einzugsgebiet', titel: 'Teileinzugsgebiete' },
  { ebene: 'verwaltungseinheit', titel: 'Verwaltungseinheiten' },
] as const;

export type Ebene = (typeof EBENEN)[number]['ebene'];

/** A GeoJSON FeatureCollection in EPSG:25832 (properties kennung, bezeichnung). */
export type Geodaten = Pick<Schema<'Geokarte'>, 'type' | 'features'>;

/**
 * GET /api/geodaten/karte?ebene&bbox=minE,minN,maxE,maxN: the polygons of a layer in a box
 * (UTM32). No content (204) or an empty answer: none.
 */
export async function ladeGeodaten(ebene: Ebene, bbox: [number, number, number, number], signal?: AbortSignal): Promise<Geodaten> {
  const antwort = await api.get<Schema<'Geokarte'> | undefined>('/geodaten/karte', { query: { ebene, bbox: bbox.join(',') }, signal });
  return antwort && Array.isArray(antwort.features) ? antwort : { type: 'FeatureCollection', features: [] };
}
