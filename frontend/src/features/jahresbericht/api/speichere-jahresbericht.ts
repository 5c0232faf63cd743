import { api } from '@/lib/api';
import type { Befehlsantwort } from '@/lib/befehl';
import type { BerichtFormular } from './jahresbericht';

/** PUT /api/jahresbericht/: a save (the target status in the form). */
export const speichereJahresbericht = (f: BerichtFormular) => api.put<Befehlsantwort>('/jahresbericht/', f);
