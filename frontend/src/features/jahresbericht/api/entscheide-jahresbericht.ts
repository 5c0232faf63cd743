import { api } from '@/lib/api';
import type { Befehlsantwort } from '@/lib/befehl';

/** PUT /api/jahresbericht/{id}/freigabe/: the authority's decision on a submitted report. */
export const entscheideJahresbericht = ({ id, ...d }: { id: number; version: number; neuerStatus: 'PLAUSIBILISIERT' | 'IN_BEARBEITUNG'; kommentar: string }) =>
  api.put<Befehlsantwort>(`/jahresbericht/${id}/freigabe/`, d);
