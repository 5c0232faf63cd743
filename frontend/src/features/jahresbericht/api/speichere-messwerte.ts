import { api } from '@/lib/api';
import type { Befehlsantwort } from '@/lib/befehl';
import type { Messwert } from './jahresbericht';

/** PUT /api/jahresbericht/{id}/messstelle/{mid}/parameter-messwert/{pid}: one parameter's values. */
export const speichereMesswerte = ({
  id,
  messstelle,
  parameter,
  ...d
}: {
  id: number;
  messstelle: number;
  parameter: number;
  version: number;
  anzahlWerte: number;
  status: string;
  vorlageMesswerteId?: number;
  messwerte: Messwert[];
}) => api.put<Befehlsantwort>(`/jahresbericht/${id}/messstelle/${messstelle}/parameter-messwert/${parameter}`, d);
