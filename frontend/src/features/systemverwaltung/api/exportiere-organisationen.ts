import { useMutation } from '@tanstack/react-query';
import { apiDatei, type Datei } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';

/** POST /api/organisation/export: the given ids (none = all) → xlsx. */
export function exportiereOrganisationen(ids: number[]): Promise<Datei> {
  return apiDatei('/organisation/export', { method: 'POST', body: ids });
}

export type ExportiereOrganisationenEingabe = Parameters<typeof exportiereOrganisationen>[0];

/** The organisation list as xlsx (no cache changes). */
export function useExportiereOrganisationen(optionen: BefehlOptionen<Awaited<ReturnType<typeof exportiereOrganisationen>>, ExportiereOrganisationenEingabe> = {}) {
  return useMutation({ ...optionen, mutationFn: exportiereOrganisationen });
}
