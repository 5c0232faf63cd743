import { useMutation } from '@tanstack/react-query';
import { apiDatei, type Datei } from '@/lib/api';
import type { BefehlOptionen } from '@/lib/befehl';

/** The export targets of the evaluation overview's tabs (spec 001 §2.5). */
export type Exportziel = 'festlegungen' | 'selbstueberwachung' | 'auflagen';

export interface ExportEingabe {
  betriebId: string;
  ziel: Exportziel;
  /** The selected rows: anforderungId, or "bescheidId:index" for Auflagen. */
  ids: (number | string)[];
}

/** POST /api/betrieb/{id}/export/{ziel} with {ids}: the rows as xlsx (German headers). */
export function exportiere({ betriebId, ziel, ids }: ExportEingabe): Promise<Datei> {
  return apiDatei(`/betrieb/${encodeURIComponent(betriebId)}/export/${ziel}`, { method: 'POST', body: { ids } });
}

/** An export (no cache changes). */
export function useExportiere(optionen: BefehlOptionen<Datei, ExportEingabe> = {}) {
  return useMutation({ ...optionen, mutationFn: exportiere });
}
