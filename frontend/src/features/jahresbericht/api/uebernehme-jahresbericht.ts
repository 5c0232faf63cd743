import { api } from '@/lib/api';
import type { Befehlsantwort } from '@/lib/befehl';
import type { BerichtFormular } from './jahresbericht';

/** POST /api/jahresbericht/uebernahme/{von}: a new report taking over an earlier one's values. */
export const uebernehmeJahresbericht = ({ von, f }: { von: number; f: BerichtFormular }) =>
  api.post<Befehlsantwort>(`/jahresbericht/uebernahme/${von}`, f);
