import { api } from '@/lib/api';
import type { Befehlsantwort } from '@/lib/befehl';
import type { BerichtFormular } from './jahresbericht';

/** POST /api/jahresbericht/: a new report. */
export const legeJahresberichtAn = (f: BerichtFormular) => api.post<Befehlsantwort>('/jahresbericht/', f);
