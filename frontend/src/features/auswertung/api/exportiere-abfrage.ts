import { useMutation } from '@tanstack/react-query';
import { apiDatei, type Datei } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';

/** GET /api/abfragen/abfrage/{id}: the result as a spreadsheet (name from Content-Disposition). */
export function exportiereAbfrage(id: number): Promise<Datei> {
  return apiDatei(`/abfragen/abfrage/${id}`);
}

export type ExportiereAbfrageEingabe = Parameters<typeof exportiereAbfrage>[0];

/** The result of a query as xlsx (no cache changes). */
export function useExportiereAbfrage(optionen: BefehlOptionen<Awaited<ReturnType<typeof exportiereAbfrage>>, ExportiereAbfrageEingabe> = {}) {
  return useMutation({ ...optionen, mutationFn: exportiereAbfrage });
}
